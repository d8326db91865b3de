#if os(Linux)
import Glibc

/// The clock input events are stamped with: CLOCK_MONOTONIC in seconds, the clock
/// `CACurrentMediaTime()` reads (while `CAMediaClock` is not frozen), so an event's `time` compares
/// directly with media times.
///
/// Wayland's own event times are milliseconds of an unspecified base (often, but not promised to be,
/// CLOCK_MONOTONIC); they are kept as `timestampMilliseconds` for deltas between events of one device,
/// and each event is stamped with this clock when it is dispatched on the main thread.
enum InputClock {
    /// Seconds of CLOCK_MONOTONIC now.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
#endif
