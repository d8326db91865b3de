import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// The guide's cube in a window: a `CubeScene` in the host's root layer, re-laid out when the
/// window changes size. Still, for now: the camera keys and dragging come with input.
final class CubeDemo {
    static func run(_ options: DemoOptions) -> Int32 {
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: "Cube", size: options.size, decorations: options.decorations)
        } catch {
            FileHandle.standardError.write(Data("demo: \(error)\n".utf8))
            return 1
        }
        guard DemoTrace.start(options, on: host.window) else { return 1 }
        DemoShell.run(in: host) {
            let cube = CubeDemo(host: host, camera: camera(options))
            cube.start()
            return cube
        }
        RunLoop.main.run()
        return 0
    }

    /// The scene for an offscreen snapshot of `size` points.
    static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = CubeScene(root: root, camera: camera(options))
        scene.layout(for: size)
        return scene
    }

    /// `--variant`/`--camera`: corner-on (S5.b) unless face-on is asked for.
    static func camera(_ options: DemoOptions) -> CubeScene.Camera {
        options.variant.flatMap(CubeScene.Camera.init(rawValue:)) ?? .cornerOn
    }

    private let host: WaylandLayerHost
    private let scene: CubeScene

    init(host: WaylandLayerHost, camera: CubeScene.Camera) {
        self.host = host
        scene = CubeScene(root: host.rootLayer, camera: camera)
    }

    func start() {
        layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in self?.layout(for: size) }
    }

    private func layout(for size: CGSize) {
        scene.pixelScale = CGFloat(host.window.contentScale)
        scene.layout(for: size)
    }
}
