import CoreGraphics
import Foundation

/// The one function from (model values, animations, time) to presentation values: it applies a
/// model layer's attached animations, in the order they were added, to a copy of the layer.
/// `presentation()` and the renderer both use it, so they always agree.
enum AnimationEvaluator {
    /// Applies `model`'s animations at media time `mediaTime` to `copy` (a presentation copy that
    /// holds the model values).
    static func apply(_ model: CALayer, to copy: CALayer, atMediaTime mediaTime: CFTimeInterval) {
        guard !model.attachedAnimations.isEmpty else { return }
        apply(model, to: copy, atLocalTime: model.localTime(fromMediaTime: mediaTime))
    }

    /// `apply(_:to:atMediaTime:)` for a caller that walks the tree from the root and already knows
    /// `model`'s local time (`localTime(fromMediaTime:)`, computed top-down the same way).
    static func apply(_ model: CALayer, to copy: CALayer, atLocalTime local: CFTimeInterval) {
        guard !model.attachedAnimations.isEmpty else { return }
        // The animated keys matter only to a class that may redraw for them (a plain CALayer never
        // does): they are not collected otherwise.
        var animatedKeys: [String]? = type(of: model) == CALayer.self ? nil : []
        for attached in model.attachedAnimations {
            guard let timing = attached.timing else { continue }   // not committed yet
            apply(attached.animation, timing: timing, parentTime: local, attached: attached,
                  model: model, copy: copy, animatedKeys: &animatedKeys)
        }
        if let animatedKeys { redisplayIfNeeded(model: model, copy: copy, animatedKeys: animatedKeys) }
    }

    private static func apply(_ anim: CAAnimation, timing: MediaTimingParameters, parentTime: Double,
                              attached: AttachedAnimation, model: CALayer, copy: CALayer,
                              animatedKeys: inout [String]?) {
        guard let time = MediaTimingMath.animationTime(parentTime: parentTime, timing) else { return }
        let fraction = timing.duration > 0 ? time.simpleTime / timing.duration : 1
        switch anim {
        case let group as CAAnimationGroup:
            for child in group.animations ?? [] {
                let childTiming = MediaTimingParameters(child, beginTime: child.beginTime,
                                                        duration: child.duration > 0 ? child.duration : timing.duration)
                apply(child, timing: childTiming, parentTime: time.simpleTime, attached: attached,
                      model: model, copy: copy, animatedKeys: &animatedKeys)
            }
        case let spring as CASpringAnimation:
            let progress = spring.solver.value(at: time.simpleTime)
            applyBasic(spring, progress: progress, iteration: time.iteration, attached: attached,
                       model: model, copy: copy, animatedKeys: &animatedKeys)
        case let basic as CABasicAnimation:
            let progress = basic.timingFunction?.progress(at: fraction) ?? fraction
            applyBasic(basic, progress: progress, iteration: time.iteration, attached: attached,
                       model: model, copy: copy, animatedKeys: &animatedKeys)
        case let keyframe as CAKeyframeAnimation:
            let progress = keyframe.timingFunction?.progress(at: fraction) ?? fraction
            applyKeyframes(keyframe, progress: progress, iteration: time.iteration, attached: attached,
                           copy: copy, animatedKeys: &animatedKeys)
        default:
            break   // CATransition is drawn by the renderer.
        }
    }

    // MARK: Basic and spring

    private static func applyBasic(_ anim: CABasicAnimation, progress: Double, iteration: Int,
                                   attached: AttachedAnimation, model: CALayer, copy: CALayer,
                                   animatedKeys: inout [String]?) {
        guard let keyPath = anim.keyPath else { return }
        if let plan = attached.scalarPlan, progress.isFinite {
            let value = plan.value(progress: progress, iteration: iteration, cumulative: anim.isCumulative)
            if value.isFinite {
                plan.apply(value, to: copy)
                animatedKeys?.append(keyPath)
                return
            }
        }
        let current = copy.value(forKeyPath: keyPath)
        let ends = resolveEnds(anim, current: current, model: model.value(forKeyPath: keyPath),
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
        set(value, of: anim, keyPath: keyPath, current: current, copy: copy, animatedKeys: &animatedKeys)
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
                                       attached: AttachedAnimation, copy: CALayer,
                                       animatedKeys: inout [String]?) {
        guard let keyPath = anim.keyPath, let evaluator = attached.keyframes else { return }
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
        let current = copy.value(forKeyPath: keyPath)
        set(value, of: anim, keyPath: keyPath, current: current, copy: copy, animatedKeys: &animatedKeys)
        if let angle = evaluator.rotationAngle(at: progress) {
            copy.transform = CATransform3DRotate(copy.transform, CGFloat(angle), 0, 0, 1)
        }
    }

    // MARK: Setting

    /// Stores an animated value on the copy: through the value function, added to the current
    /// presentation value when additive.
    private static func set(_ value: Any, of anim: CAPropertyAnimation, keyPath: String, current: Any?,
                            copy: CALayer, animatedKeys: inout [String]?) {
        var value = value
        if let function = anim.valueFunction, let transform = function.transform(from: value) {
            value = transform
        }
        if anim.isAdditive, let current, let sum = Interpolation.add(current, value) {
            value = sum
        }
        copy.setValue(value, forKeyPath: keyPath)
        animatedKeys?.append(keyPath)
    }

    /// Custom properties whose class asks for display when they change: the presentation is drawn
    /// again with the animated values.
    private static func redisplayIfNeeded(model: CALayer, copy: CALayer, animatedKeys: [String]) {
        let cls = type(of: model)
        let keys = animatedKeys.filter { cls.needsDisplay(forKey: $0) }
        guard !keys.isEmpty else { return }
        if type(of: copy) == cls {
            copy.display()
            return
        }
        // A subclass defined outside QuartzCore has no copy of its own class: draw with the
        // model layer, its animated values swapped in for the moment. That mutates the model, so
        // it is done on the main thread only; a render thread (which evaluates render snapshots,
        // whose layers are QuartzCore classes, so it does not get here) skips it.
        guard Thread.isMainThread else { return }
        let saved = keys.map { ($0, model.value(forKeyPath: $0)) }
        model.suppressesChangeRecording = true
        for key in keys { model.setValue(copy.value(forKeyPath: key), forKeyPath: key) }
        let savedContents = model.contents
        model.display()
        copy.contents = model.contents
        model.contents = savedContents
        for (key, value) in saved { model.setValue(value, forKeyPath: key) }
        model.suppressesChangeRecording = false
    }

    private static func warn(_ attached: AttachedAnimation, _ message: String) {
        guard !attached.warned else { return }
        attached.warned = true
        FileHandle.standardError.write(Data("QuartzCore: animation \(attached.key ?? "(no key)") ignored: \(message)\n".utf8))
    }
}
