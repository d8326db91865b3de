import Foundation
import LayerHost
import QuartzCore
import WaylandShell

/// One shell window for the applications a process runs one after another: `scripts/play` running an
/// app's folder shows each build's app in the same toplevel. The first window such an app makes key
/// and visible is bound to it instead of opening a toplevel of its own; when the app ends for the next
/// build (`UIApplication.endForRelaunch()`), the window leaves it and the host's handlers are as they
/// were before, so that the next app's window binds to it afresh.
extension UIWindow {
    /// The shell window the next app's first window is shown in.
    package static var reusableHost: WaylandLayerHost? {
        didSet {
            reusableHostHandlers = reusableHost.map(HostHandlers.init)
            reusableHostWindow = nil
        }
    }

    /// The window shown in `reusableHost` now.
    package private(set) static weak var reusableHostWindow: UIWindow?
    private static var reusableHostHandlers: HostHandlers?

    /// Binds the window to the reusable host when there is one and no other window has it.
    func takeReusableHost() -> Bool {
        guard let host = UIWindow.reusableHost, UIWindow.reusableHostWindow == nil else { return false }
        UIWindow.reusableHostWindow = self
        show(in: host)
        return true
    }

    /// Leaves the reusable host (which goes on showing whatever is next) with its handlers restored.
    func leaveReusableHost() {
        guard let host = UIWindow.reusableHost, self.host === host else { return }
        UIWindow.reusableHostHandlers?.restore(on: host)
        shellKeys = nil
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.removeFromSuperlayer()
        CATransaction.commit()
        self.host = nil
        UIWindow.reusableHostWindow = nil
    }
}

/// What a host calls before any window is bound to it.
@MainActor
private struct HostHandlers {
    let resize: (@MainActor (CGSize) -> Void)?
    let scale: (@MainActor (CGFloat) -> Void)?
    let pointer: (@MainActor (WaylandPointerEvent) -> Void)?
    let touch: (@MainActor (WaylandTouchEvent) -> Void)?
    let key: (@MainActor (WaylandKeyEvent) -> Void)?
    let focus: (@MainActor (Bool) -> Void)?
    let close: (@MainActor () -> Void)?
    let activation: (@MainActor (Bool) -> Void)?

    init(_ host: WaylandLayerHost) {
        resize = host.didResize
        scale = host.didChangeContentScale
        pointer = host.didReceivePointerEvent
        touch = host.didReceiveTouchEvent
        key = host.didReceiveKeyEvent
        focus = host.didChangeKeyboardFocus
        close = host.window.didClose
        activation = host.didChangeActivation
    }

    func restore(on host: WaylandLayerHost) {
        host.didResize = resize
        host.didChangeContentScale = scale
        host.didReceivePointerEvent = pointer
        host.didReceiveTouchEvent = touch
        host.didReceiveKeyEvent = key
        host.didChangeKeyboardFocus = focus
        host.window.didClose = close
        host.didChangeActivation = activation
    }
}
