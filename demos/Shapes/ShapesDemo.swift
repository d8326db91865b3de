import Foundation
import LayerHost
import QuartzCore
import WaylandShell

/// `ShapesScene` in a window: keys 1–4 switch the example.
@MainActor
final class ShapesDemo: DemoKeyHandling {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Shapes", options) { host in
            let demo = ShapesDemo(host: host, variant: variant(options))
            demo.start()
            return demo
        }
    }

    /// The scene for an offscreen snapshot of `size` points.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = ShapesScene(root: root, variant: variant(options))
        scene.layout(for: size)
        return scene
    }

    nonisolated static func variant(_ options: DemoOptions) -> ShapesScene.Variant {
        options.variant.flatMap(ShapesScene.Variant.init(argument:)) ?? .stickFigure
    }

    private let host: any LayerHosting
    private let scene: ShapesScene

    init(host: any LayerHosting, variant: ShapesScene.Variant) {
        self.host = host
        scene = ShapesScene(root: host.rootLayer, variant: variant)
    }

    func start() {
        scene.layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in MainActor.assumeIsolated { self?.scene.layout(for: size) } }
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        guard let text = event.text, let variant = ShapesScene.Variant(argument: text), Int(text) != nil else { return false }
        if event.state == .pressed, !event.isRepeat { scene.show(variant) }
        return true
    }
}

extension Demo {
    static let shapes = Demo(name: "shapes", summary: "CAShapeLayer: the stick figure, a square with three rounded corners, a rounded rectangle without an offscreen pass, a delegate's curve; --variant or keys 1-4 (Lockwood ch. 6, 15; the Core Animation Programming Guide, listing 2-4)",
        preferredSize: CGSize(width: ShapesScene.side, height: ShapesScene.side), run: ShapesDemo.run,
        scene: ShapesDemo.scene, variants: ShapesScene.Variant.arguments)
}
