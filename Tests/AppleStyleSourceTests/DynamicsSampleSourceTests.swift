import QuartzCore
@testable import UIKit
import XCTest

/// The Apple-style dynamics sample of this target: the square falls to the bottom and rests there,
/// and a tap snaps it to the tapped point. Stepped with the animator's test hook, not the display link.
final class DynamicsSampleSourceTests: XCTestCase {
    override func setUp() { CAMediaClock.freeze(at: 900) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testTheSquareFallsRestsAndSnapsToATap() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        let controller = DropViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        XCTAssertTrue(controller.animator.isRunning)
        XCTAssertEqual(controller.animator.behaviors.count, 3)

        controller.animator.step(by: 4)
        XCTAssertEqual(controller.square.center.y, 440, accuracy: 1, "resting on the bottom edge")
        XCTAssertGreaterThan(controller.boundaryHits, 0)
        XCTAssertFalse(controller.animator.isRunning)
        XCTAssertEqual(controller.pauses, 1)

        window.dispatchTouches([UIWindow.TouchInput(id: 1, phase: .began, location: CGPoint(x: 200, y: 150), type: .direct)], timestamp: 1)
        window.dispatchTouches([UIWindow.TouchInput(id: 1, phase: .ended, location: CGPoint(x: 200, y: 150), type: .direct)], timestamp: 1.05)
        XCTAssertNotNil(controller.snap, "the tap was recognized")
        XCTAssertTrue(controller.animator.isRunning)
        controller.animator.step(by: 4)
        XCTAssertEqual(controller.square.center.x, 200, accuracy: 0.5)
        XCTAssertEqual(controller.square.center.y, 150, accuracy: 0.5)
        XCTAssertEqual(atan2(controller.square.transform.b, controller.square.transform.a), 0, accuracy: 0.01)
        XCTAssertFalse(controller.animator.isRunning)
        XCTAssertEqual(controller.pauses, 2)
    }
}
