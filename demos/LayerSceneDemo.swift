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

/// Runs a `LayerScene` in a window.
@MainActor
final class LayerSceneDemo: DemoKeyHandling {
    /// Opens a window titled `title` showing the scene `make` builds in its root layer.
    nonisolated static func run(title: String, _ options: DemoOptions,
                                _ make: @escaping (CALayer, DemoOptions) -> LayerScene) -> Int32 {
        DemoHost.run(title: title, options) { host in
            let demo = LayerSceneDemo(host: host, scene: make(host.rootLayer, options))
            demo.start()
            return demo
        }
    }

    /// The scene for an offscreen snapshot of `size` points.
    nonisolated static func snapshotScene(_ options: DemoOptions, size: CGSize,
                                          _ make: (CALayer, DemoOptions) -> LayerScene) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = make(root, options)
        scene.layout(for: size)
        return scene
    }

    private let host: WaylandLayerHost
    private let scene: LayerScene

    init(host: WaylandLayerHost, scene: LayerScene) {
        self.host = host
        self.scene = scene
    }

    func start() {
        scene.layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in MainActor.assumeIsolated { self?.scene.layout(for: size) } }
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        guard let text = event.text, Int(text) != nil else { return false }
        guard event.state == .pressed, !event.isRepeat else { return true }
        return scene.show(variant: text)
    }
}
