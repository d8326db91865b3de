import ArgumentParser
import CoreGraphics
import Foundation
import QuartzCore

/// The options of `demo NAME [options]`, parsed by swift-argument-parser. Values that name a file,
/// a number or a point take the next argument whatever it looks like (`--at -1` is refused as a
/// time, not read as an option). `DemoOptions(parsing:)` turns them into what the demos read;
/// `DemoCommand` says which demos each demo-specific option applies to (`optionDemos`).
struct DemoArguments: ParsableArguments {
    static let configuration = CommandConfiguration(commandName: "demo NAME")

    // Every demo.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Preferred window size in points (when the compositor lets the client choose); with --snapshot or --record, the picture's size in pixels.", valueName: "WxH"))
    var size: PixelSize?
    @Option(name: [.long, .customLong("camera")], parsing: .unconditional, help: ArgumentHelp("One of the demo's variants (its help lists them); keys 1-9 switch in a window.", valueName: "name"))
    var variant: String?
    @Flag(name: .long, help: "The same as --variant easing (ball: the bounceEaseOut keyframes).")
    var easing = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The wall-clock time the demo sees at start (a snapshot without it sees 10:08:30).", valueName: "HH:MM:SS"))
    var time: TimeOfDay?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("gl: OpenGL ES through EGL (software where none can be had); software: cairo. Default: CA_RENDERER, else gl in a window whose GL runs on a GPU and software elsewhere (a CPU rasterizer such as llvmpipe, --snapshot, --record).", valueName: "renderer"))
    var renderer: CARenderBackend?
    @Option(name: .customLong("debug-overlay"), parsing: .unconditional, help: ArgumentHelp("QuartzCore's debug overlay from the start (key D cycles them).", valueName: "name"))
    var debugOverlay: CADebugOverlay?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Write JSON lines: one per frame, input event and control action.", valueName: "file"))
    var trace: String?
    @Flag(name: .customLong("no-decorations"), help: "A bare window: no title bar or borders.")
    var noDecorations = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The seed of the demo's pseudo-random numbers (default 1).", valueName: "n"))
    var seed: UInt64?

    // Pictures without a window.
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render one frame offscreen (no compositor) into the PNG file and print its path.", valueName: "file.png"))
    var snapshot: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The snapshot's media time since the demo's start (default 0); timers fire at their times up to it, on a frozen clock.", valueName: "seconds"))
    var at: Double?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render frame k at k/fps seconds offscreen and write an animated image by the extension: .webp (lossless), .png (APNG) or .gif; the same options give the same bytes.", valueName: "file"))
    var record: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --record, frames per second, 1-120 (default 30).", valueName: "fps"))
    var fps: Int?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --record, its length (default 3); bench: run this long, then print the summary; image-bench: load each file for at least this long (default 1).", valueName: "s"))
    var seconds: Double?

    // Demo-specific (DemoCommand.optionDemos).
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("bench: the number of squares (default 1000; N may also be the last argument).", valueName: "n"))
    var layers: Int?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("crates: run N physics steps without a window and print a summary; bench: render N frames offscreen and print fps and CPU per frame.", valueName: "n"))
    var steps: Int?
    @Flag(name: .long, help: "crates: with --steps, print every crate's state exactly.")
    var dump = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("bench: an emitter keeping N particles alive instead of the squares.", valueName: "n"))
    var emitter: Int?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("lcd-clock: the digits' magnification filter.", valueName: "filter"))
    var filter: FilterName?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("cube: the touch fix of face 3's button: none (face 5 takes its clicks), a or b; key X cycles.", valueName: "fix"))
    var fix: TouchFix?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("tiles: write the picture's 64 tiles into the directory and exit.", valueName: "dir"))
    var cut: String?
    @Flag(name: .long, help: "tiles: with --cut, write JPEG tiles.")
    var jpeg = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("tiles: draw the tiles read from the directory (as --cut writes them).", valueName: "dir"))
    var tiles: String?
    @Flag(name: .long, help: "tiles: no window; print the first complete frame's time and tiles drawn per second.")
    var measure = false
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Start scrolled to this content offset, in points.", valueName: "X,Y"))
    var offset: Point?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("One stroke or drag through the window's touch input, in points.", valueName: "X0,Y0,X1,Y1"))
    var drag: Segment?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("One click through the window's touch input, in points.", valueName: "X,Y"))
    var click: Point?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Scroll to these content offsets in turn, one every 0.5 s (a snapshot draws each step as a window frame).", valueName: "A,B,..."))
    var scroll: OffsetList?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("carousel: the PNG and JPEG files of the directory instead of the generated photos.", valueName: "dir"))
    var photos: String?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("With --snapshot, an emitter demo writes its live particles at --at as JSON lines.", valueName: "file"))
    var particles: String?

    /// The benchmark harness passes the number of squares as the last argument.
    @Argument(help: .hidden)
    var count: Int?

    /// The longest `--at` accepted (a day): the snapshot replays every timer tick up to it.
    static let maximumSnapshotTime: TimeInterval = 86_400

    func validate() throws {
        if let at, !(at.isFinite && (0...Self.maximumSnapshotTime).contains(at)) {
            throw ValidationError("--at expects seconds in 0...\(Int(Self.maximumSnapshotTime)), got '\(at)'")
        }
        if at != nil, snapshot == nil { throw ValidationError("--at applies only with --snapshot FILE.png") }
        if particles != nil, snapshot == nil { throw ValidationError("--particles applies only with --snapshot FILE.png") }
        if let fps, !(1...120).contains(fps) { throw ValidationError("--fps expects frames per second from 1 to 120, got \(fps)") }
        if let seconds, !(seconds.isFinite && seconds > 0) { throw ValidationError("--seconds expects a positive number, got '\(seconds)'") }
        for (name, value, range) in [("--layers", layers, 1...1_000_000), ("--emitter", emitter, 1...1_000_000),
                                     ("--steps", steps, 0...10_000_000), ("N", count, 1...1_000_000)] {
            if let value, !range.contains(value) { throw ValidationError("\(name) expects a count in \(range), got \(value)") }
        }
        for (name, value) in [("--snapshot", snapshot), ("--record", record), ("--trace", trace), ("--cut", cut),
                              ("--tiles", tiles), ("--photos", photos), ("--particles", particles), ("--variant", variant)] {
            if let value, value.isEmpty || value.hasPrefix("--") { throw ValidationError("\(name) expects a name, got '\(value)'") }
        }
        if record != nil, snapshot != nil { throw ValidationError("--record and --snapshot cannot be used together") }
        if fps != nil, record == nil { throw ValidationError("--fps applies only to --record") }
    }

    /// The demo-specific options given, by their flag (for `DemoCommand.optionDemos`).
    var demoSpecificOptions: [String] {
        let given: [(String, Bool)] = [
            ("--layers", layers != nil || count != nil), ("--steps", steps != nil), ("--dump", dump),
            ("--emitter", emitter != nil), ("--filter", filter != nil), ("--fix", fix != nil), ("--cut", cut != nil),
            ("--jpeg", jpeg), ("--tiles", tiles != nil), ("--measure", measure), ("--offset", offset != nil),
            ("--drag", drag != nil), ("--click", click != nil), ("--scroll", scroll != nil), ("--photos", photos != nil),
            ("--particles", particles != nil), ("--easing", easing),
        ]
        return given.filter(\.1).map(\.0)
    }
}

