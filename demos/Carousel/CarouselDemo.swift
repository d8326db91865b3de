import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
import UIKit
import WaylandShell

/// `demo carousel` (Lockwood listings 14.1–14.5): a horizontal carousel of 800×600 photos loaded from
/// files, dragged or wheel-scrolled. Keys 1–5 (or `--variant 1…5`) choose how the images are loaded:
/// on the main thread, on a background queue, on a background queue with forced decompression, by a
/// `CATiledLayer` per cell, or through an `NSCache` with the neighbours preloaded. The photos are
/// generated and written as PNG files into a temporary folder at start; `--photos DIR` shows the PNG
/// and JPEG files of DIR instead.
///
/// `--trace FILE`: `{"type":"strategy","strategy"}` when a strategy starts, then `CarouselLoader`'s
/// lines (each load and decode with its strategy, item and thread; redraws; images shown), and
/// `{"type":"scroll","x"}` per scroll. `--scroll X1,X2,…` scrolls to those offsets, one every half
/// second; a snapshot draws each step as a window frame (tiles on the tile workers) and waits for the
/// loads it started before the next.
@MainActor
final class CarouselDemo {
    nonisolated static let sceneSize = CGSize(width: 640, height: 400)
    nonisolated static let variants = CarouselViewController.Strategy.allCases.map { String($0.rawValue) }

    nonisolated static func run(_ options: DemoOptions) -> Int32 {
        guard let paths = photoPaths(options) else { return 1 }
        return DemoHost.run(title: "Carousel", options) { host in
            let demo = CarouselDemo(host: host, paths: paths, options: options)
            demo.start()
            return demo
        }
    }

    nonisolated static func scene(_ options: DemoOptions, size: CGSize) -> DemoScene {
        guard let paths = photoPaths(options) else { exit(1) }
        return MainActor.assumeIsolated {
            CarouselScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)), paths: paths, options: options,
                          trace: options.openTrace() ?? nil, offscreen: true)
        }
    }

    /// The photos' files: `--photos DIR`'s, or the generated ones; nil after a message.
    nonisolated static func photoPaths(_ options: DemoOptions) -> [String]? {
        if let directory = options.photosDirectory {
            switch CarouselPhotos.files(in: directory) {
            case .success(let paths): return paths
            case .failure(let error):
                writeStandardError("demo carousel: \(error.message)\n")
                return nil
            }
        }
        do {
            return try CarouselPhotos.writeGenerated()
        } catch {
            writeStandardError("demo carousel: cannot write the photos: \(error)\n")
            return nil
        }
    }

    nonisolated static func strategy(_ options: DemoOptions) -> CarouselViewController.Strategy {
        options.variant.flatMap(Int.init).flatMap(CarouselViewController.Strategy.init(rawValue:)) ?? .mainThread
    }

    private let host: any LayerHosting
    private let window: DemoKeyWindow
    private let scene: CarouselScene

    init(host: any LayerHosting, paths: [String], options: DemoOptions) {
        self.host = host
        window = DemoKeyWindow(frame: host.rootLayer.bounds)
        // Bound first, so that the screen's scale (tile sizes, redraws) is the window's.
        window.bind(to: host)
        scene = CarouselScene(window: window, paths: paths, options: options, trace: DemoTrace.writer, offscreen: false)
    }

    func start() {
        window.makeKey()
        window.didPressKey = { [weak self] key in
            guard let self, let n = Int(key), let strategy = CarouselViewController.Strategy(rawValue: n) else { return }
            scene.show(strategy)
            print("demo: strategy \(n)")
            fflush(stdout)
        }
        scene.scheduleScript()
    }
}

/// The window with the carousel's controller as its root, and the scripted scroll.
final class CarouselScene: DemoScene {
    let window: UIWindow
    private let paths: [String]
    private let trace: TraceWriter?
    private(set) var controller: CarouselViewController!
    private let script: ScrollScript?
    private var nextStep = 0
    /// Offscreen (a snapshot): background work is waited for after each step, on the main run loop.
    private let offscreen: Bool
    /// With `--scroll`, offscreen: each step's frames, drawn as the window's render thread would.
    private var frames: OffscreenFrames?
    /// How long a step waits for its loads at most.
    static let settleTimeout: TimeInterval = 20
    var rootLayer: CALayer { MainActor.assumeIsolated { window.layer } }

