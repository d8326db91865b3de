#if os(Linux)
import CALinuxWaylandClient
import Dispatch
import Glibc

/// Bounded waits for the compositor's answers before the render thread takes over the socket: the
/// start-up roundtrips and the window's first configure. A compositor that accepts the connection
/// but never answers (hung, stopped, not a compositor at all) ends the wait with an error naming the
/// display instead of blocking forever, as `wl_display_roundtrip` would.
extension WaylandConnection {
    /// The default of `answerTimeout`, in seconds.
    static let defaultAnswerTimeout = 5.0

    /// How long the compositor may take to answer, in seconds: `CA_WAYLAND_TIMEOUT` (a Linux addition;
    /// a positive number of seconds, fractions allowed) or 5. A value that is not a positive number is
    /// named on stderr once and the default applies.
    static let answerTimeout: Double = parseAnswerTimeout(getenv("CA_WAYLAND_TIMEOUT").map { String(cString: $0) })

    /// The timeout a `CA_WAYLAND_TIMEOUT` value gives (nil or empty: the default), warning about a bad one.
    static func parseAnswerTimeout(_ value: String?) -> Double {
        guard let value, !value.isEmpty else { return defaultAnswerTimeout }
        guard let seconds = Double(value), seconds.isFinite, seconds > 0 else {
            Diagnostics.warn("CA_WAYLAND_TIMEOUT=\(value) is not a positive number of seconds; using \(formatted(defaultAnswerTimeout)) s")
            return defaultAnswerTimeout
        }
        return min(seconds, 24 * 3600)
    }

    /// Seconds as a person writes them: "5", "0.5".
    static func formatted(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// `wl_display_roundtrip` with a deadline: sends `wl_display.sync` and dispatches events until its
    /// `done` arrives, at most `timeout` seconds.
    /// - Throws: `WaylandError.noAnswer` when the deadline passes, else the connection's error.
    func roundtrip(timeout: Double = answerTimeout) throws {
        guard let callback = wl_display_sync(display) else { throw lastError() }
        defer { wl_callback_destroy(callback) }
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        done.initialize(to: false)
        defer { done.deallocate() }
        wl_callback_add_listener(callback, Self.syncListener, done)
        try dispatch(until: { done.pointee }, timeout: timeout,
                     orThrow: .noAnswer(display: Self.displayName, seconds: Self.formatted(timeout)))
    }

    /// Reads and dispatches the default queue's events until `condition` holds, at most `timeout`
    /// seconds (libwayland's prepare-read / poll / read-events sequence, so no read blocks).
    /// - Throws: `timeoutError` when the deadline passes, else the connection's error.
    func dispatch(until condition: () -> Bool, timeout: Double, orThrow timeoutError: WaylandError) throws {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeout, 0) * 1e9)
        while !condition() {
            while wl_display_prepare_read(display) != 0 {
                guard wl_display_dispatch_pending(display) >= 0 else { throw lastError() }
            }
            if condition() {
                wl_display_cancel_read(display)
                break
            }
            // A full socket (EAGAIN) is flushed again next time round; a broken one (EPIPE) still
            // has the compositor's last words (a protocol error) to read.
            if wl_display_flush(display) < 0, errno != EAGAIN, errno != EPIPE {
                wl_display_cancel_read(display)
                throw lastError()
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else {
                wl_display_cancel_read(display)
                throw timeoutError
            }
            var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: (deadline - now) / 1_000_000 + 1))
            if ready <= 0 {
                wl_display_cancel_read(display)
                if ready < 0, errno != EINTR { throw WaylandError.disconnected(reason: WaylandError.errorString(errno)) }
                continue
            }
            guard wl_display_read_events(display) >= 0,
                  wl_display_dispatch_pending(display) >= 0 else { throw lastError() }
        }
    }

    nonisolated(unsafe) private static let syncListener = makeListener(wl_callback_listener(
        done: { data, _, _ in data?.assumingMemoryBound(to: Bool.self).pointee = true }
    ))
}
#endif
