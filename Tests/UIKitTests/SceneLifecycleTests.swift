import Foundation
import XCTest
@testable import UIKit

/// What the scene delegates of these tests were told, in order.
@MainActor private var sceneLog: [String] = []

/// Xcode's template scene delegate, as the template writes it (found by its name, `SceneDelegate`).
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = (scene as? UIWindowScene) else { return }
        sceneLog.append("willConnect")
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIViewController()
        self.window = window
    }

    func sceneDidDisconnect(_ scene: UIScene) { sceneLog.append("didDisconnect") }
    func sceneDidBecomeActive(_ scene: UIScene) { sceneLog.append("didBecomeActive") }
    func sceneWillResignActive(_ scene: UIScene) { sceneLog.append("willResignActive") }
    func sceneWillEnterForeground(_ scene: UIScene) { sceneLog.append("willEnterForeground") }
    func sceneDidEnterBackground(_ scene: UIScene) { sceneLog.append("didEnterBackground") }
}

/// A scene delegate named by the configuration.
final class NamedSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let made = "by init()"

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        sceneLog.append("named willConnect \(made)")
        window = UIWindow(windowScene: scene as! UIWindowScene)
    }
}

/// The template's app delegate: it only returns the configuration.
final class TemplateAppDelegate: UIResponder, UIApplicationDelegate {
    var delegateClass: AnyClass?
    var discarded: [UISceneSession] = []

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        sceneLog.append("didFinishLaunching")
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        sceneLog.append("configurationForConnecting")
        let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = delegateClass
        return configuration
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        discarded += sceneSessions
    }
}

/// An app delegate of the days before scenes: it shows its own window.
final class WindowAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        return true
    }
}

/// A class whose stored properties and init() must all run when UIKit makes it from its class.
final class MadeFromClass: UIResponder {
    var names = ["a", "b"]
    let identifier = UUID()
    var initialized = false
    override init() {
        initialized = true
        super.init()
    }
}

/// A controller as the storyboard template names it, with the inherited initializers only.
class TemplateViewController: UIViewController {
    var loaded = false
    override func viewDidLoad() {
        super.viewDidLoad()
        loaded = true
    }
}

