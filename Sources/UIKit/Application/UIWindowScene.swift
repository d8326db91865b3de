import CoreGraphics
import Foundation

/// A scene of windows: what every session of a Linux application connects.
@preconcurrency @MainActor
open class UIWindowScene: UIScene {
    private var windowRefs: [WeakWindow] = []

    /// The scene's windows (made with `UIWindow(windowScene:)` or given `windowScene`), oldest first.
    open var windows: [UIWindow] {
        windowRefs.removeAll { $0.window == nil }
        return windowRefs.compactMap(\.window)
    }

    /// The scene's key window: the application's key window when it is one of the scene's.
    open var keyWindow: UIWindow? { windows.first { $0.isKeyWindow } }

    /// The screen the scene is shown on (there is one).
    open var screen: UIScreen { UIScreen.main }

    /// The orientation of the interface (a desktop window: portrait).
    open var interfaceOrientation: UIInterfaceOrientation { .portrait }

    func add(_ window: UIWindow) {
        if !windows.contains(where: { $0 === window }) { windowRefs.append(WeakWindow(window: window)) }
    }

    func remove(_ window: UIWindow) {
        windowRefs.removeAll { $0.window == nil || $0.window === window }
    }

    private struct WeakWindow {
        weak var window: UIWindow?
    }
}

/// The delegate of a window scene: Xcode's template keeps the scene's window in `window`.
@preconcurrency @MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The scene's main window (the default has no storage and holds nil).
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
