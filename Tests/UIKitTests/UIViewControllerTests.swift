import QuartzCore
@testable import UIKit
import XCTest

/// A controller that writes its lifecycle calls to a shared log, prefixed with its name.
class LoggingViewController: UIViewController {
    nonisolated(unsafe) var name = "vc"
    nonisolated(unsafe) var log = LifecycleLog()
    nonisolated(unsafe) var loads = 0

    convenience init(_ name: String, _ log: LifecycleLog) {
        self.init()
        self.name = name
        self.log = log
    }

    override func loadView() {
        loads += 1
        log.add("\(name).loadView")
        super.loadView()
    }
    override func viewDidLoad() { log.add("\(name).viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { log.add("\(name).viewWillAppear(\(animated))") }
    override func viewDidAppear(_ animated: Bool) { log.add("\(name).viewDidAppear(\(animated))") }
    override func viewWillDisappear(_ animated: Bool) { log.add("\(name).viewWillDisappear(\(animated))") }
    override func viewDidDisappear(_ animated: Bool) { log.add("\(name).viewDidDisappear(\(animated))") }
    override func viewWillLayoutSubviews() { log.add("\(name).viewWillLayoutSubviews") }
    override func viewDidLayoutSubviews() { log.add("\(name).viewDidLayoutSubviews") }
    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        log.add("\(name).willMove(toParent: \((parent as? LoggingViewController)?.name ?? "nil"))")
    }
    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        log.add("\(name).didMove(toParent: \((parent as? LoggingViewController)?.name ?? "nil"))")
    }
}

