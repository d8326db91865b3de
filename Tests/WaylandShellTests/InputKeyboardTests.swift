#if os(Linux)
import Foundation
import XCTest
@testable import WaylandShell

/// Keys through xkbcommon with real keymaps compiled from the system's xkeyboard-config data (the
/// `xkb-data` package), and `KeyboardInput` (repeat, focus) on an injected clock.
final class InputKeyboardTests: XCTestCase {
    // Linux evdev key codes (linux/input-event-codes.h).
    private let keyEscape: UInt32 = 1
    private let keyQ: UInt32 = 16
    private let keyE: UInt32 = 18
    private let keyA: UInt32 = 30
    private let keyApostrophe: UInt32 = 40
    private let keyLeftShift: UInt32 = 42
    private let keySpace: UInt32 = 57
    private let keyLeft: UInt32 = 105

    private func keyboard(layout: String = "us", variant: String = "") throws -> XKBKeyboard {
        guard FileManager.default.fileExists(atPath: "/usr/share/X11/xkb/rules/evdev") else {
            throw XCTSkip("no xkeyboard-config data in /usr/share/X11/xkb (apt-get install xkb-data)")
        }
        let xkb = try XCTUnwrap(XKBKeyboard())
        XCTAssertTrue(xkb.loadKeymap(layout: layout, variant: variant), "the \(layout) \(variant) keymap compiles")
        return xkb
    }

    func testLettersTypeTheirTextAndShiftCapitalises() throws {
        let xkb = try keyboard()
        XCTAssertEqual(xkb.translate(keyQ), .init(keysym: WaylandKeysym("q"), text: "q"))
        XCTAssertEqual(xkb.modifiers, [])
        xkb.updateModifiers(depressed: xkb.modifierMask("Shift"), latched: 0, locked: 0, group: 0)
        XCTAssertEqual(xkb.modifiers, .shift)
        XCTAssertEqual(xkb.translate(keyQ), .init(keysym: WaylandKeysym("Q"), text: "Q"))
        XCTAssertEqual(xkb.translate(keyQ).keysym.lowercased, WaylandKeysym("q"))
    }

    func testSpecialKeysHaveKeysymsAndNoOrControlText() throws {
        let xkb = try keyboard()
        XCTAssertEqual(xkb.translate(keySpace), .init(keysym: .space, text: " "))
        XCTAssertEqual(xkb.translate(keyLeft), .init(keysym: .left, text: nil))
        XCTAssertEqual(xkb.translate(keyEscape).keysym, .escape)
        XCTAssertEqual(WaylandKeysym.escape.name, "Escape")
        XCTAssertEqual(WaylandKeysym(name: "Left"), .left)
    }

    func testModifierNamesMapToTheirOptions() throws {
        let xkb = try keyboard()
        let all = xkb.modifierMask("Shift") | xkb.modifierMask("Control") | xkb.modifierMask("Mod1") | xkb.modifierMask("Mod4")
        xkb.updateModifiers(depressed: all, latched: 0, locked: xkb.modifierMask("Lock"), group: 0)
        XCTAssertEqual(xkb.modifiers, [.shift, .control, .alt, .logo, .capsLock])
    }

    func testModifiersDoNotRepeatLettersDo() throws {
        let xkb = try keyboard()
        XCTAssertTrue(xkb.keyRepeats(keyA))
        XCTAssertFalse(xkb.keyRepeats(keyLeftShift))
    }

    func testASecondLayoutGroupTypesItsOwnLetters() throws {
        let xkb = try keyboard(layout: "us,de")
        xkb.updateModifiers(depressed: 0, latched: 0, locked: 0, group: 1)
        XCTAssertEqual(xkb.translate(21).text, "z", "KEY_Y types z on the German layout")
    }

    func testDeadAcuteThenEComposesEAcute() throws {
        let xkb = try keyboard(layout: "us", variant: "intl")  // the apostrophe key is dead_acute
        guard xkb.loadComposeTable(locale: "en_US.UTF-8") else {
            throw XCTSkip("no compose table for en_US.UTF-8 or C (libx11-data's /usr/share/X11/locale)")
        }
        let dead = xkb.press(keyApostrophe)
        XCTAssertEqual(dead.keysym, WaylandKeysym(name: "dead_acute"))
        XCTAssertNil(dead.text, "inside the sequence nothing is typed")
        XCTAssertEqual(xkb.press(keyE), .init(keysym: WaylandKeysym(name: "eacute")!, text: "é"))
        XCTAssertEqual(xkb.press(keyE), .init(keysym: WaylandKeysym("e"), text: "e"), "the sequence is over")
    }

