#if os(Linux)
import Foundation
import Glibc

/// One keyboard's events, from `wl_keyboard` arguments to `WaylandKeyEvent`s: keymap, modifiers,
/// compose, focus, and client-side repeat.
///
/// Free of libwayland objects so it can be driven by tests: the seat's listener calls these methods,
/// `deliverKey`/`deliverFocus` receive the results. Time comes from `clock` (seconds of
/// CLOCK_MONOTONIC by default) and repeat wake-ups go through `scheduleWakeUp` (a main-thread
/// run-loop timer by default): tests inject both.
///
/// Main thread only.
final class KeyboardInput {
    /// Asks to be woken (by a call to `repeatTimerFired()`) at a time on `clock`, or not at all (nil).
    typealias WakeUpScheduler = (_ at: Double?) -> Void

    let xkb: XKBKeyboard
    private var repeater = KeyRepeater()
    private let clock: () -> Double
    private var scheduleWakeUp: WakeUpScheduler
    /// The press being repeated (its serial and timestamp are reused by the repeats).
    private var repeatedPress: (serial: UInt32, timestampMilliseconds: UInt32)?
    /// Whether the window has keyboard focus (between `wl_keyboard.enter` and `leave`).
    private(set) var hasFocus = false

    /// Receives every key event (presses, repeats, releases).
    var deliverKey: ((WaylandKeyEvent) -> Void)?
    /// Receives focus changes: true at `wl_keyboard.enter`, false at `leave`.
    var deliverFocus: ((Bool) -> Void)?

    /// nil when xkbcommon has no context to give (out of memory).
    /// - Parameters:
    ///   - composeLocale: the locale of the compose table (default: the environment's).
    ///   - clock: seconds of CLOCK_MONOTONIC; the default is the clock `CACurrentMediaTime()` reads.
    ///   - scheduleWakeUp: nil for a main-thread run-loop timer.
    init?(composeLocale: String = XKBKeyboard.environmentLocale(), clock: @escaping () -> Double = InputClock.now,
          scheduleWakeUp: WakeUpScheduler? = nil) {
        guard let xkb = XKBKeyboard() else { return nil }
        self.xkb = xkb
        self.clock = clock
        self.scheduleWakeUp = { _ in }
        if let scheduleWakeUp {
            self.scheduleWakeUp = scheduleWakeUp
        } else {
            let timer = RunLoopWakeUp(clock: clock)
            timer.fired = { [weak self] in self?.repeatTimerFired() }
            self.scheduleWakeUp = { timer.schedule(at: $0) }
        }
        xkb.loadComposeTable(locale: composeLocale)
    }

    deinit {
        scheduleWakeUp(nil)
    }

    // MARK: wl_keyboard events

