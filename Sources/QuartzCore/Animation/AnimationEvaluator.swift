import CoreGraphics
import Foundation

/// The one function from (committed values, animations, time) to presentation values: it applies
/// a node's animations, in the order they were added, to its values. Render frames
/// (`RenderFrame.evaluate`) use it, and `presentation()` is built from a render frame, so the
/// screen and `presentation()` always agree.
enum AnimationEvaluator {
    /// The layer an animation applies to: its committed values, its class (for the defaults of
    /// custom keys) and the values being evaluated.
    struct Target {
        /// The committed values (a pointer: copying them would retain each of their references,
        /// for every animated layer of every frame).
        let model: UnsafePointer<LayerProperties>
        let layerClass: CALayer.Type
        /// The values being evaluated (a pointer to the caller's: no copy of them is made).
        let values: UnsafeMutablePointer<LayerProperties>
        /// The key paths animated, collected only for a class that may redraw for them.
        var animatedKeys: [String]?
    }

    /// Applies `animations` at the layer's local time `local` to `values` (which start as `model`).
    /// Returns the animated key paths when `layerClass` is not `CALayer` (it may redraw for some,
    /// see `needsDisplay(forKey:)`), else nil.
    static func apply(_ animations: [AttachedAnimation], model: UnsafePointer<LayerProperties>, layerClass: CALayer.Type,
                      to values: inout LayerProperties, atLocalTime local: CFTimeInterval) -> [String]? {
        guard !animations.isEmpty else { return nil }
        return withUnsafeMutablePointer(to: &values) { values in
            var target = Target(model: model, layerClass: layerClass, values: values,
                                animatedKeys: layerClass == CALayer.self ? nil : [])
            for attached in animations {
                guard let timing = attached.resolvedTiming else { continue }   // not committed yet
                apply(attached.animation, timing: timing, parentTime: local, attached: attached, target: &target)
            }
            return target.animatedKeys
        }
    }

    private static func apply(_ anim: CAAnimation, timing: ResolvedMediaTiming, parentTime: Double,
                              attached: AttachedAnimation, target: inout Target) {
        guard let time = MediaTimingMath.animationTime(parentTime: parentTime, timing) else { return }
        let duration = timing.duration
        let fraction = duration > 0 ? time.simpleTime / duration : 1
        // The fast path: a basic animation between two numbers of a scalar property.
        if let plan = attached.scalarPlan, !plan.isSpring, anim === attached.animation,
           applyScalar(plan, progress: plan.timingFunction?.progress(at: fraction) ?? fraction,
                       iteration: time.iteration, target: &target) {
            return
        }
        switch anim {
        case let group as CAAnimationGroup:
            for child in group.animations ?? [] {
                let childTiming = MediaTimingParameters(child, beginTime: child.beginTime,
                                                        duration: child.duration > 0 ? child.duration : duration)
                apply(child, timing: ResolvedMediaTiming(childTiming), parentTime: time.simpleTime, attached: attached, target: &target)
            }
        case let spring as CASpringAnimation:
            let progress = spring.solver.value(at: time.simpleTime)
            applyBasic(spring, progress: progress, iteration: time.iteration, attached: attached, target: &target)
        case let basic as CABasicAnimation:
            let progress = basic.timingFunction?.progress(at: fraction) ?? fraction
            applyBasic(basic, progress: progress, iteration: time.iteration, attached: attached, target: &target)
        case let keyframe as CAKeyframeAnimation:
            let progress = keyframe.timingFunction?.progress(at: fraction) ?? fraction
            applyKeyframes(keyframe, progress: progress, iteration: time.iteration, attached: attached, target: &target)
        default:
            break   // CATransition is drawn by the renderer.
        }
    }

    // MARK: Basic and spring

    /// The scalar fast path: stores `plan`'s value at `progress`; false (nothing stored) when that
    /// value is not finite, so the general path decides.
    private static func applyScalar(_ plan: ScalarAnimationPlan, progress: Double, iteration: Int,
                                    target: inout Target) -> Bool {
        guard progress.isFinite else { return false }
        let value = plan.value(progress: progress, iteration: iteration, cumulative: plan.isCumulative)
        guard value.isFinite else { return false }
        plan.apply(value, to: &target.values.pointee)
        target.animatedKeys?.append(plan.keyPath)
        return true
    }

