import CoreGraphics
import Foundation
import QuartzCore

extension UIView {
    /// Options of the block animation methods (Apple's raw values).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// The block's timing function (ease-in-out unless a curve is given).
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: return CAMediaTimingFunction(name: .easeIn)
            case 2: return CAMediaTimingFunction(name: .easeOut)
            case 3: return CAMediaTimingFunction(name: .linear)
            default: return CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }

    /// Animates the changes made in `animations` to views' animatable properties.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimationContext(duration: duration, delay: delay, options: options, spring: nil),
            animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// A spring animation: `dampingRatio` 1 settles without overshoot, smaller values oscillate;
    /// `velocity` is the initial speed in units of the whole distance per second.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        run(UIViewAnimationContext(duration: duration, delay: delay, options: options,
                                   spring: (dampingRatio, velocity)),
            animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with animations off, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        UIViewAnimationContext.stack.append(UIViewAnimationContext(duration: 0, delay: 0, options: [], spring: nil,
                                                                   disabled: true))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        actionsWithoutAnimation()
        CATransaction.commit()
        UIViewAnimationContext.stack.removeLast()
    }

    /// Animates the change of `view`'s content with a transition in the style of `options`
    /// (cross-dissolve, flip or curl: see `transitionStyle(of:)`). With animations off
    /// (`setAnimationsEnabled(false)`) or no duration the change is immediate.
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let block = UIViewAnimationBlock(options: options, parent: UIViewAnimationContext.stack.last?.block)
        var context = UIViewAnimationContext(duration: duration, delay: 0, options: options, spring: nil)
        context.block = block
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(block.finished) }
        if UIViewAnimationContext.animationsEnabled, duration > 0 {
            view.layer.add(context.makeTransition(options, for: view.layer), forKey: kCATransition)
        }
        performWithoutAnimation { animations?() }
        CATransaction.commit()
    }

    /// The `CATransition` type and subtype drawing `options`' transition. Flips and curls use the
    /// names Apple's UIKit gives Core Animation privately ("oglFlip" with the side the flip starts
    /// from, "pageCurl"/"pageUnCurl"), so code setting those raw values on a `CATransition` gets
    /// the same pictures; no transition option (or cross-dissolve) is a fade.
    static func transitionStyle(of options: AnimationOptions) -> (CATransitionType, CATransitionSubtype?) {
        let flip = CATransitionType(rawValue: "oglFlip")
        switch (options.rawValue >> 20) & 0xF {
        case 1: return (flip, .fromLeft)
        case 2: return (flip, .fromRight)
        case 3: return (CATransitionType(rawValue: "pageCurl"), nil)
        case 4: return (CATransitionType(rawValue: "pageUnCurl"), nil)
        case 6: return (flip, .fromTop)
        case 7: return (flip, .fromBottom)
        default: return (.fade, nil)
        }
    }

    /// Replaces `fromView` with `toView` in its superview, animated with a transition.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        guard let parent = fromView.superview else {
            completion?(false)
            return
        }
        transition(with: parent, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                parent.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }

    private class func run(_ context: UIViewAnimationContext, animations: () -> Void,
                           completion: ((Bool) -> Void)?) {
        let block = UIViewAnimationBlock(options: context.options, parent: UIViewAnimationContext.stack.last?.block)
        var context = context
        context.block = block
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(block.finished) }
        UIViewAnimationContext.stack.append(context.inheriting(from: UIViewAnimationContext.stack.last))
        animations()
        if context.options.contains(.layoutSubviews) { layOutChangedViews(of: block) }
        UIViewAnimationContext.stack.removeLast()
        block.close()
        CATransaction.commit()
    }

    /// `.layoutSubviews`: lays out, inside the block, the views whose layers changed in it and their
    /// superviews (with their subtrees), so the frames `layoutSubviews` sets animate with the block
    /// instead of jumping at the commit's layout.
    static func layOutChangedViews(of block: UIViewAnimationBlock) {
        var laidOut: [CALayer] = []
        var i = 0
        // Layout may change more layers (they join `changedLayers`); each is laid out once.
        while i < block.changedLayers.count {
            let layer = block.changedLayers[i].superlayer ?? block.changedLayers[i]
            i += 1
            guard !laidOut.contains(where: { $0 === layer }) else { continue }
            laidOut.append(layer)
            layer.layoutIfNeeded()
        }
    }
}