// MARK: Values

/// `WxH`, whole pixels from 1 to 16384 each.
struct PixelSize: ExpressibleByArgument {
    let size: CGSize
    init?(argument: String) {
        let parts = argument.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let w = parts[0], let h = parts[1], (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        size = CGSize(width: w, height: h)
    }
}

/// `HH:MM:SS`, seconds since midnight.
struct TimeOfDay: ExpressibleByArgument {
    let seconds: TimeInterval
    init?(argument: String) {
        let parts = argument.split(separator: ":").map { Int($0) }
        guard parts.count == 3, let h = parts[0], let m = parts[1], let s = parts[2],
              (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else { return nil }
        seconds = TimeInterval(h * 3600 + m * 60 + s)
    }
}

/// Finite numbers separated by commas, each within `limit`.
private func numbers(_ argument: String, count: Int?, limit: Double) -> [Double]? {
    let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
    guard !parts.isEmpty, parts.count <= 1000, count.map({ parts.count == $0 }) ?? true,
          parts.allSatisfy({ $0.map { $0.isFinite && abs($0) <= limit } ?? false }) else { return nil }
    return parts.map { $0! }
}

/// `X,Y` in points.
struct Point: ExpressibleByArgument {
    let point: CGPoint
    init?(argument: String) {
        guard let v = numbers(argument, count: 2, limit: 1_000_000) else { return nil }
        point = CGPoint(x: v[0], y: v[1])
    }
}

/// `X0,Y0,X1,Y1` in points.
struct Segment: ExpressibleByArgument {
    let from: CGPoint, to: CGPoint
    init?(argument: String) {
        guard let v = numbers(argument, count: 4, limit: 100_000) else { return nil }
        from = CGPoint(x: v[0], y: v[1])
        to = CGPoint(x: v[2], y: v[3])
    }
}

/// `A,B,…` offsets in points.
struct OffsetList: ExpressibleByArgument {
    let offsets: [CGFloat]
    init?(argument: String) {
        guard let v = numbers(argument, count: nil, limit: 10_000_000) else { return nil }
        offsets = v.map { CGFloat($0) }
    }
}

enum FilterName: String, ExpressibleByArgument, CaseIterable {
    case nearest, linear
    var filter: CALayerContentsFilter { self == .nearest ? .nearest : .linear }
}

enum TouchFix: String, ExpressibleByArgument, CaseIterable {
    case none, a, b
}

extension CARenderBackend: ExpressibleByArgument {}
extension CADebugOverlay: ExpressibleByArgument {}
