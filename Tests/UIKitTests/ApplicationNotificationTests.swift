import Foundation
@testable import UIKit
import XCTest

/// What the delegate and the observers heard.
final class AppNotificationLog: @unchecked Sendable {
    var entries: [String] = []
}

/// An app delegate that logs its calls (top level: UIKit names its class).
@MainActor final class LifecycleLoggingAppDelegate: UIResponder, UIApplicationDelegate {
    let log: AppNotificationLog
    var window: UIWindow?
    init(log: AppNotificationLog) { self.log = log }

    func application(_ application: UIApplication,
                     willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.entries.append("willFinishLaunching")
        return true
    }
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        log.entries.append("didFinishLaunching")
        // A window of its own: no scene is connected.
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        return true
    }
    func applicationDidBecomeActive(_ application: UIApplication) { log.entries.append("didBecomeActive") }
    func applicationWillResignActive(_ application: UIApplication) { log.entries.append("willResignActive") }
    func applicationDidEnterBackground(_ application: UIApplication) { log.entries.append("didEnterBackground") }
    func applicationWillTerminate(_ application: UIApplication) { log.entries.append("willTerminate") }
}

/// The application's life-cycle notifications and delegate calls, in the order they come.
final class ApplicationNotificationTests: XCTestCase {
    private static let names: [(Notification.Name, String)] = [
        (UIApplication.didFinishLaunchingNotification, "UIApplicationDidFinishLaunchingNotification"),
        (UIApplication.didBecomeActiveNotification, "UIApplicationDidBecomeActiveNotification"),
        (UIApplication.willResignActiveNotification, "UIApplicationWillResignActiveNotification"),
        (UIApplication.didEnterBackgroundNotification, "UIApplicationDidEnterBackgroundNotification"),
        (UIApplication.willEnterForegroundNotification, "UIApplicationWillEnterForegroundNotification"),
        (UIApplication.didReceiveMemoryWarningNotification, "UIApplicationDidReceiveMemoryWarningNotification"),
        (UIApplication.willTerminateNotification, "UIApplicationWillTerminateNotification"),
        (UIScene.didEnterBackgroundNotification, "UISceneDidEnterBackgroundNotification"),
        (UIScene.willDeactivateNotification, "UISceneWillDeactivateNotification"),
        (UIScene.didActivateNotification, "UISceneDidActivateNotification"),
    ]

    private var observers: [NSObjectProtocol] = []

    override func tearDown() {
        observers.forEach(NotificationCenter.default.removeObserver)
        observers = []
    }

    /// Logs each notification of `names` posted with `object` (or, for scenes, any object).
    private func observe(_ application: UIApplication, into log: AppNotificationLog) {
        for (name, raw) in Self.names {
            let isScene = raw.hasPrefix("UIScene")
            observers.append(NotificationCenter.default.addObserver(forName: name, object: isScene ? nil : application,
                                                                    queue: nil) { _ in
                log.entries.append("note " + raw.replacingOccurrences(of: "Notification", with: "")
                    .replacingOccurrences(of: "UIApplication", with: "")
                    .replacingOccurrences(of: "UIScene", with: "scene "))
            })
        }
    }

    func testTheNamesAreApples() {
        for (name, raw) in Self.names { XCTAssertEqual(name.rawValue, raw) }
    }

    func testLaunchPostsFinishLaunchingThenBecomeActive() { MainActor.assumeIsolated {
        let log = AppNotificationLog()
        let application = UIApplication()
        observe(application, into: log)
        let delegate = LifecycleLoggingAppDelegate(log: log)
        application.launch(delegate: delegate)
        XCTAssertEqual(log.entries, ["willFinishLaunching", "didFinishLaunching", "note DidFinishLaunching",
                                     "didBecomeActive", "note DidBecomeActive"])
        XCTAssertEqual(application.applicationState, .active)
        application.launch(delegate: delegate)
        XCTAssertEqual(log.entries.count, 5, "a second launch posts nothing")
    } }

