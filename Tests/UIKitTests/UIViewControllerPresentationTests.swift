import QuartzCore
@testable import UIKit
import XCTest

/// XCTest on Linux cannot discover `@MainActor` test classes: the class is nonisolated and its
/// bodies run as main-thread code through `MainActor.assumeIsolated`.
final class UIViewControllerPresentationTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A shown, rendered window (frozen clock) with a logging root controller.
    @MainActor private func makeShownWindow(_ log: LifecycleLog) -> (UIWindow, LoggingViewController, CARenderer) {
        let (window, renderer) = makeRenderedWindow(width: 200, height: 300)
        let root = LoggingViewController("root", log)
        window.rootViewController = root
        window.isHidden = false
        CATransaction.flush()
        _ = appearance(log)
        return (window, root, renderer)
    }

    func testPresentAndDismissWithoutAnimation() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let (window, root, renderer) = makeShownWindow(log)
        let modal = LoggingViewController("modal", log)
        var completions = 0
        root.present(modal, animated: false) { completions += 1 }
        XCTAssertEqual(completions, 1)
        XCTAssertEqual(appearance(log), ["modal.loadView", "modal.viewDidLoad",
                                    "modal.viewWillAppear(false)", "modal.viewDidAppear(false)"],
                       "a sheet (.automatic) leaves the presenter on screen")
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertTrue(modal.presentingViewController === root)
        XCTAssertTrue(modal.view.superview === window)
        XCTAssertTrue(window.subviews.last === modal.view, "on top")
        XCTAssertEqual(modal.view.frame, window.bounds)

        root.dismiss(animated: false) { completions += 1 }
        XCTAssertEqual(completions, 2)
        XCTAssertEqual(appearance(log), ["modal.viewWillDisappear(false)", "modal.viewDidDisappear(false)"])
        XCTAssertNil(modal.view.superview)
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(modal.presentingViewController)
        withExtendedLifetime((window, renderer)) {}
    } }

    func testFullScreenPresentationHidesThePresenter() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let (window, root, renderer) = makeShownWindow(log)
        let modal = LoggingViewController("modal", log)
        modal.modalPresentationStyle = .fullScreen
        modal.loadViewIfNeeded()
        _ = appearance(log)
        root.present(modal, animated: false)
        XCTAssertEqual(appearance(log), ["modal.viewWillAppear(false)", "root.viewWillDisappear(false)",
                                    "modal.viewDidAppear(false)", "root.viewDidDisappear(false)"])
        modal.dismiss(animated: false)   // the presented controller dismisses itself
        XCTAssertEqual(appearance(log), ["modal.viewWillDisappear(false)", "root.viewWillAppear(false)",
                                    "modal.viewDidDisappear(false)", "root.viewDidAppear(false)"])
        XCTAssertNil(root.presentedViewController)
        withExtendedLifetime((window, renderer)) {}
    } }

    func testAnimatedPresentationSlidesUpThenCompletes() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let (window, root, renderer) = makeShownWindow(log)
        let modal = LoggingViewController("modal", log)
        modal.loadViewIfNeeded()
        _ = appearance(log)
        var presented = false
        root.present(modal, animated: true) { presented = true }
        XCTAssertEqual(appearance(log), ["modal.viewWillAppear(true)"])
        XCTAssertTrue(modal.isBeingPresented)
        XCTAssertFalse(presented)
        CATransaction.flush()
        XCTAssertEqual(modal.view.layer.position.y, 150, "the model is in place")
        XCTAssertEqual(modal.view.layer.presentation()!.position.y, 450, accuracy: 1e-6, "starts a window below")
        CAMediaClock.advance(by: 0.15)
        let halfway = modal.view.layer.presentation()!.position.y
        XCTAssertLessThan(halfway, 450)
        XCTAssertGreaterThan(halfway, 150)
        XCTAssertFalse(presented)
        XCTAssertEqual(appearance(log), [])
        CAMediaClock.advance(by: 0.2)
        _ = runMainLoopBriefly { presented }
        XCTAssertTrue(presented)
        XCTAssertFalse(modal.isBeingPresented)
        XCTAssertEqual(appearance(log), ["modal.viewDidAppear(true)"])
        XCTAssertEqual(modal.view.layer.presentation()!.position.y, 150, accuracy: 1e-6)

        var dismissed = false
        root.dismiss(animated: true) { dismissed = true }
        XCTAssertEqual(appearance(log), ["modal.viewWillDisappear(true)"])
        XCTAssertTrue(modal.isBeingDismissed)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.15)
        XCTAssertTrue(modal.view.superview === window, "still on screen while it slides")
        XCTAssertGreaterThan(modal.view.layer.presentation()!.position.y, 150)
        CAMediaClock.advance(by: 0.2)
        _ = runMainLoopBriefly { dismissed }
        XCTAssertTrue(dismissed)
        XCTAssertNil(modal.view.superview)
        XCTAssertEqual(appearance(log), ["modal.viewDidDisappear(true)"])
        XCTAssertNil(root.presentedViewController)

        // It can be presented again, in place.
        root.present(modal, animated: false)
        XCTAssertEqual(modal.view.frame, window.bounds)
        withExtendedLifetime((window, renderer)) {}
    } }

    func testPresentingNeedsAWindowAndOnePresentationAtATime() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let loose = UIViewController()
        var called = false
        loose.present(UIViewController(), animated: false) { called = true }
        XCTAssertNil(loose.presentedViewController, "its view is not in a window")
        XCTAssertFalse(called)

        let (window, root, renderer) = makeShownWindow(log)
        let first = UIViewController(), second = UIViewController()
        root.present(first, animated: false)
        root.present(second, animated: false)
        XCTAssertTrue(root.presentedViewController === first)
        XCTAssertNil(second.presentingViewController)
        withExtendedLifetime((window, renderer)) {}
    } }

    func testChildrenPresentThroughTheirContainerAndStacksDismissTogether() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let (window, root, renderer) = makeShownWindow(log)
        let child = UIViewController()
        root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let first = UIViewController(), second = UIViewController()
        child.present(first, animated: false)
        XCTAssertTrue(first.presentingViewController === root, "the outermost container presents")
        XCTAssertTrue(child.presentedViewController === first)
        first.present(second, animated: false)
        XCTAssertTrue(second.presentingViewController === first)
        XCTAssertTrue(window.subviews.last === second.view)

        child.dismiss(animated: false)
        XCTAssertNil(root.presentedViewController)
        XCTAssertNil(first.presentedViewController)
        XCTAssertNil(first.view.superview)
        XCTAssertNil(second.view.superview)
        withExtendedLifetime((window, renderer)) {}
    } }

    /// The log's entries but the layout calls, emptying it.
    private func appearance(_ log: LifecycleLog) -> [String] {
        log.take().filter { !$0.contains("LayoutSubviews") }
    }

    /// Runs the main run loop until `condition` holds, for at most 0.5 s.
    @MainActor private func runMainLoopBriefly(_ condition: () -> Bool) -> Bool {
        let deadline = Date() + 0.5
        while !condition(), Date() < deadline { RunLoop.main.run(until: Date() + 0.01) }
        return condition()
    }
}
