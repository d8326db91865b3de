import CoreGraphics
import Foundation
import QuartzCore

/// The animation block being run (`UIView.animate…`): while one is open, views answer their
/// layers' action searches with an animation configured by the block; otherwise with `NSNull`.
@MainActor
struct UIViewAnimationContext {
    var duration: TimeInterval
    var delay: TimeInterval
    var options: UIView.AnimationOptions
    /// Spring parameters (damping ratio, initial velocity) for spring blocks.
    var spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    /// True inside `performWithoutAnimation`.
    var disabled = false
    /// The old API's repeat count (`setAnimationRepeatCount(_:)`), used instead of `.repeat`.
    var repeatCount: Float?
    /// Inside `animateKeyframes`: where changes are collected (they make keyframe animations when the
    /// block ends, instead of one animation each).
    var keyframes: UIViewKeyframeCollector?
    /// The block's completion and interaction bookkeeping: the delegate of every animation it adds.
    var block: UIViewAnimationBlock?

    static var stack: [UIViewAnimationContext] = []
    /// `UIView.setAnimationsEnabled(_:)`: while false, blocks apply their changes at once.
    static var animationsEnabled = true

    /// The action for a property change of a view's layer, or nil outside animation blocks.
    static func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard animationsEnabled, let context = stack.last, !context.disabled, CALayer.animatesImplicitlyForViews(event) else { return nil }
        context.block?.noteChange(of: layer)
        // A block of duration 0 applies its changes at once, as UIKit does (Core Animation would
        // otherwise substitute its 0.25 s default).
        if context.duration <= 0, context.keyframes == nil { return nil }
        if let keyframes = context.keyframes {
            keyframes.record(layer, keyPath: event)
            return NSNull()
        }
        return context.makeAnimation(for: layer, keyPath: event)
    }

    /// The context of a block opened inside `outer`: UIKit's nested blocks take the outer block's
    /// duration unless `.overrideInheritedDuration`, its curve (or spring) unless `.overrideInheritedCurve`,
    /// and its `.repeat`/`.autoreverse` unless `.overrideInheritedOptions` (Apple: "not inherit the
    /// animation type or any options", so it also keeps the block's own curve and spring-or-not).
    /// The delay is the block's own. Inside `performWithoutAnimation`, or outside any block, the
    /// context is unchanged.
    func inheriting(from outer: UIViewAnimationContext?) -> UIViewAnimationContext {
        guard let outer, !outer.disabled else { return self }
        var context = self
        if !options.contains(.overrideInheritedDuration) { context.duration = outer.duration }
        let curveMask: UInt = 0xF << 16
        if !options.contains(.overrideInheritedCurve), !options.contains(.overrideInheritedOptions) {
            context.options = UIView.AnimationOptions(rawValue: (options.rawValue & ~curveMask) | (outer.options.rawValue & curveMask))
            context.spring = outer.spring
        }
        if !options.contains(.overrideInheritedOptions) {
            context.options.formUnion(outer.options.intersection([.repeat, .autoreverse]))
        }
        return context
    }

    func makeAnimation(for layer: CALayer, keyPath: String) -> CAAnimation {
        let animation: CABasicAnimation
        if let spring {
            let s = CASpringAnimation(keyPath: keyPath)
            // The duration and damping ratio ζ fix stiffness and damping (mass 1): the undamped period
            // is the duration, stiffness = (2π/d)², damping = 4πζ/d = 2ζ√stiffness (the mapping of
            // UIKit/SwiftUI's `duration`/`bounce` springs with bounce = 1 − ζ; Apple does not document
            // the one of `usingSpringWithDamping`). ζ is clamped to 0.01...1; the velocity is in units
            // of the whole distance per second in both APIs, so it passes through.
            let d = max(duration, 0.01)
            let ratio = min(max(spring.dampingRatio, 0.01), 1)
            s.stiffness = pow(2 * .pi / CGFloat(d), 2)
            s.damping = 4 * .pi * ratio / CGFloat(d)
            s.initialVelocity = spring.velocity
            animation = s
        } else {
            animation = CABasicAnimation(keyPath: keyPath)
            animation.timingFunction = options.timingFunction
        }
        animation.duration = duration
        // `fromValue` is what was on screen before the block's change (the presentation value, an
        // in-flight animation included), with or without `.beginFromCurrentState`. With the option this
        // is Apple's documented behaviour; without it, iOS 4–7 first let the in-flight animation jump
        // to its end, while iOS 8+ adds an additive animation that starts from the screen as well —
        // we take the latter's (jump-free) look. The replaced animation's block completes with false.
        animation.fromValue = layer.valueBeforeCurrentTransaction(forKey: keyPath)
        configure(animation, for: layer)
        return animation
    }

    /// Applies the block's delay (filling backwards), `.repeat` and `.autoreverse` to `animation`.
    func configure(_ animation: CAAnimation, for layer: CALayer) {
        if let block { animation.delegate = block }
        if animation is CAKeyframeAnimation {
            animation.duration = duration
            animation.timingFunction = options.timingFunction
        }
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if let repeatCount { animation.repeatCount = repeatCount }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
    }
}

