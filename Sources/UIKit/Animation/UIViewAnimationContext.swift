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
    /// Inside `animateKeyframes`: where changes are collected (they make keyframe animations when the
    /// block ends, instead of one animation each).
    var keyframes: UIViewKeyframeCollector?

    static var stack: [UIViewAnimationContext] = []

    /// The action for a property change of a view's layer, or nil outside animation blocks.
    static func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard let context = stack.last, !context.disabled, CALayer.animatesImplicitlyForViews(event) else { return nil }
        if let keyframes = context.keyframes {
            keyframes.record(layer, keyPath: event)
            return NSNull()
        }
        return context.makeAnimation(for: layer, keyPath: event)
    }

    /// The context of a block opened inside `outer`: UIKit's nested blocks take the outer block's
    /// duration unless `.overrideInheritedDuration`, its curve (or spring) unless `.overrideInheritedCurve`,
    /// and its `.repeat`/`.autoreverse` unless `.overrideInheritedOptions`. The delay is the block's own.
    /// Inside `performWithoutAnimation`, or outside any block, the context is unchanged.
    func inheriting(from outer: UIViewAnimationContext?) -> UIViewAnimationContext {
        guard let outer, !outer.disabled else { return self }
        var context = self
        if !options.contains(.overrideInheritedDuration) { context.duration = outer.duration }
        let curveMask: UInt = 0xF << 16
        if !options.contains(.overrideInheritedCurve) {
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
            // UIKit's spring: the duration and damping ratio fix stiffness and damping (mass 1).
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
        // With or without `.beginFromCurrentState` the block starts from what is on screen now (the
        // previous presentation value, which a nil `fromValue` takes): iOS 8's additive animations look
        // the same, and the model value the animation would otherwise start from is already replaced.
        animation.fromValue = nil
        configure(animation, for: layer)
        return animation
    }

    /// Applies the block's delay (filling backwards), `.repeat` and `.autoreverse` to `animation`.
    func configure(_ animation: CAAnimation, for layer: CALayer) {
        if animation is CAKeyframeAnimation {
            animation.duration = duration
            animation.timingFunction = options.timingFunction
        }
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
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
