import Foundation
import LayerHost
import QuartzCore
import WaylandShell

/// The guide's LCD clock in a window: an `LCDClockScene` in the host's root layer, re-laid out when
/// the window changes size and updated by a one-second `Timer`. `--filter linear` shows the book's
/// blurry first attempt (the F key toggling it comes with input).
final class LCDClockDemo {
    static func run(_ options: DemoOptions) -> Int32 {
        guard let host = DemoHost.open(title: "LCD Clock", options) else { return 1 }
        DemoShell.run(in: host) {
            let clock = LCDClockDemo(host: host, startTimeOfDay: options.startTimeOfDay,
                                     filter: options.contentsFilter ?? .nearest)
            clock.start()
            return clock
        }
        DemoHost.runMainLoop()
        return 0
    }

    /// The scene for an offscreen snapshot of `size` points.
    static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let scene = LCDClockScene(root: root, startTimeOfDay: options.startTimeOfDay ?? Snapshot.defaultTimeOfDay,
                                  filter: options.contentsFilter ?? .nearest)
        scene.layout(for: size)
        return scene
    }

    private let host: any LayerHosting
    private let scene: LCDClockScene
    private var timer: Timer?

    init(host: any LayerHosting, startTimeOfDay: TimeInterval?, filter: CALayerContentsFilter) {
        self.host = host
        scene = LCDClockScene(root: host.rootLayer, startTimeOfDay: startTimeOfDay, filter: filter)
    }

    func start() {
        scene.layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in self?.scene.layout(for: size) }
        scene.tick()
        // corelibs' Timer(timeInterval:) fires at once: the first repeat waits a second.
        // The timer ends with the demo (the shell's R, or the gallery showing another demo).
        let timer = Timer(fire: Date(timeIntervalSinceNow: 1), interval: 1, repeats: true) { [weak self] timer in
            guard let self else { return timer.invalidate() }
            self.scene.tick()
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }
}

extension Demo {
    static let lcdClock = Demo(name: "lcd-clock", summary: "LCD clock: sprite-sheet digits via contentsRect, nearest filter (Lockwood ch. 4; --filter linear)",
        preferredSize: CGSize(width: 480, height: 240), run: LCDClockDemo.run, scene: LCDClockDemo.scene)
}
