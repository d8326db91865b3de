import CoreGraphics
import Foundation

/// The methods an application's delegate answers: UIKit's launch sequence on Linux.
///
/// Every requirement has a default (nothing, `true`, or the default scene configuration), as
/// Apple's optional methods.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The application's main window; `UIApplication.shared.windows`/`keyWindow` consult it. Apple's
    /// is an optional property the delegate declares (`var window: UIWindow?`); the default has no
    /// storage and holds nil.
    var window: UIWindow? { get set }

    /// Called once, before the main run loop starts: create the window and its views here, and show it
    /// with `makeKeyAndVisible()` (or leave that to a scene delegate). The result is ignored (as
    /// Apple's, for a normal launch).
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// Called before `application(_:didFinishLaunchingWithOptions:)`.
    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// The configuration of a scene about to connect (see `UISceneConfiguration`): UIKit asks after
    /// launch when no window is shown yet. The default names no configuration.
    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration

    /// Called with the sessions whose scenes the user closed.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)

    /// The application became active (after launch) or is about to stop being active (before it ends).
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillResignActive(_ application: UIApplication)

    /// The application went to the background: here only on its way to ending (after
    /// `applicationWillResignActive(_:)`, before `applicationWillTerminate(_:)`).
    func applicationDidEnterBackground(_ application: UIApplication)

    /// The application is coming back from the background: never called here (a Linux application
    /// goes to the background only when it ends).
    func applicationWillEnterForeground(_ application: UIApplication)

    /// The system is short of memory: never called here (Linux sends no such warning).
    func applicationDidReceiveMemoryWarning(_ application: UIApplication)

    /// Called when the application is about to end: its last window was closed, or
    /// `UIApplication.terminate()` (a Linux addition).
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public var window: UIWindow? {
        get { nil }
        set {}
    }

    public func application(_ application: UIApplication,
                            didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    public func application(_ application: UIApplication,
                            willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        true
    }

    public func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                            options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: nil, sessionRole: connectingSceneSession.role)
    }

    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationDidReceiveMemoryWarning(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
}

