import Foundation
import LayerHost
import QuartzCore
import UIKit

/// `demo explosion` in a window: `ExplosionScene` in a `UIWindow` bound to the host; a click moves
/// the emitter there, A toggles additive compositing. `--seed N` seeds the particles (default 1).
@MainActor
final class ExplosionDemo {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Explosion", options) { host in
            let demo = ExplosionDemo(host: host, seed: seed(options))
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = ExplosionScene(root: root, seed: seed(options))
        scene.layout(for: size)
        return scene
    }

    nonisolated static func seed(_ options: DemoOptions) -> UInt32 { UInt32(truncatingIfNeeded: options.seed ?? 1) }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: ExplosionScene

    init(host: any LayerHosting, seed: UInt32) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = ExplosionScene(root: window.layer, seed: seed)
    }

    func start() {
        host.didResize = { [weak self] size in MainActor.assumeIsolated { self?.scene.layout(for: size) } }
        window.bind(to: host)
        window.makeKey()
        scene.layout(for: host.rootLayer.bounds.size)
        let tap = UITapGestureRecognizer(handler: { [weak self] recognizer in
            MainActor.assumeIsolated {
                guard let self else { return }
                let p = recognizer.location(in: self.window)
                self.scene.moveEmitter(to: p)
                DemoTrace.writer?.write(["type": "action", "event": "emitter", "x": Double(p.x), "y": Double(p.y)])
            }
        })
        window.addGestureRecognizer(tap)
        window.didPressKey = { [weak self] key in
            guard let self, key.lowercased() == "a" else { return }
            self.scene.toggleAdditive()
        }
    }
}

extension Demo {
    static let explosion = Demo(name: "explosion", summary: "CAEmitterLayer: an additive orange explosion of 150 sparks a second at the centre; click moves the emitter, A toggles additive (Lockwood ch. 6; --seed N)",
        preferredSize: CGSize(width: ExplosionScene.side, height: ExplosionScene.side), run: ExplosionDemo.run,
        scene: ExplosionDemo.scene)
}
