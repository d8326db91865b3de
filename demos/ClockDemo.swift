import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// The guide's analog clock in a window: a `ClockScene` in the host's root layer, re-laid out when
/// the window changes size and turned by a one-second `Timer`.
final class ClockDemo {
    static func run(_ options: DemoOptions) -> Int32 {
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: "Clock", size: options.size, decorations: options.decorations)
        } catch {
            FileHandle.standardError.write(Data("demo: \(error)\n".utf8))
            return 1
        }
        guard DemoTrace.start(options, on: host.window) else { return 1 }
        DemoShell.run(in: host) {
            let clock = ClockDemo(host: host, startTimeOfDay: options.startTimeOfDay)
            clock.start()
            return clock
        }
        RunLoop.main.run()
        return 0
    }

    /// The scene for an offscreen snapshot of `size` points.
    static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = ClockScene(root: root, startTimeOfDay: options.startTimeOfDay ?? Snapshot.defaultTimeOfDay)
        scene.layout(for: size)
        return scene
    }

    private let host: WaylandLayerHost
    private let scene: ClockScene
    private var timer: Timer?

    init(host: WaylandLayerHost, startTimeOfDay: TimeInterval?) {
        self.host = host
        self.scene = ClockScene(root: host.rootLayer, startTimeOfDay: startTimeOfDay)
    }

    func start() {
        layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in self?.layout(for: size) }

        scene.tick()
        let timer = Timer(fire: Date(timeIntervalSinceNow: 1), interval: 1, repeats: true) { [weak self] _ in self?.scene.tick() }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    private func layout(for size: CGSize) {
        scene.pixelScale = CGFloat(host.window.contentScale)
        scene.layout(for: size)
    }
}
