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
    /// OpenGL ES for windows, software for snapshots).
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
    static let maximumSnapshotTime: TimeInterval = 86_400

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    init(parsing args: [String], preferredSize: CGSize = CGSize(width: 480, height: 480)) throws {
        size = preferredSize
        var atGiven = false
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw ParseError(description: "\(flag) needs a value") }
            return args[i]
        }
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--size":
                let v = try value(arg)
                let parts = v.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
                guard parts.count == 2, let w = parts[0], let h = parts[1], (1...16384).contains(w), (1...16384).contains(h) else {
                    throw ParseError(description: "--size expects WxH with 1...16384, got '\(v)'")
                }
                size = CGSize(width: w, height: h)
            case "--time":
                let v = try value(arg)
                let parts = v.split(separator: ":").map { Int($0) }
                guard parts.count == 3, let h = parts[0], let m = parts[1], let s = parts[2],
                      (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else {
                    throw ParseError(description: "--time expects HH:MM:SS, got '\(v)'")
                }
                startTimeOfDay = TimeInterval(h * 3600 + m * 60 + s)
            case "--snapshot":
                let v = try value(arg)
                guard !v.isEmpty, !v.hasPrefix("--") else {
                    throw ParseError(description: "--snapshot expects a file name, got '\(v)'")
                }
                snapshotPath = v
            case "--record":
                let v = try value(arg)
                guard !v.isEmpty, !v.hasPrefix("--") else {
                    throw ParseError(description: "--record expects a file name, got '\(v)'")
                }
                recordPath = v
            case "--fps":
                let v = try value(arg)
                guard let n = Int(v), (1...120).contains(n) else {
                    throw ParseError(description: "--fps expects a whole number of frames per second from 1 to 120, got '\(v)'")
                }
                framesPerSecond = n
            case "--variant", "--camera":
                let v = try value(arg)
                guard !v.isEmpty, !v.hasPrefix("--") else {
                    throw ParseError(description: "\(arg) expects a variant name, got '\(v)'")
                }
                variant = v
            case "--easing":
                variant = "easing"
            case "--at":
                let v = try value(arg)
                guard let t = TimeInterval(v), t.isFinite, (0...Self.maximumSnapshotTime).contains(t) else {
                    throw ParseError(description: "--at expects seconds in 0...\(Int(Self.maximumSnapshotTime)), got '\(v)'")
                }
                snapshotTime = t
                atGiven = true
            case "--layers":
                let v = try value(arg)
                guard let n = Int(v), (1...1_000_000).contains(n) else {
                    throw ParseError(description: "--layers expects a count in 1...1000000, got '\(v)'")
                }
                layers = n
            case "--no-decorations":
                decorations = false
            case "--seconds":
                let v = try value(arg)
                guard let t = TimeInterval(v), t.isFinite, t > 0 else {
                    throw ParseError(description: "--seconds expects a positive number, got '\(v)'")
                }
                seconds = t
            case "--debug-overlay":
                let v = try value(arg)
                guard let overlay = CADebugOverlay(rawValue: v) else {
                    let names = CADebugOverlay.allCases.map(\.rawValue).joined(separator: ", ")
                    throw ParseError(description: "--debug-overlay expects one of \(names), got '\(v)'")
                }
                debugOverlay = overlay
                RenderDebugOptions.shared.overlay = overlay
            case "--renderer":
                let v = try value(arg)
                guard let backend = CARenderBackend(rawValue: v) else {
                    throw ParseError(description: "--renderer expects gl or software, got '\(v)'")
                }
                renderer = backend
            case "--seed":
                let v = try value(arg)
                guard let n = UInt64(v) else {
                    throw ParseError(description: "--seed expects a non-negative integer, got '\(v)'")
                }
                seed = n
            case "--filter":
                let v = try value(arg)
                guard v == "nearest" || v == "linear" else {
                    throw ParseError(description: "--filter expects nearest or linear, got '\(v)'")
                }
                contentsFilter = v == "nearest" ? .nearest : .linear
            case "--fix":
                let v = try value(arg)
                guard ["none", "a", "b"].contains(v) else {
                    throw ParseError(description: "--fix expects none, a or b, got '\(v)'")
                }
                touchFix = v
            case "--steps":
                let v = try value(arg)
                guard let n = Int(v), (0...10_000_000).contains(n) else {
                    throw ParseError(description: "--steps expects a count in 0...10000000, got '\(v)'")
                }
                steps = n
            case "--dump":
                dump = true
            case "--cut", "--tiles":
                let v = try value(arg)
                guard !v.isEmpty, !v.hasPrefix("--") else {
                    throw ParseError(description: "\(arg) expects a directory, got '\(v)'")
                }
                if arg == "--cut" { cutDirectory = v } else { tilesDirectory = v }
            case "--jpeg":
                jpegTiles = true
            case "--measure":
                measuresTiles = true
            case "--offset":
                let v = try value(arg)
                let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard parts.count == 2, let x = parts[0], let y = parts[1], x.isFinite, y.isFinite,
                      abs(x) <= 1_000_000, abs(y) <= 1_000_000 else {
                    throw ParseError(description: "--offset expects X,Y in points, got '\(v)'")
                }
                contentOffset = CGPoint(x: x, y: y)
            case "--drag":
                let v = try value(arg)
                let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard parts.count == 4, parts.allSatisfy({ $0.map { $0.isFinite && abs($0) <= 100_000 } ?? false }) else {
                    throw ParseError(description: "--drag expects X0,Y0,X1,Y1 in points, got '\(v)'")
                }
                drag = (CGPoint(x: parts[0]!, y: parts[1]!), CGPoint(x: parts[2]!, y: parts[3]!))
            case "--click":
                let v = try value(arg)
                let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard parts.count == 2, parts.allSatisfy({ $0.map { $0.isFinite && abs($0) <= 100_000 } ?? false }) else {
                    throw ParseError(description: "--click expects X,Y in points, got '\(v)'")
                }
                click = CGPoint(x: parts[0]!, y: parts[1]!)
            case "--scroll":
                let v = try value(arg)
                let parts = v.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
                guard !parts.isEmpty, parts.count <= 1000,
                      parts.allSatisfy({ $0.map { $0.isFinite && abs($0) <= 10_000_000 } ?? false }) else {
                    throw ParseError(description: "--scroll expects offsets in points separated by commas, got '\(v)'")
                }
                scrollOffsets = parts.map { CGFloat($0!) }
            case "--photos":
                let v = try value(arg)
                guard !v.isEmpty, !v.hasPrefix("--") else {
                    throw ParseError(description: "--photos expects a directory, got '\(v)'")
                }
                photosDirectory = v
            case "--emitter":
                let v = try value(arg)
                guard let n = Int(v), (1...1_000_000).contains(n) else {
                    throw ParseError(description: "--emitter expects a count in 1...1000000, got '\(v)'")
                }
                emitterParticles = n
            case "--particles":
                let v = try value(arg)
                guard !v.isEmpty, !v.hasPrefix("--") else {
                    throw ParseError(description: "--particles expects a file name, got '\(v)'")
                }
                particlesPath = v
            case "--trace":
                let v = try value(arg)
                guard !v.isEmpty, !v.hasPrefix("--") else {
                    throw ParseError(description: "--trace expects a file name, got '\(v)'")
                }
                tracePath = v
            default:
                // The benchmark harness passes N as the last command-line argument.
                if i == args.count - 1, let n = Int(arg), (1...1_000_000).contains(n) {
                    layers = n
                    break
                }
                throw ParseError(description: "unknown option '\(arg)'")
            }
            i += 1
        }
        if particlesPath != nil, snapshotPath == nil {
            throw ParseError(description: "--particles applies only with --snapshot FILE.png")
        }
        if atGiven, snapshotPath == nil {
            throw ParseError(description: "--at applies only with --snapshot FILE.png")
        }
    }
}

