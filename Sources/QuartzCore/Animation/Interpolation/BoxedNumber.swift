import Foundation

/// A number read out of an `Any`, with the way to box a result back as the same numeric type.
///
/// - Floating-point types (`CGFloat`, `Double`, `Float`, ...) come back as themselves.
/// - Integer types (`Int`, `Int32`, ...) come back as themselves, rounded to the nearest integer
///   (halves away from zero), or nil when the result does not fit the type; so an integer property
///   steps through whole values instead of taking a fraction its setter would refuse.
/// - A scalar `NSNumber` comes back as `CGFloat`, the type of the layer properties it stands for
///   (Apple boxes them in `NSNumber`); inside an array it stays an `NSNumber` (see `ComponentVector`).
/// - `Bool` is not a number here: flags switch discretely.
struct BoxedNumber {
    let value: Double
    /// Boxes a result as the number's own type; nil when it does not fit (integer out of range, NaN).
    let box: (Double) -> Any?

    init?(_ value: Any, nsNumberAs nsNumberBox: @escaping (Double) -> Any? = { CGFloat($0) }) {
        // Class check first: on some platforms an `NSNumber` also casts to the Swift numeric types.
        if type(of: value) is NSNumber.Type, let n = value as? NSNumber {
            self.value = n.doubleValue
            self.box = nsNumberBox
            return
        }
        if type(of: value) == Bool.self { return nil }
        if let x = value as? any BinaryFloatingPoint {
            (self.value, self.box) = Self.floatingPoint(x)
        } else if let x = value as? any BinaryInteger {
            (self.value, self.box) = Self.integer(x)
        } else {
            return nil
        }
    }

    private static func floatingPoint<T: BinaryFloatingPoint>(_ x: T) -> (Double, (Double) -> Any?) {
        (Double(x), { T($0) })
    }

    private static func integer<T: BinaryInteger>(_ x: T) -> (Double, (Double) -> Any?) {
        (Double(x), { T(exactly: $0.rounded(.toNearestOrAwayFromZero)) })
    }
}
