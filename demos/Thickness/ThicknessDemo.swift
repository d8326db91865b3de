import Foundation
import LayerHost
import QuartzCore
import WaylandShell

/// Animating a custom property (001 E32) in a window: `ThicknessScene`'s layer, its border animated
/// at start and by each press of Space (the demo's key; pause is not offered here).
@MainActor
final class ThicknessDemo: DemoKeyHandling {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Thickness", options) { host in
            let demo = ThicknessDemo(host: host)
            demo.start()
            return demo
        }
    }

    /// The scene for an offscreen snapshot of `size` points, its animation added at time 0.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = ThicknessScene(root: root, contentsScale: 1)
        scene.layout(for: size)
        scene.animate()
        return scene
    }

    private let host: any LayerHosting
    private let scene: ThicknessScene

    init(host: any LayerHosting) {
        self.host = host
        scene = ThicknessScene(root: host.rootLayer, contentsScale: CGFloat(host.window.contentScale))
    }

    func start() {
        scene.layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in MainActor.assumeIsolated { self?.scene.layout(for: size) } }
        host.didChangeContentScale = { [weak self] scale in
            MainActor.assumeIsolated {
                self?.scene.layer.contentsScale = scale
                self?.scene.layer.setNeedsDisplay()
            }
        }
        scene.animate()
    }

    func handle(_ event: WaylandKeyEvent) -> Bool {
        guard event.keysym.lowercased == .space else { return false }
        if event.state == .pressed, !event.isRepeat { scene.animate() }
        return true
    }
}

extension Demo {
    static let thickness = Demo(name: "thickness", summary: "a CALayer subclass's custom animatable property: the border of a red square grows to 10 points and back; Space animates (Neuburg ch. 17, Making a Property Animatable)",
        preferredSize: CGSize(width: 320, height: 320), run: ThicknessDemo.run, scene: ThicknessDemo.scene)
}
