/// How a `CAKeyframeAnimation` computes the values between its keyframes.
///
/// - `linear`: straight interpolation between neighbouring keyframes, each segment timed by
///   `keyTimes` (evenly spaced without them) and eased by its entry in `timingFunctions`.
/// - `discrete`: no interpolation; each value holds from its key time until the next one.
/// - `paced`: linear, at constant speed over the whole animation; `keyTimes` and
///   `timingFunctions` are ignored.
/// - `cubic`: a smooth Kochanek–Bartels spline through every keyframe, shaped by `tensionValues`,
///   `continuityValues` and `biasValues`; uses `keyTimes` and `timingFunctions`.
/// - `cubicPaced`: the cubic spline traversed at constant speed; `keyTimes` and `timingFunctions`
///   are ignored.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// How a layer animated along a `CAKeyframeAnimation.path` is turned to follow the path.
///
/// - `rotateAuto`: the layer's x axis follows the path's tangent (the direction of motion).
/// - `rotateAutoReverse`: the same, turned by a further half turn (the layer faces backwards).
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}
