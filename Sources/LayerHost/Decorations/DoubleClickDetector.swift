/// Tells a double-click from two single clicks: a second press within `interval` seconds and
/// `distance` points of the first (a Linux addition for the title bar; pure, tested alone).
///
/// A press that completes a double-click resets the detector, so a third press starts anew.
struct DoubleClickDetector {
    /// The longest time between the two presses, in seconds.
    static let interval: Double = 0.4
    /// How far apart the two presses may be, in points on either axis.
    static let distance: Double = 4

    private var lastPress: (time: Double, x: Double, y: Double)?

    /// Records a press at `time` (seconds, any monotonic clock) and point (`x`, `y`); returns true
    /// when it is the second press of a double-click.
    mutating func press(time: Double, x: Double, y: Double) -> Bool {
        if let last = lastPress, time - last.time >= 0, time - last.time <= Self.interval,
           abs(x - last.x) <= Self.distance, abs(y - last.y) <= Self.distance {
            lastPress = nil
            return true
        }
        lastPress = (time, x, y)
        return false
    }

    /// Forgets the last press (the pointer left, or the press became a drag).
    mutating func reset() {
        lastPress = nil
    }
}
