import CoreGraphics
import Foundation
import LayerHost

/// The display the application's windows are shown on.
///
/// Linux has no single screen object a Wayland client can see: a client learns only the scale of the
/// outputs its surfaces are on. `UIScreen.main` therefore describes the key window's output, when a
/// window is bound to a shell window (`UIWindow.bind(to:)`/`makeKeyAndVisible()`), and a 1× screen
/// otherwise (before any window is shown, and in tests).
@preconcurrency @MainActor
open class UIScreen: NSObject {
    /// The screen of the application (there is one).
    public static let main = UIScreen()

    /// A scale set by `overrideScale` (Linux only), used before the window's.
    private var scaleOverride: CGFloat?

    private override init() {
        super.init()
    }

    /// Pixels per point: the key window's content scale (the output's integer scale, or the fractional
    /// scale the compositor asked for), else any bound window's, else 1.
    open var scale: CGFloat {
        if let scaleOverride { return scaleOverride }
        if let host = UIScreen.boundHost { return CGFloat(host.window.contentScale) }
        return 1
    }

    /// The same as `scale` (Linux shows content at the output's scale).
    open var nativeScale: CGFloat { scale }

    /// The screen's rectangle in points. A Wayland client is not told its output's size: this is the
    /// key window's bounds (the area the application can draw in) or, before a window is bound, the
    /// size `makeKeyAndVisible()` asks for (`UIWindow.defaultShellWindowSize`), so that the usual
    /// `UIWindow(frame: UIScreen.main.bounds)` and the views sized from it start out as they will be shown.
    open var bounds: CGRect {
        guard let window = UIWindow.keyWindow, window.host != nil else {
            return CGRect(origin: .zero, size: UIWindow.defaultShellWindowSize)
        }
        return CGRect(origin: .zero, size: window.bounds.size)
    }

    /// `bounds` in pixels.
    open var nativeBounds: CGRect {
        let b = bounds
        return CGRect(x: 0, y: 0, width: b.width * scale, height: b.height * scale)
    }

    /// Sets the scale reported by `scale` (nil: follow the window again). A Linux addition for tests
    /// and for rendering at a chosen scale before a window is shown.
    open func overrideScale(_ scale: CGFloat?) {
        scaleOverride = scale.map { max($0, 0.01) }
    }

    /// The shell window whose output describes the screen: the key window's, else the most recently
    /// bound one that is still alive.
    static var boundHost: (any LayerHosting)? {
        if let host = UIWindow.keyWindow?.host { return host }
        return UIApplication.shared.delegate?.window?.host
    }
}
