import Foundation

/// The material and motion properties of one item in the space: `UIDynamicItemBehavior`'s defaults,
/// overridden by each item behavior that holds the item, in the order the animator runs them.
struct DynamicItemProperties: Equatable {
    var elasticity: Double = 0
    var friction: Double = 0
    var density: Double = 1
    var resistance: Double = 0
    var angularResistance: Double = 0
    var allowsRotation = true
    var isAnchored = false
}

/// Numbers from the public API, made safe for Chipmunk (whose debug build aborts on NaN).
enum DynamicsNumber {
    /// `value` when finite, else `fallback`.
    static func finite(_ value: Double, _ fallback: Double = 0) -> Double { value.isFinite ? value : fallback }
    /// `value` when finite and not below 0, else `fallback`.
    static func nonNegative(_ value: Double, _ fallback: Double = 0) -> Double { value.isFinite && value >= 0 ? value : fallback }
    /// `value` within `range` (its lower bound for NaN).
    static func clamped(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
    }

    /// The largest acceleration (points/s²) or force a behavior applies, and the largest speed
    /// (points/s, radians/s) a body keeps: far beyond anything on screen, they keep Chipmunk's
    /// numbers finite (its debug build aborts on an infinite velocity).
    static let maxAcceleration = 1e9, maxSpeed = 1e7, maxAngularSpeed = 1e5
    /// The farthest from the origin an item's centre is taken, in points (a billion).
    static let maxPosition = 1e9
}
