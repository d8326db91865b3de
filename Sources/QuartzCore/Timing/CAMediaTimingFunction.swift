import Foundation

/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Constant pace: control points (0, 0) and (1, 1); the same as a nil `timingFunction`.
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Starts slowly and ends abruptly: (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Starts abruptly and slows to a stop: (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow at both ends: (0.42, 0) and (0.58, 1); UIKit's default curve.
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The curve of implicit layer actions: (0.25, 0.1) and (0.25, 1), a quicker start and a longer
    /// settle than `easeInEaseOut`. (Explicit animations default to nil, which is linear.)
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// The pacing of an animation: a cubic Bézier curve from (0, 0) to (1, 1) mapping the elapsed
/// fraction of a pass (x) to the fraction of the change shown (y).
///
/// The curve is evaluated by solving x(s) = x for the curve parameter s and returning y(s)
/// (`CubicBezierSolver`), accurate to 1e-6 even where the curve is flat in x at an end. Two timing
/// functions are equal when their control points are. Instances are immutable.
open class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    /// The control points c1 and c2, as given (Apple's API stores them as `Float`).
    private let c1x, c1y, c2x, c2y: Float
    let solver: CubicBezierSolver

    /// One of the predefined functions. A name Core Animation does not define gives the linear function.
    public convenience init(name: CAMediaTimingFunctionName) {
        let p = Self.controlPoints(named: name)
        self.init(controlPoints: p.0, p.1, p.2, p.3)
    }

    /// The curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1). The x values are read clamped to
    /// 0...1 when the curve is evaluated (a timing curve must be a function of x); y values outside
    /// 0...1 overshoot. `getControlPoint(at:values:)` returns the values as given.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x; self.c1y = c1y; self.c2x = c2x; self.c2y = c2y
        solver = CubicBezierSolver(c1x: Double(c1x), c1y: Double(c1y), c2x: Double(c2x), c2y: Double(c2y))
        super.init()
    }

    /// Writes the control point at `idx` into `ptr[0]` (x) and `ptr[1]` (y): 0 is (0, 0), 1 is c1, 2 is
    /// c2, 3 is (1, 1). An index outside 0...3 leaves the memory untouched.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (c1x, c1y)
        case 2: point = (c2x, c2y)
        case 3: point = (1, 1)
        default: return
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// The progress (y) at the elapsed fraction `x` of a pass; `x` is clamped to 0...1 and NaN reads
    /// as 0. Accurate to 1e-6.
    func progress(at x: Double) -> Double {
        solver.y(atX: x)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return c1x == other.c1x && c1y == other.c1y && c2x == other.c2x && c2y == other.c2y
    }

    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(c1x); hasher.combine(c1y); hasher.combine(c2x); hasher.combine(c2y)
        return hasher.finalize()
    }

    open override var description: String {
        "<CAMediaTimingFunction: (\(c1x), \(c1y)) (\(c2x), \(c2y))>"
    }

    /// Apple's control points for the predefined names (c1x, c1y, c2x, c2y).
    static func controlPoints(named name: CAMediaTimingFunctionName) -> (Float, Float, Float, Float) {
        switch name {
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInEaseOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        default: return (0, 0, 1, 1)
        }
    }
}
