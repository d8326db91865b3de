/// Kochanek–Bartels (TCB) splines: the cubic Hermite segment between two keyframes whose tangents are
/// shaped by tension, continuity and bias (Kochanek & Bartels, "Interpolating Splines with Local Tension,
/// Continuity, and Bias Control", SIGGRAPH 1984). With all three zero the tangents are
/// `(p[i+1] - p[i-1]) / 2` and the curve is a Catmull-Rom spline: what `CAKeyframeAnimation`'s
/// `cubic` and `cubicPaced` modes draw through their values.
enum KochanekBartels {
    /// One keyframe's shaping parameters (`tensionValues`, `continuityValues`, `biasValues` entries).
    /// Tension 1 gives zero tangents (the curve stops at the key), −1 loose ones; continuity ±1 makes a
    /// corner; bias −1/+1 leans the tangent towards the next/previous key.
    struct Parameters: Equatable {
        var tension: Double = 0
        var continuity: Double = 0
        var bias: Double = 0
    }

    /// The point at `t` (0...1) of the segment from `p1` to `p2`, `p0` before it and `p3` after it
    /// (callers repeat an end point where there is no neighbour). `start` shapes the tangent leaving
    /// `p1`, `end` the one arriving at `p2`.
    static func point(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, t: Double,
                      start: Parameters, end: Parameters) -> Double {
        // Tangent leaving p1 (the "source" tangent of key 1).
        let s0 = (1 - start.tension) * (1 + start.continuity) * (1 + start.bias) / 2
        let s1 = (1 - start.tension) * (1 - start.continuity) * (1 - start.bias) / 2
        let leaving = s0 * (p1 - p0) + s1 * (p2 - p1)
        // Tangent arriving at p2 (the "destination" tangent of key 2).
        let d0 = (1 - end.tension) * (1 - end.continuity) * (1 + end.bias) / 2
        let d1 = (1 - end.tension) * (1 + end.continuity) * (1 - end.bias) / 2
        let arriving = d0 * (p2 - p1) + d1 * (p3 - p2)
        // Cubic Hermite basis.
        let t2 = t * t, t3 = t2 * t
        let h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t
        let h01 = -2 * t3 + 3 * t2, h11 = t3 - t2
        return h00 * p1 + h10 * leaving + h01 * p2 + h11 * arriving
    }

    /// `point` applied to each component of equally long component lists.
    static func points(_ p0: [Double], _ p1: [Double], _ p2: [Double], _ p3: [Double], t: Double,
                       start: Parameters, end: Parameters) -> [Double] {
        (0..<p1.count).map { i in point(p0[i], p1[i], p2[i], p3[i], t: t, start: start, end: end) }
    }
}
