import Foundation
import LayerHost
import QuartzCore
import WaylandShell

/// A scene of layers that a window shows as it is: laid out for the window's size, keys 1–9
/// switching its variants (when it has them).
protocol LayerScene: DemoScene {
    /// Places the scene in a root of `size` points.
    func layout(for size: CGSize)
    /// Shows variant `argument` (a name or a number); false when there is no such variant.
    func show(variant argument: String) -> Bool
}

extension LayerScene {
    func show(variant argument: String) -> Bool { false }
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}

/// A demo's variants, chosen by name or by number (1: the first case).
protocol NumberedVariant: CaseIterable, RawRepresentable where RawValue == String {}

extension NumberedVariant {
    /// The variant of `--variant` or a key: its name, or its number.
    init?(argument: String) {
        let all = Array(Self.allCases)
        if let number = Int(argument), (1...all.count).contains(number) {
            self = all[number - 1]
        } else if let variant = Self(rawValue: argument.lowercased()) {
            self = variant
        } else {
            return nil
        }
    }

    /// The names `--variant` accepts, the default first, then the numbers.
    static var arguments: [String] { allCases.map(\.rawValue) + (1...allCases.count).map(String.init) }
}

/// Centres `layer` in a root of `size` points (at the origin when the root is no larger), without
/// an implicit animation.
func centre(_ layer: CALayer, in size: CGSize) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.position = CGPoint(x: max(size.width, layer.bounds.width) / 2, y: max(size.height, layer.bounds.height) / 2)
    CATransaction.commit()
}

/// Runs a `LayerScene` in a window or offscreen. A scene that is a `DemoActionScreen` has its main
/// action run once the window shows and on Space, and in a snapshot at its `snapshotActionTimes`.
@MainActor
final class LayerSceneDemo: DemoKeyHandling {
    typealias Make = @MainActor (CALayer, DemoOptions) -> LayerScene

    /// Opens a window titled `title` showing the scene `make` builds in its root layer.
    nonisolated static func run(title: String, _ options: DemoOptions, _ make: @escaping Make) -> Int32 {
        DemoHost.run(title: title, options) { host in
            let demo = LayerSceneDemo(host: host, scene: make(host.rootLayer, options))
            demo.start()
            return demo
        }
    }

    /// The scene for an offscreen snapshot of `size` points.
    nonisolated static func snapshotScene(_ options: DemoOptions, size: CGSize, _ make: Make) -> DemoScene {
        MainActor.assumeIsolated {
            let root = CALayer()
            root.frame = CGRect(origin: .zero, size: size)
            let scene = make(root, options)
            scene.layout(for: size)
            guard let action = scene as? DemoActionScreen else { return scene }
            // Drawn as a window's tree is: the action's layers animate implicitly.
            root.markTreeAsRendered()
            return ScriptedScene(root: scene.rootLayer, events: action.scriptedActions, timers: scene, keeping: scene)
        }
    }

    private let host: any LayerHosting
    private let scene: LayerScene

    init(host: any LayerHosting, scene: LayerScene) {
        self.host = host
        self.scene = scene
    }

    func start() {
        scene.layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in MainActor.assumeIsolated { self?.scene.layout(for: size) } }
        (scene as? DemoActionScreen)?.performWhenShown()
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        offerKey(event, to: scene, showVariant: { [scene] in scene.show(variant: $0) })
    }
}
