import XCTest
@testable import PlaygroundSupport
import QuartzCore
import UIKit

final class PlaygroundPageTests: XCTestCase {
    override func setUp() {
        // The test process must end when the tests do.
        PlaygroundPage.continuesAfterTopLevelCode = false
    }

    func testALiveViewControllerIsShownInAWindowOfXcodesDefaultSize() { MainActor.assumeIsolated {
        let page = PlaygroundPage.current
        let controller = UIViewController()
        page.liveView = controller
        XCTAssertTrue(page.needsIndefiniteExecution)
        let window = try! XCTUnwrap(page.liveViewWindow)
        XCTAssertTrue(window.rootViewController === controller)
        XCTAssertEqual(window.bounds.size, CGSize(width: 375, height: 668))
        XCTAssertTrue(window.isKeyWindow)
        XCTAssertFalse(window.isHidden)
        page.liveView = nil
        XCTAssertNil(page.liveViewWindow)
        XCTAssertTrue(window.isHidden)
    } }

    func testALiveViewIsShownAtItsOwnSize() { MainActor.assumeIsolated {
        let page = PlaygroundPage.current
        let view = UIView(frame: CGRect(x: 40, y: 30, width: 300, height: 200))
        view.backgroundColor = .systemRed
        page.liveView = view
        let window = try! XCTUnwrap(page.liveViewWindow)
        XCTAssertEqual(window.bounds.size, CGSize(width: 300, height: 200))
        window.layoutIfNeeded()
        XCTAssertTrue(view.window === window)
        XCTAssertEqual(view.convert(view.bounds, to: window), CGRect(x: 0, y: 0, width: 300, height: 200))
        page.liveView = nil
    } }

    func testViewsAndControllersAreLiveViewable() { MainActor.assumeIsolated {
        let view = UIView()
        guard case .view(let shown) = view.playgroundLiveViewRepresentation else { return XCTFail("not a view") }
        XCTAssertTrue(shown === view)
        let controller = UIViewController()
        guard case .viewController(let shownController) = controller.playgroundLiveViewRepresentation else {
            return XCTFail("not a controller")
        }
        XCTAssertTrue(shownController === controller)
    } }

    func testAReloadStopsTheDisplayLinksOfTheBuildBefore() { MainActor.assumeIsolated {
        let link = CADisplayLink(handler: { _ in })
        link.add(to: .main, forMode: .common)
        XCTAssertTrue(DisplayLinkClock.shared.isActive)
        PlaygroundPage.current.resetForReload()
        XCTAssertFalse(DisplayLinkClock.shared.isActive, "the old build's link still wants frames")
        // A link made after the reload runs.
        let next = CADisplayLink(handler: { _ in })
        next.add(to: .main, forMode: .common)
        XCTAssertTrue(DisplayLinkClock.shared.isActive)
        next.invalidate()
    } }
}
