import CoreGraphics

/// The timing of a layer or an animation: how its local time derives from its parent's.
///
/// For a layer, local time = (parent time - `beginTime`) * `speed` + `timeOffset`, applied from the
/// root layer (whose parent time is `CACurrentMediaTime()`) down to the layer, so a layer's timing
/// affects all its descendants and their animations.
public protocol CAMediaTiming {
    /// When the object begins, in its parent's time (seconds).
    var beginTime: CFTimeInterval { get set }
    /// The length of one repetition in seconds (0 for a layer: no intrinsic duration).
    var duration: CFTimeInterval { get set }
    /// How fast local time runs relative to the parent's (2 = twice as fast; 0 = paused).
    var speed: Float { get set }
    /// An offset added to local time (seconds), e.g. the paused time when `speed` is 0.
    var timeOffset: CFTimeInterval { get set }
    /// How many times to repeat (0 = once; may be fractional or `.infinity`).
    var repeatCount: Float { get set }
    /// How long to repeat in total (seconds), instead of `repeatCount`.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each repetition plays forwards then backwards.
    var autoreverses: Bool { get set }
    /// What is shown outside the active interval.
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What a timed object shows before it begins and after it ends.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Nothing outside the active interval (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// The final state after the end.
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// The initial state before the beginning.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}
