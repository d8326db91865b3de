import CoreGraphics
import Foundation

/// The value of a `CAKeyframeAnimation` at a fraction of one pass: its keyframes (`values`, or the
/// points of `path`), timed by `keyTimes` or by the calculation mode, eased per segment by
/// `timingFunctions`, interpolated straight, held, or along a Kochanek–Bartels spline.
///
/// Built once from an animation's settings (immutable, so it can be kept for as long as the
/// animation is); `value(at:)` is pure. The caller maps time to the fraction first: repeat,
/// autoreverse, speed and the animation's own `timingFunction` are applied before.
///
/// Semantics (Apple's documentation; choices where it is silent are marked *choice*):
/// - `path` replaces `values`. Its keyframes are its start and the end of every line or curve
///   (`PathSampler`); the value is a `CGPoint` that follows the curves. `keyTimes` (one per
///   keyframe) and `timingFunctions` (one per segment) apply to those keyframes, as Apple's
///   `path` documentation says. *Choice*: within a segment the point advances in proportion to
///   arc length, not to the Bézier parameter (the seeds leave it open; both agree at the symmetric
///   points the seed examples check). The cubic modes follow the path itself: `.cubic` times it
///   like `.linear`, `.cubicPaced` like `.paced`.
/// - `keyTimes` are used when there is one per keyframe (or one more, for `.discrete`), each in
///   0...1 and never decreasing; otherwise the keyframes are evenly spaced. *Choice*: they need not
///   start at 0 or end at 1; the first value holds before the first key time, the last after the
///   last one.
/// - `.linear`: n − 1 segments. `.discrete`: n values each held from its key time (i/n without key
///   times) to the next; the last holds to the end. `.paced`: segment durations proportional to
///   `Interpolation.distance` between neighbouring values (arc length for a path), so the speed
///   is constant; `keyTimes` and `timingFunctions` are ignored (*choice*: a type without a distance
///   is evenly spaced). `.cubic`: see `KochanekBartelsSpline`. `.cubicPaced`: that spline at
///   constant speed, by a sampled arc-length table. *Choice*: an unknown mode acts as `.linear`.
/// - `timingFunctions`: the first n − 1 are used, extras ignored, missing segments linear; they do
///   not apply to the discrete and paced modes.
/// - `rotationMode` turns the layer to the path's tangent, atan2(dy, dx) in the y-down layer space
///   (`.rotateAutoReverse`: plus π); only for a path.
/// - Values that cannot be interpolated (flags, strings) switch at mid-segment, as `Interpolation`
///   does; neighbouring values that cannot be combined at all (mismatched types) give nil, and the
///   engine ignores the animation.
struct KeyframeEvaluator {
    private enum Keyframes {
        case values([Any])
        case path(PathSampler)

        var count: Int {
            switch self {
            case .values(let values): return values.count
            case .path(let sampler): return sampler.segments.count + 1
            }
        }
    }

    /// How a fraction of the pass is mapped to a segment.
    private enum Timing {
        /// One keyframe: nothing moves.
        case constant
        /// Each keyframe held from its start time (count = keyframes).
        case discrete(starts: [Double])
        /// Segments by key times, even spacing or distance.
        case timeline(KeyframeTimeline)
        /// A path at constant speed along its whole length.
        case pathLength
        /// The cubic spline at constant speed: its arc-length table.
        case splineLength([Double])
    }

    private let keyframes: Keyframes
    private let timing: Timing
    /// The curve of the cubic modes on values.
    private let spline: KochanekBartelsSpline?
    private let rotationMode: CAAnimationRotationMode?

