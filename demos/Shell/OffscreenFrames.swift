import CoreGraphics
import Foundation
import QuartzCore

/// A window's frames without a window: a layer tree drawn through its own `RenderServer` into an
/// offscreen bitmap, as a window's render thread draws it (damage, kept `shouldRasterize` bitmaps,
/// tiled layers' tiles asked of the tile workers). The scripted steps of a snapshot draw one frame
/// each, so that what the demos trace about frames (rasterizations, tiles loaded off the main thread)
/// is what a window would do. Main thread only (the server's render thread is this one).
@MainActor
final class OffscreenFrames {
    let root: CALayer
    private let server: RenderServer
    private let context: CGContext
    private let scale: CGFloat
    /// Frames drawn so far.
    private(set) var count = 0

    /// Frames of `root` on a target of `size` points at `scale` pixels per point.
    init?(root: CALayer, size: CGSize, scale: CGFloat = 1) {
        let width = max(1, Int((size.width * scale).rounded())), height = max(1, Int((size.height * scale).rounded()))
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                          | CGBitmapInfo.byteOrder32Little.rawValue) else { return nil }
        self.root = root
        self.context = context
        self.scale = scale
        root.markTreeAsRendered()
        CATransaction.flush()
        server = RenderServer(tree: root.latestRenderTree)
    }

    /// Commits what changed and draws a frame at the current media time, repainting what changed
    /// since the previous one (the buffer is always the previous frame's). Returns when the picture
    /// next changes by itself (`RenderServer.nextChangeTime`).
    @discardableResult
    func draw() -> CFTimeInterval {
        CATransaction.flush()
        server.commit(root.latestRenderTree)
        let size = CGSize(width: context.width, height: context.height)
        server.beginFrame(atMediaTime: CACurrentMediaTime(), scale: scale, size: size)
        let region = server.repaintRegion(bufferAge: count == 0 ? 0 : 1)
        // The region counts rows from the top; the context's base space from the bottom.
        for rect in region.rectangles(within: CGRect(origin: .zero, size: size)) {
            context.clear(CGRect(x: rect.minX, y: size.height - rect.maxY, width: rect.width, height: rect.height))
        }
        server.draw(in: context, region: region)
        count += 1
        return server.nextChangeTime
    }
}

/// `--scroll A,B,…`: content offsets (points along the scroll axis) a scrolling demo moves to in
/// turn, one every `interval` seconds from its start.
struct ScrollScript {
    static let interval: CFTimeInterval = 0.5
    let offsets: [CGFloat]

    /// The media times (seconds since the start) of the steps in `0...seconds`.
    func times(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        offsets.indices.map { CFTimeInterval($0) * Self.interval }.filter { $0 <= seconds }
    }

    /// In a window: `step` on the main run loop's timers, once per offset, `interval` apart from now.
    func schedule(_ step: @escaping @MainActor () -> Void) {
        for k in offsets.indices {
            let timer = Timer(fire: Date(timeIntervalSinceNow: Double(k) * Self.interval), interval: 0,
                              repeats: false) { _ in MainActor.assumeIsolated { step() } }
            RunLoop.main.add(timer, forMode: .common)
        }
    }
}
