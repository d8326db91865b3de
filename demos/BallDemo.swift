import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// The guide's bouncing ball in a window: a `BallScene` in the host's root layer, re-laid out when
/// the window changes size. The bounce starts at once and a `Timer` replays it every
/// `BallScene.replayInterval` seconds (the book replays it on a tap; input comes later).
final class BallDemo {
    static func run(_ options: DemoOptions) -> Int32 {
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: "Ball", size: options.size, decorations: options.decorations)
        } catch {
            FileHandle.standardError.write(Data("demo: \(error)\n".utf8))
            return 1
        }
        guard DemoTrace.start(options, on: host.window) else { return 1 }
        DemoShell.run(in: host) {
            let demo = BallDemo(host: host, variant: variant(options))
            demo.start()
            return demo
        }
        RunLoop.main.run()
        return 0
    }

    /// The scene for an offscreen snapshot of `size` points.
    static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = BallScene(root: root, variant: variant(options))
        scene.layout(for: size)
        return scene
    }

    /// `--variant` (or `--easing`): listing 10.6's keyframes unless another is asked for.
    static func variant(_ options: DemoOptions) -> BallScene.Variant {
        options.variant.flatMap(BallScene.Variant.init(rawValue:)) ?? .keyframes
    }

    private let host: WaylandLayerHost
    private let scene: BallScene
    private var timer: Timer?

    init(host: WaylandLayerHost, variant: BallScene.Variant) {
        self.host = host
        scene = BallScene(root: host.rootLayer, variant: variant)
    }

    func start() {
        layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in self?.layout(for: size) }
        if scene.variant != .keyframes {
            // Listing 10.7's note: the model stays at the top, so the ball jumps back there.
            print("ball: the model position stays at the top, so the ball jumps back up when the animation ends (as in the book)")
        }
        scene.bounce()
        let timer = Timer(fire: Date(timeIntervalSinceNow: BallScene.replayInterval), interval: BallScene.replayInterval, repeats: true) { [weak self] _ in self?.scene.bounce() }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    private func layout(for size: CGSize) {
        scene.pixelScale = CGFloat(host.window.contentScale)
        scene.layout(for: size)
    }
}