final class SceneLifecycleTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { sceneLog = [] }
    }

    func testTemplateSceneDelegateIsFoundByNameAndTakenThroughItsLifeCycle() {
        MainActor.assumeIsolated {
            let application = UIApplication()
            let delegate = TemplateAppDelegate()
            application.launch(delegate: delegate)
            XCTAssertEqual(sceneLog, ["didFinishLaunching", "configurationForConnecting", "willConnect",
                                      "willEnterForeground", "didBecomeActive"])
            XCTAssertEqual(application.connectedScenes.count, 1)
            let scene = try! XCTUnwrap(application.connectedScenes.first as? UIWindowScene)
            XCTAssertEqual(scene.activationState, .foregroundActive)
            XCTAssertEqual(scene.session.role, .windowApplication)
            XCTAssertTrue(scene.session.scene === scene)
            XCTAssertTrue(scene.session.configuration.delegateClass == SceneDelegate.self)
            XCTAssertEqual(scene.session.configuration.name, "Default Configuration")
            XCTAssertTrue(application.openSessions.contains(scene.session))
            let sceneDelegate = try! XCTUnwrap(scene.delegate as? SceneDelegate)
            let window = try! XCTUnwrap(sceneDelegate.window)
            XCTAssertTrue(window.windowScene === scene)
            XCTAssertEqual(scene.windows.map(ObjectIdentifier.init), [ObjectIdentifier(window)])
            XCTAssertTrue(application.windows.contains { $0 === window })
            XCTAssertEqual(window.bounds.size, UIScreen.main.bounds.size)
            XCTAssertEqual(application.applicationState, .active)

            application.disconnect(scene)
            XCTAssertEqual(Array(sceneLog.suffix(3)), ["willResignActive", "didEnterBackground", "didDisconnect"])
            XCTAssertEqual(scene.activationState, .unattached)
            XCTAssertTrue(application.connectedScenes.isEmpty)
            XCTAssertTrue(application.openSessions.isEmpty)
            XCTAssertEqual(delegate.discarded.map(\.persistentIdentifier), [scene.session.persistentIdentifier])
        }
    }

    func testConfigurationDelegateClassIsMadeWithItsInit() {
        MainActor.assumeIsolated {
            let application = UIApplication()
            let delegate = TemplateAppDelegate()
            delegate.delegateClass = NamedSceneDelegate.self
            application.launch(delegate: delegate)
            XCTAssertEqual(sceneLog, ["didFinishLaunching", "configurationForConnecting", "named willConnect by init()"])
            let scene = try! XCTUnwrap(application.connectedScenes.first as? UIWindowScene)
            XCTAssertTrue(scene.delegate is NamedSceneDelegate)
            XCTAssertEqual(scene.windows.count, 1)
        }
    }

    func testAnAppThatShowsItsOwnWindowConnectsNoScene() {
        MainActor.assumeIsolated {
            let application = UIApplication()
            let delegate = WindowAppDelegate()
            application.launch(delegate: delegate)
            XCTAssertTrue(application.connectedScenes.isEmpty)
            XCTAssertTrue(application.windows.first === delegate.window)
        }
    }

    func testClassesAreMadeWithTheirOwnInitializerAndStoredProperties() {
        MainActor.assumeIsolated {
            let made = try! XCTUnwrap(AppClasses.make(MadeFromClass.self) as? MadeFromClass)
            XCTAssertTrue(made.initialized)
            XCTAssertEqual(made.names, ["a", "b"])
            XCTAssertNotEqual(made.identifier, UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
            // A controller that only inherits its initializers: made through UIViewController's init().
            let controller = try! XCTUnwrap(AppClasses.make(TemplateViewController.self) as? TemplateViewController)
            XCTAssertTrue(type(of: controller) == TemplateViewController.self)
            controller.loadViewIfNeeded()
            XCTAssertTrue(controller.loaded)
            XCTAssertNil(AppClasses.make(UISceneSessionRoleHolder.self))
        }
    }

    func testClassesAreFoundByNameInTheModuleOfAnotherClass() {
        MainActor.assumeIsolated {
            XCTAssertTrue(AppClasses.named("SceneDelegate", besides: TemplateAppDelegate()) == SceneDelegate.self)
            XCTAssertNil(AppClasses.named("NoSuchDelegate", besides: TemplateAppDelegate()))
            XCTAssertTrue(NSClassFromString(NSStringFromClass(TemplateAppDelegate.self)) == TemplateAppDelegate.self)
        }
    }

    func testTheDelegateClassHasAnEntryPointForMain() {
        // `@main` on the delegate class needs a static `main()`; UIKit's extension provides it.
        let entry: @MainActor () -> Void = TemplateAppDelegate.main
        _ = entry
    }

    func testSystemColorsHaveApplesLightModeValues() { MainActor.assumeIsolated {
        func rgba(_ color: UIColor) -> [Int] {
            var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
            XCTAssertTrue(color.getRed(&r, green: &g, blue: &b, alpha: &a))
            return [r, g, b, a].map { Int(($0 * 255).rounded()) }
        }
        XCTAssertEqual(rgba(.systemBlue), [0, 122, 255, 255])
        XCTAssertEqual(rgba(.systemRed), [255, 59, 48, 255])
        XCTAssertEqual(rgba(.systemGreen), [52, 199, 89, 255])
        XCTAssertEqual(rgba(.systemGray6), [242, 242, 247, 255])
        XCTAssertEqual(rgba(.label), [0, 0, 0, 255])
        XCTAssertEqual(rgba(.secondaryLabel), [60, 60, 67, 153])
        XCTAssertEqual(rgba(.systemBackground), [255, 255, 255, 255])
        XCTAssertEqual(rgba(.secondarySystemBackground), [242, 242, 247, 255])
        XCTAssertEqual(rgba(.separator), [60, 60, 67, 74])
        XCTAssertEqual(rgba(.tintColor), rgba(.systemBlue))
    } }
}

/// Not an NSObject subclass: UIKit cannot make it from its class.
final class UISceneSessionRoleHolder {}
