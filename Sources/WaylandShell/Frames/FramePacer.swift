#if os(Linux)
/// Predicts when the frame being drawn will be presented: its *target time*, at which animations
/// are evaluated. Pure logic (times in, times out) so it can be tested on its own.
///
/// Times are seconds of CLOCK_MONOTONIC, the clock of `CACurrentMediaTime()`.
/// - With `wp_presentation` feedback (on a monotonic clock): the output presents at
///   `presented + k·refresh`; the target is the first such time after now.
/// - Otherwise from `wl_callback.done` timestamps (milliseconds, base unspecified by the protocol;
///   compositors use CLOCK_MONOTONIC, other bases are mapped by the offset seen at the first one):
///   the compositor repainted at that time, so the next presentation is one refresh later, and the
///   refresh interval is estimated from the spacing of consecutive callbacks.
/// - Before any of that: now plus one nominal refresh (60 Hz).
struct FramePacer {
    /// The nominal refresh interval until one is known, seconds.
    static let defaultRefresh = 1.0 / 60

    /// The refresh interval in seconds, from presentation feedback or estimated from callbacks.
    private(set) var refresh = FramePacer.defaultRefresh
    /// The refresh was reported by the compositor (not estimated).
    private(set) var refreshIsReported = false
    /// The latest presentation time reported.
    private(set) var lastPresented: Double?
    /// The latest frame callback time, mapped to CLOCK_MONOTONIC seconds.
    private(set) var lastCallback: Double?
    private var callbackClockOffset: Double?
    private var intervals: [Double] = []

    /// A `wp_presentation_feedback.presented` on the monotonic clock; `refresh` 0 = unknown.
    mutating func presented(at time: Double, refresh newRefresh: Double) {
        lastPresented = time
        if newRefresh > 0.001, newRefresh < 1 {
            refresh = newRefresh
            refreshIsReported = true
        }
    }

    /// A `wl_callback.done` with the compositor's millisecond timestamp, received at `now`.
    mutating func frameCallback(milliseconds: UInt32, now: Double) {
        let raw = Double(milliseconds) / 1000
        if callbackClockOffset == nil { callbackClockOffset = abs(raw - now) < 1 ? 0 : now - raw }
        var time = raw + (callbackClockOffset ?? 0)
        if time > now + 0.1 || time < now - 1 {   // wrapped or a different clock after all: resync
            callbackClockOffset = now - raw
            time = now
        }
        if let last = lastCallback {
            let delta = time - last
            if delta > 0.002, delta < 0.25 {
                intervals.append(delta)
                if intervals.count > 8 { intervals.removeFirst() }
                if !refreshIsReported { refresh = intervals.min() ?? refresh }
            }
        }
        lastCallback = time
    }

    /// The predicted presentation time of a frame committed at `now`.
    func targetTime(now: Double) -> Double {
        if let presented = lastPresented, now - presented < 1 {
            let steps = ((now - presented) / refresh).rounded(.down) + 1
            return presented + steps * refresh
        }
        if let callback = lastCallback, now - callback < refresh {
            return callback + refresh
        }
        return now + refresh
    }
}
#endif
