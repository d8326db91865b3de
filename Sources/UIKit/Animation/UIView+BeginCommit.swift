import CoreGraphics
import Foundation
import QuartzCore

/// How an old-style animation block's delegate is called on Linux (a Linux addition; on Apple
/// platforms the selectors given to `setAnimationWillStart(_:)`/`setAnimationDidStop(_:)` are sent
/// through the Objective-C runtime). As with `UIControlTarget` and `UIGestureRecognizerTarget`, a
/// delegate that adopts this protocol is called with the selector; any other delegate is kept but
/// never called. Switch on `selector.name` when one delegate serves several selectors.
@preconcurrency @MainActor
public protocol UIViewAnimationDelegate: AnyObject {
    /// The selector of `setAnimationWillStart(_:)` (Apple's `animationWillStart:context:` form).
    func animationWillStart(_ selector: Selector, animationID: String?, context: UnsafeMutableRawPointer?)
    /// The selector of `setAnimationDidStop(_:)` (Apple's `animationDidStop:finished:context:` form).
    func animationDidStop(_ selector: Selector, animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?)
}

extension UIViewAnimationDelegate {
    public func animationWillStart(_ selector: Selector, animationID: String?, context: UnsafeMutableRawPointer?) {}
    public func animationDidStop(_ selector: Selector, animationID: String?, finished: Bool,
                                 context: UnsafeMutableRawPointer?) {}
}

extension UIView {
    /// The old-style transitions (`setAnimationTransition(_:for:cache:)`).
    public enum AnimationTransition: Int, Sendable {
        case none = 0, flipFromLeft, flipFromRight, curlUp, curlDown
    }

    // The begin/commit API is an animation block like `animate(withDuration:…)`'s: `beginAnimations`
    // opens a transaction and pushes an animation context (0.2 s, ease-in-out, no delay), the
    // `setAnimation…` calls change the innermost open block's context (so, as Apple documents, they
    // apply to the property changes made after them), and `commitAnimations` pops it and commits.
    // A nested block starts with the enclosing block's duration, curve and repeat settings.

