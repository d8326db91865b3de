import CoreGraphics
import Foundation

/// An animation as a layer holds it: the stored copy, its key, when it begins (resolved at the
/// commit of the transaction that added it), and its life-cycle state.
///
/// Threading: shared by the model layer and the render snapshots made from it
/// (`RenderTree`). What the evaluator reads (`animation`, `beginTime`, `previousValue`,
/// `transitionSnapshot`, `keyframes`) is set on the main thread before the commit that hands it to
/// a render thread and not changed afterwards; `didStart`, `didStop` and `trackers` belong to the
/// main thread (`AnimationScheduler`) only.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    /// The begin time in the layer's local time; nil until the adding transaction commits.
    var beginTime: CFTimeInterval? {
        didSet {
            timing = beginTime.map { MediaTimingParameters(animation, beginTime: $0, duration: animation.duration) }
            resolvedTiming = timing.map(ResolvedMediaTiming.init)
        }
    }
    /// The transactions whose completion blocks wait for this animation.
    var trackers: [CompletionTracker] = []
    /// For a basic animation with no values: the property's presentation value before the change.
    var previousValue: Any?
    /// For a `CATransition`: the layer's old picture, located when the adding transaction commits and
    /// taken by the render side when it first draws the transition.
    var transitionSnapshot: TransitionSnapshot?
    var didStart = false
    var didStop = false
    /// Warned once about values that cannot be animated.
    var warned = false
    /// Made once, when the animation is added: render threads read it, so nothing here is lazy.
    let keyframes: KeyframeEvaluator?
    /// The evaluators of the keyframe animations inside a group (at any depth), by animation.
    let groupKeyframes: [ObjectIdentifier: KeyframeEvaluator]
    /// Whether `animation` is a `CATransition` (the renderer asks for every layer, every frame).
    let isTransition: Bool
    /// Whether `animation` shows one value throughout its active period (`showsOneValueWhileActive`).
    let isFrozen: Bool

    init(key: String?, animation: CAAnimation) {
        self.key = key
        self.animation = animation
        self.keyframes = (animation as? CAKeyframeAnimation)?.makeEvaluator()
        self.groupKeyframes = Self.keyframeEvaluators(inGroup: animation)
        self.isTransition = animation is CATransition
        self.isFrozen = animation.showsOneValueWhileActive
        self.scalarPlan = ScalarAnimationPlan(animation)
    }

    /// The evaluators of every keyframe animation that `animation` groups, nested groups included.
    private static func keyframeEvaluators(inGroup animation: CAAnimation) -> [ObjectIdentifier: KeyframeEvaluator] {
        guard let group = animation as? CAAnimationGroup else { return [:] }
        var evaluators: [ObjectIdentifier: KeyframeEvaluator] = [:]
        for child in group.animations ?? [] {
            if let keyframe = child as? CAKeyframeAnimation, let evaluator = keyframe.makeEvaluator() {
                evaluators[ObjectIdentifier(child)] = evaluator
            }
            evaluators.merge(keyframeEvaluators(inGroup: child)) { first, _ in first }
        }
        return evaluators
    }

    /// The evaluator of `animation`: the added animation's own, or that of one of its group's.
    func keyframeEvaluator(of animation: CAKeyframeAnimation) -> KeyframeEvaluator? {
        animation === self.animation ? keyframes : groupKeyframes[ObjectIdentifier(animation)]
    }

    /// For a basic animation between two numbers of a scalar property: the evaluator's fast path
    /// (no boxing, no dynamic casts), which gives the same values as the general one.
    let scalarPlan: ScalarAnimationPlan?

    /// The timing of the top-level animation in the layer's local time (nil before the commit).
    /// Made when the begin time is resolved (the stored animation does not change afterwards), not
    /// read again from the animation for every layer and frame.
    private(set) var timing: MediaTimingParameters?
    /// `timing` as the evaluator reads it every frame.
    private(set) var resolvedTiming: ResolvedMediaTiming?

    /// Tells the completion trackers that this animation is over (once).
    func releaseTrackers() {
        let list = trackers
        trackers = []
        for t in list { t.animationEnded() }
    }
}

extension MediaTimingParameters {
    /// The timing of `anim` with a resolved begin time and duration.
    init(_ anim: CAAnimation, beginTime: Double, duration: Double) {
        self.init(beginTime: beginTime, duration: duration > 0 ? duration : 0.25, speed: Double(anim.speed),
                  timeOffset: anim.timeOffset, repeatCount: Double(anim.repeatCount),
                  repeatDuration: anim.repeatDuration, autoreverses: anim.autoreverses, fillMode: anim.fillMode)
    }
}

/// A basic animation of a scalar property (`opacity`, a scalar member of `transform` such as
/// `transform.rotation.z`, or any other key that takes a number) between a numeric `fromValue` and
/// `toValue`, with no value function and not additive: what the evaluator can interpolate as plain
/// `Double`s. Built once when the animation is added.
/// (A class: read every frame for every animated layer, it is passed as one reference, not copied.)
final class ScalarAnimationPlan {
    enum Target {
        case opacity
        /// A virtual member of `transform` (the key path after "transform.").
        case transformMember(TransformScalarMember)
    }
    let from: Double
    let to: Double
    let target: Target
    /// What the evaluator's fast path needs of the animation, read once (it does not change once
    /// added): no dynamic casts or property reads per frame.
    let keyPath: String
    let timingFunction: CAMediaTimingFunction?
    let isCumulative: Bool
    let isSpring: Bool

