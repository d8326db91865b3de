import CoreGraphics
import Foundation
import QuartzCore

/// Modal presentation: the presented controller's view goes on top of the window's content, filling
/// the window. The appearance calls are made here, around the slide, so `viewDidAppear` and
/// `viewDidDisappear` come when the view is in place or gone; the view moves themselves make none.
extension UIViewController {
    /// While above zero, view moves leave the controllers' appearance calls to the presentation.
    static var manualAppearanceDepth = 0

    /// How long the cover slide takes.
    static let presentationSlideDuration: CFTimeInterval = 0.3

    func presentController(_ presented: UIViewController, animated: Bool, completion: (() -> Void)?) {
        // The outermost container presents, as with Apple's full-screen context.
        var presenter = self
        while let parent = presenter.parentController { presenter = parent }
        guard presenter.presentedController == nil, presented.presentingController == nil,
              presented.parentController == nil, presented !== presenter else {
            warn("cannot present \(type(of: presented)) from \(type(of: self)): one is presented already or it has a parent")
            return
        }
        guard let window = presenter.viewIfLoaded?.window else {
            warn("cannot present \(type(of: presented)) from \(type(of: self)), whose view is not in a window")
            return
        }
        // Unanimated transitions do not ask for an animator, as Apple's.
        if animated, let delegate = presented.transitioningDelegate,
           let animator = delegate.animationController(forPresented: presented, presenting: presenter, source: self) {
            presentCustom(presented, from: presenter, in: window, animator: animator,
                          interaction: delegate.interactionControllerForPresentation(using: animator),
                          animated: animated, completion: completion)
            return
        }
        presenter.presentedController = presented
        presented.presentingController = presenter
        presented.isBeingPresented = true
        let shown = window.isShownForAppearance
        let coversPresenter = presented.coversPresenter
        let view: UIView = presented.view
        if shown {
            presented.beginAppearanceTransition(true, animated: animated)
            if coversPresenter { presenter.beginAppearanceTransition(false, animated: animated) }
        }
        UIView.performWithoutAnimation {
            view.frame = window.bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            UIViewController.withManualAppearance { window.addSubview(view) }
        }
        let finish = {
            presented.isBeingPresented = false
            if shown {
                presented.endAppearanceTransition()
                if coversPresenter { presenter.endAppearanceTransition() }
            }
            completion?()
        }
        if animated {
            UIViewController.slide(view, by: window.bounds.height, appearing: true, completion: finish)
        } else {
            finish()
        }
    }

    func dismissController(animated: Bool, completion: (() -> Void)?) {
        // What this controller (or an ancestor) presented, else the presented controller it is in.
        var target = presentedViewController
        if target == nil {
            var c: UIViewController? = self
            while let candidate = c, candidate.presentingController == nil { c = candidate.parentController }
            target = c
        }
        guard let dismissed = target, let presenter = dismissed.presentingController,
              !dismissed.isBeingDismissed else { return }
        // Controllers presented over the dismissed one go first, at once.
        dismissed.presentedController?.dismissController(animated: false, completion: nil)
        if animated, let delegate = dismissed.transitioningDelegate,
           let animator = delegate.animationController(forDismissed: dismissed),
           let view = dismissed.viewIfLoaded, let container = dismissed.transitionContainer ?? view.wrappedInTransitionContainer() {
            dismissed.transitionContainer = container
            dismissCustom(dismissed, to: presenter, in: container, animator: animator,
                          interaction: delegate.interactionControllerForDismissal(using: animator),
                          animated: animated, completion: completion)
            return
        }
        let shown = dismissed.viewIfLoaded?.window?.isShownForAppearance ?? false
        let coversPresenter = dismissed.coversPresenter
        dismissed.isBeingDismissed = true
        if shown {
            dismissed.beginAppearanceTransition(false, animated: animated)
            if coversPresenter { presenter.beginAppearanceTransition(true, animated: animated) }
        }
        let finish = {
            if let view = dismissed.viewIfLoaded {
                UIViewController.withManualAppearance { view.removeFromSuperview() }
            }
            presenter.presentedController = nil
            dismissed.presentingController = nil
            dismissed.isBeingDismissed = false
            if shown {
                dismissed.endAppearanceTransition()
                if coversPresenter { presenter.endAppearanceTransition() }
            }
            completion?()
        }
        if animated, let view = dismissed.viewIfLoaded, let window = view.window {
            UIViewController.slide(view, by: window.bounds.height, appearing: false, completion: finish)
        } else {
            finish()
        }
    }

    /// Whether presenting the controller hides its presenter (which then disappears): the full-screen
    /// styles; sheets (and `.automatic`, a sheet since iOS 13) leave it on screen.
    var coversPresenter: Bool {
        modalPresentationStyle == .fullScreen || modalPresentationStyle == .currentContext
    }

    static func withManualAppearance(_ body: () -> Void) {
        manualAppearanceDepth += 1
        defer { manualAppearanceDepth -= 1 }
        body()
    }

    /// Slides `view` up from `distance` below its place (appearing) or down out of it, with a Core
    /// Animation `position.y` animation; `completion` runs when the animation ends. When leaving, the
    /// model is moved off screen at once so nothing jumps back before the view is removed.
    private static func slide(_ view: UIView, by distance: CGFloat, appearing: Bool,
                              completion: @escaping () -> Void) {
        let layer = view.layer
        let place = layer.position.y
        let below = place + distance
        CATransaction.begin()
        CATransaction.setCompletionBlock { MainActor.assumeIsolated { completion() } }
        let slide = CABasicAnimation(keyPath: "position.y")
        slide.fromValue = appearing ? below : place
        slide.toValue = appearing ? place : below
        slide.duration = presentationSlideDuration
        slide.timingFunction = CAMediaTimingFunction(name: appearing ? .easeOut : .easeIn)
        if !appearing {
            UIView.performWithoutAnimation { layer.position.y = below }
        }
        layer.add(slide, forKey: "UIPresentationSlide")
        CATransaction.commit()
    }

    private func warn(_ message: String) {
        writeStandardError("UIViewController: \(message)\n")
    }
}