    /// Opens an old-style animation block; `animationID` and `context` are passed to the delegate.
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        let outer = UIViewAnimationContext.stack.last
        let block = UIViewAnimationBlock(options: [], parent: outer?.block)
        var animationContext = UIViewAnimationContext(duration: 0.2, delay: 0, options: [], spring: nil)
            .inheriting(from: outer)
        if let outer, !outer.disabled { animationContext.repeatCount = outer.repeatCount }
        animationContext.block = block
        let entry = OldStyleAnimationBlock(animationID: animationID, context: context, block: block)
        entry.contextIndex = UIViewAnimationContext.stack.count
        CATransaction.begin()
        CATransaction.setCompletionBlock { entry.didStop(finished: block.finished) }
        UIViewAnimationContext.stack.append(animationContext)
        OldStyleAnimationBlock.stack.append(entry)
    }

    /// Closes the innermost old-style block: its changes are committed and start animating.
    public class func commitAnimations() {
        guard let entry = OldStyleAnimationBlock.stack.popLast() else { return }
        // Blocks opened inside it and never closed end with it.
        let context = UIViewAnimationContext.stack.indices.contains(entry.contextIndex)
            ? UIViewAnimationContext.stack[entry.contextIndex] : nil
        if let context, let (view, kind) = entry.transition, kind != .none {
            view.layer.add(context.makeTransition(kind.options, for: view.layer), forKey: kCATransition)
        }
        if UIViewAnimationContext.stack.count > entry.contextIndex {
            UIViewAnimationContext.stack.removeSubrange(entry.contextIndex...)
        }
        entry.block.close()
        entry.willStart()
        CATransaction.commit()
    }

    /// The innermost open block's context, for the setters (nothing outside a block).
    private static func changeOpenBlock(_ change: (inout UIViewAnimationContext) -> Void) {
        guard let last = UIViewAnimationContext.stack.indices.last, !UIViewAnimationContext.stack[last].disabled
        else { return }
        change(&UIViewAnimationContext.stack[last])
    }

    /// The duration of the block's animations (0.2 s by default).
    public class func setAnimationDuration(_ duration: TimeInterval) {
        changeOpenBlock { $0.duration = duration }
    }

    /// How long after the commit the block's animations start (0 by default).
    public class func setAnimationDelay(_ delay: TimeInterval) {
        changeOpenBlock { $0.delay = max(0, delay) }
    }

    /// When the block's animations start: a delay from now (a date in the past starts them at once).
    public class func setAnimationStart(_ startDate: Date) {
        changeOpenBlock { $0.delay = max(0, startDate.timeIntervalSinceNow) }
    }

    /// The timing curve of the block's animations (ease-in-out by default).
    public class func setAnimationCurve(_ curve: AnimationCurve) {
        changeOpenBlock {
            let mask: UInt = 0xF << 16
            $0.options = AnimationOptions(rawValue: ($0.options.rawValue & ~mask) | UInt(curve.rawValue) << 16)
            $0.spring = nil
        }
    }

    /// How many times the block's animations repeat (0, the default, plays them once; may be fractional).
    public class func setAnimationRepeatCount(_ repeatCount: Float) {
        changeOpenBlock { $0.repeatCount = repeatCount; $0.options.remove(.repeat) }
    }

    /// Whether each repetition plays forward then backward (false by default).
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        changeOpenBlock {
            if repeatAutoreverses { $0.options.insert(.autoreverse) } else { $0.options.remove(.autoreverse) }
        }
    }

    /// Whether the block's animations start from what is on screen (false by default). Recorded as
    /// `.beginFromCurrentState`; block animations here always start from the presentation value (see
    /// `UIViewAnimationContext.makeAnimation`), so both settings look the same.
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        changeOpenBlock {
            if fromCurrentState { $0.options.insert(.beginFromCurrentState) } else { $0.options.remove(.beginFromCurrentState) }
        }
    }

    /// The object called with the will-start and did-stop selectors (see `UIViewAnimationDelegate`).
    public class func setAnimationDelegate(_ delegate: Any?) {
        OldStyleAnimationBlock.stack.last?.delegate = delegate as AnyObject?
    }

    public class func setAnimationWillStart(_ selector: Selector?) {
        OldStyleAnimationBlock.stack.last?.willStartSelector = selector
    }

    public class func setAnimationDidStop(_ selector: Selector?) {
        OldStyleAnimationBlock.stack.last?.didStopSelector = selector
    }

    /// A transition of `view`'s content for the block (one per block, as on Apple platforms: a later
    /// call replaces it), added at the commit with the block's final duration, curve and delay.
    /// `cache` is accepted and ignored (the old picture is always a snapshot).
    public class func setAnimationTransition(_ transition: AnimationTransition, for view: UIView, cache: Bool) {
        OldStyleAnimationBlock.stack.last?.transition = (view, transition)
    }

    /// Turns animation blocks on or off. While off, property changes (in blocks of either API) and
    /// `transition(with:…)` take effect at once; completions and did-stop selectors still run.
    public class func setAnimationsEnabled(_ enabled: Bool) {
        UIViewAnimationContext.animationsEnabled = enabled
    }

    public class var areAnimationsEnabled: Bool { UIViewAnimationContext.animationsEnabled }

    /// The duration of the innermost open animation block (0 outside one).
    public class var inheritedAnimationDuration: TimeInterval {
        guard let context = UIViewAnimationContext.stack.last, !context.disabled else { return 0 }
        return context.duration
    }
}

extension UIView.AnimationTransition {
    /// The block-API option drawing the same transition.
    var options: UIView.AnimationOptions {
        switch self {
        case .none: return []
        case .flipFromLeft: return .transitionFlipFromLeft
        case .flipFromRight: return .transitionFlipFromRight
        case .curlUp: return .transitionCurlUp
        case .curlDown: return .transitionCurlDown
        }
    }
}

/// One open (or committed, not yet finished) `beginAnimations` block: its identity, delegate and
/// transition. The delegate is held until the did-stop call, as the block's completion.
@MainActor
final class OldStyleAnimationBlock {
    static var stack: [OldStyleAnimationBlock] = []

    let animationID: String?
    let context: UnsafeMutableRawPointer?
    let block: UIViewAnimationBlock
    /// Where the block's context is in `UIViewAnimationContext.stack`.
    var contextIndex = 0
    var delegate: AnyObject?
    var willStartSelector: Selector?
    var didStopSelector: Selector?
    var transition: (view: UIView, kind: UIView.AnimationTransition)?

    init(animationID: String?, context: UnsafeMutableRawPointer?, block: UIViewAnimationBlock) {
        self.animationID = animationID
        self.context = context
        self.block = block
    }

    /// At the commit: the animations start with the transaction (after the block's delay, if any).
    func willStart() {
        guard let selector = willStartSelector, let target = delegate as? UIViewAnimationDelegate else { return }
        target.animationWillStart(selector, animationID: animationID, context: context)
    }

    func didStop(finished: Bool) {
        defer { delegate = nil; transition = nil }
        guard let selector = didStopSelector, let target = delegate as? UIViewAnimationDelegate else { return }
        target.animationDidStop(selector, animationID: animationID, finished: finished, context: context)
    }
}
