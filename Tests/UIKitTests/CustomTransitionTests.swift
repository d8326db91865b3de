import QuartzCore
@testable import UIKit
import XCTest

/// A fade animator as sample code writes one: the incoming view added to the container at alpha 0
/// and faded in (or the outgoing one faded out), completing when the animation does.
final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    var presenting = true
    var ended: [Bool] = []

    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }

    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        if presenting {
            guard let to = transitionContext.view(forKey: .to), let toController = transitionContext.viewController(forKey: .to) else { return }
            to.frame = transitionContext.finalFrame(for: toController)
            to.alpha = 0
            container.addSubview(to)
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: { to.alpha = 1 }) { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        } else {
            guard let from = transitionContext.view(forKey: .from) else { return }
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: { from.alpha = 0 }) { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            }
        }
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
}

final class FadeTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let animator = FadeAnimator()
    var interaction: UIPercentDrivenInteractiveTransition?

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator.presenting = true
        return animator
    }

    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? {
        animator.presenting = false
        return animator
    }

    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { interaction }
}

/// Custom presentations: the transitioning delegate's animator runs them in a container view,
/// UIKit makes the appearance calls, an interaction controller scrubs and finishes or cancels them.
final class CustomTransitionTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func appearance(_ log: LifecycleLog) -> [String] {
        log.take().filter { !$0.contains("LayoutSubviews") }
    }

    @MainActor private func runMainLoop(until condition: () -> Bool) {
        let deadline = Date() + 2
        while !condition(), Date() < deadline { RunLoop.main.run(until: Date() + 0.01) }
    }

    func testTheAnimatorPresentsAndDismissesInAContainer() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let (window, renderer) = makeRenderedWindow(width: 200, height: 300)
        let root = LoggingViewController("root", log)
        window.rootViewController = root
        window.isHidden = false
        CATransaction.flush()
        let modal = LoggingViewController("modal", log)
        let delegate = FadeTransitioningDelegate()
        modal.transitioningDelegate = delegate
        modal.modalPresentationStyle = .custom
        modal.loadViewIfNeeded()
        _ = appearance(log)

        var presented = false
        root.present(modal, animated: true) { presented = true }
        XCTAssertEqual(appearance(log), ["modal.viewWillAppear(true)"])
        guard let container = modal.view.superview else { return XCTFail("the animator did not add the view") }
        XCTAssertTrue(container.superview === window)
        XCTAssertEqual(container.frame, window.bounds)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.2)
        XCTAssertEqual(modal.view.layer.presentation()!.opacity, 0.5, accuracy: 0.2, "fading in")
        XCTAssertFalse(presented)
        CAMediaClock.advance(by: 0.3)
        runMainLoop { presented }
        XCTAssertTrue(presented)
        XCTAssertEqual(appearance(log), ["modal.viewDidAppear(true)"])
        XCTAssertEqual(delegate.animator.ended, [true])
        XCTAssertTrue(root.presentedViewController === modal)

        var dismissed = false
        modal.dismiss(animated: true) { dismissed = true }
        XCTAssertEqual(appearance(log), ["modal.viewWillDisappear(true)"])
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)
        runMainLoop { dismissed }
        XCTAssertTrue(dismissed)
        XCTAssertNil(modal.view.superview)
        XCTAssertNil(container.superview, "the container goes with it")
        XCTAssertEqual(appearance(log), ["modal.viewDidDisappear(true)"])
        XCTAssertNil(root.presentedViewController)
        withExtendedLifetime((window, renderer)) {}
    } }

    func testAPercentDrivenDismissalScrubsAndCanBeCancelled() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let (window, renderer) = makeRenderedWindow(width: 200, height: 300)
        let root = LoggingViewController("root", log)
        window.rootViewController = root
        window.isHidden = false
        CATransaction.flush()
        let modal = LoggingViewController("modal", log)
        let delegate = FadeTransitioningDelegate()
        modal.transitioningDelegate = delegate
        root.present(modal, animated: false)
        XCTAssertNotNil(modal.view.superview)
        _ = appearance(log)

        let interaction = UIPercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        var dismissed = false
        modal.dismiss(animated: true) { dismissed = true }
        CATransaction.flush()
        interaction.update(0.5)
        CATransaction.flush()
        XCTAssertEqual(modal.view.layer.presentation()!.opacity, 0.5, accuracy: 0.15, "scrubbed halfway")
        interaction.update(0.25)
        CATransaction.flush()
        XCTAssertEqual(modal.view.layer.presentation()!.opacity, 0.75, accuracy: 0.15)
        interaction.cancel()
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)
        runMainLoop { delegate.animator.ended.count == 1 }
        XCTAssertEqual(delegate.animator.ended, [false], "cancelled")
        XCTAssertFalse(dismissed)
        XCTAssertNotNil(modal.view.superview, "still presented")
        XCTAssertTrue(root.presentedViewController === modal)
        XCTAssertEqual(appearance(log), ["modal.viewWillDisappear(true)", "modal.viewWillAppear(true)", "modal.viewDidAppear(true)"])
        XCTAssertEqual(window.layer.speed, 1, "the window's clock was never paused")
        XCTAssertEqual(modal.view.superview?.layer.speed, 1, "nor is its container's left paused")
        withExtendedLifetime((window, renderer)) {}
    } }
}
