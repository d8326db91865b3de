#if os(Linux)
import CALinuxXKBCommon

/// A key press, repeat or release, translated through the keyboard's xkb keymap, delivered to
/// `WaylandWindow.didReceiveKeyEvent` on the main thread.
public struct WaylandKeyEvent: Equatable, Sendable {
    public enum State: Equatable, Sendable {
        case pressed
        case released
    }

    public var state: State
    /// The Linux evdev key code, as `wl_keyboard.key` sends it (KEY_Q = 16; xkb's keycode is this + 8).
    public var keyCode: UInt32
    /// The keysym the key produced with the modifiers and layout of the moment; the key that completes
    /// a compose sequence reports the composed keysym (dead_acute then e: `eacute`).
    public var keysym: WaylandKeysym
    /// The text the press typed (UTF-8 through xkbcommon, composed where a compose sequence ended);
    /// nil for releases, for keys that type nothing (arrows, modifiers) and inside a compose sequence.
    /// With Control held, xkbcommon's control transformation applies (Ctrl+C types "\u{3}").
    public var text: String?
    /// The modifiers in effect for this key (before its own press or release changes them).
    public var modifiers: WaylandModifiers
    /// True for the presses the client synthesises from `wl_keyboard.repeat_info` while a key is held.
    public var isRepeat: Bool
    /// The serial of the `wl_keyboard.key` event (the original press for a repeat).
    public var serial: UInt32
    /// The compositor's timestamp in milliseconds of an unspecified base (the original press for a repeat).
    public var timestampMilliseconds: UInt32
    /// When the event was dispatched (for a repeat: generated), in seconds of CLOCK_MONOTONIC, the
    /// clock of `CACurrentMediaTime()`.
    public var time: Double

    public init(state: State, keyCode: UInt32, keysym: WaylandKeysym, text: String?, modifiers: WaylandModifiers,
                isRepeat: Bool = false, serial: UInt32 = 0, timestampMilliseconds: UInt32 = 0, time: Double = 0) {
        self.state = state
        self.keyCode = keyCode
        self.keysym = keysym
        self.text = text
        self.modifiers = modifiers
        self.isRepeat = isRepeat
        self.serial = serial
        self.timestampMilliseconds = timestampMilliseconds
        self.time = time
    }
}

/// The modifier keys in effect (xkb's effective modifiers of the keymap's named modifiers).
public struct WaylandModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// xkb "Shift".
    public static let shift = WaylandModifiers(rawValue: 1 << 0)
    /// xkb "Control".
    public static let control = WaylandModifiers(rawValue: 1 << 1)
    /// xkb "Mod1" (Alt).
    public static let alt = WaylandModifiers(rawValue: 1 << 2)
    /// xkb "Mod4" (the Super/Windows/Command key).
    public static let logo = WaylandModifiers(rawValue: 1 << 3)
    /// xkb "Lock".
    public static let capsLock = WaylandModifiers(rawValue: 1 << 4)
    /// xkb "Mod2".
    public static let numLock = WaylandModifiers(rawValue: 1 << 5)
}

/// An X keysym (`xkbcommon-keysyms.h`): the symbol a key produces, independent of the text it types.
public struct WaylandKeysym: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The keysym for a character (`xkb_utf32_to_keysym`): `WaylandKeysym("q")` is XKB_KEY_q.
    public init(_ character: Unicode.Scalar) {
        rawValue = xkb_utf32_to_keysym(character.value)
    }

    /// The keysym of this name (`xkb_keysym_from_name`, exact case), e.g. "Escape", "dead_acute";
    /// nil when there is no such name.
    public init?(name: String) {
        let value = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        guard value != 0 else { return nil }
        rawValue = value
    }

    /// The keysym's name (`xkb_keysym_get_name`): "q", "Escape", "eacute".
    public var name: String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(rawValue, &buffer, buffer.count)
        guard length > 0 else { return String(format0x: rawValue) }
        return String(cString: buffer)
    }

    public var description: String { name }

    /// The lower-case form of a letter keysym (`xkb_keysym_to_lower`; XKB_KEY_Q → XKB_KEY_q),
    /// itself for anything else: lets a shortcut match whether or not Shift or Caps Lock is on.
    public var lowercased: WaylandKeysym { WaylandKeysym(rawValue: xkb_keysym_to_lower(rawValue)) }

    /// XKB_KEY_NoSymbol: the key produces nothing (or a compose sequence is under way).
    public static let noSymbol = WaylandKeysym(rawValue: 0)
    public static let space = WaylandKeysym(rawValue: 0x0020)
    public static let backSpace = WaylandKeysym(rawValue: 0xff08)
    public static let tab = WaylandKeysym(rawValue: 0xff09)
    public static let `return` = WaylandKeysym(rawValue: 0xff0d)
    public static let escape = WaylandKeysym(rawValue: 0xff1b)
    public static let delete = WaylandKeysym(rawValue: 0xffff)
    public static let home = WaylandKeysym(rawValue: 0xff50)
    public static let left = WaylandKeysym(rawValue: 0xff51)
    public static let up = WaylandKeysym(rawValue: 0xff52)
    public static let right = WaylandKeysym(rawValue: 0xff53)
    public static let down = WaylandKeysym(rawValue: 0xff54)
    public static let pageUp = WaylandKeysym(rawValue: 0xff55)
    public static let pageDown = WaylandKeysym(rawValue: 0xff56)
    public static let end = WaylandKeysym(rawValue: 0xff57)
    public static let f11 = WaylandKeysym(rawValue: 0xffc8)
    public static let shiftLeft = WaylandKeysym(rawValue: 0xffe1)
    public static let controlLeft = WaylandKeysym(rawValue: 0xffe3)
}

private extension String {
    init(format0x value: UInt32) {
        self = "0x" + String(value, radix: 16)
    }
}
#endif
