import CoreGraphics
import Foundation
import QuartzCore

/// A demo's scene without a window, on the frozen media clock, drawn with `CARenderer` into a bitmap of
/// `options.size` pixels: the one path of `--snapshot` and `--record`, so that a recording's frame at a
/// time is the snapshot at that time.
///
/// The clock is frozen at 0 while the scene is built; `advance(to:)` moves it to each time the scene's
/// timers fire on the way (firing them there), each step's implicit transaction committed at its own
/// time, as the end of a run-loop turn would in a window (animations added there begin then).
final class OffscreenScene {
    let scene: DemoScene
    let context: CGContext
    private let renderer: CARenderer
    private let size: CGSize
    /// How many of the scene's timer fire times have been run.
    private var fired = 0

    init(_ makeScene: (DemoOptions, CGSize) -> DemoScene, options: DemoOptions) throws {
        size = options.size
        CAMediaClock.freeze(at: 0)
        scene = makeScene(options, size)
        CATransaction.flush()
        let width = Int(size.width.rounded()), height = Int(size.height.rounded())
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                          | CGBitmapInfo.byteOrder32Little.rawValue)
        else { throw Snapshot.Failure.render("no \(width)x\(height) bitmap") }
        self.context = context
        renderer = CARenderer(context: context)
        renderer.layer = scene.rootLayer
        renderer.bounds = CGRect(origin: .zero, size: size)
        renderer.debugOverlay = options.debugOverlay
        renderer.backend = options.renderer ?? CARenderBackend.fromEnvironment(default: .software)
    }

    /// Fires the timers due up to `seconds` that have not fired yet, each at its time, and leaves the
    /// clock at `seconds` with what changed committed.
    func advance(to seconds: CFTimeInterval) {
        let times = scene.timerFireTimes(upTo: seconds)
        for t in times.dropFirst(fired) {
            CAMediaClock.freeze(at: t)
            scene.fireTimers()
            CATransaction.flush()
        }
        fired = max(fired, times.count)
        CAMediaClock.freeze(at: seconds)
        CATransaction.flush()
    }

    /// Draws the frame at media time `seconds` into `context` (cleared first).
    func render(at seconds: CFTimeInterval) {
        context.clear(CGRect(origin: .zero, size: CGSize(width: context.width, height: context.height)))
        renderer.beginFrame(atTime: seconds)
        renderer.render()
        renderer.endFrame()
    }
}
