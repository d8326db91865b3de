import QuartzCore
@testable import UIKit
import XCTest

/// A push animator: the incoming view slides down from the top.
final class DropAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var ended: [Bool] = []
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.2 }
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        guard let to = transitionContext.view(forKey: .to), let toVC = transitionContext.viewController(forKey: .to) else { return }
        let final = transitionContext.finalFrame(for: toVC)
        to.frame = final.offsetBy(dx: 0, dy: -final.height)
        transitionContext.containerView.addSubview(to)
        UIView.animate(withDuration: 0.2, animations: { to.frame = final }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

final class NavigationLog: NSObject, UINavigationControllerDelegate {
    var events: [String] = []
    var animator: DropAnimator?
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
        events.append("willShow \(viewController.title ?? "?")")
    }
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
        events.append("didShow \(viewController.title ?? "?")")
    }
    func navigationController(_ navigationController: UINavigationController, animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        operation == .push ? animator : nil
    }
}

/// UINavigationController: the stack, the bar, the slide, appearance and containment calls, and a
/// delegate's animator.
final class UINavigationControllerTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func appearance(_ log: LifecycleLog) -> [String] {
        log.take().filter { !$0.contains("LayoutSubviews") && !$0.contains("loadView") && !$0.contains("viewDidLoad") }
    }

    @MainActor private func runMainLoop(until condition: () -> Bool) {
        let deadline = Date() + 2
        while !condition(), Date() < deadline { RunLoop.main.run(until: Date() + 0.01) }
    }

    func testPushAndPopSlideWithTheAppearanceCalls() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let (window, renderer) = makeRenderedWindow(width: 300, height: 400)
        let root = LoggingViewController("root", log)
        root.title = "Root"
        let navigation = UINavigationController(rootViewController: root)
        window.rootViewController = navigation
        window.isHidden = false
        CATransaction.flush()
        _ = appearance(log)
        XCTAssertTrue(root.navigationController === navigation)
        XCTAssertEqual(navigation.navigationBar.topItem?.title, "Root")
        XCTAssertEqual(root.view.frame, CGRect(x: 0, y: 0, width: 300, height: 400 - UINavigationBar.barHeight))

        let detail = LoggingViewController("detail", log)
        detail.title = "Detail"
        navigation.pushViewController(detail, animated: true)
        // The log names a parent only when it is a logging controller: the navigation controller reads "nil".
        XCTAssertEqual(appearance(log), ["detail.willMove(toParent: nil)", "root.viewWillDisappear(true)",
                                        "detail.viewWillAppear(true)"])
        XCTAssertTrue(navigation.topViewController === detail)
        XCTAssertEqual(navigation.navigationBar.backItem?.title, "Root")
        CATransaction.flush()
        CAMediaClock.advance(by: 0.1)
        let x = detail.view.layer.presentation()!.position.x
        XCTAssertGreaterThan(x, 150, "coming in from the right")
        XCTAssertLessThan(x, 450)
        CAMediaClock.advance(by: 0.3)
        runMainLoop { root.view.superview == nil }
        XCTAssertNil(root.view.superview)
        XCTAssertEqual(appearance(log), ["root.viewDidDisappear(true)", "detail.viewDidAppear(true)",
                                        "detail.didMove(toParent: nil)"])
        XCTAssertTrue(detail.parent === navigation)

        let popped = navigation.popViewController(animated: true)
        XCTAssertTrue(popped === detail)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.4)
        runMainLoop { detail.view.superview == nil }
        XCTAssertNil(detail.view.superview)
        XCTAssertNil(detail.parent)
        XCTAssertTrue(root.view.superview != nil)
        XCTAssertEqual(appearance(log), ["detail.willMove(toParent: nil)", "detail.viewWillDisappear(true)",
                                        "root.viewWillAppear(true)", "detail.viewDidDisappear(true)",
                                        "root.viewDidAppear(true)", "detail.didMove(toParent: nil)"])
        XCTAssertNil(navigation.popViewController(animated: true), "the root is never popped")
        withExtendedLifetime((window, renderer)) {}
    } }

    func testStackEditingAndTheBarsItems() { MainActor.assumeIsolated {
        let a = UIViewController(), b = UIViewController(), c = UIViewController()
        a.title = "A"; b.title = "B"; c.title = "C"
        let navigation = UINavigationController(rootViewController: a)
        navigation.loadViewIfNeeded()
        navigation.pushViewController(b, animated: false)
        navigation.pushViewController(c, animated: false)
        XCTAssertEqual(navigation.viewControllers.map(\.title), ["A", "B", "C"])
        XCTAssertEqual(navigation.navigationBar.items?.map(\.title), ["A", "B", "C"])
        c.navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .add, target: nil, action: nil)
        XCTAssertEqual(navigation.popToRootViewController(animated: false)?.map(\.title), ["B", "C"])
        XCTAssertTrue(navigation.topViewController === a)
        XCTAssertTrue(a.view.superview != nil)
        navigation.viewControllers = [c, b]
        XCTAssertTrue(navigation.topViewController === b)
        XCTAssertNil(a.parent)
        XCTAssertEqual(navigation.navigationBar.backItem?.title, "C")
        b.show(a, sender: nil)
        XCTAssertTrue(navigation.topViewController === a, "show pushes in a navigation controller")
    } }

    func testADelegatesAnimatorPushes() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow(width: 300, height: 400)
        let root = UIViewController()
        root.title = "Root"
        let navigation = UINavigationController(rootViewController: root)
        let delegate = NavigationLog()
        delegate.animator = DropAnimator()
        navigation.delegate = delegate
        window.rootViewController = navigation
        window.isHidden = false
        CATransaction.flush()
        let next = UIViewController()
        next.title = "Next"
        navigation.pushViewController(next, animated: true)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.1)
        XCTAssertLessThan(next.view.layer.presentation()!.position.y, next.view.layer.position.y, "dropping in from the top")
        CAMediaClock.advance(by: 0.2)
        runMainLoop { delegate.animator?.ended == [true] }
        XCTAssertEqual(delegate.animator?.ended, [true])
        XCTAssertNil(root.view.superview)
        XCTAssertEqual(delegate.events, ["willShow Next", "didShow Next"])
        withExtendedLifetime((window, renderer)) {}
    } }
}
