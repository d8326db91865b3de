import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// The guide's two cubes in `CATransformLayer`s in a window: a `CubesScene` in the host's root
/// layer, re-laid out when the window changes size. Still, for now: spinning cube 2 with the arrow
/// keys comes with input.
final class CubesDemo {
    static func run(_ options: DemoOptions) -> Int32 {
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: "Cubes", size: options.size, decorations: options.decorations)
        } catch {
            FileHandle.standardError.write(Data("demo: \(error)\n".utf8))
            return 1
        }
        guard DemoTrace.start(options, on: host.window) else { return 1 }
        DemoShell.run(in: host) {
            let cubes = CubesDemo(host: host, seed: options.seed ?? CubesScene.defaultSeed)
            cubes.start()
            return cubes
        }
        RunLoop.main.run()
        return 0
    }

    /// The scene for an offscreen snapshot of `size` points.
    static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = CubesScene(root: root, seed: options.seed ?? CubesScene.defaultSeed)
        scene.layout(for: size)
        return scene
    }

    private let host: WaylandLayerHost
    private let scene: CubesScene

    init(host: WaylandLayerHost, seed: UInt64) {
        self.host = host
        scene = CubesScene(root: host.rootLayer, seed: seed)
    }

    func start() {
        scene.layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in self?.scene.layout(for: size) }
    }
}