    /// `wl_keyboard.keymap` with format `xkb_v1`: the keymap text, `size` bytes including the final
    /// NUL, in a file mapped privately (required from version 7, where the fd is read-only). Closes `fd`.
    func keymap(fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard size > 0 else { return }
        guard let mapping = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), mapping != MAP_FAILED else {
            Diagnostics.warn("cannot map the keyboard's keymap: \(WaylandError.errorString(errno))")
            return
        }
        defer { munmap(mapping, Int(size)) }
        let text = mapping.assumingMemoryBound(to: CChar.self)
        let length = strnlen(text, Int(size))
        if !xkb.loadKeymap(text: text, length: length) {
            Diagnostics.warn("the compositor's keymap does not compile; keys are ignored")
        }
        stopRepeat()
    }

    /// Whether the keys held at the first `enter` are delivered as presses: true for a keyboard that
    /// appeared while the window was already up (a hot-plugged device, or a virtual keyboard such as
    /// `wtype`'s, which presses its key at once: the press happened while this window had the seat's
    /// focus, before the client had a `wl_keyboard` to receive it).
    var deliversKeysHeldAtFirstEnter = false
    private var hasEntered = false

    /// `wl_keyboard.enter`: the window has focus. Keys already down (`heldKeys`, evdev codes) were
    /// pressed elsewhere and are not delivered, as other toolkits do (a launcher's Enter must not
    /// reach the window it opened) — except at the first enter of a keyboard that appeared while the
    /// window was up (`deliversKeysHeldAtFirstEnter`), where they are delivered as presses.
    func enter(serial: UInt32 = 0, heldKeys: [UInt32] = []) {
        let isFirst = !hasEntered
        hasEntered = true
        hasFocus = true
        deliverFocus?(true)
        guard isFirst, deliversKeysHeldAtFirstEnter else { return }
        for keyCode in heldKeys {
            key(serial: serial, timestampMilliseconds: 0, keyCode: keyCode, state: 1)
        }
    }

    /// `wl_keyboard.leave`: focus is gone; a repeating key stops and a compose sequence is dropped.
    func leave() {
        hasFocus = false
        stopRepeat()
        xkb.resetCompose()
        deliverFocus?(false)
    }

    /// `wl_keyboard.key`; `state` is `wl_keyboard.key_state`: 1 pressed, 0 released.
    func key(serial: UInt32, timestampMilliseconds: UInt32, keyCode: UInt32, state: UInt32) {
        guard xkb.hasKeymap else { return }
        let now = clock()
        let modifiers = xkb.modifiers
        if state == 1 {  // WL_KEYBOARD_KEY_STATE_PRESSED
            let translation = xkb.press(keyCode)
            repeater.keyPressed(keyCode, repeats: xkb.keyRepeats(keyCode), at: now)
            repeatedPress = repeater.repeatingKey == nil ? nil : (serial, timestampMilliseconds)
            scheduleWakeUp(repeater.nextFireTime)
            deliverKey?(WaylandKeyEvent(state: .pressed, keyCode: keyCode, keysym: translation.keysym,
                                        text: translation.text, modifiers: modifiers, serial: serial,
                                        timestampMilliseconds: timestampMilliseconds, time: now))
        } else {
            let translation = xkb.translate(keyCode)
            if repeater.repeatingKey == keyCode {
                repeater.keyReleased(keyCode)
                repeatedPress = nil
                scheduleWakeUp(nil)
            }
            deliverKey?(WaylandKeyEvent(state: .released, keyCode: keyCode, keysym: translation.keysym, text: nil,
                                        modifiers: modifiers, serial: serial,
                                        timestampMilliseconds: timestampMilliseconds, time: now))
        }
    }

    /// `wl_keyboard.modifiers`.
    func modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        xkb.updateModifiers(depressed: depressed, latched: latched, locked: locked, group: group)
    }

    /// `wl_keyboard.repeat_info`: repeats per second (0: none) and the delay before the first, in ms.
    func repeatInfo(rate: Int32, delay: Int32) {
        repeater.setRepeatInfo(rate: rate, delay: delay)
        repeatedPress = nil
        scheduleWakeUp(nil)
    }

    // MARK: Repeat

    /// The repeat wake-up: delivers a repeat if one is due and asks for the next.
    func repeatTimerFired() {
        let now = clock()
        guard let keyCode = repeater.fire(at: now), let press = repeatedPress else {
            scheduleWakeUp(repeater.nextFireTime)
            return
        }
        // Re-translated with the modifiers of now (Shift pressed while holding a letter changes it),
        // without compose: a repeat does not take part in a sequence.
        let translation = xkb.translate(keyCode)
        scheduleWakeUp(repeater.nextFireTime)
        deliverKey?(WaylandKeyEvent(state: .pressed, keyCode: keyCode, keysym: translation.keysym,
                                    text: translation.text, modifiers: xkb.modifiers, isRepeat: true,
                                    serial: press.serial, timestampMilliseconds: press.timestampMilliseconds,
                                    time: now))
    }

    /// The key being repeated, if any (for tests and diagnostics).
    var repeatingKey: UInt32? { repeater.repeatingKey }

    private func stopRepeat() {
        repeater.stop()
        repeatedPress = nil
        scheduleWakeUp(nil)
    }
}

/// A one-shot main-thread run-loop timer re-armed for a time on a monotonic clock (Foundation's
/// `Timer` counts an interval, which is what the difference to that time gives).
private final class RunLoopWakeUp {
    private let clock: () -> Double
    private var timer: Timer?
    var fired: (() -> Void)?

    init(clock: @escaping () -> Double) {
        self.clock = clock
    }

    deinit {
        timer?.invalidate()
    }

    func schedule(at time: Double?) {
        timer?.invalidate()
        timer = nil
        guard let time else { return }
        let delay = max(0, time - clock())
        // Timer(timeInterval:) fires at once on Linux; give the fire date explicitly.
        let timer = Timer(fire: Date(timeIntervalSinceNow: delay), interval: 0, repeats: false) { [weak self] _ in
            self?.timer = nil
            self?.fired?()
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }
}
#endif
