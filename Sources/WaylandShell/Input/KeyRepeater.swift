#if os(Linux)
/// Client-side key repeat: Wayland sends one press and one release, and `wl_keyboard.repeat_info`
/// says how the client should repeat in between (a delay, then a rate).
///
/// Pure timing logic on a clock the caller passes in (seconds of CLOCK_MONOTONIC in the app, any
/// numbers in tests); the keyboard drives it with a main-thread run-loop timer set to `nextFireTime`.
///
/// Repeats fall at `press + delay + k / rate` (k = 0, 1, ...). When the caller is late by more than a
/// period (a blocked main thread), the late repeats are coalesced into one and the schedule restarts
/// from `now`, so a stall never floods the app with a burst of key events.
struct KeyRepeater {
    /// Repeats per second; 0 disables repeating (`wl_keyboard.repeat_info` rate 0).
    private(set) var rate: Int32
    /// Milliseconds from the press to the first repeat.
    private(set) var delay: Int32
    /// The evdev code of the key being repeated, if any.
    private(set) var repeatingKey: UInt32?
    /// When the next repeat is due (seconds on the caller's clock), or nil when nothing repeats.
    private(set) var nextFireTime: Double?

    /// Before `repeat_info` arrives (and for keyboards older than version 4, which never send it):
    /// 25 repeats per second after 600 ms, the X server's and weston's defaults.
    init(rate: Int32 = 25, delay: Int32 = 600) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
    }

    private var interval: Double { 1 / Double(rate) }

    /// `wl_keyboard.repeat_info`. A key already repeating stops (the new timing applies to the next press).
    mutating func setRepeatInfo(rate: Int32, delay: Int32) {
        self.rate = max(0, rate)
        self.delay = max(0, delay)
        stop()
    }

    /// A key went down at `now`. `repeats` is whether the keymap repeats this key
    /// (`xkb_keymap_key_repeats`: not for modifiers). Another key's repeat stops either way.
    mutating func keyPressed(_ key: UInt32, repeats: Bool, at now: Double) {
        stop()
        guard repeats, rate > 0 else { return }
        repeatingKey = key
        nextFireTime = now + Double(delay) / 1000
    }

    /// A key went up; the repeat stops if it was that key.
    mutating func keyReleased(_ key: UInt32) {
        if key == repeatingKey { stop() }
    }

    /// Stops repeating (key release, focus loss, keymap change).
    mutating func stop() {
        repeatingKey = nil
        nextFireTime = nil
    }

    /// The key to repeat if a repeat is due at `now` (then the schedule advances), nil otherwise.
    mutating func fire(at now: Double) -> UInt32? {
        guard let key = repeatingKey, let due = nextFireTime, now >= due else { return nil }
        var next = due + interval
        if next <= now { next = now + interval }  // late by more than a period: coalesce
        nextFireTime = next
        return key
    }
}
#endif
