import Foundation
import WaylandShell

/// A demo's screen (a listing's view controller, a layer scene) with keys of its own in the
/// window: letters, digits choosing a variant, arrows. They are offered to it before the window and
/// the shell see them, so that its keys win over the shell's (S, D, R, the arrows…).
@MainActor
protocol DemoKeyResponder: AnyObject {
    /// Acts on a pressed key (not repeats); false when it is not one of the screen's, so that the
    /// window (a text field being edited) and the shell get it.
    func handleKey(_ event: WaylandKeyEvent) -> Bool
}

extension WaylandKeyEvent {
    /// The character the key types, lowercased (" " for Space); nil when it types none (arrows).
    var character: String? {
        guard let text, !text.isEmpty else { return nil }
        return text.lowercased()
    }
}

/// The variant a digit key names, for `DemoKeyResponder.handleKey` (nil for other keys).
func variantKey(_ event: WaylandKeyEvent) -> String? {
    guard let text = event.text, Int(text) != nil else { return nil }
    return text
}

/// How the runners route a key to a demo's screen: Space runs its main action (instead of the
/// shell's pause) when it is a `DemoActionScreen`; then its own keys; then a digit shows that
/// variant through `showVariant` (false when there is none). The releases of the digits are the
/// runner's too when it switches variants.
@MainActor
func offerKey(_ event: WaylandKeyEvent, to screen: AnyObject?, showVariant: ((String) -> Bool)?) -> Bool {
    let digit = variantKey(event)
    guard event.state == .pressed, !event.isRepeat else { return digit != nil && showVariant != nil }
    if event.keysym.lowercased == .space, let action = screen as? DemoActionScreen {
        action.performAction()
        return true
    }
    if let keys = screen as? DemoKeyResponder, keys.handleKey(event) { return true }
    if let digit, let showVariant { return showVariant(digit) }
    return false
}