    @MainActor
    init(window: UIWindow, paths: [String], options: DemoOptions, trace: TraceWriter?, offscreen: Bool) {
        self.window = window
        self.paths = paths
        self.trace = trace
        self.offscreen = offscreen
        script = options.scrollOffsets.map(ScrollScript.init(offsets:))
        window.backgroundColor = UIColor(white: 0.12, alpha: 1)
        if offscreen, script != nil { frames = OffscreenFrames(root: window.layer, size: window.bounds.size) }
        show(CarouselDemo.strategy(options))
    }

    /// A new carousel loading by `strategy`, scrolled to the start.
    @MainActor
    func show(_ strategy: CarouselViewController.Strategy) {
        trace?.write(["type": "strategy", "strategy": strategy.rawValue])
        trace?.flush()
        let loader = CarouselLoader(paths: paths, strategy: strategy.rawValue, trace: trace)
        controller = CarouselViewController(strategy: strategy, loader: loader)
        controller.didScroll = { [trace] x in
            trace?.write(["type": "scroll", "x": Double(x)])
            trace?.flush()
        }
        window.rootViewController = controller
        window.layoutIfNeeded()
        CATransaction.flush()
        if offscreen, frames == nil { settle() }
    }

    /// Scrolls the carousel to `x` (clamped to its content) and lays it out.
    @MainActor
    func scroll(to x: CGFloat) {
        let collectionView = controller.collectionView!
        let maxX = max(0, collectionView.contentSize.width - collectionView.bounds.width)
        let clamped = min(max(x, 0), maxX)
        collectionView.contentOffset = CGPoint(x: clamped, y: 0)
        window.layoutIfNeeded()
        CATransaction.flush()
    }

    /// Whether loads are under way, or (with frames, which ask for tiles) cells on screen await their tile.
    @MainActor
    private var isBusy: Bool { controller.loader.isBusy || frames != nil && controller.cellsAwaitTiles }

    /// Runs the main run loop until the loads and tiles under way are done (their results and the
    /// tile workers' wake-ups come back as main-queue blocks), or `settleTimeout` passed (then traced).
    /// While tiles are awaited it draws frames, as a window does while its tiles are pending: a tile
    /// thrown away because its layer was reconfigured while it was drawn is asked for again.
    @MainActor
    func settle() {
        let deadline = Date(timeIntervalSinceNow: Self.settleTimeout)
        while isBusy, Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: min(deadline, Date(timeIntervalSinceNow: 0.05)))
            if frames != nil, controller.cellsAwaitTiles { frames?.draw() }
        }
        CATransaction.flush()
        if isBusy {
            trace?.write(["type": "settle", "timedOut": true])
            trace?.flush()
        }
    }

    /// The next scripted step: its scroll; offscreen, a frame (which asks for tiles), the wait for the
    /// loads, and a frame showing them.
    @MainActor
    func step() {
        guard let script, nextStep < script.offsets.count else { return }
        scroll(to: script.offsets[nextStep])
        nextStep += 1
        guard offscreen else { return }
        frames?.draw()
        settle()
        frames?.draw()
    }

    /// In a window: the scripted steps on timers, one every `ScrollScript.interval` seconds.
    @MainActor
    func scheduleScript() {
        script?.schedule { [weak self] in self?.step() }
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { script?.times(upTo: seconds) ?? [] }
    func fireTimers() { MainActor.assumeIsolated { step() } }
}

extension Demo {
    static let carousel = Demo(name: "carousel", summary: "a horizontal carousel of 800x600 photos loaded from files; keys 1-5 or --variant choose the loading: main thread, background queue, forced decompression, a CATiledLayer per cell, NSCache with preloading; --photos DIR, --scroll X1,X2,..., --trace logs each load and decode with its thread (Lockwood ch. 14)",
        preferredSize: CarouselDemo.sceneSize, run: CarouselDemo.run, scene: CarouselDemo.scene,
        variants: CarouselDemo.variants)
}
