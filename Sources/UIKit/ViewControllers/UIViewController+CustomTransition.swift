import CoreGraphics
import Foundation
import QuartzCore

/// Presentations and dismissals run by the animator of a controller's `transitioningDelegate`:
/// the transition happens in a container view over the window's content (the presented view stays
/// in it until dismissed), the animator adds and animates the views and calls
/// `completeTransition(_:)`, and UIKit makes the appearance calls around it. An interaction
/// controller (`UIPercentDrivenInteractiveTransition`) may drive it from a gesture; a cancelled
/// transition puts everything back as it was.
extension UIViewController {
    func presentCustom(_ presented: UIViewController, from presenter: UIViewController, in window: UIWindow,
                       animator: any UIViewControllerAnimatedTransitioning,
                       interaction: (any UIViewControllerInteractiveTransitioning)?, animated: Bool,
                       completion: (() -> Void)?) {
        presenter.presentedController = presented
        presented.presentingController = presenter
        presented.isBeingPresented = true
        let shown = window.isShownForAppearance
        let coversPresenter = presented.coversPresenter
        if shown {
            presented.beginAppearanceTransition(true, animated: animated)
            if coversPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        }
        let container = UIView(frame: window.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        UIView.performWithoutAnimation {
            UIViewController.withManualAppearance { window.addSubview(container) }
        }
        presented.transitionContainer = container
        let view: UIView = presented.view
        view.frame = container.bounds
        let presenterFrame = presenter.viewIfLoaded?.frame ?? container.bounds
        let context = TransitionContext(
            container: container, from: presenter, to: presented, animated: animated, style: presented.modalPresentationStyle,
            frames: (presenterFrame, presenterFrame, .zero, container.bounds)) { [weak presenter] didComplete in
            UIViewController.resetTiming(of: container)
            presented.isBeingPresented = false
            if !didComplete {
                UIViewController.withManualAppearance {
                    view.removeFromSuperview()
                    container.removeFromSuperview()
                }
                presented.transitionContainer = nil
                presenter?.presentedController = nil
                presented.presentingController = nil
            }
            if shown {
                if !didComplete {
                    // Apple's order for a cancelled appearance: will appear, will disappear, did disappear.
                    presented.beginAppearanceTransition(false, animated: animated)
                    if coversPresenter { presenter?.beginAppearanceTransition(true, animated: animated) }
                }
                presented.endAppearanceTransition()
                if coversPresenter { presenter?.endAppearanceTransition() }
            }
            animator.animationEnded(didComplete)
            if didComplete { completion?() }
        }
        run(animator, interaction: interaction, in: context)
    }

    func dismissCustom(_ dismissed: UIViewController, to presenter: UIViewController, in container: UIView,
                       animator: any UIViewControllerAnimatedTransitioning,
                       interaction: (any UIViewControllerInteractiveTransitioning)?, animated: Bool,
                       completion: (() -> Void)?) {
        let shown = container.window?.isShownForAppearance ?? false
        let coversPresenter = dismissed.coversPresenter
        dismissed.isBeingDismissed = true
        if shown {
            dismissed.beginAppearanceTransition(false, animated: animated)
            if coversPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
        }
        let view: UIView = dismissed.view
        let presenterFrame = presenter.viewIfLoaded?.frame ?? container.bounds
        let context = TransitionContext(
            container: container, from: dismissed, to: presenter, animated: animated, style: dismissed.modalPresentationStyle,
            frames: (view.frame, .zero, presenterFrame, presenterFrame)) { didComplete in
            UIViewController.resetTiming(of: container)
            dismissed.isBeingDismissed = false
            if didComplete {
                UIViewController.withManualAppearance {
                    view.removeFromSuperview()
                    if container === dismissed.transitionContainer { container.removeFromSuperview() }
                }
                dismissed.transitionContainer = nil
                presenter.presentedController = nil
                dismissed.presentingController = nil
            }
            if shown {
                if !didComplete {
                    dismissed.beginAppearanceTransition(true, animated: animated)
                    if coversPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
                }
                dismissed.endAppearanceTransition()
                if coversPresenter { presenter.endAppearanceTransition() }
            }
            animator.animationEnded(didComplete)
            if didComplete { completion?() }
        }
        run(animator, interaction: interaction, in: context)
    }

    private func run(_ animator: any UIViewControllerAnimatedTransitioning,
                     interaction: (any UIViewControllerInteractiveTransitioning)?, in context: TransitionContext) {
        UIViewController.withManualAppearance {
            if let interaction, interaction.wantsInteractiveStart || interaction is UIPercentDrivenInteractiveTransition {
                (interaction as? UIPercentDrivenInteractiveTransition)?.animator = animator
                interaction.startInteractiveTransition(context)
            } else {
                animator.animateTransition(using: context)
            }
        }
    }

    /// Undoes an interactive transition's pause of the container's clock.
    private static func resetTiming(of container: UIView) {
        let layer = container.layer
        guard layer.speed != 1 || layer.timeOffset != 0 || layer.beginTime != 0 else { return }
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
    }
}

extension UIView {
    /// Puts the view in a new container view filling its superview (for a custom dismissal of a
    /// controller presented without one): the transition's clock and views stay inside it.
    func wrappedInTransitionContainer() -> UIView? {
        guard let superview else { return nil }
        let container = UIView(frame: superview.bounds)
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        UIView.performWithoutAnimation {
            UIViewController.withManualAppearance {
                superview.insertSubview(container, aboveSubview: self)
                container.addSubview(self)
            }
        }
        return container
    }
}
