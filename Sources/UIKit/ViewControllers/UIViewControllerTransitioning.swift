import CoreGraphics
import Foundation
import QuartzCore

/// The keys of a transition's two controllers.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// The keys of a transition's two views.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// What an animator of a view-controller transition is given: the container view the transition
/// happens in, the controllers and views coming and going, their frames, and the call that ends it.
@preconcurrency @MainActor
public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Ends the transition (true: it completed, false: it was cancelled).
    func completeTransition(_ didComplete: Bool)
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var targetTransform: CGAffineTransform { get }
    func initialFrame(for vc: UIViewController) -> CGRect
    func finalFrame(for vc: UIViewController) -> CGRect
}

/// An animator of a view-controller transition.
@preconcurrency @MainActor
public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
    /// Adds the incoming view to the container, animates, and calls `completeTransition(_:)` at the end.
    func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
    func animationEnded(_ transitionCompleted: Bool)
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Drives a transition from the user's gesture.
@preconcurrency @MainActor
public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// Supplies the animators (and interaction controllers) of a controller's presentation and
/// dismissal. Every method has a default: nil, UIKit's own transition.
@preconcurrency @MainActor
public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
    func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
    public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// The context UIKit hands an animator: one transition between two controllers in a container.
@preconcurrency @MainActor
final class TransitionContext: UIViewControllerContextTransitioning {
    let containerView: UIView
    let isAnimated: Bool
    private(set) var isInteractive = false
    private(set) var transitionWasCancelled = false
    let presentationStyle: UIModalPresentationStyle
    let from: UIViewController
    let to: UIViewController
    private let fromStart: CGRect, fromEnd: CGRect, toStart: CGRect, toEnd: CGRect
    private var completion: ((Bool) -> Void)?
    /// Set while an interaction controller drives the transition (`UIPercentDrivenInteractiveTransition`).
    weak var driver: UIPercentDrivenInteractiveTransition?

    init(container: UIView, from: UIViewController, to: UIViewController, animated: Bool,
         style: UIModalPresentationStyle, frames: (fromStart: CGRect, fromEnd: CGRect, toStart: CGRect, toEnd: CGRect),
         completion: @escaping (Bool) -> Void) {
        containerView = container
        self.from = from
        self.to = to
        isAnimated = animated
        presentationStyle = style
        (fromStart, fromEnd, toStart, toEnd) = frames
        self.completion = completion
    }

    func beginInteraction() { isInteractive = true }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {
        transitionWasCancelled = false
        isInteractive = false
    }
    func cancelInteractiveTransition() {
        transitionWasCancelled = true
        isInteractive = false
    }
    func pauseInteractiveTransition() {}

    func completeTransition(_ didComplete: Bool) {
        guard let completion else { return }
        self.completion = nil
        completion(didComplete)
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : key == .to ? to : nil
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
        key == .from ? from.view : key == .to ? to.view : nil
    }

    var targetTransform: CGAffineTransform { .identity }

    func initialFrame(for vc: UIViewController) -> CGRect {
        vc === from ? fromStart : vc === to ? toStart : .zero
    }

    func finalFrame(for vc: UIViewController) -> CGRect {
        vc === from ? fromEnd : vc === to ? toEnd : .zero
    }
}

/// An interaction controller that scrubs the animator's animations by the fraction the gesture
/// reports (`update(_:)`), then lets them run to the end (`finish()`) or back (`cancel()`): the
/// container's layer is paused and its time offset moved, Core Animation's pause idiom.
@preconcurrency @MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
    open var duration: CGFloat { CGFloat(animator?.transitionDuration(using: context) ?? 0) }
    open private(set) var percentComplete: CGFloat = 0
    open var completionSpeed: CGFloat = 1
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    open var wantsInteractiveStart = true
    open var timingCurve: UITimingCurveProvider?

    private weak var context: TransitionContext?
    var animator: (any UIViewControllerAnimatedTransitioning)?

    public override init() {
        super.init()
    }

    open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext, let animator else { return }
        self.context = context
        context.driver = self
        context.beginInteraction()
        let layer = context.containerView.layer
        layer.speed = 0
        layer.timeOffset = 0
        animator.animateTransition(using: context)
        if !wantsInteractiveStart { finish() }
    }

    /// Shows the transition `percentComplete` of the way through.
    open func update(_ percentComplete: CGFloat) {
        let fraction = min(max(percentComplete.isFinite ? percentComplete : 0, 0), 1)
        self.percentComplete = fraction
        guard let context else { return }
        context.containerView.layer.timeOffset = CFTimeInterval(fraction * duration)
        context.updateInteractiveTransition(fraction)
    }

    /// Lets the animations run on to the end from where the gesture left them.
    open func finish() {
        guard let context else { return }
        context.finishInteractiveTransition()
        resume(context.containerView.layer)
    }

    /// Ends the transition where it stands, cancelled: the animator's completion reports
    /// `transitionWasCancelled`, and UIKit puts the views back as they were.
    open func cancel() {
        guard let context else { return }
        context.cancelInteractiveTransition()
        resume(context.containerView.layer)
    }

    open func pause() {
        context?.pauseInteractiveTransition()
    }

    private func resume(_ layer: CALayer) {
        let paused = layer.timeOffset
        layer.speed = Float(max(completionSpeed, 0.01))
        layer.timeOffset = 0
        layer.beginTime = 0
        layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - paused
    }
}
