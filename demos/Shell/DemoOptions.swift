import CoreGraphics
import LayerHost
import Foundation
import QuartzCore
import WaylandShell

/// Options shared by every demo.
struct DemoOptions {
    /// Preferred window size in points; the size of a snapshot in pixels.
    var size: CGSize
    /// Seconds since midnight that the demo's wall clock reads at start; nil means the real time
    /// (in a window) or `Snapshot.defaultTimeOfDay` (in a snapshot).
    var startTimeOfDay: TimeInterval?
    /// `--snapshot FILE.png`: render one frame offscreen into this file instead of opening a window.
    var snapshotPath: String?
    /// `--record FILE`: render frames offscreen on the frozen clock and write them as an animated image.
    var recordPath: String?
    /// `--fps F`: a recording's frames per second (default `Recording.defaultFramesPerSecond`).
    var framesPerSecond: Int?
    /// `--at SECONDS`: the media time of the snapshot's frame, counted from the scene's start.
    var snapshotTime: TimeInterval = 0
    /// `--variant NAME` (or `--camera NAME`; `--easing` is `--variant easing`): which of a demo's
    /// variants to show; nil is its first.
    /// `DemoCommand` checks it against the demo's `variants`.
    var variant: String?
    /// `--layers N` (or N as the last argument, as the shared benchmark scene requires): the bench's number of squares.
    var layers: Int?
    /// `--debug-overlay NAME`: the QuartzCore debug overlay drawn from the start (`CADebugOverlay`:
    /// none, layerBounds, blendedLayers, offscreenLayers, redrawFlash, rasterizationHitsAndMisses), in a
    /// window or a snapshot.
    var debugOverlay: CADebugOverlay = .none
    /// `--renderer gl|software`: the back end that draws (nil: `CA_RENDERER`, else the default:
    /// OpenGL ES for windows whose GL runs on a GPU, software on a CPU rasterizer and for snapshots).
    var renderer: CARenderBackend?
    /// `--seconds S`: run for S seconds, then print the summary and exit (the bench; default: until killed).
    var seconds: TimeInterval?
    /// `--no-decorations`: a bare window, without title bar or borders (the bench never has them).
    var decorations = true
    /// `--trace FILE`: write JSON lines (frames, input events) to FILE.
    var tracePath: String?
    /// `--seed N`: the seed of a demo's pseudo-random numbers (cubes: the face colours); nil: the demo's default.
    var seed: UInt64?
    /// `--filter nearest|linear`: the magnification filter of a demo's magnified contents (lcd-clock);
    /// nil: the demo's default.
    var contentsFilter: CALayerContentsFilter?
    /// `--fix none|a|b`: cube: the touch fix of face 3's button (checked here); nil: none.
    var touchFix: String?

    /// `--cut DIR`: tiles: write the picture's tiles into DIR (PNG, or JPEG with `--jpeg`) and exit.
    var cutDirectory: String?
    var jpegTiles = false
    /// `--tiles DIR`: tiles: draw the tiles read from DIR instead of cutting the picture in memory.
    var tilesDirectory: String?
    /// `--measure`: tiles: no window; time the first complete frame and the tiles drawn per second.
    var measuresTiles = false
    /// `--offset X,Y`: tiles: the content offset (scroll position) at start, in points.
    var contentOffset: CGPoint?
    /// `--drag X0,Y0,X1,Y1`: sketch: one drag injected through the window's touch input, in points.
    var drag: (CGPoint, CGPoint)?
    /// `--click X,Y`: layers, zorder: one click injected through the window's touch input, in points.
    var click: CGPoint?
    /// `--scroll A,B,…`: contacts, carousel: content offsets along the scroll axis, in points, moved
    /// to in turn one every `ScrollScript.interval` seconds (a snapshot draws each as a window frame).
    var scrollOffsets: [CGFloat]?
    /// `--photos DIR`: carousel: show the PNG and JPEG files of DIR instead of generated photos.
    var photosDirectory: String?

    /// `--steps N`: crates: run N fixed physics steps without a window (`--dump`: print the body states);
    /// bench: render N frames offscreen (`BenchOffscreen`).
    var steps: Int?
    /// `--dump`: crates: print every body's state after the `--steps` run.
    var dump = false
    /// `--emitter N`: bench: an emitter keeping N particles alive instead of the squares.
    var emitterParticles: Int?
    /// `--particles FILE`: with `--snapshot`, an emitter demo writes its live particles at `--at` to
    /// FILE as JSON lines (a summary line, then one line per particle).
    var particlesPath: String?

    /// The longest `--at` accepted (a day): the snapshot replays every timer tick up to it.
    static let maximumSnapshotTime = DemoArguments.maximumSnapshotTime

    /// The options of `args` (after the demo's name), parsed by `DemoArguments`; its errors name the
    /// bad option (`DemoArguments.message(for:)`).
    init(parsing args: [String], preferredSize: CGSize = CGSize(width: 480, height: 480)) throws {
        try self.init(DemoArguments.parse(args), preferredSize: preferredSize)
    }

    init(_ a: DemoArguments, preferredSize: CGSize) {
        size = a.size?.size ?? preferredSize
        startTimeOfDay = a.time?.seconds
        snapshotPath = a.snapshot
        snapshotTime = a.at ?? 0
        recordPath = a.record
        framesPerSecond = a.fps
        variant = a.variant ?? (a.easing ? "easing" : nil)
        layers = a.layers ?? a.count
        if let overlay = a.debugOverlay {
            debugOverlay = overlay
            RenderDebugOptions.shared.overlay = overlay
        }
        renderer = a.renderer
        seconds = a.seconds
        decorations = !a.noDecorations
        tracePath = a.trace
        seed = a.seed
        contentsFilter = a.filter?.filter
        touchFix = a.fix?.rawValue
        cutDirectory = a.cut
        jpegTiles = a.jpeg
        tilesDirectory = a.tiles
        measuresTiles = a.measure
        contentOffset = a.offset?.point
        drag = a.drag.map { ($0.from, $0.to) }
        click = a.click?.point
        scrollOffsets = a.scroll?.offsets
        photosDirectory = a.photos
        steps = a.steps
        dump = a.dump
        emitterParticles = a.emitter
        particlesPath = a.particles
    }
}

extension DemoOptions {
    /// The trace writer for `--trace FILE` (nil without it); prints the error and returns nil when
    /// the file cannot be opened.
    func openTrace() -> TraceWriter?? {
        guard let tracePath else { return .some(nil) }
        do {
            return try TraceWriter(path: tracePath)
        } catch let error as TraceWriterError {
            writeStandardError("demo: cannot write the trace \(tracePath): \(error.reason)\n")
            return nil
        } catch {
            writeStandardError("demo: cannot write the trace \(tracePath): \(error)\n")
            return nil
        }
    }
}

/// The `--trace` file of a demo running in a window (`DemoExit` writes it out at the end).
enum DemoTrace {
    nonisolated(unsafe) private(set) static var writer: TraceWriter?

    /// Opens `--trace FILE` (if given) as `host`'s window's trace. Returns false (after a message)
    /// when the file cannot be opened.
    static func start(_ options: DemoOptions, on host: any LayerHosting) -> Bool {
        guard let opened = options.openTrace() else { return false }
        writer = opened
        host.window.trace = opened
        return true
    }
}
