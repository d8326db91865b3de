import CALinuxRuntime
import Foundation

/// The scene life cycle of Xcode's iOS 13+ template on Linux: one session and scene connected after
/// launch, each scene's windows toplevels of their own, a scene disconnected when its last window
/// closes, and the application ended when no window is left.
///
/// Apple's UIKit learns from Info.plist's scene manifest whether an application uses scenes and which
/// delegate class a configuration names. A Linux program has no Info.plist, so UIKit asks the
/// delegate for a configuration when launch showed no window, and takes its `delegateClass`,
/// or else a class named `SceneDelegate` in the app delegate's module, as the template's manifest names.
extension UIApplication {
    /// Called at the end of launch when it showed no window.
    func connectLaunchScene() {
        guard let delegate, connectedScenes.isEmpty else { return }
        let session = UISceneSession(role: .windowApplication)
        let options = UIScene.ConnectionOptions()
        let configuration = delegate.application(self, configurationForConnecting: session, options: options)
        if configuration.delegateClass == nil {
            configuration.delegateClass = AppClasses.named("SceneDelegate", besides: delegate)
                .flatMap { $0 is UISceneDelegate.Type ? $0 : nil }
        }
        guard configuration.delegateClass != nil else {
            if configuration.name != nil {
                writeStandardError("UIKit: scene configuration \"\(configuration.name!)\" has no delegate class "
                                   + "(there is no Info.plist): set `configuration.delegateClass = SceneDelegate.self` "
                                   + "in application(_:configurationForConnecting:options:)\n")
            }
            showInitialViewController(for: nil)
            return
        }
        connect(session, configuration: configuration, options: options)
    }

    /// Connects a scene for `session`: makes the scene and its delegate from `configuration`'s classes,
    /// then tells the delegate it connected, entered the foreground and became active.
    @discardableResult
    func connect(_ session: UISceneSession, configuration: UISceneConfiguration,
                 options: UIScene.ConnectionOptions) -> UIScene? {
        session.configuration = configuration
        let sceneClass = (configuration.sceneClass as? UIScene.Type) ?? UIWindowScene.self
        let scene = sceneClass.init(session: session, connectionOptions: options)
        if let delegateClass = configuration.delegateClass {
            guard let made = AppClasses.make(delegateClass) as? UISceneDelegate else {
                writeStandardError("UIKit: cannot make the scene delegate \(NSStringFromClass(delegateClass)): "
                                   + "it must be an NSObject (or UIResponder) subclass adopting UIWindowSceneDelegate\n")
                return nil
            }
            scene.delegate = made
        }
        session.scene = scene
        connectedScenes.insert(scene)
        openSessions.insert(session)
        NotificationCenter.default.post(name: UIScene.willConnectNotification, object: scene)
        scene.delegate?.scene(scene, willConnectTo: session, options: options)
        if let windowScene = scene as? UIWindowScene, windowScene.windows.isEmpty {
            showInitialViewController(for: windowScene)
        }
        activate(scene)
        return scene
    }

    private func activate(_ scene: UIScene) {
        scene.activationState = .foregroundInactive
        scene.delegate?.sceneWillEnterForeground(scene)
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: scene)
        scene.activationState = .foregroundActive
        scene.delegate?.sceneDidBecomeActive(scene)
        NotificationCenter.default.post(name: UIScene.didActivateNotification, object: scene)
    }

    /// Takes `scene` through resign active, background and disconnection, and forgets its session.
    func disconnect(_ scene: UIScene) {
        guard connectedScenes.contains(scene) else { return }
        if scene.activationState == .foregroundActive {
            scene.activationState = .foregroundInactive
            NotificationCenter.default.post(name: UIScene.willDeactivateNotification, object: scene)
            scene.delegate?.sceneWillResignActive(scene)
        }
        scene.activationState = .background
        scene.delegate?.sceneDidEnterBackground(scene)
        NotificationCenter.default.post(name: UIScene.didEnterBackgroundNotification, object: scene)
        scene.activationState = .unattached
        connectedScenes.remove(scene)
        openSessions.remove(scene.session)
        scene.delegate?.sceneDidDisconnect(scene)
        NotificationCenter.default.post(name: UIScene.didDisconnectNotification, object: scene)
        delegate?.application(self, didDiscardSceneSessions: [scene.session])
    }

    /// A shown window was closed by the user: its scene disconnects when it was the scene's last
    /// window, and the application ends when no window is left open.
    func windowDidClose(_ window: UIWindow) {
        let scene = window.windowScene
        activatedWindows.remove(ObjectIdentifier(window))
        window.isHidden = true
        if windows.allSatisfy({ $0.isHidden || $0.host == nil }) { terminate() }
        window.unbindFromHost()
        if let scene, scene.windows.allSatisfy({ $0.isHidden || $0.host == nil }) { disconnect(scene) }
    }

    /// Xcode's storyboard templates leave the window to Main.storyboard, whose first controller is the
    /// template's `ViewController`. Without storyboards, UIKit shows that class (in the app
    /// delegate's module) in a new window when launch or a scene made none, and says so.
    private func showInitialViewController(for scene: UIWindowScene?) {
        guard let delegate else { return }
        guard let controllerClass = AppClasses.named("ViewController", besides: delegate),
              let controller = AppClasses.make(controllerClass) as? UIViewController else {
            if scene == nil {
                writeStandardError("UIKit: the application shows no window: make one in "
                                   + "application(_:didFinishLaunchingWithOptions:) or in a scene delegate's "
                                   + "scene(_:willConnectTo:options:) (there are no storyboards)\n")
            }
            return
        }
        writeStandardError("UIKit: no window after launch: showing \(NSStringFromClass(controllerClass)) "
                           + "as Main.storyboard's initial controller would (there are no storyboards)\n")
        let window = scene.map { UIWindow(windowScene: $0) } ?? UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = controller
        if let sceneDelegate = scene?.delegate as? UIWindowSceneDelegate {
            sceneDelegate.window = window
        } else if scene == nil {
            delegate.window = window
        }
        window.makeKeyAndVisible()
    }
}

/// Classes of the application found by name and made with their `init()`, as Objective-C's runtime
/// lets Apple's UIKit do (`NSClassFromString`, `[[cls alloc] init]`).
enum AppClasses {
    /// The class `name` in the module of `object`'s class (`Module.name`), if there is one.
    static func named(_ name: String, besides object: AnyObject) -> AnyClass? {
        let qualified = NSStringFromClass(type(of: object))
        guard let dot = qualified.firstIndex(of: ".") else { return NSClassFromString(name) }
        return NSClassFromString(qualified[..<dot] + "." + name)
    }

    /// A new instance of `cls` made with its `init()`, or nil when it is not an `NSObject` subclass.
    static func make(_ cls: AnyClass) -> AnyObject? {
        guard cls is NSObject.Type else { return nil }
        guard let object = calinux_make_nsobject(unsafeBitCast(cls, to: UnsafeRawPointer.self)) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(object).takeRetainedValue()
    }
}
