import CoreGraphics
import Foundation

/// The methods an application's delegate answers: UIKit's launch sequence on Linux.
///
/// Every requirement has a default (nothing, or `true`), as Apple's optional methods.
@preconcurrency @MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The application's main window; `UIApplication.shared.windows`/`keyWindow` consult it. Apple's
    /// is an optional property the delegate declares (`var window: UIWindow?`); the default has no
    /// storage and holds nil.
    var window: UIWindow? { get set }

    /// Called once, before the main run loop starts: create the window and its views here, and show it
    /// with `makeKeyAndVisible()`. The result is ignored (as Apple's, for a normal launch).
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// Called before `application(_:didFinishLaunchingWithOptions:)`.
    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool

    /// Called when the application is about to end (`UIApplication.terminate()`, a Linux addition).
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

    public func applicationWillTerminate(_ application: UIApplication) {}
}

/// The running application: its delegate, its windows, and the main entry that starts the run loop.
///
/// On Linux an application starts with
///
///     @main struct Main {
///         static func main() { UIApplication.main(delegate: AppDelegate()) }
///     }
///
/// (`UIApplication.main(delegate:)`, in place of Apple's `UIApplicationMain`, which creates the delegate
/// from its class name: Swift on Linux cannot create an object from a class name). It calls the delegate's launch methods, then runs the main run loop (`RunLoop.main`), which
/// delivers the windows' input and frames, timers and dispatches to the main queue, and never returns.
@preconcurrency @MainActor
open class UIApplication: UIResponder {
    /// Keys of the launch options dictionary (none are passed on Linux; the type is Apple's).
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The application object (created on first use).
    public static let shared = UIApplication()

    /// The delegate (held strongly, unlike Apple's `weak` property, so that
    /// `UIApplication.main(delegate: AppDelegate())` keeps it alive).
    open var delegate: UIApplicationDelegate?

    /// Whether the launch sequence ran (`main(delegate:)` or `UIApplicationMain`).
    public private(set) var isLaunched = false

    private override init() {
        super.init()
    }

    /// The key window, if any.
    open var keyWindow: UIWindow? { UIWindow.keyWindow }

    /// The delegate's window, and the key window when it is another.
    open var windows: [UIWindow] {
        var result: [UIWindow] = []
        if let window = delegate?.window { result.append(window) }
        if let key = UIWindow.keyWindow, !result.contains(where: { $0 === key }) { result.append(key) }
        return result
    }

    /// The end of the responder chain after the application: the delegate when it is a responder.
    open override var next: UIResponder? { delegate as? UIResponder }

    /// Runs the launch sequence: sets `delegate`, calls `application(_:willFinishLaunchingWithOptions:)`
    /// and `application(_:didFinishLaunchingWithOptions:)` (with nil options). `main(delegate:)` calls
    /// this and then runs the run loop; call it directly to launch without taking over the thread (tests,
    /// or an application that runs its own loop). A second launch does nothing.
    open func launch(delegate: UIApplicationDelegate) {
        guard !isLaunched else { return }
        isLaunched = true
        self.delegate = delegate
        _ = delegate.application(self, willFinishLaunchingWithOptions: nil)
        _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
        CATransaction.flush()
    }

    /// The Linux main entry (Apple's is `UIApplicationMain`): launches with `delegate`
    /// (`launch(delegate:)`), then runs the main run loop forever. Call it from the main thread, as the
    /// last thing in `main`.
    public static func main(delegate: UIApplicationDelegate) -> Never {
        shared.launch(delegate: delegate)
        while true {
            RunLoop.main.run()
            // `run()` returns when no input sources are attached (no window yet): wait and try again.
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    /// Ends the application: tells the delegate (`applicationWillTerminate(_:)`) and exits with
    /// status 0. A Linux addition (Apple applications do not quit themselves).
    open func terminate() -> Never {
        delegate?.applicationWillTerminate(self)
        exit(0)
    }
}
