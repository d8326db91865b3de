import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// The guide's bouncing ball in a window: a `BallScene` of views in a `UIWindow` bound to the host,
/// re-laid out when the window changes size. The bounce starts at once; a click or tap on the
/// container replays it, a press on the moving ball catches it, and keys 1–5 switch the variant.
/// With `--trace FILE`, replays and catches write `{"type":"action","target":…,"event":"replay"|
/// "caught","x","y","time"}` lines (x, y: the container point, the ball's centre when caught).
@MainActor
final class BallDemo {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Ball", options) { host in
            let demo = BallDemo(host: host, variant: variant(options))
            demo.start()
            return demo
        }
    }

    /// The scene for an offscreen snapshot of `size` points: the window's layer, unbound, its timers
    /// and display link stepped by `Snapshot` on the frozen clock.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            let scene = BallScene(window: window, variant: variant(options), runsOnRunLoop: false)
            scene.layout(for: size)
            return scene
        }
    }

    /// `--variant` (a name or 1–5; `--easing` is 3): listing 10.6's keyframes unless another is asked for.
    nonisolated static func variant(_ options: DemoOptions) -> BallScene.Variant {
        options.variant.flatMap(BallScene.Variant.init(argument:)) ?? .keyframes
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: BallScene

    init(host: any LayerHosting, variant: BallScene.Variant) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = BallScene(window: window, variant: variant, runsOnRunLoop: true)
    }

    func start() {
        host.didResize = { [weak self] size in MainActor.assumeIsolated { self?.layout(for: size) } }
        window.bind(to: host)
        window.makeKey()
        layout(for: host.rootLayer.bounds.size)
        window.didPressKey = { [weak self] key in
            guard let self, Int(key) != nil, let variant = BallScene.Variant(argument: key) else { return }
            self.scene.switchTo(variant)
        }
        scene.trace = { event, point in
            let target = event == "caught" ? "ball" : "container"
            DemoTrace.writer?.write(["type": "action", "target": target, "event": event,
                                     "x": Double(point.x), "y": Double(point.y), "time": CACurrentMediaTime()])
        }
        if scene.variant == .linear || scene.variant == .easing {
            // Listing 10.7's note: the model stays at the top, so the ball jumps back there.
            print("ball: the model position stays at the top, so the ball jumps back up when the animation ends (as in the book)")
        }
        scene.animate()
    }

    private func layout(for size: CGSize) {
        scene.pixelScale = CGFloat(host.window.contentScale)
        scene.layout(for: size)
    }
}

extension Demo {
    static let ball = Demo(name: "ball", summary: "bouncing ball of views; --variant 1-5 or keys: keyframes, linear, easing, timer, display-link; click replays, click the ball to catch it (Lockwood ch. 10, 11)",
        preferredSize: CGSize(width: 480, height: 480), run: BallDemo.run, scene: BallDemo.scene,
        variants: BallScene.Variant.arguments)
}
