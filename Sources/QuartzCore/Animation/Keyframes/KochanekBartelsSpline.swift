import Foundation

/// The smooth curve of the cubic calculation modes: a Kochanek–Bartels spline through every
/// keyframe value, one cubic Hermite piece per segment, shaped at each keyframe by its tension,
/// continuity and bias (all 0: a Catmull-Rom spline). Each piece is `Interpolation.cubic` with the
/// tangent leaving a keyframe shaped by that keyframe's parameters and the tangent arriving at the
/// next shaped by the next one's, so it works for every type `Interpolation` has a cubic for
/// (numbers, points, sizes, rects, colors, transforms) and interpolates the rest straight.
///
/// Choices where Apple is silent:
/// - Ends: the first and last keyframes are repeated (p0 = p1 on the first piece, p3 = p2 on the
///   last), so with the default parameters the curve leaves the first value and arrives at the
///   last with half the slope of the neighbouring chord.
/// - Tangents are not rescaled for unequal key times.
struct KochanekBartelsSpline {
    let values: [Any]
    /// One per value.
    let parameters: [KochanekBartels.Parameters]

    /// Missing or non-finite parameters are 0; extra ones are ignored.
    init(values: [Any], tensionValues: [Double]?, continuityValues: [Double]?, biasValues: [Double]?) {
        func parameter(_ array: [Double]?, _ i: Int) -> Double {
            guard let array, i < array.count, array[i].isFinite else { return 0 }
            return array[i]
        }
        self.values = values
        self.parameters = values.indices.map {
            KochanekBartels.Parameters(tension: parameter(tensionValues, $0), continuity: parameter(continuityValues, $0),
                                       bias: parameter(biasValues, $0))
        }
    }

    var segmentCount: Int { values.count - 1 }

    /// The value at fraction `u` of segment `i` (between values[i] and values[i + 1]); `u` may lie
    /// outside 0...1 when an easing overshoots, and the piece is then extrapolated. Nil when the
    /// neighbouring values cannot be combined (mismatched types, a non-finite result).
    func value(segment i: Int, fraction u: Double) -> Any? {
        let p1 = values[i], p2 = values[i + 1]
        if u == 0 { return p1 }
        if u == 1 { return p2 }
        let p0 = i > 0 ? values[i - 1] : p1
        let p3 = i + 2 < values.count ? values[i + 2] : p2
        return Interpolation.cubic(p0, p1, p2, p3, t: u, start: parameters[i], end: parameters[i + 1])
    }

    /// Samples per segment for the arc-length table of `cubicPaced`.
    static let samplesPerSegment = 64

    /// The cumulative distance (`Interpolation.distance`) along the curve at every sample
    /// (`samplesPerSegment` equal parameter steps per segment, first entry 0), or nil when the
    /// type has no distance.
    func arcLengths() -> [Double]? {
        let steps = KochanekBartelsSpline.samplesPerSegment
        var lengths = [0.0]
        lengths.reserveCapacity(segmentCount * steps + 1)
        var previous = values[0]
        for i in 0..<segmentCount {
            for k in 1...steps {
                guard let v = value(segment: i, fraction: Double(k) / Double(steps)),
                      let d = Interpolation.distance(previous, v), d.isFinite, d >= 0 else { return nil }
                lengths.append(lengths[lengths.count - 1] + d)
                previous = v
            }
        }
        return lengths
    }

    /// The segment and the fraction within it reached after `fraction` (0...1) of the curve's
    /// length, from a table made by `arcLengths()` (linear between samples).
    func locate(fraction: Double, in lengths: [Double]) -> (segment: Int, fraction: Double) {
        let steps = KochanekBartelsSpline.samplesPerSegment
        let total = lengths[lengths.count - 1]
        let target = min(max(fraction, 0), 1) * total
        guard target < total else { return (segmentCount - 1, 1) }
        var low = 0, high = lengths.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if lengths[mid] <= target { low = mid } else { high = mid }
        }
        let span = lengths[high] - lengths[low]
        let within = span > 0 ? (target - lengths[low]) / span : 0
        let segment = min(low / steps, segmentCount - 1)
        return (segment, (Double(low - segment * steps) + within) / Double(steps))
    }
}
