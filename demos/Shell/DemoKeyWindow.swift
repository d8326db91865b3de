import Foundation
import QuartzCore
import UIKit

/// The window of a view-based demo: a `UIWindow` that passes the characters of the keys pressed
/// (with no other responder taking them) to `didPressKey`, e.g. "1"…"5" to switch variants.
/// The shell keys (Space, S, R, …) are the host's and reach `DemoShell` as well.
@MainActor
final class DemoKeyWindow: UIWindow {
    var didPressKey: ((String) -> Void)?

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses {
            if let key = press.key?.charactersIgnoringModifiers, !key.isEmpty { didPressKey?(key) }
        }
    }
}