    func testACancelledComposeSequenceTypesNothing() throws {
        let xkb = try keyboard(layout: "us", variant: "intl")
        guard xkb.loadComposeTable(locale: "en_US.UTF-8") else { throw XCTSkip("no compose table") }
        _ = xkb.press(keyApostrophe)
        XCTAssertNil(xkb.press(keyLeft).text)
        XCTAssertEqual(xkb.press(keyE).text, "e", "after the cancel, keys type again")
    }

    func testTheEnvironmentLocaleFallsBackToC() {
        let saved = ["LC_ALL", "LC_CTYPE", "LANG"].map { ($0, ProcessInfo.processInfo.environment[$0]) }
        defer { for (name, value) in saved { if let value { setenv(name, value, 1) } else { unsetenv(name) } } }
        for (name, _) in saved { unsetenv(name) }
        XCTAssertEqual(XKBKeyboard.environmentLocale(), "C")
        setenv("LANG", "de_DE.UTF-8", 1)
        XCTAssertEqual(XKBKeyboard.environmentLocale(), "de_DE.UTF-8")
        setenv("LC_ALL", "fr_FR.UTF-8", 1)
        XCTAssertEqual(XKBKeyboard.environmentLocale(), "fr_FR.UTF-8")
    }

    // MARK: KeyboardInput

    /// A keyboard with the "us" keymap delivered through a file descriptor as the compositor does,
    /// on a clock the test moves, with repeat wake-ups recorded instead of scheduled.
    private final class Harness {
        var now = 100.0
        var wakeUps: [Double?] = []
        var keys: [WaylandKeyEvent] = []
        var focus: [Bool] = []
        var input: KeyboardInput!
    }