    /// Nil when there is nothing to animate: no path and no values, a path with no points, or a
    /// value (or path coordinate) that is NaN or infinite.
    init?(values: [Any]?, path: CGPath?, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction]?,
          calculationMode: CAAnimationCalculationMode, tensionValues: [Double]?, continuityValues: [Double]?,
          biasValues: [Double]?, rotationMode: CAAnimationRotationMode?) {
        if let path {
            guard let sampler = PathSampler(path: path) else { return nil }
            keyframes = .path(sampler)
        } else {
            guard let values, !values.isEmpty, values.allSatisfy({ Interpolation.isFinite($0) }) else { return nil }
            keyframes = .values(values)
        }
        self.rotationMode = rotationMode

        let count = keyframes.count
        let segments = count - 1
        var spline: KochanekBartelsSpline?
        let timing: Timing
        switch calculationMode {
        case _ where segments == 0:
            timing = .constant
        case .discrete:
            let starts: [Double]
            if let keyTimes, KeyframeTimeline.areValid(keyTimes, count: count)
                || KeyframeTimeline.areValid(keyTimes, count: count + 1) {
                starts = Array(keyTimes.prefix(count))
            } else {
                starts = (0..<count).map { Double($0) / Double(count) }
            }
            timing = .discrete(starts: starts)
        case .paced, .cubicPaced:
            switch keyframes {
            case .path:
                timing = .pathLength
            case .values(let values) where calculationMode == .paced:
                let distances = (0..<segments).map { Interpolation.distance(values[$0], values[$0 + 1]) }
                timing = .timeline(KeyframeTimeline(proportionalTo: distances))
            case .values(let values):
                let curve = KochanekBartelsSpline(values: values, tensionValues: tensionValues,
                                                  continuityValues: continuityValues, biasValues: biasValues)
                spline = curve
                if let lengths = curve.arcLengths(), lengths[lengths.count - 1] > 0 {
                    timing = .splineLength(lengths)
                } else {
                    timing = .timeline(KeyframeTimeline(evenlySpaced: segments))
                }
            }
        default:
            // .linear, .cubic, and any unknown mode (as linear).
            if calculationMode == .cubic, case .values(let values) = keyframes {
                spline = KochanekBartelsSpline(values: values, tensionValues: tensionValues,
                                               continuityValues: continuityValues, biasValues: biasValues)
            }
            let easings = KeyframeTimeline.easings(timingFunctions, segments: segments)
            timing = .timeline(KeyframeTimeline(keyTimes: keyTimes, segments: segments, easings: easings))
        }
        self.timing = timing
        self.spline = spline
    }

    /// Where fraction `f` of the pass falls: a keyframe held (discrete or constant), or a segment
    /// and the fraction of it covered (eased; for a path, a fraction of the segment's length).
    private enum Position {
        case keyframe(Int)
        case segment(Int, Double)
    }

    private func position(at f: Double) -> Position {
        let f = f.isNaN ? 0 : min(max(f, 0), 1)
        switch timing {
        case .constant:
            return .keyframe(0)
        case .discrete(let starts):
            return .keyframe(starts.lastIndex(where: { $0 <= f }) ?? 0)
        case .timeline(let timeline):
            let (segment, fraction) = timeline.locate(f)
            return .segment(segment, fraction)
        case .pathLength:
            guard case .path(let sampler) = keyframes else { return .keyframe(0) }
            let (segment, fraction) = sampler.locate(length: f * sampler.totalLength)
            return .segment(segment, fraction)
        case .splineLength(let lengths):
            guard let spline else { return .keyframe(0) }
            let (segment, fraction) = spline.locate(fraction: f, in: lengths)
            return .segment(segment, fraction)
        }
    }

    /// The value at fraction `f` (0...1) of one pass. Keyframes are returned as given (same boxed
    /// type); values between them are what `Interpolation` makes. A path gives `CGPoint`s. Nil when
    /// two neighbouring values cannot be combined.
    func value(at f: Double) -> Any? {
        let position = position(at: f)
        switch keyframes {
        case .path(let sampler):
            switch position {
            case .keyframe(let k):
                return k == 0 ? sampler.start : sampler.segments[k - 1].end
            case .segment(let i, let fraction):
                return sampler.point(segment: i, fraction: min(max(fraction, 0), 1))
            }
        case .values(let values):
            switch position {
            case .keyframe(let k):
                return values[k]
            case .segment(let i, let fraction):
                if let spline { return spline.value(segment: i, fraction: fraction) }
                if fraction == 0 { return values[i] }
                if fraction == 1 { return values[i + 1] }
                return Interpolation.interpolate(values[i], values[i + 1], fraction)
            }
        }
    }

    /// For a path with a `rotationMode`: the angle (radians) of the direction of motion at fraction
    /// `f`, atan2(dy, dx) in the y-down layer space, plus π for `.rotateAutoReverse`; nil
    /// otherwise. A held keyframe (discrete mode) faces along the segment that leaves it (the last
    /// one along the segment that reaches it).
    func rotationAngle(at f: Double) -> Double? {
        guard rotationMode == .rotateAuto || rotationMode == .rotateAutoReverse,
              case .path(let sampler) = keyframes else { return nil }
        let reverse = rotationMode == .rotateAutoReverse ? Double.pi : 0
        guard !sampler.segments.isEmpty else { return reverse }
        let angle: Double
        switch position(at: f) {
        case .keyframe(let k):
            angle = k < sampler.segments.count
                ? sampler.tangentAngle(segment: k, fraction: 0)
                : sampler.tangentAngle(segment: k - 1, fraction: 1)
        case .segment(let i, let fraction):
            angle = sampler.tangentAngle(segment: i, fraction: min(max(fraction, 0), 1))
        }
        return angle + reverse
    }
}
