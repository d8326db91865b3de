/// The cubic Bézier curve of a timing function, from (0, 0) through the control points to (1, 1),
/// read as a function y(x).
///
/// The curve is parametric: x(s) and y(s) for s in 0...1. A timing function's progress at an
/// elapsed-time fraction x is y(s) where x(s) = x, never y evaluated at x. Finding s is the work:
/// Newton's method converges in a few steps where the curve is steep enough in x, and bisection,
/// which cannot fail because x(s) is monotonic when both control x values lie in 0...1, takes over
/// where x'(s) is (nearly) zero, as at the flat ends of ease-in (0.42, 0, 1, 1) or of the clock tick
/// (1, 0, 0.75, 1). Either way s is found to about 1e-14, so y is within about 1e-13 of the exact
/// value, well inside the 1e-6 the timing functions promise.
struct CubicBezierSolver: Hashable, Sendable {
    // Power-basis coefficients: x(s) = ((ax s + bx) s + cx) s, likewise y.
    private let ax, bx, cx: Double
    private let ay, by, cy: Double

    /// A curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1). The x values are clamped to 0...1, which
    /// keeps x(s) monotonic, hence y a function of x; y values may lie outside 0...1 (overshoot).
    init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        let x1 = Self.clampUnit(c1x), x2 = Self.clampUnit(c2x)
        let y1 = c1y.isFinite ? c1y : 0, y2 = c2y.isFinite ? c2y : 1
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// y for `x`: `x` is clamped to 0...1 (0 for NaN), so the result is 0 at and below 0 and 1 at and above 1.
    func y(atX x: Double) -> Double {
        guard x > 0 else { return 0 }      // also NaN
        guard x < 1 else { return 1 }
        // y(s) = x(s) for every s (the control points lie on the diagonal, as linear's do): y = x.
        if ax == ay && bx == by && cx == cy { return x }
        return y(atParameter: parameter(forX: x))
    }

    /// x(s).
    func x(atParameter s: Double) -> Double { ((ax * s + bx) * s + cx) * s }

    /// y(s).
    func y(atParameter s: Double) -> Double { ((ay * s + by) * s + cy) * s }

    /// dx/ds at s.
    private func dx(atParameter s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// The parameter s in 0...1 with x(s) = x, for x in 0...1.
    func parameter(forX x: Double) -> Double {
        // Newton from s = x (exact for the linear curve). A step is kept only while the slope is
        // large enough that the error in s (|x error| / slope) stays tiny.
        var s = x
        for _ in 0..<8 {
            let error = self.x(atParameter: s) - x
            let slope = dx(atParameter: s)
            if slope < 1e-6 { break }
            if abs(error) < 1e-15 { return s }
            s -= error / slope
            if !(s >= 0 && s <= 1) { break }
        }
        // Bisection on 0...1: x(s) is non-decreasing, x(0) = 0 <= x <= 1 = x(1).
        var lo = 0.0, hi = 1.0
        s = 0.5
        while hi - lo > 1e-14 {
            s = 0.5 * (lo + hi)
            if self.x(atParameter: s) < x { lo = s } else { hi = s }
        }
        return 0.5 * (lo + hi)
    }

    private static func clampUnit(_ v: Double) -> Double {
        guard v.isFinite else { return v == .infinity ? 1 : 0 }
        return min(max(v, 0), 1)
    }
}
