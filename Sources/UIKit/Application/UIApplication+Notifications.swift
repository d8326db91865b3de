import Foundation

/// The application's life-cycle notifications (Apple's names and raw values), posted by the
/// application object with itself as the object, each after the matching delegate method.
extension UIApplication {
    /// Posted once launch finished (after `application(_:didFinishLaunchingWithOptions:)`).
    nonisolated public static let didFinishLaunchingNotification =
        Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted when the application became active (at the end of launch).
    nonisolated public static let didBecomeActiveNotification =
        Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Posted when the application stops being active (here: as it ends).
    nonisolated public static let willResignActiveNotification =
        Notification.Name("UIApplicationWillResignActiveNotification")
    /// Posted when the application went to the background (here: as it ends, after its scenes
    /// disconnected).
    nonisolated public static let didEnterBackgroundNotification =
        Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Posted when the application comes back from the background: never here (a Wayland window
    /// being covered or minimized does not send the application to the background).
    nonisolated public static let willEnterForegroundNotification =
        Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Posted when the system is short of memory: never here (Linux sends no such warning).
    nonisolated public static let didReceiveMemoryWarningNotification =
        Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    /// Posted last as the application ends (after `applicationWillTerminate(_:)`).
    nonisolated public static let willTerminateNotification =
        Notification.Name("UIApplicationWillTerminateNotification")
}
