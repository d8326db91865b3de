import Foundation

/// The modifier keys held with a key or a pointer event (Apple's bit values).
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// Alt (Option on Apple keyboards).
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// The Super (logo) key, which stands where Command is on Apple keyboards.
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// A key's USB HID usage (page 7), as `UIKey.keyCode` reports it; the names are Apple's.
public struct UIKeyboardHIDUsage: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let keyboardErrorUndefined = UIKeyboardHIDUsage(rawValue: 0x03)
    public static let keyboardA = UIKeyboardHIDUsage(rawValue: 0x04)
    public static let keyboardZ = UIKeyboardHIDUsage(rawValue: 0x1D)
    public static let keyboard1 = UIKeyboardHIDUsage(rawValue: 0x1E)
    public static let keyboard0 = UIKeyboardHIDUsage(rawValue: 0x27)
    public static let keyboardReturnOrEnter = UIKeyboardHIDUsage(rawValue: 0x28)
    public static let keyboardEscape = UIKeyboardHIDUsage(rawValue: 0x29)
    public static let keyboardDeleteOrBackspace = UIKeyboardHIDUsage(rawValue: 0x2A)
    public static let keyboardTab = UIKeyboardHIDUsage(rawValue: 0x2B)
    public static let keyboardSpacebar = UIKeyboardHIDUsage(rawValue: 0x2C)
    public static let keyboardHyphen = UIKeyboardHIDUsage(rawValue: 0x2D)
    public static let keyboardEqualSign = UIKeyboardHIDUsage(rawValue: 0x2E)
    public static let keyboardCapsLock = UIKeyboardHIDUsage(rawValue: 0x39)
    public static let keyboardF1 = UIKeyboardHIDUsage(rawValue: 0x3A)
    public static let keyboardF12 = UIKeyboardHIDUsage(rawValue: 0x45)
    public static let keyboardInsert = UIKeyboardHIDUsage(rawValue: 0x49)
    public static let keyboardHome = UIKeyboardHIDUsage(rawValue: 0x4A)
    public static let keyboardPageUp = UIKeyboardHIDUsage(rawValue: 0x4B)
    public static let keyboardDeleteForward = UIKeyboardHIDUsage(rawValue: 0x4C)
    public static let keyboardEnd = UIKeyboardHIDUsage(rawValue: 0x4D)
    public static let keyboardPageDown = UIKeyboardHIDUsage(rawValue: 0x4E)
    public static let keyboardRightArrow = UIKeyboardHIDUsage(rawValue: 0x4F)
    public static let keyboardLeftArrow = UIKeyboardHIDUsage(rawValue: 0x50)
    public static let keyboardDownArrow = UIKeyboardHIDUsage(rawValue: 0x51)
    public static let keyboardUpArrow = UIKeyboardHIDUsage(rawValue: 0x52)
    public static let keyboardLeftControl = UIKeyboardHIDUsage(rawValue: 0xE0)
    public static let keyboardLeftShift = UIKeyboardHIDUsage(rawValue: 0xE1)
    public static let keyboardLeftAlt = UIKeyboardHIDUsage(rawValue: 0xE2)
    public static let keyboardLeftGUI = UIKeyboardHIDUsage(rawValue: 0xE3)
    public static let keyboardRightControl = UIKeyboardHIDUsage(rawValue: 0xE4)
    public static let keyboardRightShift = UIKeyboardHIDUsage(rawValue: 0xE5)
    public static let keyboardRightAlt = UIKeyboardHIDUsage(rawValue: 0xE6)
    public static let keyboardRightGUI = UIKeyboardHIDUsage(rawValue: 0xE7)

    /// The usage of a Linux evdev key code (`linux/input-event-codes.h`, what `wl_keyboard.key`
    /// sends): the keys of a US layout's position; others are `keyboardErrorUndefined`.
    public init(linuxKeyCode code: UInt32) {
        self = Self.fromLinux[code] ?? .keyboardErrorUndefined
    }

    private static let fromLinux: [UInt32: UIKeyboardHIDUsage] = {
        var table: [UInt32: UIKeyboardHIDUsage] = [:]
        // Letters by their evdev position (KEY_Q = 16 ... KEY_M = 50).
        let rows: [(UInt32, String)] = [(16, "qwertyuiop"), (30, "asdfghjkl"), (44, "zxcvbnm")]
        for (start, letters) in rows {
            for (i, ch) in letters.unicodeScalars.enumerated() {
                table[start + UInt32(i)] = UIKeyboardHIDUsage(rawValue: 0x04 + Int(ch.value - 97))
            }
        }
        for i in 0..<10 { table[2 + UInt32(i)] = UIKeyboardHIDUsage(rawValue: 0x1E + i) }  // KEY_1...KEY_0
        for i in 0..<10 { table[59 + UInt32(i)] = UIKeyboardHIDUsage(rawValue: 0x3A + i) } // KEY_F1...KEY_F10
        let others: [(UInt32, UIKeyboardHIDUsage)] = [
            (1, .keyboardEscape), (12, .keyboardHyphen), (13, .keyboardEqualSign), (14, .keyboardDeleteOrBackspace),
            (15, .keyboardTab), (28, .keyboardReturnOrEnter), (29, .keyboardLeftControl), (42, .keyboardLeftShift),
            (54, .keyboardRightShift), (56, .keyboardLeftAlt), (57, .keyboardSpacebar), (58, .keyboardCapsLock),
            (87, UIKeyboardHIDUsage(rawValue: 0x44)), (88, .keyboardF12), (97, .keyboardRightControl),
            (100, .keyboardRightAlt), (102, .keyboardHome), (103, .keyboardUpArrow), (104, .keyboardPageUp),
            (105, .keyboardLeftArrow), (106, .keyboardRightArrow), (107, .keyboardEnd), (108, .keyboardDownArrow),
            (109, .keyboardPageDown), (110, .keyboardInsert), (111, .keyboardDeleteForward), (125, .keyboardLeftGUI),
            (126, .keyboardRightGUI),
        ]
        for (code, usage) in others { table[code] = usage }
        return table
    }()
}

/// A key of a hardware keyboard, as a `UIPress` reports it.
@preconcurrency @MainActor
open class UIKey: NSObject {
    /// The key's HID usage (its position on the keyboard, independent of the layout).
    public let keyCode: UIKeyboardHIDUsage
    /// The text the key typed with the modifiers held ("" for keys that type nothing).
    public let characters: String
    /// The text the key types without modifiers (lower case for letters).
    public let charactersIgnoringModifiers: String
    public let modifierFlags: UIKeyModifierFlags

    public init(keyCode: UIKeyboardHIDUsage, characters: String, charactersIgnoringModifiers: String,
                modifierFlags: UIKeyModifierFlags) {
        self.keyCode = keyCode
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
        super.init()
    }
}
