import CoreGraphics
import Foundation
import QuartzCore

/// What a navigation controller tells its delegate, and asks it for custom transitions.
@preconcurrency @MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                              animated: Bool)
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool)
    /// The animator of a push or pop (nil: the standard slide).
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)?
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController,
                                     animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                                     animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController)
        -> (any UIViewControllerAnimatedTransitioning)? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning)
        -> (any UIViewControllerInteractiveTransitioning)? { nil }
}

/// A stack of child controllers: the top one's view fills the view below a navigation bar that
/// shows the top controller's `navigationItem` and a back button to the one below.
///
/// Pushing slides the new view in from the right edge while the old one moves a third of the way
/// left (0.35 s), popping the reverse, as iOS; a delegate's animator replaces the slide (in the
/// content view, as a custom presentation). Children are added with the containment calls, and
/// while the view is in a shown window they hear the appearance calls around the transition.
/// Differences from iOS: the content stops at the bottom of the bar (no translucent bar over
/// it), there is no interactive swipe-back gesture and no toolbar.
@preconcurrency @MainActor
open class UINavigationController: UIViewController, UINavigationBarDelegate {
    /// What a transition does.
    public enum Operation: Int, Sendable {
        case none, push, pop
    }

    /// How long the standard slide takes.
    static let slideDuration: CFTimeInterval = 0.35

    private let bar = UINavigationBar()
    private let content = UIView()
    private var stack: [UIViewController] = []
    /// Whether a transition is under way (pushes and pops then wait; Apple's would misbehave).
    private var transitioning = false