    func testAnAppEndedForARelaunchHearsOfItsEndAndTheNextOneLaunchesAfresh() { MainActor.assumeIsolated {
        let log = AppNotificationLog()
        let application = UIApplication()
        let first = LifecycleLoggingAppDelegate(log: log)
        application.launch(delegate: first)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.rootViewController = UIViewController()
        window.makeKey()
        first.window = window
        log.entries = []
        application.endForRelaunch()
        XCTAssertEqual(log.entries, ["willResignActive", "didEnterBackground", "willTerminate"])
        XCTAssertFalse(application.isLaunched)
        XCTAssertNil(application.delegate)
        XCTAssertNil(application.keyWindow)
        XCTAssertNil(window.rootViewController, "the old app's controllers leave its window")
        XCTAssertTrue(application.connectedScenes.isEmpty)

        let second = LifecycleLoggingAppDelegate(log: log)
        log.entries = []
        application.launch(delegate: second)
        XCTAssertTrue(application.delegate === second)
        XCTAssertEqual(log.entries, ["willFinishLaunching", "didFinishLaunching", "didBecomeActive"])
        XCTAssertEqual(application.applicationState, .active)
        application.endForRelaunch()
        application.endForRelaunch()  // a second end does nothing
        XCTAssertEqual(log.entries.suffix(3), ["willResignActive", "didEnterBackground", "willTerminate"])
    } }

    func testTheApplicationIsActiveWhileOneOfItsWindowsIsTheActiveWindow() { MainActor.assumeIsolated {
        let log = AppNotificationLog()
        let application = UIApplication()
        let delegate = LifecycleLoggingAppDelegate(log: log)
        application.launch(delegate: delegate)
        let scene = try! XCTUnwrap(application.connect(UISceneSession(role: .windowApplication),
                                                       configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication),
                                                       options: UIScene.ConnectionOptions()) as? UIWindowScene)
        let first = UIWindow(windowScene: scene), second = UIWindow(windowScene: scene)
        observe(application, into: log)
        log.entries = []
        // Launch made it active already: the compositor activating its window changes nothing.
        application.windowActivationChanged(first, isActive: true)
        XCTAssertEqual(log.entries, [])
        // Focus moves to its other window (a deactivation, then an activation): still active.
        application.windowActivationChanged(first, isActive: false)
        application.windowActivationChanged(second, isActive: true)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        XCTAssertEqual(log.entries, [])
        // Another program's window takes the focus: the scene, then the application, resign (at the
        // end of the main queue's turn).
        application.windowActivationChanged(second, isActive: false)
        XCTAssertEqual(log.entries, [])
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.05))
        XCTAssertEqual(log.entries, ["note scene WillDeactivate", "willResignActive", "note WillResignActive"])
        XCTAssertEqual(application.applicationState, .inactive)
        XCTAssertEqual(scene.activationState, .foregroundInactive)
        log.entries = []
        application.windowActivationChanged(first, isActive: true)
        XCTAssertEqual(log.entries, ["note scene DidActivate", "didBecomeActive", "note DidBecomeActive"])
        XCTAssertEqual(application.applicationState, .active)
        XCTAssertEqual(scene.activationState, .foregroundActive)
    } }

    func testTerminationResignsEntersTheBackgroundThenTerminates() { MainActor.assumeIsolated {
        let log = AppNotificationLog()
        let application = UIApplication()
        let delegate = LifecycleLoggingAppDelegate(log: log)
        application.launch(delegate: delegate)
        // A scene, to show where its disconnection comes.
        let session = UISceneSession(role: .windowApplication)
        application.connect(session, configuration: UISceneConfiguration(name: nil, sessionRole: .windowApplication),
                            options: UIScene.ConnectionOptions())
        log.entries = []
        observe(application, into: log)
        application.runTerminationSequence()
        XCTAssertEqual(log.entries, ["willResignActive", "note WillResignActive", "note scene WillDeactivate", "note scene DidEnterBackground",
                                     "didEnterBackground", "note DidEnterBackground",
                                     "willTerminate", "note WillTerminate"])
        XCTAssertEqual(application.applicationState, .background)
        XCTAssertTrue(application.connectedScenes.isEmpty)
        application.runTerminationSequence()
        XCTAssertEqual(log.entries.count, 8, "it runs once")
    } }
}