extension DemoOptions {
    /// The trace writer for `--trace FILE` (nil without it); prints the error and returns nil when
    /// the file cannot be created.
    func openTrace() -> TraceWriter?? {
        guard let tracePath else { return .some(nil) }
        do {
            return try TraceWriter(path: tracePath)
        } catch {
            FileHandle.standardError.write(Data("demo: cannot write the trace \(tracePath): \(error)\n".utf8))
            return nil
        }
    }
}

/// The `--trace` file of a demo running in a window, and the clean exit that writes it out.
enum DemoTrace {
    nonisolated(unsafe) private static var signalSources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private(set) static var writer: TraceWriter?

    /// Opens `--trace FILE` (if given) as `host`'s window's trace and makes SIGTERM and SIGINT end
    /// the demo with status 0 after writing the trace out, ending with a
    /// `{"type":"renderer","requested":…,"active":…}` line (the back end asked for and the one
    /// drawing at the end). Returns false (after a message) when the file cannot be created.
    static func start(_ options: DemoOptions, on host: WaylandLayerHost) -> Bool {
        guard let opened = options.openTrace() else { return false }
        writer = opened
        host.window.trace = opened
        for signalNumber in [SIGTERM, SIGINT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler {
                writer?.write(["type": "renderer", "requested": host.requestedRenderer.rawValue,
                               "active": host.activeRenderer.rawValue])
                writer?.close()
                exit(0)
            }
            source.resume()
            signalSources.append(source)
        }
        return true
    }
}
