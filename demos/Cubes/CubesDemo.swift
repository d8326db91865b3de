import Foundation
import LayerHost
import QuartzCore
import WaylandShell

/// The guide's two cubes in `CATransformLayer`s in a window: a `CubesScene` in the host's root
/// layer, re-laid out when the window changes size. The arrow keys spin cube 2 about its own axes
/// (15 degrees a press; cube 1 does not move), R gives every face new random colours (the next seed);
/// both write a `{"type":"cubes",…}` trace line. They take the place of the shell's R and Left/Right.
final class CubesDemo: DemoKeyHandling {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Cubes", options) { host in
            let cubes = CubesDemo(host: host, seed: options.seed ?? CubesScene.defaultSeed)
            cubes.start()
            return cubes
        }
    }

    /// The scene for an offscreen snapshot of `size` points.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = CubesScene(root: root, seed: options.seed ?? CubesScene.defaultSeed)
        scene.layout(for: size)
        return scene
    }

    private let host: any LayerHosting
    private let scene: CubesScene

    init(host: any LayerHosting, seed: UInt64) {
        self.host = host
        scene = CubesScene(root: host.rootLayer, seed: seed)
    }

    func start() {
        scene.layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in self?.scene.layout(for: size) }
    }

    /// One step of the arrow keys, radians.
    static let spinStep: CGFloat = .pi / 12

    /// Arrows and R; false for the other keys (left to the shell).
    func handle(_ event: WaylandKeyEvent) -> Bool {
        let keysym = event.keysym.lowercased
        let step = Self.spinStep
        let spins: [WaylandKeysym: (y: CGFloat, x: CGFloat)] = [.left: (-step, 0), .right: (step, 0), .up: (0, step), .down: (0, -step)]
        guard spins[keysym] != nil || keysym == WaylandKeysym("r") else { return false }
        guard event.state == .pressed else { return true }
        if let spin = spins[keysym] {
            scene.spinCube2(y: spin.y, x: spin.x)
        } else if !event.isRepeat {
            scene.recolor(seed: scene.seed &+ 1)
            print("demo cubes: colours of seed \(scene.seed)")
            fflush(stdout)
        }
        DemoTrace.writer?.write(["type": "cubes", "seed": Double(scene.seed), "spinY": Double(scene.spin.y),
                                 "spinX": Double(scene.spin.x), "time": CACurrentMediaTime()])
        return true
    }
}

extension Demo {
    static let cubes = Demo(name: "cubes", summary: "two cubes of six faces in CATransformLayers, one perspective (Lockwood ch. 6; --seed N colours)",
        preferredSize: CubesScene.containerSize, run: CubesDemo.run, scene: CubesDemo.scene)
}
