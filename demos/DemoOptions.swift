import CoreGraphics
import Foundation

/// Options shared by every demo.
struct DemoOptions {
    /// Preferred window size in points.
    var size = CGSize(width: 480, height: 480)
    /// Seconds since midnight that the demo's wall clock reads at start; nil means the real time.
    var startTimeOfDay: TimeInterval?

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    init(parsing args: [String]) throws {
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
                let parts = v.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 2, (1...16384).contains(parts[0]), (1...16384).contains(parts[1]) else {
                    throw ParseError(description: "--size expects WxH with 1...16384, got '\(v)'")
                }
                size = CGSize(width: parts[0], height: parts[1])
            case "--time":
                let v = try value(arg)
                let parts = v.split(separator: ":").map { Int($0) }
                guard parts.count == 3, let h = parts[0], let m = parts[1], let s = parts[2],
                      (0..<24).contains(h), (0..<60).contains(m), (0..<60).contains(s) else {
                    throw ParseError(description: "--time expects HH:MM:SS, got '\(v)'")
                }
                startTimeOfDay = TimeInterval(h * 3600 + m * 60 + s)
            default:
                throw ParseError(description: "unknown option '\(arg)'")
            }
            i += 1
        }
    }
}
