import Foundation
import QuartzCore
import UIKit

/// `demo tiles --measure`: no window; the tiles scene drawn by a render server as a window draws it
/// (tiles asked of the two workers), timed on the real clock (docs/BENCH.md):
/// - first frame: from the first frame of the 2048-point layer until a frame shows every tile the
///   view needs (drawn; their fade not waited for);
/// - tiles per second: a 2048×2048 target showing all 64 tiles, every tile thrown away and drawn
///   again, several rounds.
enum TilesMeasure {
    static func run(_ options: DemoOptions) -> Int32 {
        MainActor.assumeIsolated {
            let size = options.size
            let scene = TilesScene(window: UIWindow(frame: CGRect(origin: .zero, size: size)), options: options, scale: 1, trace: nil)
            let first = firstFrame(scene, size: size)
            print(String(format: "first complete frame of the 2048-point layer in a %.0fx%.0f window: %.1f ms (%d tiles)",
                         size.width, size.height, first.seconds * 1000, first.tiles))
            let rate = tilesPerSecond(rounds: 40, delegate: SnowmanTileSource(directory: nil, tilePixels: 256, scale: 1, trace: nil))
            print(String(format: "tiles drawn per second (256x256, two workers, each tile an image): %.0f (%d tiles in %.2f s)",
                         Double(rate.tiles) / rate.seconds, rate.tiles, rate.seconds))
            let vector = tilesPerSecond(rounds: 4, delegate: VectorSnowman())
            print(String(format: "tiles drawn per second (256x256, two workers, each tile the vector picture clipped): %.0f (%d tiles in %.2f s)",
                         Double(vector.tiles) / vector.seconds, vector.tiles, vector.seconds))
            return 0
        }
    }

    /// Frames of `scene` (drawn as a window's render thread draws them) until one shows every tile
    /// the view needs; the time from the first frame, and how many tiles were drawn.
    @MainActor
    private static func firstFrame(_ scene: TilesScene, size: CGSize) -> (seconds: Double, tiles: Int) {
        let root = scene.rootLayer
        root.markTreeAsRendered()
        CATransaction.flush()
        let server = RenderServer(tree: root.latestRenderTree)
        let ctx = bitmap(size)
        let store = scene.tiledLayer.tileStore
        let visible = neededTiles(TilesDemo.viewFrame.size, offset: scene.scrollView.layer.bounds.origin)
        let start = Date()
        while Date().timeIntervalSince(start) < 10 {
            server.beginFrame(atMediaTime: CACurrentMediaTime(), scale: 1, size: size)
            server.draw(in: ctx, region: server.repaintRegion(bufferAge: 1))
            if store.drawCount >= visible { break }
            usleep(1000)
        }
        // The frame that shows them.
        server.beginFrame(atMediaTime: CACurrentMediaTime(), scale: 1, size: size)
        server.draw(in: ctx, region: server.repaintRegion(bufferAge: 1))
        return (Date().timeIntervalSince(start), store.drawCount)
    }

    /// The number of 256-point tiles a `size` view at `offset` meets.
    private static func neededTiles(_ size: CGSize, offset: CGPoint) -> Int {
        func count(_ from: CGFloat, _ length: CGFloat) -> Int {
            let lo = max(0, Int((from / 256).rounded(.down))), hi = min(7, Int(((from + length) / 256).rounded(.up)) - 1)
            return max(0, hi - lo + 1)
        }
        return count(offset.x, size.width) * count(offset.y, size.height)
    }

    /// All 64 tiles of the picture drawn `rounds` times by the workers (thrown away between rounds).
    @MainActor
    private static func tilesPerSecond(rounds: Int, delegate source: CALayerDelegate) -> (tiles: Int, seconds: Double) {
        let size = CGSize(width: 2048, height: 2048)
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let tiled = CATiledLayer()
        tiled.frame = root.bounds
        tiled.delegate = source
        root.addSublayer(tiled)
        root.markTreeAsRendered()
        CATransaction.flush()
        let server = RenderServer(tree: root.latestRenderTree)
        let ctx = bitmap(size)
        let store = tiled.tileStore
        var elapsed = 0.0
        for round in 1...rounds {
            if round > 1 {
                tiled.setNeedsDisplay()
                CATransaction.flush()
                server.commit(root.latestRenderTree)
            }
            let start = Date()
            server.beginFrame(atMediaTime: CACurrentMediaTime(), scale: 1, size: size)
            server.draw(in: ctx, region: .everything)
            while store.drawCount < 64 * round, Date().timeIntervalSince(start) < 30 { usleep(200) }
            elapsed += Date().timeIntervalSince(start)
        }
        return (store.drawCount, elapsed)
    }

    private static func bitmap(_ size: CGSize) -> CGContext {
        CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }
}

/// A tile delegate that draws the whole vector picture into each tile's context (the clip keeps
/// only the tile's part): what an app that draws its content, rather than images, costs per tile.
final class VectorSnowman: NSObject, CALayerDelegate, @unchecked Sendable {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        TilesArt.draw(in: ctx)
    }
}