    open weak var delegate: (any UINavigationControllerDelegate)?
    open var navigationBar: UINavigationBar { bar }
    open private(set) var isNavigationBarHidden = false
    /// Stored only: there is no toolbar.
    open var isToolbarHidden = true
    open var hidesBarsOnTap = false
    open var hidesBarsOnSwipe = false

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        setUp()
        setViewControllers([rootViewController], animated: false)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    /// A navigation controller with custom bar classes (the classes are not used: the standard
    /// bar is made).
    public convenience init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
        self.init(nibName: nil, bundle: nil)
    }

    private func setUp() {
        bar.delegate = self
        bar.backAction = { [weak self] in self?.popViewController(animated: true) }
    }

    // MARK: The stack

    /// The stack, root first; setting it replaces the stack without animation.
    open var viewControllers: [UIViewController] {
        get { stack }
        set { setViewControllers(newValue, animated: false) }
    }

    open var topViewController: UIViewController? { stack.last }
    /// The controller whose view is visible: a controller the top one presented, else the top one.
    open var visibleViewController: UIViewController? { topViewController?.presentedViewController ?? topViewController }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        var incoming: [UIViewController] = []
        for vc in viewControllers where !incoming.contains(where: { $0 === vc }) && !(vc is UINavigationController) {
            incoming.append(vc)
        }
        let oldTop = stack.last
        for old in stack where !incoming.contains(where: { $0 === old }) {
            old.willMove(toParent: nil)
            if old !== oldTop { old.removeFromParent() }
        }
        for vc in incoming where vc.parent !== self {
            addChild(vc)
        }
        stack = incoming
        let newTop = incoming.last
        bar.setItems(incoming.map(\.navigationItem), animated: false)
        if oldTop !== newTop {
            show(newTop, replacing: oldTop, operation: .none, animated: false) {}
        }
        if let oldTop, !incoming.contains(where: { $0 === oldTop }) { oldTop.removeFromParent() }
        for vc in incoming { vc.didMove(toParent: self) }
    }

    /// Pushes `viewController` and shows its view, sliding it in from the right when animated.
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !transitioning, !stack.contains(where: { $0 === viewController }), !(viewController is UINavigationController) else {
            return
        }
        let old = stack.last
        addChild(viewController)
        stack.append(viewController)
        bar.pushItem(viewController.navigationItem, animated: animated)
        show(viewController, replacing: old, operation: .push, animated: animated) {
            viewController.didMove(toParent: self)
        }
    }

    /// Pops the top controller (never the root) and shows the one below; returns the popped one.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard !transitioning, stack.count > 1 else { return nil }
        return pop(to: stack[stack.count - 2], animated: animated)?.last
    }

    /// Pops every controller above the root; returns them (nil when there were none).
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard !transitioning, stack.count > 1 else { return nil }
        return pop(to: stack[0], animated: animated)
    }

    /// Pops the controllers above `viewController`; returns them (nil when it is not in the stack).
    @discardableResult
    open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard !transitioning, stack.contains(where: { $0 === viewController }) else { return nil }
        return pop(to: viewController, animated: animated)
    }

    private func pop(to target: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = stack.firstIndex(where: { $0 === target }), index < stack.count - 1 else { return nil }
        let popped = Array(stack[(index + 1)...])
        let old = stack.last
        for vc in popped { vc.willMove(toParent: nil) }
        stack.removeSubrange((index + 1)...)
        bar.setItems(stack.map(\.navigationItem), animated: animated)
        show(target, replacing: old, operation: .pop, animated: animated) {
            for vc in popped { vc.removeFromParent() }
        }
        return popped
    }

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
        bar.isHidden = hidden
        viewIfLoaded?.setNeedsLayout()
        viewIfLoaded?.layoutIfNeeded()
    }

    /// The navigation bar's back button pops the top controller too when used directly.
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }

    // MARK: The view

    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .white
        content.frame = root.bounds
        content.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.clipsToBounds = true
        root.addSubview(content)
        bar.autoresizingMask = [.flexibleWidth]
        root.addSubview(bar)
        view = root
        layoutBars()
        if let top = stack.last { install(top.view) }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layoutBars()
    }

    private func layoutBars() {
        guard let root = viewIfLoaded else { return }
        let height = isNavigationBarHidden ? 0 : UINavigationBar.barHeight
        bar.frame = CGRect(x: 0, y: 0, width: root.bounds.width, height: UINavigationBar.barHeight)
        content.frame = CGRect(x: 0, y: height, width: root.bounds.width, height: max(0, root.bounds.height - height))
    }

    private func install(_ childView: UIView) {
        UIView.performWithoutAnimation {
            childView.frame = content.bounds
            childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        content.addSubview(childView)
    }

    /// Shows `next` in place of `previous` with the appearance calls, the delegate's calls and the
    /// transition (the standard slide, the delegate's animator, or none), then `done`.
    private func show(_ next: UIViewController?, replacing previous: UIViewController?, operation: Operation, animated: Bool,
                      done: @escaping () -> Void) {
        guard let view = viewIfLoaded, let next, next !== previous else {
            done()
            return
        }
        next.loadViewIfNeeded()
        let shown = view.window?.isShownForAppearance ?? false
        let animates = animated && shown && previous != nil
        delegate?.navigationController(self, willShow: next, animated: animates)
        if shown {
            previous?.beginAppearanceTransition(false, animated: animates)
            next.beginAppearanceTransition(true, animated: animates)
        }
        let finish: (Bool) -> Void = { [weak self] didComplete in
            guard let self else { return }
            self.transitioning = false
            if shown {
                previous?.endAppearanceTransition()
                next.endAppearanceTransition()
            }
            done()
            if didComplete { self.delegate?.navigationController(self, didShow: next, animated: animates) }
        }
        if animates, let previous,
           let animator = delegate?.navigationController(self, animationControllerFor: operation, from: previous, to: next) {
            transitioning = true
            runCustom(animator, from: previous, to: next, operation: operation, finish: finish)
            return
        }
        UIViewController.withManualAppearance {
            install(next.view)
            if !animates { previous?.viewIfLoaded?.removeFromSuperview() }
        }
        guard animates, let previous, let oldView = previous.viewIfLoaded else { return finish(true) }
        transitioning = true
        slide(in: next.view, out: oldView, pushing: operation != .pop) {
            UIViewController.withManualAppearance { oldView.removeFromSuperview() }
            finish(true)
        }
    }

    /// iOS's slide: the incoming view from the right edge (push) or from a third of the way left
    /// (pop), the outgoing one the other way, with Core Animation `position.x` animations.
    private func slide(in newView: UIView, out oldView: UIView, pushing: Bool, completion: @escaping () -> Void) {
        let width = content.bounds.width
        let place = newView.layer.position.x
        if !pushing { content.bringSubviewToFront(oldView) }
        CATransaction.begin()
        CATransaction.setCompletionBlock { MainActor.assumeIsolated { completion() } }
        let incoming = CABasicAnimation(keyPath: "position.x")
        incoming.fromValue = pushing ? place + width : place - width / 3
        incoming.toValue = place
        let outgoing = CABasicAnimation(keyPath: "position.x")
        outgoing.fromValue = place
        outgoing.toValue = pushing ? place - width / 3 : place + width
        for animation in [incoming, outgoing] {
            animation.duration = Self.slideDuration
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        }
        newView.layer.add(incoming, forKey: "UINavigationSlide")
        oldView.layer.add(outgoing, forKey: "UINavigationSlide")
        CATransaction.commit()
    }

    /// The delegate's animator in the content view; a cancelled transition (an interactive pop let
    /// go) puts the stack and the views back.
    private func runCustom(_ animator: any UIViewControllerAnimatedTransitioning, from previous: UIViewController,
                           to next: UIViewController, operation: Operation, finish: @escaping (Bool) -> Void) {
        let frame = content.bounds
        let stackBefore = operation == .pop ? stack + [previous] : Array(stack.dropLast())
        let context = TransitionContext(
            container: content, from: previous, to: next, animated: true, style: .fullScreen,
            frames: (frame, frame, frame, frame)) { [weak self] didComplete in
            guard let self else { return }
            let layer = self.content.layer
            layer.speed = 1
            layer.timeOffset = 0
            layer.beginTime = 0
            UIViewController.withManualAppearance {
                if didComplete {
                    previous.viewIfLoaded?.removeFromSuperview()
                    if next.view.superview !== self.content { self.install(next.view) }
                } else {
                    next.viewIfLoaded?.removeFromSuperview()
                    if previous.view.superview !== self.content { self.install(previous.view) }
                }
            }
            if !didComplete {
                self.stack = stackBefore
                self.bar.setItems(stackBefore.map(\.navigationItem), animated: false)
            }
            animator.animationEnded(didComplete)
            finish(didComplete)
        }
        let interaction = delegate?.navigationController(self, interactionControllerFor: animator)
        UIViewController.withManualAppearance {
            if let driver = interaction as? UIPercentDrivenInteractiveTransition {
                driver.animator = animator
                driver.startInteractiveTransition(context)
            } else if let interaction {
                interaction.startInteractiveTransition(context)
            } else {
                animator.animateTransition(using: context)
            }
        }
    }
}

extension UIViewController {
    /// The nearest ancestor that is a navigation controller.
    public var navigationController: UINavigationController? {
        var c = parent
        while let current = c {
            if let navigation = current as? UINavigationController { return navigation }
            c = current.parent
        }
        return nil
    }
}
