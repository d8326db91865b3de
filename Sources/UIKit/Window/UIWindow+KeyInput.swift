import Foundation
import QuartzCore

extension UIWindow {
    /// Reports a key going down or up (a Linux addition; the Wayland binding calls it for each key
    /// press and release, and tests can call it by hand). A press that is already down, such as a
    /// key repeat, is ignored: UIKit sends one `pressesBegan` per physical press. The event goes
    /// to the first responder when it is in this window (or is not a view), else to the window.
    public func dispatchKey(_ key: UIKey, isDown: Bool, timestamp: TimeInterval = CACurrentMediaTime()) {
        let changed: UIPress
        if isDown {
            guard !heldPresses.contains(where: { $0.code == key.keyCode }) else { return }
            changed = UIPress(key: key, phase: .began, timestamp: timestamp)
            changed.window = self
            heldPresses.append((key.keyCode, changed))
        } else {
            guard let i = heldPresses.firstIndex(where: { $0.code == key.keyCode }) else { return }
            changed = heldPresses.remove(at: i).press
            changed.phase = .ended
            changed.timestamp = timestamp
        }
        for held in heldPresses where held.press !== changed { held.press.phase = .stationary }
        let event = UIPressesEvent(presses: heldPresses.map(\.press) + (isDown ? [] : [changed]), timestamp: timestamp)
        event.modifierFlags = key.modifierFlags
        sendEvent(event)
        if !isDown { modifierKeysChanged(timestamp: timestamp) }
    }

    /// Ends every held press as cancelled (when the window loses keyboard focus).
    public func cancelAllPresses(timestamp: TimeInterval = CACurrentMediaTime()) {
        guard !heldPresses.isEmpty else { return }
        let presses = heldPresses.map(\.press)
        heldPresses = []
        for press in presses { press.phase = .cancelled; press.timestamp = timestamp }
        sendEvent(UIPressesEvent(presses: presses, timestamp: timestamp))
    }
}
