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

    static var stack: [UIViewAnimationContext] = []

    /// The action for a property change of a view's layer, or nil outside animation blocks.
    static func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard let context = stack.last, !context.disabled, CALayer.animatesImplicitlyForViews(event) else { return nil }
        return context.makeAnimation(for: layer, keyPath: event)
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
        if options.contains(.beginFromCurrentState) || true {
            // The block starts from what is on screen now (the previous presentation value).
            animation.fromValue = nil
        }
        if delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + delay
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        return animation
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
