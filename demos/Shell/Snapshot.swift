import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// `demo NAME --snapshot FILE.png [--at SECONDS] [--size WxH]`: one frame of a demo rendered offscreen
/// with `CARenderer`, without a compositor, and written as a PNG.
///
/// Deterministic: the media clock is frozen at 0 while the scene is built, then moved to each time the
/// scene's timers fire up to `--at` (firing them there), then to `--at` itself, the frame's time.
enum Snapshot {
    /// The wall-clock time a snapshot's demo sees when no `--time` is given (10:08:30), so that the
    /// picture does not depend on when it is taken.
    static let defaultTimeOfDay: TimeInterval = 10 * 3600 + 8 * 60 + 30

    enum Failure: Error, CustomStringConvertible {
        case render(String)
        case write(path: String, reason: String)

        var description: String {
            switch self {
            case .render(let why): return "cannot render the snapshot: \(why)"
            case .write(let path, let reason): return "cannot write \(path): \(reason)"
            }
        }
    }

    /// Renders the scene and writes it to `options.snapshotPath`; returns the exit code (0, or 1 after a
    /// one-line message on stderr).
    static func run(_ demo: Demo, options: DemoOptions, path: String) -> Int32 {
        guard let makeScene = demo.scene else {
            writeStandardError("demo \(demo.name): this demo has no offscreen scene\n")
            return 2
        }
        do {
            let png = try render(makeScene, options: options)
            try write(png, to: path)
        } catch {
            writeStandardError("demo \(demo.name): \(error)\n")
            return 1
        }
        print(path)
        return 0
    }

    /// The PNG of the scene at media time `options.snapshotTime`, `options.size` pixels.
    static func render(_ makeScene: (DemoOptions, CGSize) -> DemoScene, options: DemoOptions) throws -> Data {
        let seconds = options.snapshotTime
        // The clock stays frozen afterwards: the program ends with the picture, and going back to the
        // system's clock would end every animation at once, their delegates hearing of a finish
        // (`animationDidStop(_:finished: true)`) that the frame's time never reached.
        let frames = try drawn(makeScene, options: options)
        if let path = options.particlesPath {
            guard let emitters = frames.scene as? EmitterScene else { throw Failure.render("this demo has no particles") }
            try write(emitters.particleLines(atMediaTime: seconds), to: path)
        }
        guard let image = frames.context.makeImage(), let png = image.pngData() else { throw Failure.render("PNG encoding failed") }
        return png
    }

    /// The scene drawn offscreen at media time `options.snapshotTime`, its timers fired on the way.
    static func drawn(_ makeScene: (DemoOptions, CGSize) -> DemoScene, options: DemoOptions) throws -> OffscreenScene {
        let frames = try OffscreenScene(makeScene, options: options)
        frames.advance(to: options.snapshotTime)
        frames.render(at: options.snapshotTime)
        return frames
    }

    /// Writes `data` to `path` (created or replaced) through a temporary file beside it, so that a
    /// failure keeps an earlier file there and leaves no truncated one (`OutputFile`).
    static func write(_ data: Data, to path: String) throws {
        do {
            try OutputFile.write(data, to: path)
        } catch let failure as OutputFile.Failure {
            throw Failure.write(path: path, reason: failure.reason)
        }
    }
}
