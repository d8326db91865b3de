import CoreGraphics
import Foundation
import LayerHost
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// A program's own `--snapshot` (a Linux addition): with `CA_SNAPSHOT=FILE.png` in the environment,
/// an application (`@main`, `UIApplicationMain`, `UIApplication.main(delegate:)`) or a playground
/// page's live view opens no window: the media clock is frozen at 0 while it launches, moved to
/// `CA_SNAPSHOT_AT` seconds (default 0), and the key window is drawn offscreen at that time, at
/// scale 1 and its own size, into FILE.png, whose path is printed; then the process exits 0.
/// Deterministic, as the demos' snapshots: animations are at exactly that time. Timers do not fire
/// (the clock does not run). A picture that cannot be made or written is reported in one line and
/// the process exits 1; the file is written beside its path first and renamed into place only when
/// complete, so an earlier file there is kept on failure.
///
/// `CA_RECORD=FILE` (`.webp`, `.png`/`.apng` or `.gif`) records instead: frame k drawn at k/F s for
/// `CA_RECORD_SECONDS` (default 3) at `CA_RECORD_FPS` F (default 30, 1…120), the display links
/// called at each frame's time, and written as an animated image, as a demo's `--record`.
package enum AppSnapshot {
    /// The requested recording, from the environment.
    package static let recording: (path: String, seconds: Double, fps: Int)? = {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["CA_RECORD"], !path.isEmpty else { return nil }
        let seconds = environment["CA_RECORD_SECONDS"].flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 3
        let fps = environment["CA_RECORD_FPS"].flatMap { Int($0) }.flatMap { (1...120).contains($0) ? $0 : nil } ?? 30
        return (path, seconds, fps)
    }()

    /// The requested snapshot, from the environment.
    package static let request: (path: String, time: CFTimeInterval)? = {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["CA_SNAPSHOT"], !path.isEmpty else { return nil }
        let time = environment["CA_SNAPSHOT_AT"].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0
        return (path, time)
    }()

    package static var isRequested: Bool { request != nil || recording != nil }

    /// Freezes the media clock at 0 before the program builds its interface.
    package static func begin() {
        CAMediaClock.freeze(at: 0)
    }

    /// Draws `window` at the requested time into the requested file (or records it) and ends the process.
    @MainActor
    package static func finish(_ window: UIWindow?) -> Never {
        guard let window else { fail("the program shows no window to snapshot") }
        window.layoutIfNeeded()
        window.layer.markTreeAsRendered()
        CATransaction.flush()
        if let recording {
            record(window, into: recording.path, seconds: recording.seconds, fps: recording.fps)
        }
        guard let (path, time) = request else { exit(0) }
        let frame = Frame(window)
        frame.draw(at: time)
        guard let png = frame.context.makeImage()?.pngData() else { fail("PNG encoding failed") }
        write(png, to: path)
    }

    /// Frame k at k/fps: the clock frozen there, the display links called, the window laid out and drawn.
    @MainActor
    private static func record(_ window: UIWindow, into path: String, seconds: Double, fps: Int) -> Never {
        guard let format = AnimationFormat(path: path) else {
            fail("CA_RECORD writes .webp, .png (.apng) or .gif files, not '\(path)'")
        }
        let count = max(1, Int(seconds * Double(fps) + 0.5))
        guard count <= AnimationFormat.maximumFrames else {
            fail("\(count) frames is more than a recording holds (\(AnimationFormat.maximumFrames))")
        }
        let frame = Frame(window)
        let width = frame.context.width, height = frame.context.height
        do {
            var encoder = try format.encoder(width: width, height: height, fps: fps)
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            for k in 0..<count {
                let t = Double(k) / Double(fps)
                CAMediaClock.freeze(at: t)
                DisplayLinkClock.shared.fireOffscreenFrame(timestamp: t, duration: 1 / Double(fps))
                frame.draw(at: t)
                AnimationFormat.straightRGBA(of: frame.context, into: &rgba)
                try rgba.withUnsafeBufferPointer { try encoder.add(rgba: $0) }
            }
            write(try encoder.finish(), to: path)
        } catch {
            fail("\(error)")
        }
    }

    /// The window's picture at one pixel per point, drawn with `CARenderer`.
    @MainActor
    private final class Frame {
        let context: CGContext
        private let renderer: CARenderer
        private let window: UIWindow

        init(_ window: UIWindow) {
            self.window = window
            let size = window.bounds.size
            let width = Int(size.width.rounded()), height = Int(size.height.rounded())
            guard width > 0, height > 0, width <= 16384, height <= 16384,
                  let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                              | CGBitmapInfo.byteOrder32Little.rawValue)
            else { AppSnapshot.fail("no \(width)x\(height) picture of the window") }
            self.context = context
            renderer = CARenderer(context: context)
            renderer.layer = window.layer
            renderer.bounds = CGRect(origin: .zero, size: size)
            renderer.backend = CARenderBackend.fromEnvironment(default: .software)
        }

        /// Draws the window as it is at media time `time` (the clock is frozen there).
        func draw(at time: CFTimeInterval) {
            CAMediaClock.freeze(at: time)
            window.layoutIfNeeded()
            CATransaction.flush()
            context.clear(CGRect(x: 0, y: 0, width: context.width, height: context.height))
            renderer.beginFrame(atTime: time)
            renderer.render()
            renderer.endFrame()
        }
    }

    /// Writes the file (beside it first, then renamed into place), prints its path and exits 0.
    private static func write(_ data: Data, to path: String) -> Never {
        do {
            try OutputFile.write(data, to: path)
        } catch {
            fail("\(error)")
        }
        print(path)
        fflush(stdout)
        exit(0)
    }

    fileprivate static func fail(_ message: String) -> Never {
        writeStandardError("snapshot: \(message)\n")
        exit(1)
    }
}
