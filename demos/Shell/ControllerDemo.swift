import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// Runs a demo written as the book's listings are: a view controller (the listing) as the root of
/// a window, shown in a window or offscreen for `--snapshot`.
///
/// The controller comes from the options (`controller:`, seeing the window's size as the options'
/// size, the screen's on iOS), or from the variant (`make(argument)`: the controller of `--variant`,
/// nil for the default, or of a digit key; nil when there is no such variant), and then digit keys
/// the controller does not take switch variants. Keys go to the controller first (`DemoKeyResponder`,
/// Space to a `DemoActionScreen`'s action). A snapshot replays `--click`/`--drag` at time 0, the
/// demo's `script`, and a `DemoActionScreen`'s action at its `snapshotActionTimes`.
@MainActor
final class ControllerDemo: DemoKeyHandling {
    typealias Make = @MainActor (_ variant: String?) -> UIViewController?
    typealias Build = @MainActor (DemoOptions) -> UIViewController
    /// What a snapshot does with the controller it shows, at media times.
    typealias Script = @MainActor (UIViewController, DemoOptions) -> [ScriptedEvent]

    nonisolated static func run(title: String, _ options: DemoOptions, _ make: @escaping Make) -> Int32 {
        DemoHost.run(title: title, options) { host in
            ControllerDemo(host: host, options: options, build: { make($0.variant) ?? UIViewController() }, variant: make)
        }
    }

    nonisolated static func run(title: String, _ options: DemoOptions, controller build: @escaping Build) -> Int32 {
        DemoHost.run(title: title, options) { host in ControllerDemo(host: host, options: options, build: build, variant: nil) }
    }

    /// The scene of an offscreen snapshot of `size` points with the controller of `--variant`.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize, _ make: Make, script: Script? = nil) -> DemoScene {
        MainActor.assumeIsolated { snapshot(size: size, options, make(options.variant) ?? UIViewController(), script) }
    }

    /// The scene of an offscreen snapshot of `size` points with the controller of the options.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize, controller build: Build,
                                  script: Script? = nil) -> DemoScene {
        MainActor.assumeIsolated { snapshot(size: size, options, build(options), script) }
    }

    private static func snapshot(size: CGSize, _ options: DemoOptions, _ controller: UIViewController,
                                 _ script: Script?) -> DemoScene {
        let window = UIWindow(frame: CGRect(origin: .zero, size: size))
        show(controller, in: window)
        // A snapshot draws this tree: from here on its layers animate as a shown window's do.
        window.layer.markTreeAsRendered()
        let events = ScriptedEvent.commandLine(options, in: window) + (script?(controller, options) ?? [])
            + ((controller as? DemoActionScreen)?.scriptedActions ?? [])
        return ScriptedScene(root: window.layer, events: events, keeping: window)
    }

    /// Makes `controller` the window's root, laid out at once and without animation.
    private static func show(_ controller: UIViewController, in window: UIWindow) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        window.rootViewController = controller
        window.layoutIfNeeded()
        CATransaction.commit()
    }

    private let window: UIWindow
    private let variant: Make?

    private init(host: any LayerHosting, options: DemoOptions, build: Build, variant: Make?) {
        self.variant = variant
        window = UIWindow(frame: host.rootLayer.bounds)
        // Bound first, so that the screen is the window's when the controller's view loads.
        window.bind(to: host)
        window.makeKey()
        var shown = options
        shown.size = host.rootLayer.bounds.size
        show(build(shown))
        for event in ScriptedEvent.commandLine(options, in: window) { event.run() }
        CATransaction.flush()
    }

    private func show(_ controller: UIViewController) {
        Self.show(controller, in: window)
        (controller as? DemoActionScreen)?.performWhenShown()
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        offerKey(event, to: window.rootViewController, showVariant: variant.map { make in
            { [weak self] argument in
                guard let self, let controller = make(argument) else { return false }
                self.show(controller)
                return true
            }
        })
    }
}