    init?(_ animation: CAAnimation) {
        guard let basic = animation as? CABasicAnimation,
              basic.byValue == nil, basic.valueFunction == nil, !basic.isAdditive,
              let keyPath = basic.keyPath,
              let from = basic.fromValue.flatMap(Self.number), let to = basic.toValue.flatMap(Self.number),
              from.isFinite, to.isFinite else { return nil }
        switch keyPath {
        case "opacity":
            target = .opacity
        case "transform.rotation.x", "transform.rotation.y", "transform.rotation.z", "transform.rotation",
             "transform.scale.x", "transform.scale.y", "transform.scale.z", "transform.scale",
             "transform.translation.x", "transform.translation.y", "transform.translation.z":
            guard let member = TransformScalarMember(keyPath.dropFirst("transform.".count)) else { return nil }
            target = .transformMember(member)
        default:
            return nil
        }
        self.from = from
        self.to = to
        self.keyPath = keyPath
        timingFunction = basic.timingFunction
        isCumulative = basic.isCumulative
        isSpring = basic is CASpringAnimation
    }

    /// The number a value stands for, as `AnimationEvaluator.numberAsDouble` reads it.
    private static func number(_ value: Any) -> Double? {
        switch value {
        case let d as Double: return d
        case let c as CGFloat: return Double(c)
        case let f as Float: return Double(f)
        case let i as Int: return Double(i)
        default: return nil
        }
    }

    /// The value at `progress` after `iteration` cumulative repeats (as `Interpolation` computes it).
    func value(progress: Double, iteration: Int, cumulative: Bool) -> Double {
        Self.value(from: from, to: to, progress: progress, iteration: iteration, cumulative: cumulative)
    }

    /// The value between `from` and `to` at `progress` after `iteration` cumulative repeats.
    static func value(from: Double, to: Double, progress: Double, iteration: Int, cumulative: Bool) -> Double {
        var value = progress == 1 ? to : from + (to - from) * progress
        if cumulative, iteration > 0 { value += (to - from) * Double(iteration) }
        return value
    }

    /// Puts back in `values` the member this plan animates, as `model` has it.
    func restore(from model: UnsafePointer<LayerProperties>, in values: inout LayerProperties) {
        target.restore(from: model, in: &values)
    }

    /// Stores `value` in `values` as `setValue(_:forKeyPath:)` would.
    func apply(_ value: Double, to values: inout LayerProperties) {
        target.apply(value, to: &values)
    }
}

extension ScalarAnimationPlan.Target {
    /// Puts back in `values` this member, as `model` has it.
    func restore(from model: UnsafePointer<LayerProperties>, in values: inout LayerProperties) {
        switch self {
        case .opacity: values.opacity = model.pointee.opacity
        case .transformMember: values.transform = model.pointee.transform
        }
    }

    /// Stores `value` as this member of `values`, as `setValue(_:forKeyPath:)` would.
    func apply(_ value: Double, to values: inout LayerProperties) {
        switch self {
        case .opacity:
            values.opacity = Float(value)
        case .transformMember(let member):
            values.transform = member.replacing(in: values.transform, with: CGFloat(value))
        }
    }
}

/// A scalar virtual member of `transform` (`rotation.z`, `scale.x`, ...), resolved once from its key
/// path: `replacing` is `TransformKeyPath.replacing` for that member without strings or boxing.
enum TransformScalarMember {
    case rotationX, rotationY, rotationZ, scaleX, scaleY, scaleZ, scale, translationX, translationY, translationZ

    init?(_ name: Substring) {
        switch name {
        case "rotation.x": self = .rotationX
        case "rotation.y": self = .rotationY
        case "rotation.z", "rotation": self = .rotationZ
        case "scale.x": self = .scaleX
        case "scale.y": self = .scaleY
        case "scale.z": self = .scaleZ
        case "scale": self = .scale
        case "translation.x": self = .translationX
        case "translation.y": self = .translationY
        case "translation.z": self = .translationZ
        default: return nil
        }
    }

    /// The parts of the identity, taken apart once (most animated layers have no model transform).
    private static let identityParts = DecomposedTransform.parts(of: CATransform3DIdentity)

    /// `t` with this member set to `v`, the other parts kept.
    func replacing(in t: CATransform3D, with v: CGFloat) -> CATransform3D {
        var parts = t == CATransform3DIdentity ? Self.identityParts : DecomposedTransform.parts(of: t)
        switch self {
        case .rotationX: parts.rotation.x = v
        case .rotationY: parts.rotation.y = v
        case .rotationZ: parts.rotation.z = v
        case .scaleX: parts.scale.x = v
        case .scaleY: parts.scale.y = v
        case .scaleZ: parts.scale.z = v
        case .scale: parts.scale = (v, v, v)
        case .translationX: parts.translation.x = v
        case .translationY: parts.translation.y = v
        case .translationZ: parts.translation.z = v
        }
        return parts.transform
    }
}