extension UIViewAnimationContext {
    /// A transition of `layer`'s content drawn in the style of `options`' transition bits, with the
    /// block's duration, curve, delay and repeat settings.
    func makeTransition(_ options: UIView.AnimationOptions, for layer: CALayer) -> CATransition {
        let transition = CATransition()
        (transition.type, transition.subtype) = UIView.transitionStyle(of: options)
        transition.duration = duration
        transition.timingFunction = self.options.timingFunction
        configure(transition, for: layer)
        return transition
    }
}

/// One animation block (`animate…`, `animateKeyframes`, `transition…`): the delegate of the animations
/// it adds. It learns whether they all ran to their end (`completion(finished)` is false when one was
/// removed early, e.g. replaced by a later animation of the same property or by
/// `removeAllAnimations()`), and tells hit testing whether its views may be touched meanwhile.
@MainActor
final class UIViewAnimationBlock: CAAnimationDelegate {
    /// `.allowUserInteraction`: views animated by the block stay hittable.
    let allowsUserInteraction: Bool
    /// The enclosing block (a nested block's early end is the outer block's too).
    let parent: UIViewAnimationBlock?
    /// False once an animation of the block (or of a block nested in it) was removed before its end.
    private(set) var finished = true
    /// The layers whose properties changed in the block (for `.layoutSubviews`).
    private(set) var changedLayers: [CALayer] = []

    init(options: UIView.AnimationOptions, parent: UIViewAnimationBlock?) {
        allowsUserInteraction = options.contains(.allowUserInteraction)
        self.parent = parent
    }

    func noteChange(of layer: CALayer) {
        if !changedLayers.contains(where: { $0 === layer }) { changedLayers.append(layer) }
    }

    /// The block's animations are added: the layers are no longer needed.
    func close() { changedLayers = [] }

    private func markUnfinished() {
        finished = false
        parent?.markUnfinished()
    }

    nonisolated func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard !flag else { return }
        MainActor.assumeIsolated { markUnfinished() }
    }
}

extension UIView {
    /// Whether an animation block without `.allowUserInteraction`, or a property animator with
    /// `isUserInteractionEnabled` false, is animating the view now (its animations are attached until
    /// they end or are removed): UIKit's views then ignore touches.
    var isAnimatingWithoutUserInteraction: Bool {
        guard let keys = layer.animationKeys() else { return false }
        return keys.contains { key in
            switch layer.animation(forKey: key)?.delegate {
            case let block as UIViewAnimationBlock: return !block.allowsUserInteraction
            case let track as PropertyAnimatorTrackDelegate: return !track.allowsUserInteraction
            default: return false
            }
        }
    }
}

extension CALayer {
    /// Whether a property of a view's layer animates inside an animation block.
    static func animatesImplicitlyForViews(_ key: String) -> Bool {
        ["position", "bounds", "opacity", "backgroundColor", "transform", "cornerRadius", "borderWidth",
         "borderColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowColor", "contentsRect",
         "zPosition", "anchorPoint", "sublayerTransform"].contains(key)
    }
}
