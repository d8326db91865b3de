import Foundation

/// The guard of the `CAMediaTiming` setters of layers and animations: a value that is not a number
/// is ignored (the property keeps its value), as are infinite `speed`, `timeOffset` and `beginTime`
/// (`duration`, `repeatCount` and `repeatDuration` take infinity: forever). Each ignored kind of
/// value says so once per process on standard error. A NaN speed would freeze an animation that then
/// never ends, and the window would redraw it at full rate forever.
enum TimingValueCheck {
    /// Whether `value` may be stored in `property` ("CALayer.speed"); warns once when not.
    static func accepts<Value: BinaryFloatingPoint>(_ value: Value, _ property: String, allowsInfinity: Bool = false) -> Bool {
        guard value.isNaN || (value.isInfinite && !allowsInfinity) else { return true }
        CARenderBackend.warnOnce("QuartzCore: \(property) = \(value) ignored: timing values must be \(allowsInfinity ? "numbers" : "finite")")
        return false
    }
}