/// XCTest on Linux cannot discover `@MainActor` test classes: the class is nonisolated and its
/// bodies run as main-thread code through `MainActor.assumeIsolated`.
final class UIViewControllerTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
    }

    @MainActor private func makeWindow() -> UIWindow {
        UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 300))
    }

    // MARK: Loading

    func testTheViewLoadsOnceOnFirstAccess() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let vc = LoggingViewController("a", log)
        XCTAssertNil(vc.nibName)
        XCTAssertFalse(vc.isViewLoaded)
        XCTAssertNil(vc.viewIfLoaded)
        XCTAssertEqual(log.entries, [])
        let view = vc.view
        XCTAssertNotNil(view)
        XCTAssertTrue(vc.view === view)
        vc.loadViewIfNeeded()
        XCTAssertTrue(vc.isViewLoaded)
        XCTAssertTrue(vc.viewIfLoaded === view)
        XCTAssertEqual(vc.loads, 1)
        XCTAssertEqual(log.entries, ["a.loadView", "a.viewDidLoad"])
        XCTAssertTrue(type(of: view!) == UIView.self, "a plain view by default")

        let other = LoggingViewController("b", log)
        other.loadViewIfNeeded()
        XCTAssertTrue(other.isViewLoaded)
    } }

    func testAnOverriddenLoadViewProvidesTheView() { MainActor.assumeIsolated {
        final class Custom: UIViewController {
            nonisolated(unsafe) var viewSeenInDidLoad: UIView?
            override func loadView() { view = UILabel(frame: CGRect(x: 0, y: 0, width: 10, height: 10)) }
            override func viewDidLoad() {
                super.viewDidLoad()
                viewSeenInDidLoad = view
            }
        }
        let vc = Custom(nibName: nil, bundle: nil)
        XCTAssertTrue(vc.view is UILabel)
        XCTAssertTrue(vc.viewSeenInDidLoad === vc.view)
        vc.title = "Hello"
        XCTAssertEqual(vc.title, "Hello")
    } }

    func testSubclassInitializersAsAppleCodeWritesThem() { MainActor.assumeIsolated {
        final class Plain: UIViewController {
            let value: Int
            init(value: Int) {
                self.value = value
                super.init(nibName: nil, bundle: nil)
            }
            required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        }
        final class NoArguments: UIViewController {
            init() { super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { nil }
        }
        XCTAssertEqual(Plain(value: 3).value, 3)
        XCTAssertNotNil(NoArguments().view)
        XCTAssertEqual(UIViewController().modalPresentationStyle, .automatic)
        XCTAssertEqual(UIViewController().preferredStatusBarStyle, .default)
        XCTAssertFalse(UIViewController().prefersStatusBarHidden)
    } }

    // MARK: Root controller and appearance

    func testRootControllerFillsTheWindowAndAppearsWhenTheWindowShows() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let window = makeWindow()
        let vc = LoggingViewController("root", log)
        window.rootViewController = vc
        XCTAssertTrue(window.rootViewController === vc)
        XCTAssertTrue(vc.view.superview === window)
        XCTAssertEqual(vc.view.frame, window.bounds)
        XCTAssertEqual(log.take(), ["root.loadView", "root.viewDidLoad"], "not shown yet")

        window.isHidden = false
        XCTAssertEqual(log.take(), ["root.viewWillAppear(false)", "root.viewDidAppear(false)"])
        window.isHidden = false
        XCTAssertEqual(log.take(), [], "once")

        window.frame = CGRect(x: 0, y: 0, width: 500, height: 400)
        XCTAssertEqual(vc.view.frame, CGRect(x: 0, y: 0, width: 500, height: 400), "follows the window's size")

        window.isHidden = true
        XCTAssertEqual(log.take(), ["root.viewWillDisappear(false)", "root.viewDidDisappear(false)"])

        window.isHidden = false
        _ = log.take()
        let replacement = LoggingViewController("next", log)
        window.rootViewController = replacement
        XCTAssertNil(vc.view.superview)
        XCTAssertEqual(log.take(), ["root.viewWillDisappear(false)", "root.viewDidDisappear(false)",
                                    "next.loadView", "next.viewDidLoad",
                                    "next.viewWillAppear(false)", "next.viewDidAppear(false)"])
    } }

    func testMakeKeyAndVisibleShowsTheRootControllerWithoutADisplay() { MainActor.assumeIsolated {
        // As an application delegate does; with no Wayland display to connect to the window stays off screen.
        let saved = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        setenv("WAYLAND_DISPLAY", "wayland-nonexistent-test", 1)
        defer { if let saved { setenv("WAYLAND_DISPLAY", saved, 1) } else { unsetenv("WAYLAND_DISPLAY") } }
        let log = LifecycleLog()
        XCTAssertEqual(UIScreen.main.bounds, CGRect(origin: .zero, size: UIWindow.defaultShellWindowSize),
                       "before a window is bound, the size a window will ask for")
        let window = UIWindow(frame: UIScreen.main.bounds)
        let root = LoggingViewController("root", log)
        window.rootViewController = root
        XCTAssertEqual(root.view.frame, CGRect(x: 0, y: 0, width: 390, height: 844))
        window.makeKeyAndVisible()
        XCTAssertTrue(window.isKeyWindow)
        XCTAssertEqual(log.take(), ["root.loadView", "root.viewDidLoad", "root.viewWillAppear(false)", "root.viewDidAppear(false)"])
        window.isHidden = true
    } }

    func testLayoutCallsSurroundTheViewsLayout() { MainActor.assumeIsolated {
        final class LoggingLayoutView: UIView {
            nonisolated(unsafe) var log: LifecycleLog?
            override func layoutSubviews() { log?.add("layoutSubviews") }
        }
        final class Controller: LoggingViewController {
            override func loadView() {
                let v = LoggingLayoutView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
                v.log = log
                view = v
            }
        }
        let log = LifecycleLog()
        let vc = Controller("vc", log)
        vc.view.setNeedsLayout()
        vc.view.layoutIfNeeded()
        XCTAssertEqual(log.take(), ["vc.viewDidLoad", "vc.viewWillLayoutSubviews", "layoutSubviews", "vc.viewDidLayoutSubviews"])
        vc.view.layoutIfNeeded()
        XCTAssertEqual(log.take(), [], "only when a layout is needed")
        vc.view.bounds.size = CGSize(width: 80, height: 80)
        vc.view.layoutIfNeeded()
        XCTAssertEqual(log.take(), ["vc.viewWillLayoutSubviews", "layoutSubviews", "vc.viewDidLayoutSubviews"])
    } }

    // MARK: Responder chain

    func testResponderChainRunsThroughTheControllers() { MainActor.assumeIsolated {
        let window = makeWindow()
        let root = UIViewController()
        window.rootViewController = root
        let child = UIViewController()
        root.addChild(child)
        let holder = UIView()
        root.view.addSubview(holder)
        holder.addSubview(child.view)
        child.didMove(toParent: root)
        let button = UIButton()
        child.view.addSubview(button)

        var chain: [UIResponder] = []
        var r: UIResponder? = button
        while let current = r { chain.append(current); r = current.next }
        XCTAssertEqual(chain.map(ObjectIdentifier.init),
                       [button, child.view, child, holder, root.view, root, window].map { ObjectIdentifier($0) })

        let detached = UIViewController()
        XCTAssertTrue(detached.view.next === detached)
        XCTAssertNil(detached.next)
    } }

    // MARK: Containment

    func testChildContainmentCallsInOrder() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let window = makeWindow()
        let parent = LoggingViewController("parent", log)
        window.rootViewController = parent
        window.isHidden = false
        let child = LoggingViewController("child", log)
        child.loadViewIfNeeded()
        _ = log.take()

        parent.addChild(child)
        XCTAssertEqual(log.take(), ["child.willMove(toParent: parent)"])
        XCTAssertTrue(child.parent === parent)
        XCTAssertEqual(parent.children.map(ObjectIdentifier.init), [ObjectIdentifier(child)])
        XCTAssertTrue(child.isMovingToParent)
        parent.view.addSubview(child.view)
        XCTAssertEqual(log.take(), ["child.viewWillAppear(false)", "child.viewDidAppear(false)"])
        child.didMove(toParent: parent)
        XCTAssertEqual(log.take(), ["child.didMove(toParent: parent)"])
        XCTAssertFalse(child.isMovingToParent)

        child.willMove(toParent: nil)
        XCTAssertTrue(child.isMovingFromParent)
        child.view.removeFromSuperview()
        child.removeFromParent()
        XCTAssertEqual(log.take(), ["child.willMove(toParent: nil)", "child.viewWillDisappear(false)",
                                    "child.viewDidDisappear(false)", "child.didMove(toParent: nil)"])
        XCTAssertNil(child.parent)
        XCTAssertTrue(parent.children.isEmpty)
        XCTAssertFalse(child.isMovingFromParent)
    } }

    func testChildrenAppearWithTheirParent() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let window = makeWindow()
        let parent = LoggingViewController("parent", log)
        let child = LoggingViewController("child", log)
        let outsider = LoggingViewController("outsider", log)   // a child whose view is not shown
        parent.addChild(child)
        parent.addChild(outsider)
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        outsider.didMove(toParent: parent)
        window.rootViewController = parent
        _ = log.take()
        window.isHidden = false
        XCTAssertEqual(log.take(), ["parent.viewWillAppear(false)", "child.viewWillAppear(false)",
                                    "parent.viewDidAppear(false)", "child.viewDidAppear(false)"])
        window.isHidden = true
        XCTAssertEqual(log.take(), ["parent.viewWillDisappear(false)", "child.viewWillDisappear(false)",
                                    "parent.viewDidDisappear(false)", "child.viewDidDisappear(false)"])
    } }

    func testAContainerCanForwardAppearanceItself() { MainActor.assumeIsolated {
        final class Manual: LoggingViewController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let log = LifecycleLog()
        let window = makeWindow()
        let parent = Manual("parent", log)
        let child = LoggingViewController("child", log)
        parent.addChild(child)
        parent.view.addSubview(child.view)
        window.rootViewController = parent
        window.isHidden = false
        XCTAssertFalse(log.entries.contains("child.viewWillAppear(false)"))
        _ = log.take()
        child.beginAppearanceTransition(true, animated: true)
        child.endAppearanceTransition()
        XCTAssertEqual(log.take(), ["child.viewWillAppear(true)", "child.viewDidAppear(true)"])
    } }
}

