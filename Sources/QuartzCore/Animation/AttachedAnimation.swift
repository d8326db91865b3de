import CoreGraphics
import Foundation

/// An animation as a layer holds it: the stored copy, its key, when it begins (resolved at the
/// commit of the transaction that added it), and its life-cycle state.
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    /// The begin time in the layer's local time; nil until the adding transaction commits.
    var beginTime: CFTimeInterval?
    /// The transactions whose completion blocks wait for this animation.
    var trackers: [CompletionTracker] = []
    /// For a basic animation with no values: the property's presentation value before the change.
    var previousValue: Any?
    /// For a `CATransition`: the layer's old picture, captured when the adding transaction commits.
    var transitionSnapshot: TransitionSnapshot?
    var didStart = false
    var didStop = false
    /// Warned once about values that cannot be animated.
    var warned = false
    lazy var keyframes: KeyframeEvaluator? = (animation as? CAKeyframeAnimation)?.makeEvaluator()

    init(key: String?, animation: CAAnimation) {
        self.key = key
        self.animation = animation
    }

    /// The timing of the top-level animation in the layer's local time (nil before the commit).
    var timing: MediaTimingParameters? {
        guard let beginTime else { return nil }
        return MediaTimingParameters(animation, beginTime: beginTime, duration: animation.duration)
    }

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