    private static func applyBasic(_ anim: CABasicAnimation, progress: Double, iteration: Int,
                                   attached: AttachedAnimation, target: inout Target) {
        guard let keyPath = anim.keyPath else { return }
        if let plan = attached.scalarPlan, applyScalar(plan, progress: progress, iteration: iteration, target: &target) {
            return
        }
        let current = target.values.pointee.value(forKeyPath: keyPath, defaults: target.layerClass)
        let ends = resolveEnds(anim, current: current,
                               model: target.model.pointee.value(forKeyPath: keyPath, defaults: target.layerClass),
                               previous: attached.previousValue)
        guard let from = ends.from, let to = ends.to else { return }
        guard Interpolation.isFinite(from), Interpolation.isFinite(to) else {
            warn(attached, "values of \(keyPath) are not finite")
            return
        }
        guard var value = Interpolation.interpolate(from, to, progress) else {
            warn(attached, "cannot interpolate \(keyPath) between \(type(of: from)) and \(type(of: to))")
            return
        }
        if anim.isCumulative, iteration > 0, let delta = Interpolation.subtract(to, from),
           let offset = Interpolation.multiply(delta, by: Double(iteration)),
           let total = Interpolation.add(value, offset) {
            value = total
        }
        set(value, of: anim, keyPath: keyPath, current: current, target: &target)
    }

    /// The two ends of a basic animation, as documented for each combination of values.
    static func resolveEnds(_ anim: CABasicAnimation, current: Any?, model: Any?, previous: Any?)
        -> (from: Any?, to: Any?) {
        let f = anim.fromValue.map(numberAsDouble), t = anim.toValue.map(numberAsDouble)
        let b = anim.byValue.map(numberAsDouble)
        switch (f != nil, t != nil, b != nil) {
        case (true, true, _): return (f, t)
        case (true, false, true): return (f, f.flatMap { x in b.flatMap { Interpolation.add(x, $0) } })
        case (false, true, true): return (t.flatMap { x in b.flatMap { Interpolation.subtract(x, $0) } }, t)
        case (true, false, false): return (f, current)
        case (false, true, false): return (current, t)
        case (false, false, true): return (current, current.flatMap { x in b.flatMap { Interpolation.add(x, $0) } })
        case (false, false, false): return (previous ?? current, model)
        }
    }

    /// Integer values (`fromValue = 0` stores an `Int`) animate as real numbers: the property's
    /// setter converts the result to its own type.
    static func numberAsDouble(_ value: Any) -> Any {
        switch value {
        case let i as Int: return Double(i)
        case let n as NSNumber where !(value is Double || value is Float || value is CGFloat): return n.doubleValue
        default: return value
        }
    }

    // MARK: Keyframes

    private static func applyKeyframes(_ anim: CAKeyframeAnimation, progress: Double, iteration: Int,
                                       attached: AttachedAnimation, target: inout Target) {
        guard let keyPath = anim.keyPath, let evaluator = attached.keyframeEvaluator(of: anim) else { return }
        guard var value = evaluator.value(at: progress) else {
            warn(attached, "keyframes of \(keyPath) cannot be evaluated")
            return
        }
        if anim.isCumulative, iteration > 0, let first = evaluator.value(at: 0), let last = evaluator.value(at: 1),
           let delta = Interpolation.subtract(last, first),
           let offset = Interpolation.multiply(delta, by: Double(iteration)),
           let total = Interpolation.add(value, offset) {
            value = total
        }
        let current = target.values.pointee.value(forKeyPath: keyPath, defaults: target.layerClass)
        set(value, of: anim, keyPath: keyPath, current: current, target: &target)
        if let angle = evaluator.rotationAngle(at: progress) {
            target.values.pointee.transform = CATransform3DRotate(target.values.pointee.transform, CGFloat(angle), 0, 0, 1)
        }
    }

    // MARK: Setting

    /// Stores an animated value: through the value function, added to the current presentation
    /// value when additive.
    private static func set(_ value: Any, of anim: CAPropertyAnimation, keyPath: String, current: Any?,
                            target: inout Target) {
        var value = value
        if let function = anim.valueFunction, let transform = function.transform(from: value) {
            value = transform
        }
        if anim.isAdditive, let current, let sum = Interpolation.add(current, value) {
            value = sum
        }
        target.values.pointee.setValue(value, forKeyPath: keyPath, defaults: target.layerClass)
        target.animatedKeys?.append(keyPath)
    }

    private static func warn(_ attached: AttachedAnimation, _ message: String) {
        guard !attached.warned else { return }
        attached.warned = true
        writeStandardError("QuartzCore: animation \(attached.key ?? "(no key)") ignored: \(message)\n")
    }
}
