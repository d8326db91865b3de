import Foundation

/// A part of the application's interface with a life cycle of its own: connected, active in the
/// foreground, then disconnected. UIKit connects a `UIWindowScene` for each session (on Linux, each
/// scene's windows are toplevel windows of the compositor) and tells the scene's delegate.
@preconcurrency @MainActor
open class UIScene: UIResponder {
    /// Where a scene is in its life.
    public enum ActivationState: Int, Sendable {
        case unattached = -1
        case foregroundActive = 0
        case foregroundInactive = 1
        case background = 2
    }

    /// What the scene was connected for (no URLs, activities or shortcuts reach a Linux program:
    /// the sets are empty).
    @preconcurrency @MainActor
    open class ConnectionOptions: NSObject {
        open var urlContexts: Set<UIOpenURLContext> { [] }
        open var sourceApplication: String? { nil }
        open var handoffUserActivityType: String? { nil }
        override init() { super.init() }
    }

    /// Posted (object: the scene) as the scene goes through its life cycle.
    nonisolated public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")

    /// The scene's session.
    public let session: UISceneSession
    /// The scene's delegate (held strongly, as Apple's).
    open var delegate: UISceneDelegate?
    /// Where the scene is in its life.
    open internal(set) var activationState: ActivationState = .unattached
    /// Whether one of its windows was ever the active window (UIApplication+Activation.swift).
    var wasActivated = false
    /// The scene's title: its windows' title on Linux (nil: theirs).
    open var title: String! {
        didSet { if let title { (self as? UIWindowScene)?.windows.forEach { $0.title = title } } }
    }

    public required init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {
        self.session = session
        super.init()
    }

    /// The application, after the scene.
    open override var next: UIResponder? { UIApplication.shared }
}

/// A URL the application was asked to open, with where it came from (none reach a Linux program).
@preconcurrency @MainActor
open class UIOpenURLContext: NSObject {
    public let url: URL
    init(url: URL) {
        self.url = url
        super.init()
    }
}

/// The methods a scene's delegate answers; every one has a default that does nothing.
@preconcurrency @MainActor
public protocol UISceneDelegate: AnyObject {
    /// The scene was connected to the application: make its windows here (`UIWindow(windowScene:)`,
    /// `makeKeyAndVisible()`).
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// The scene's window was closed (or the application ends).
    func sceneDidDisconnect(_ scene: UIScene)
    /// The scene is on screen and receives input.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// The scene is about to stop receiving input (its window lost the keyboard focus, or closes).
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    public func sceneDidDisconnect(_ scene: UIScene) {}
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    public func sceneWillResignActive(_ scene: UIScene) {}
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}
