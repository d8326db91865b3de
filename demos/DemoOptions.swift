import CoreGraphics
import Foundation

/// Options shared by every demo.
struct DemoOptions {
    /// Preferred window size in points; the size of a snapshot in pixels.
    var size: CGSize
    /// Seconds since midnight that the demo's wall clock reads at start; nil means the real time
    /// (in a window) or `Snapshot.defaultTimeOfDay` (in a snapshot).
    var startTimeOfDay: TimeInterval?
    /// `--snapshot FILE.png`: render one frame offscreen into this file instead of opening a window.
    var snapshotPath: String?
    /// `--at SECONDS`: the media time of the snapshot's frame, counted from the scene's start.
    var snapshotTime: TimeInterval = 0
    /// `--variant NAME` (or `--camera NAME`; `--easing` is `--variant easing`): which of a demo's
    /// variants to show; nil is its first.
    /// `DemoCommand` checks it against the demo's `variants`.
    var variant: String?

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
            default:
                throw ParseError(description: "unknown option '\(arg)'")
            }
            i += 1
        }
        if atGiven, snapshotPath == nil {
            throw ParseError(description: "--at applies only with --snapshot FILE.png")
        }
    }
}