    private func harness() throws -> Harness {
        let reference = try keyboard()
        let text = try XCTUnwrap(reference.keymapText)
        let harness = Harness()
        harness.input = try XCTUnwrap(KeyboardInput(composeLocale: "C", clock: { [unowned harness] in harness.now },
                                                    scheduleWakeUp: { [weak harness] in harness?.wakeUps.append($0) }))
        harness.input.deliverKey = { [unowned harness] in harness.keys.append($0) }
        harness.input.deliverFocus = { [unowned harness] in harness.focus.append($0) }
        // The compositor's way: an anonymous shared-memory file holding the keymap and its NUL.
        let bytes = Array(text.utf8) + [0]
        let fd = try SharedMemoryFile.create(size: bytes.count).get()
        XCTAssertEqual(bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }, bytes.count)
        harness.input.keymap(fd: fd, size: UInt32(bytes.count))
        XCTAssertTrue(harness.input.xkb.hasKeymap)
        return harness
    }

    func testAKeymapFromAFileDescriptorTranslatesKeys() throws {
        let h = try harness()
        h.input.enter()
        h.input.key(serial: 5, timestampMilliseconds: 777, keyCode: keyQ, state: 1)
        h.input.key(serial: 6, timestampMilliseconds: 850, keyCode: keyQ, state: 0)
        XCTAssertEqual(h.focus, [true])
        XCTAssertEqual(h.keys, [
            WaylandKeyEvent(state: .pressed, keyCode: keyQ, keysym: WaylandKeysym("q"), text: "q", modifiers: [],
                            serial: 5, timestampMilliseconds: 777, time: 100),
            WaylandKeyEvent(state: .released, keyCode: keyQ, keysym: WaylandKeysym("q"), text: nil, modifiers: [],
                            serial: 6, timestampMilliseconds: 850, time: 100),
        ])
    }

    func testAHeldKeyRepeatsAtTheRateAfterTheDelayUntilReleased() throws {
        let h = try harness()
        h.input.repeatInfo(rate: 20, delay: 400)
        h.input.enter()
        h.input.key(serial: 1, timestampMilliseconds: 0, keyCode: keyA, state: 1)
        XCTAssertEqual(h.wakeUps.last!!, 100.4, accuracy: 1e-9)
        h.now = 100.4
        h.input.repeatTimerFired()
        XCTAssertEqual(h.wakeUps.last!!, 100.45, accuracy: 1e-9)
        h.now = 100.45
        h.input.repeatTimerFired()
        XCTAssertEqual(h.keys.map(\.isRepeat), [false, true, true])
        XCTAssertEqual(h.keys.map(\.text), ["a", "a", "a"])
        XCTAssertEqual(h.keys[2].time, 100.45)
        XCTAssertEqual(h.keys[2].serial, 1, "a repeat carries its press's serial")

        h.input.key(serial: 2, timestampMilliseconds: 500, keyCode: keyA, state: 0)
        XCTAssertEqual(h.wakeUps.last!, nil, "release cancels the wake-up")
        h.now = 101
        h.input.repeatTimerFired()
        XCTAssertEqual(h.keys.count, 4, "no repeat after the release")
    }

    func testARepeatUsesTheModifiersOfNow() throws {
        let h = try harness()
        h.input.key(serial: 1, timestampMilliseconds: 0, keyCode: keyA, state: 1)
        h.input.modifiers(depressed: h.input.xkb.modifierMask("Shift"), latched: 0, locked: 0, group: 0)
        h.now += 0.6
        h.input.repeatTimerFired()
        XCTAssertEqual(h.keys.last?.text, "A")
        XCTAssertEqual(h.keys.last?.modifiers, .shift)
    }

    func testLosingFocusStopsTheRepeat() throws {
        let h = try harness()
        h.input.enter()
        h.input.key(serial: 1, timestampMilliseconds: 0, keyCode: keyA, state: 1)
        h.input.leave()
        XCTAssertEqual(h.focus, [true, false])
        XCTAssertNil(h.input.repeatingKey)
        XCTAssertEqual(h.wakeUps.last!, nil)
    }

    func testKeysHeldAtEnterWerePressedElsewhereAndAreNotDelivered() throws {
        let h = try harness()
        h.input.enter(serial: 3, heldKeys: [keyQ])
        h.input.key(serial: 4, timestampMilliseconds: 10, keyCode: keyQ, state: 0)
        XCTAssertEqual(h.keys.map(\.state), [.released], "only the release, as other toolkits do")
    }

    func testAKeyboardThatAppearsWhileTheWindowIsUpDeliversItsHeldKeysAtTheFirstEnter() throws {
        let h = try harness()
        h.input.deliversKeysHeldAtFirstEnter = true  // e.g. wtype's virtual keyboard, pressing at once
        h.input.enter(serial: 3, heldKeys: [keyQ])
        h.input.key(serial: 4, timestampMilliseconds: 10, keyCode: keyQ, state: 0)
        XCTAssertEqual(h.keys.map(\.state), [.pressed, .released])
        XCTAssertEqual(h.keys.first?.text, "q")
        XCTAssertEqual(h.keys.first?.serial, 3)
        h.input.leave()
        h.input.enter(serial: 5, heldKeys: [keyQ])
        XCTAssertEqual(h.keys.count, 2, "later enters follow the usual rule")
    }

    func testRateZeroNeverSchedulesAWakeUp() throws {
        let h = try harness()
        h.input.repeatInfo(rate: 0, delay: 600)
        h.input.key(serial: 1, timestampMilliseconds: 0, keyCode: keyA, state: 1)
        XCTAssertEqual(h.wakeUps.last!, nil)
        XCTAssertNil(h.input.repeatingKey)
    }

    func testKeyTraceRecord() throws {
        let h = try harness()
        h.input.key(serial: 1, timestampMilliseconds: 9, keyCode: keyQ, state: 1)
        let record = InputTraceRecord.key(h.keys[0])
        XCTAssertEqual(record["type"] as? String, "key")
        XCTAssertEqual(record["kind"] as? String, "press")
        XCTAssertEqual(record["name"] as? String, "q")
        XCTAssertEqual(record["keysym"] as? UInt32, 0x71)
        XCTAssertEqual(record["text"] as? String, "q")
    }
}
#endif
