import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// The guide's analog clock in a window: a `ClockScene` of views in a `UIWindow` bound to the host,
/// re-laid out when the window changes size and turned by a one-second `Timer`. Keys 1–4 switch
/// between variants A–D.
@MainActor
final class ClockDemo {
    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        DemoHost.run(title: "Clock", options) { host in
            let clock = ClockDemo(host: host, variant: variant(options), startTimeOfDay: options.startTimeOfDay)
            clock.start()
            return clock
        }
    }

    /// The scene for an offscreen snapshot of `size` points: the window's layer, unbound.
    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        MainActor.assumeIsolated {
            let window = UIWindow(frame: CGRect(origin: .zero, size: size))
            let scene = ClockScene(window: window, variant: variant(options),
                                   startTimeOfDay: options.startTimeOfDay ?? Snapshot.defaultTimeOfDay)
            scene.layout(for: size)
            return scene
        }
    }

    /// `--variant a|b|c|d` (or 1–4): B, the anchor-point fix, unless another is asked for.
    nonisolated static func variant(_ options: DemoOptions) -> ClockScene.Variant {
        options.variant.flatMap(ClockScene.Variant.init(argument:)) ?? .b
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: ClockScene
    private var timer: Timer?

    init(host: any LayerHosting, variant: ClockScene.Variant, startTimeOfDay: TimeInterval?) {
        self.host = host
        // The layout follows the size before the window binds, so that the window's own resize
        // handler (which keeps it as large as the shell window) chains after it.
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        scene = ClockScene(window: window, variant: variant, startTimeOfDay: startTimeOfDay)
    }

    func start() {
        host.didResize = { [weak self] size in MainActor.assumeIsolated { self?.layout(for: size) } }
        window.bind(to: host)
        window.makeKey()
        layout(for: host.rootLayer.bounds.size)
        window.didPressKey = { [weak self] key in
            guard let self, let variant = ClockScene.Variant(argument: key), Int(key) != nil else { return }
            self.scene.switchTo(variant)
        }

        scene.tick()
        // The timer ends with the demo (the shell's R, or the gallery showing another demo).
        let timer = Timer(fire: Date(timeIntervalSinceNow: 1), interval: 1, repeats: true) { [weak self] timer in
            guard let self else { return timer.invalidate() }
            MainActor.assumeIsolated { self.scene.tick() }
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    private func layout(for size: CGSize) {
        scene.pixelScale = CGFloat(host.window.contentScale)
        scene.layout(for: size)
    }
}

extension Demo {
    static let clock = Demo(name: "clock", summary: "analog clock of views; --variant a|b|c|d or keys 1-4: misaligned, anchorPoint, animated, eased (Lockwood ch. 3, 8, 10)",
        run: ClockDemo.run, scene: ClockDemo.scene, variants: ClockScene.Variant.arguments)
}
