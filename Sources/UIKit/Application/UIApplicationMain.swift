import Foundation

/// Apple's main entry of an application: makes the application object (of `principalClassName`, a
/// `UIApplication` subclass, or `UIApplication` when nil) and the delegate (of `delegateClassName`,
/// e.g. `NSStringFromClass(AppDelegate.self)`, with its `init()`), runs the launch sequence and then
/// the main run loop. It never returns. The arguments are not read: `CommandLine.arguments` has them.
///
/// A class name that names no class, or one that cannot be made (not an `NSObject` subclass), is
/// reported on standard error and ends the process with status 1; a nil delegate class name does too
/// (Apple's would load the main storyboard's delegate; there are no storyboards).
///
/// Not declared on the main actor: main.swift's top-level code, which is not isolated in the Swift 5
/// language mode, calls it as it calls Apple's (imported from Objective-C, where the isolation is only
/// a warning). It must be called on the main thread, and traps otherwise.
@discardableResult
public func UIApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                              _ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    MainActor.assumeIsolated { applicationMain(principalClassName, delegateClassName) }
}

@MainActor
private func applicationMain(_ principalClassName: String?, _ delegateClassName: String?) -> Int32 {
    if let principalClassName {
        guard let cls = NSClassFromString(principalClassName), cls is UIApplication.Type,
              let application = AppClasses.make(cls) as? UIApplication, UIApplication.adopt(application) else {
            applicationMainFailed("cannot make the principal class \(principalClassName) (a UIApplication subclass "
                                  + "with an init() of its own or inherited, named as NSStringFromClass writes it)")
        }
    }
    guard let delegateClassName else {
        applicationMainFailed("no delegate class name: pass NSStringFromClass(AppDelegate.self) "
                              + "(there are no storyboards to load a delegate from)")
    }
    guard let cls = NSClassFromString(delegateClassName) else {
        applicationMainFailed("no class named \(delegateClassName) (pass NSStringFromClass(AppDelegate.self), "
                              + "which writes the module's name too)")
    }
    guard let delegate = AppClasses.make(cls) as? UIApplicationDelegate else {
        applicationMainFailed("cannot make the delegate \(delegateClassName): it must be an NSObject (or "
                              + "UIResponder) subclass adopting UIApplicationDelegate")
    }
    // `scripts/play`'s window runs the main loop itself: an app's main.swift launches and returns.
    if UIApplication.mainLoopRunsElsewhere {
        UIApplication.shared.launch(delegate: delegate)
        return 0
    }
    UIApplication.main(delegate: delegate)
}

private func applicationMainFailed(_ message: String) -> Never {
    writeStandardError("UIApplicationMain: \(message)\n")
    exit(1)
}

extension UIApplicationDelegate {
    /// The program's entry when `@main` marks the delegate class (Xcode's template since Swift 5.3):
    /// `UIApplicationMain` with the class as the delegate class. A delegate that is not an `NSObject`
    /// (or `UIResponder`) subclass cannot be made from its class: the message says so.
    @MainActor
    public static func main() {
        UIApplicationMain(CommandLine.argc, CommandLine.unsafeArgv, nil, NSStringFromClass(Self.self))
    }
}
