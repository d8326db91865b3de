import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// Runs a `DemoActionScreen` in a window: Space performs its action (instead of the shell's pause),
/// its own keys go to it, every other key to the shell.
@MainActor
final class DemoActionKeys: DemoKeyHandling {
    private let screen: DemoActionScreen
    /// Kept alive with the demo (a window bound to the host, a host's scene).
    private let owned: [AnyObject]

    init(screen: DemoActionScreen, keeping owned: [AnyObject] = []) {
        self.screen = screen
        self.owned = owned
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        guard event.state == .pressed, !event.isRepeat else { return false }
        if event.keysym.lowercased == .space {
            screen.performAction()
            return true
        }
        return screen.handleKey(event)
    }
}

/// A scene of plain layers with a main action (a guide fragment hosted in layers).
@MainActor
protocol ActionLayerScene: DemoActionScreen {
    /// Places the scene in a root of `size` points.
    func layout(for size: CGSize)
}

/// Windows and snapshots of an `ActionLayerScene`.
enum ActionLayerDemo {
    /// Opens a window titled `title` with the scene `make` builds in its root layer; its action runs
    /// once the window shows.
    static func run(title: String, _ options: DemoOptions,
                    _ make: @escaping @MainActor (CALayer, DemoOptions) -> ActionLayerScene) -> Int32 {
        DemoHost.run(title: title, options) { host in
            let scene = make(host.rootLayer, options)
            scene.layout(for: host.rootLayer.bounds.size)
            host.didResize = { size in MainActor.assumeIsolated { scene.layout(for: size) } }
            if scene.runsActionWhenShown {
                RunLoop.main.perform { MainActor.assumeIsolated { scene.performAction() } }
            }
            return DemoActionKeys(screen: scene, keeping: [scene])
        }
    }

    /// The scene for a snapshot of `size` points: drawn as a window's tree is (its layers animate
    /// implicitly), its action run at its `snapshotActionTimes`.
    static func snapshotScene(_ options: DemoOptions, size: CGSize,
                              _ make: @MainActor (CALayer, DemoOptions) -> ActionLayerScene) -> DemoScene {
        MainActor.assumeIsolated {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: size)
            root.markTreeAsRendered()
            let scene = make(root, options)
            scene.layout(for: size)
            return ScheduledActions(scene: scene, root: root)
        }
    }
}

/// A snapshot's scene: the screen's action at each of its times.
final class ScheduledActions: DemoScene {
    let rootLayer: CALayer
    private let screen: DemoActionScreen
    private let times: [CFTimeInterval]
    private let owned: AnyObject?
    private var fired = 0

    @MainActor
    init(scene: DemoActionScreen, root: CALayer, keeping owned: AnyObject? = nil) {
        screen = scene
        rootLayer = root
        times = scene.snapshotActionTimes.sorted()
        self.owned = owned
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { times.filter { $0 <= seconds } }

    func fireTimers() {
        fired += 1
        MainActor.assumeIsolated { screen.performAction() }
    }
}
