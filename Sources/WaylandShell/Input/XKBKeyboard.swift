#if os(Linux)
import CALinuxXKBCommon
import Glibc

/// A keyboard's xkb keymap, state and compose state: turns evdev key codes into keysyms and text.
///
/// The compositor owns the keyboard state: it sends the keymap once (and again when it changes) and
/// the modifier state after every change, which `updateModifiers` copies into the `xkb_state`
/// (a Wayland client never calls `xkb_state_update_key`). Compose sequences (dead keys, the Compose
/// key) use the table of the user's locale: `LC_ALL`, else `LC_CTYPE`, else `LANG`, else "C", as
/// xkbcommon documents, plus `XCOMPOSEFILE` or `~/.XCompose` which xkbcommon reads itself.
///
/// Main thread only (it is used from the seat's listeners).
final class XKBKeyboard {
    /// What one key translates to.
    struct Translation: Equatable {
        var keysym: WaylandKeysym
        var text: String?
    }

    private let context: OpaquePointer
    private var keymap: OpaquePointer?
    private var state: OpaquePointer?
    private var composeTable: OpaquePointer?
    private var composeState: OpaquePointer?
    private var modifierIndices: [(WaylandModifiers, xkb_mod_index_t)] = []

    /// The locale the compose table came from, nil when none could be loaded.
    private(set) var composeLocale: String?

    /// Whether a keymap is loaded (keys translate to nothing before that).
    var hasKeymap: Bool { keymap != nil }

    /// nil when xkbcommon cannot create a context (out of memory).
    init?() {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        self.context = context
    }

    deinit {
        releaseKeymap()
        if let composeState { xkb_compose_state_unref(composeState) }
        if let composeTable { xkb_compose_table_unref(composeTable) }
        xkb_context_unref(context)
    }

    // MARK: Keymap

    /// Compiles a keymap in the text format `wl_keyboard.keymap` sends (`XKB_KEYMAP_FORMAT_TEXT_V1`).
    /// `length` excludes any terminating NUL. Returns false (keeping the previous keymap) when it does
    /// not compile.
    @discardableResult
    func loadKeymap(text: UnsafePointer<CChar>, length: Int) -> Bool {
        guard let compiled = xkb_keymap_new_from_buffer(context, text, length, XKB_KEYMAP_FORMAT_TEXT_V1,
                                                        XKB_KEYMAP_COMPILE_NO_FLAGS) else { return false }
        install(compiled)
        return true
    }

    /// Compiles a keymap from RMLVO names with the system's xkeyboard-config data (tests, and a
    /// keyboard without a keymap). Returns false when it does not compile.
    @discardableResult
    func loadKeymap(layout: String, variant: String = "", options: String = "") -> Bool {
        let compiled: OpaquePointer? = layout.withCString { layoutPointer in
            variant.withCString { variantPointer in
                options.withCString { optionsPointer in
                    var names = xkb_rule_names(rules: nil, model: nil, layout: layoutPointer, variant: variantPointer,
                                               options: optionsPointer)
                    return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                }
            }
        }
        guard let compiled else { return false }
        install(compiled)
        return true
    }

    private func install(_ newKeymap: OpaquePointer) {
        guard let newState = xkb_state_new(newKeymap) else {
            xkb_keymap_unref(newKeymap)
            return
        }
        releaseKeymap()
        keymap = newKeymap
        state = newState
        let names: [(WaylandModifiers, String)] = [
            (.shift, "Shift"), (.control, "Control"), (.alt, "Mod1"), (.logo, "Mod4"),
            (.capsLock, "Lock"), (.numLock, "Mod2"),
        ]
        modifierIndices = names.compactMap { modifier, name in
            let index = xkb_keymap_mod_get_index(newKeymap, name)
            return index == XKB_MOD_INVALID ? nil : (modifier, index)
        }
        if let composeState { xkb_compose_state_reset(composeState) }
    }

    private func releaseKeymap() {
        if let state { xkb_state_unref(state) }
        if let keymap { xkb_keymap_unref(keymap) }
        state = nil
        keymap = nil
        modifierIndices = []
    }

