import Foundation
import LayerHost
import QuartzCore

extension UIWindow {
    /// Whether the shell windows `makeKeyAndVisible()` opens answer the keys for experimenting with
    /// animations that every demo's window answers (`WindowShellKeys`: Space pauses and resumes,
    /// Left/Right step a paused frame, S slow motion, D debug overlays, V records the window to
    /// `NAME-N.webp`, F11 fullscreen, Q and Escape quit). A Linux addition; off unless
    /// `CA_SHELL_KEYS=1` is in the environment (`scripts/play`'s window sets it), since an app's own
    /// keys come first. While a text field is being edited the keys are the field's.
    @MainActor public static var answersShellKeys: Bool = ProcessInfo.processInfo.environment["CA_SHELL_KEYS"] == "1"

    /// Answers the shell keys in `host` after the window's own key handling.
    func installShellKeys(on host: any LayerHosting) {
        let name = ProcessInfo.processInfo.processName
        let keys = WindowShellKeys(host: host, recordingName: name.isEmpty ? "window" : name, messagePrefix: "window")
        keys.quit = { UIApplication.shared.terminate() }
        shellKeys = keys
        let previous = host.didReceiveKeyEvent
        host.didReceiveKeyEvent = { [weak self] event in
            // Whether a field was being edited before the key reached it (Escape may end the editing).
            let editing = UIResponder.current is UITextField
            previous?(event)
            guard let self, let keys = self.shellKeys, !editing else { return }
            keys.handle(event)
        }
    }
}
