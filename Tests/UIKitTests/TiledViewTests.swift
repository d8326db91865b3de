import QuartzCore
import UIKit
import XCTest

/// A view whose layer is a `CATiledLayer`: it records the rectangles `draw(_:)` gets and fills each
/// one red.
final class TiledView: UIView {
    override class var layerClass: AnyClass { CATiledLayer.self }

    nonisolated(unsafe) var drawnRects: [CGRect] = []
    nonisolated(unsafe) var drewOffMain = false

    override func draw(_ rect: CGRect) {
        drawnRects.append(rect)
        if !Thread.isMainThread { drewOffMain = true }
        UIGraphicsGetCurrentContext()?.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        UIGraphicsGetCurrentContext()?.fill(rect)
    }
}

/// A tiled view's tiles are asked for on the tile workers; its `draw(_:)` (main actor) runs on the
/// main thread with each tile's rectangle, and the tiles show.
final class TiledViewTests: XCTestCase {
    override func setUp() { CAMediaClock.freeze(at: 300) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testATiledViewDrawsEachTileOnTheMainThread() { MainActor.assumeIsolated { body() } }

    @MainActor private func body() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let view = TiledView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        root.addSubview(view)
        CATransaction.flush()
        let server = RenderServer(tree: root.layer.latestRenderTree)
        let ctx = CGContext(data: nil, width: 300, height: 200, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        // Frames at a time past the fade, as a window's render thread draws them, while the main
        // run loop runs (the workers wait for it to draw); at most 10 s.
        let deadline = Date().addingTimeInterval(10)
        var next = server.draw(in: ctx, scale: 1, atMediaTime: 301)
        while next != .infinity, Date() < deadline {
            RunLoop.main.run(until: Date().addingTimeInterval(0.005))
            ctx.clear(CGRect(x: 0, y: 0, width: 300, height: 200))
            next = server.draw(in: ctx, scale: 1, atMediaTime: 301)
        }
        XCTAssertEqual(next, .infinity, "the tiles never all came")
        XCTAssertFalse(view.drewOffMain)
        XCTAssertEqual(Set(view.drawnRects.map { [$0.minX, $0.minY, $0.width, $0.height] }),
                       [[0, 0, 256, 200], [256, 0, 44, 200]], "one call per tile, with the tile's rectangle")
        let image = ctx.makeImage()!
        for x in [10, 290] {
            let p = image.pixel(x: x, y: 100)
            XCTAssertEqual([p.r, p.g, p.b, p.a], [255, 0, 0, 255], "x \(x)")
        }
    }
}