    /// The keymap in the text format `wl_keyboard.keymap` sends (`xkb_keymap_get_as_string`), nil without one.
    var keymapText: String? {
        guard let keymap, let text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return nil }
        defer { free(text) }
        return String(cString: text)
    }

    /// The mask bit of a named modifier ("Shift", "Control", "Mod1", ...) in this keymap, as
    /// `wl_keyboard.modifiers` carries it; 0 when the keymap has no such modifier.
    func modifierMask(_ name: String) -> UInt32 {
        guard let keymap else { return 0 }
        let index = xkb_keymap_mod_get_index(keymap, name)
        return index == XKB_MOD_INVALID || index >= 32 ? 0 : 1 << index
    }

    // MARK: Compose

    /// The locale compose tables are looked up for: `LC_ALL`, `LC_CTYPE`, `LANG` (the first set and
    /// non-empty), else "C".
    static func environmentLocale() -> String {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        return "C"
    }

    /// Loads the compose table of `locale` (falling back to "C" when it has none). Returns false when
    /// no table could be loaded: then keys are not composed (dead keys type nothing).
    @discardableResult
    func loadComposeTable(locale: String) -> Bool {
        if let composeState { xkb_compose_state_unref(composeState) }
        if let composeTable { xkb_compose_table_unref(composeTable) }
        composeState = nil
        composeTable = nil
        composeLocale = nil
        for candidate in locale == "C" ? ["C"] : [locale, "C"] {
            guard let table = xkb_compose_table_new_from_locale(context, candidate, XKB_COMPOSE_COMPILE_NO_FLAGS) else {
                continue
            }
            guard let newState = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
                xkb_compose_table_unref(table)
                return false
            }
            composeTable = table
            composeState = newState
            composeLocale = candidate
            return true
        }
        return false
    }

    /// Forgets a compose sequence under way (focus loss).
    func resetCompose() {
        if let composeState { xkb_compose_state_reset(composeState) }
    }

    // MARK: State

    /// `wl_keyboard.modifiers`: the compositor's modifier masks and layout group.
    func updateModifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) {
        guard let state else { return }
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
    }

    /// The modifiers in effect now.
    var modifiers: WaylandModifiers {
        guard let state else { return [] }
        var result: WaylandModifiers = []
        for (modifier, index) in modifierIndices
        where xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0 {
            result.insert(modifier)
        }
        return result
    }

    /// Whether holding the key repeats it (the keymap says; modifiers do not).
    func keyRepeats(_ keyCode: UInt32) -> Bool {
        guard let keymap else { return false }
        return xkb_keymap_key_repeats(keymap, keyCode + 8) != 0
    }

    // MARK: Translation

    /// The keysym and text of a key with the current modifiers, without compose (releases, repeats).
    /// `keyCode` is the evdev code (`wl_keyboard.key`); xkb's is 8 more.
    func translate(_ keyCode: UInt32) -> Translation {
        guard let state else { return Translation(keysym: .noSymbol, text: nil) }
        let xkbCode = keyCode + 8
        let keysym = xkb_state_key_get_one_sym(state, xkbCode)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = Int(xkb_state_key_get_utf8(state, xkbCode, &buffer, buffer.count))
        let text: String?
        if length <= 0 {
            text = nil
        } else if length < buffer.count {
            text = String(cString: buffer)
        } else {  // longer than the buffer (a keymap can bind long strings): ask again at the right size
            buffer = [CChar](repeating: 0, count: length + 1)
            xkb_state_key_get_utf8(state, xkbCode, &buffer, buffer.count)
            text = String(cString: buffer)
        }
        return Translation(keysym: WaylandKeysym(rawValue: keysym), text: text)
    }

    /// The keysym and text of a key press, through the compose state: inside a sequence the key's own
    /// keysym with no text; at its end the composed keysym and text; a cancelled sequence types nothing.
    func press(_ keyCode: UInt32) -> Translation {
        let plain = translate(keyCode)
        guard let composeState, plain.keysym != .noSymbol,
              xkb_compose_state_feed(composeState, plain.keysym.rawValue) == XKB_COMPOSE_FEED_ACCEPTED else {
            return plain
        }
        switch xkb_compose_state_get_status(composeState) {
        case XKB_COMPOSE_COMPOSING:
            return Translation(keysym: plain.keysym, text: nil)
        case XKB_COMPOSE_COMPOSED:
            let keysym = xkb_compose_state_get_one_sym(composeState)
            var buffer = [CChar](repeating: 0, count: 256)
            let length = Int(xkb_compose_state_get_utf8(composeState, &buffer, buffer.count))
            xkb_compose_state_reset(composeState)
            return Translation(keysym: keysym == 0 ? plain.keysym : WaylandKeysym(rawValue: keysym),
                               text: length > 0 ? String(cString: buffer) : nil)
        case XKB_COMPOSE_CANCELLED:
            xkb_compose_state_reset(composeState)
            return Translation(keysym: plain.keysym, text: nil)
        default:  // XKB_COMPOSE_NOTHING
            return plain
        }
    }
}
#endif