/// Code as Xcode's templates and older listings write it compiles and runs.
final class UIViewControllerTemplateTests: XCTestCase {
    func testTemplateOverridesCompileAndKeepAppleDefaults() { MainActor.assumeIsolated {
        final class ViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.backgroundColor = .white
            }
            override func didReceiveMemoryWarning() { super.didReceiveMemoryWarning() }
            override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
            override var prefersStatusBarHidden: Bool { true }
            override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        }
        let vc = ViewController()
        XCTAssertEqual(vc.view.backgroundColor, .white)
        XCTAssertEqual(vc.supportedInterfaceOrientations, .portrait)
        XCTAssertTrue(vc.prefersStatusBarHidden)
        XCTAssertEqual(vc.preferredStatusBarStyle, .lightContent)
        XCTAssertEqual(UIViewController().supportedInterfaceOrientations, .allButUpsideDown)
        XCTAssertEqual(UIInterfaceOrientationMask.all.rawValue, 30)
        XCTAssertEqual(UIInterfaceOrientationMask.allButUpsideDown.rawValue, 26)
        XCTAssertEqual(UIInterfaceOrientation.landscapeLeft.rawValue, 4)
        XCTAssertEqual(UIModalPresentationStyle.automatic.rawValue, -2)
        XCTAssertEqual(UIModalPresentationStyle.overFullScreen.rawValue, 5)
    } }
}
