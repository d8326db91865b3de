import CoreGraphics
import Foundation
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
package enum AppSnapshot {
    /// The requested snapshot, from the environment.
    package static let request: (path: String, time: CFTimeInterval)? = {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["CA_SNAPSHOT"], !path.isEmpty else { return nil }
        let time = environment["CA_SNAPSHOT_AT"].flatMap(Double.init).flatMap { $0.isFinite && $0 >= 0 ? $0 : nil } ?? 0
        return (path, time)
    }()

    package static var isRequested: Bool { request != nil }

    /// Freezes the media clock at 0 before the program builds its interface.
    package static func begin() {
        CAMediaClock.freeze(at: 0)
    }

    /// Draws `window` at the requested time into the requested file and ends the process.
    @MainActor
    package static func finish(_ window: UIWindow?) -> Never {
        guard let (path, time) = request else { exit(0) }
        guard let window else { fail("the program shows no window to snapshot") }
        window.layoutIfNeeded()
        window.layer.markTreeAsRendered()
        CATransaction.flush()
        CAMediaClock.freeze(at: time)
        window.layoutIfNeeded()
        CATransaction.flush()
        let size = window.bounds.size
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                          | CGBitmapInfo.byteOrder32Little.rawValue)
        else { fail("no \(width)x\(height) picture of the window") }
        let renderer = CARenderer(context: context)
        renderer.layer = window.layer
        renderer.bounds = CGRect(origin: .zero, size: size)
        renderer.backend = CARenderBackend.fromEnvironment(default: .software)
        renderer.beginFrame(atTime: time)
        renderer.render()
        renderer.endFrame()
        guard let png = context.makeImage()?.pngData() else { fail("PNG encoding failed") }
        let temporary = path + ".\(getpid()).tmp"
        do {
            try png.write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            fail("cannot write \(path): \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            fail("cannot write \(path): \(reason)")
        }
        print(path)
        fflush(stdout)
        exit(0)
    }

    private static func fail(_ message: String) -> Never {
        writeStandardError("snapshot: \(message)\n")
        exit(1)
    }
}
