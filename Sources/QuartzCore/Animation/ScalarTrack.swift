import CoreGraphics
import Foundation

/// A committed basic animation of a scalar property (`ScalarAnimationPlan`, not a spring) as plain
/// values: its timing resolved, its timing function's curve, its two ends and the member it sets.
/// Render nodes keep their tracks in one array, so evaluating a frame of many animated layers reads
/// contiguous values instead of following each layer's animation objects through the heap (a frame
/// of 5000 spinning, fading squares spent most of its evaluation waiting on those reads).
///
/// A track gives the values `AnimationEvaluator` gives for the same animation.
struct ScalarTrack {
    let timing: ResolvedMediaTiming
    /// The timing function's curve; nil for linear pacing.
    let curve: CubicBezierSolver?
    let from: Double
    let to: Double
    let target: ScalarAnimationPlan.Target
    let isCumulative: Bool

    /// The track of `attached`, when it is a committed, non-spring scalar animation.
    init?(_ attached: AttachedAnimation) {
        guard let plan = attached.scalarPlan, !plan.isSpring, let timing = attached.resolvedTiming else { return nil }
        self.timing = timing
        curve = plan.timingFunction?.solver
        from = plan.from
        to = plan.to
        target = plan.target
        isCumulative = plan.isCumulative
    }

    /// Puts back in `values` the member this track animates, as `model` has it.
    func restore(from model: UnsafePointer<LayerProperties>, in values: inout LayerProperties) {
        target.restore(from: model, in: &values)
    }
}

/// The progress the timing curves give at one fraction, kept from the last tracks evaluated: the layers
/// of a frame often share a curve and a time (animations added together), so most tracks reuse it.
/// Two entries: a layer commonly runs two animations with different curves.
struct CurveMemo {
    private typealias Entry = (curve: CubicBezierSolver, fraction: Double, progress: Double)
    private var newest: Entry?, older: Entry?

    mutating func progress(of curve: CubicBezierSolver?, at fraction: Double) -> Double {
        guard let curve else { return fraction }
        if let e = newest, e.fraction == fraction, e.curve == curve { return e.progress }
        if let e = older, e.fraction == fraction, e.curve == curve { return e.progress }
        let progress = curve.y(atX: fraction)
        older = newest
        newest = (curve, fraction, progress)
        return progress
    }
}

extension ScalarTrack {
    /// Applies the tracks in order at the layer's local time `local` to `values` (which hold the
    /// committed values of their members). False when a value is not finite: the caller then
    /// evaluates the node's animations the general way, which decides what such a value does.
    static func apply(_ tracks: UnsafeBufferPointer<ScalarTrack>, to values: inout LayerProperties,
                      atLocalTime local: CFTimeInterval, memo: inout CurveMemo) -> Bool {
        for track in tracks {
            guard let time = MediaTimingMath.animationTime(parentTime: local, track.timing) else { continue }
            let duration = track.timing.duration
            let fraction = duration > 0 ? time.simpleTime / duration : 1
            let progress = memo.progress(of: track.curve, at: fraction)
            guard progress.isFinite else { return false }
            let value = ScalarAnimationPlan.value(from: track.from, to: track.to, progress: progress,
                                                  iteration: time.iteration, cumulative: track.isCumulative)
            guard value.isFinite else { return false }
            track.target.apply(value, to: &values)
        }
        return true
    }
}