/// The running application: its delegate, its windows and scenes, and the main entry that starts the
/// run loop.
///
/// An application starts as Apple's do: `@main` on its `UIApplicationDelegate` class (Xcode's
/// template), `UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil,
/// NSStringFromClass(AppDelegate.self))` in `main.swift`, or `UIApplication.main(delegate:)` with a
/// delegate it made itself (a Linux addition). Each calls the delegate's launch methods, connects a
/// scene when the delegate uses scenes (UIApplication+Scenes.swift), then runs the main run loop
/// (`RunLoop.main`), which delivers the windows' input and frames, timers and dispatches to the main
/// queue, and never returns. With `CA_SNAPSHOT=FILE.png` in the environment the application launches
/// offscreen instead and its key window is written as a picture (`AppSnapshot`).
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// Keys of the launch options dictionary (none are passed on Linux; the type is Apple's).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// Whether the application is in the foreground and receives events.
    public enum State: Int, Sendable {
        case active, inactive, background
    }

    private static var instance: UIApplication?

    /// The application object: made on first use, or by `UIApplicationMain` from its principal
    /// class name.
    public class var shared: UIApplication {
        if let instance { return instance }
        let made = UIApplication()
        instance = made
        return made
    }

    /// Makes `application` the shared one (`UIApplicationMain`'s principal class), before first use.
    static func adopt(_ application: UIApplication) -> Bool {
        guard instance == nil else { return instance === application }
        instance = application
        return true
    }

    /// The delegate (held strongly, unlike Apple's `weak` property, so that
    /// `UIApplication.main(delegate: AppDelegate())` keeps it alive).
    open var delegate: UIApplicationDelegate?

    /// Whether the launch sequence ran (`main(delegate:)`, `@main` or `UIApplicationMain`).
    public private(set) var isLaunched = false

    /// Whether the termination sequence ran.
    private(set) var isTerminating = false

    /// The windows the compositor has made active (UIApplication+Activation.swift).
    var activatedWindows: Set<ObjectIdentifier> = []

    /// Inactive while launching, active from the end of the launch sequence.
    open internal(set) var applicationState: State = .inactive

    /// The scenes connected now (each with its windows; see UIApplication+Scenes.swift).
    open internal(set) var connectedScenes: Set<UIScene> = []

    /// The sessions of the connected scenes.
    open internal(set) var openSessions: Set<UISceneSession> = []

    /// Whether the application may show several scenes at once: true (every scene is a toplevel).
    open var supportsMultipleScenes: Bool { true }

    /// Apple's application object is made by UIKit; a subclass named as `UIApplicationMain`'s principal
    /// class is made with this initializer.
    public override init() {
        super.init()
    }

    /// The key window, if any.
    open var keyWindow: UIWindow? { UIWindow.keyWindow }

    /// The delegate's window, the connected scenes' windows and the key window, each once.
    open var windows: [UIWindow] {
        var result: [UIWindow] = []
        func add(_ window: UIWindow?) {
            if let window, !result.contains(where: { $0 === window }) { result.append(window) }
        }
        add(delegate?.window)
        for scene in connectedScenes.sorted(by: { $0.session.persistentIdentifier < $1.session.persistentIdentifier }) {
            (scene as? UIWindowScene)?.windows.forEach { add($0) }
        }
        add(UIWindow.keyWindow)
        return result
    }

    /// The end of the responder chain after the application: the delegate when it is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// Runs the launch sequence: sets `delegate`, calls `application(_:willFinishLaunchingWithOptions:)`
    /// and `application(_:didFinishLaunchingWithOptions:)` (with nil options), posts
    /// `didFinishLaunchingNotification`, connects the first scene when the application uses scenes,
    /// and makes the application active (`applicationDidBecomeActive(_:)`, then
    /// `didBecomeActiveNotification`). `main(delegate:)`
    /// calls this and then runs the run loop; call it directly to launch without taking over the thread
    /// (tests, or an application that runs its own loop). A second launch does nothing.
    open func launch(delegate: UIApplicationDelegate) {
        guard !isLaunched else { return }
        isLaunched = true
        self.delegate = delegate
        let keyWindowBefore = UIWindow.keyWindow
        _ = delegate.application(self, willFinishLaunchingWithOptions: nil)
        _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
        NotificationCenter.default.post(name: UIApplication.didFinishLaunchingNotification, object: self)
        if delegate.window == nil, UIWindow.keyWindow === keyWindowBefore { connectLaunchScene() }
        applicationState = .active
        delegate.applicationDidBecomeActive(self)
        NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: self)
        CATransaction.flush()
    }

    /// The Linux main entry (Apple's is `UIApplicationMain`): launches with `delegate`
    /// (`launch(delegate:)`), then runs the main run loop forever. Call it from the main thread, as the
    /// last thing in `main`.
    public static func main(delegate: UIApplicationDelegate) -> Never {
        // `CA_SNAPSHOT=FILE.png`: launch offscreen on a frozen clock and write the key window's picture.
        if AppSnapshot.isRequested { AppSnapshot.begin() }
        shared.launch(delegate: delegate)
        if AppSnapshot.isRequested { AppSnapshot.finish(shared.keyWindow ?? shared.windows.first) }
        runMainLoop()
    }

    /// Whether the process runs the main loop itself and `UIApplicationMain` only launches (`scripts/play`'s
    /// window, which loads an app's build into itself).
    package static var mainLoopRunsElsewhere = false

    /// Runs `RunLoop.main` for the rest of the process.
    package static func runMainLoop() -> Never {
        while true {
            RunLoop.main.run()
            // `run()` returns when no input sources are attached (no window yet): wait and try again.
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Ends the application (`runTerminationSequence()`) and exits with status 0. UIKit calls it when
    /// the last window of the application is closed; a Linux addition otherwise (Apple applications
    /// do not quit themselves).
    open func terminate() -> Never {
        let shown = windows
        // A recording under way (V) is written, as on every orderly end.
        for window in shown { window.shellKeys?.finishRecording() }
        runTerminationSequence()
        // The windows' last frames and traces are written before the process ends.
        for window in shown { window.host?.window.stopRendering() }
        exit(0)
    }

    /// Ends the running application without ending the process, so that another can be launched
    /// (`scripts/play`'s reload of an app): the termination sequence runs, the windows leave their
    /// shell windows (the reusable one stays open for the next app), and the application is as
    /// before its first launch.
    package func endForRelaunch() {
        guard isLaunched else { return }
        let shown = windows
        for window in shown { window.shellKeys?.finishRecording() }
        runTerminationSequence()
        for window in shown {
            if window.host === UIWindow.reusableHost { window.leaveReusableHost() } else { window.unbindFromHost() }
            window.rootViewController = nil
        }
        UIWindow.forgetKeyWindow()
        delegate = nil
        connectedScenes = []
        openSessions = []
        applicationState = .inactive
        isTerminating = false
        isLaunched = false
        activatedWindows = []
    }

    /// What ending tells the application, in iOS's order: `applicationWillResignActive(_:)` and
    /// `willResignActiveNotification` (when active), each scene's disconnection,
    /// `applicationDidEnterBackground(_:)` and `didEnterBackgroundNotification`, then
    /// `applicationWillTerminate(_:)` and `willTerminateNotification`. `terminate()` runs it before
    /// exiting; a second run does nothing.
    func runTerminationSequence() {
        guard !isTerminating else { return }
        isTerminating = true
        if applicationState == .active {
            applicationState = .inactive
            delegate?.applicationWillResignActive(self)
            NotificationCenter.default.post(name: UIApplication.willResignActiveNotification, object: self)
        }
        for scene in connectedScenes { disconnect(scene) }
        if applicationState != .background {
            applicationState = .background
            delegate?.applicationDidEnterBackground(self)
            NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: self)
        }
        delegate?.applicationWillTerminate(self)
        NotificationCenter.default.post(name: UIApplication.willTerminateNotification, object: self)
    }
}
