import Foundation
@testable import QuartzCore
import XCTest

/// A delegate that paints each tile one colour (by its column and row) and records every call:
/// the clip's bounding box, the context's scale and whether it ran on the main thread.
final class TileRecorder: NSObject, CALayerDelegate, @unchecked Sendable {
    struct Call {
        var clip: CGRect
        var scale: CGFloat
        var onMainThread: Bool
    }

    private let lock = NSLock()
    private var recorded: [Call] = []
    /// The tile size in points the recorder derives indices from.
    var tilePoints: CGFloat = 256

    var calls: [Call] { lock.lock(); defer { lock.unlock() }; return recorded }

    /// The (column, row) of each call, by the book's rule: floor(clip origin / tile size).
    var indices: [[Int]] {
        calls.map { [Int(($0.clip.minX / tilePoints).rounded(.down)), Int(($0.clip.minY / tilePoints).rounded(.down))] }
    }

    func draw(_ layer: CALayer, in ctx: CGContext) {
        let clip = ctx.boundingBoxOfClipPath
        let m = ctx.ctm
        lock.lock()
        recorded.append(Call(clip: clip, scale: (m.a * m.a + m.b * m.b).squareRoot(), onMainThread: Thread.isMainThread))
        lock.unlock()
        let column = Int((clip.minX / tilePoints).rounded(.down)), row = Int((clip.minY / tilePoints).rounded(.down))
        ctx.setFillColor(TileRecorder.color(column: column, row: row))
        ctx.fill(clip)
    }

    /// Tile (c, r)'s colour: red 40c + 20, green 40r + 20, blue 200 (opaque).
    static func color(column: Int, row: Int) -> CGColor {
        CGColor(red: CGFloat(40 * column + 20) / 255, green: CGFloat(40 * row + 20) / 255, blue: 200 / 255, alpha: 1)
    }
}

/// A tiled layer class whose tiles appear at once.
final class UnfadedTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
}

/// CATiledLayer: defaults and clamping, tiles drawn on demand with the clip of the tile, only the
/// visible ones, per level of detail, invalidation, the workers and the fade in a render server.
final class CATiledLayerTests: XCTestCase {
    private let t0: CFTimeInterval = 900

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    // MARK: Properties

    func testDefaultsAreApples() {
        let layer = CATiledLayer()
        XCTAssertEqual(layer.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(layer.levelsOfDetail, 1)
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        XCTAssertEqual(UnfadedTiledLayer.fadeDuration(), 0)
        XCTAssertEqual(CATiledLayer.defaultValue(forKey: "tileSize") as? CGSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(CATiledLayer.defaultValue(forKey: "levelsOfDetail") as? Int, 1)
        XCTAssertEqual(CATiledLayer.defaultValue(forKey: "levelsOfDetailBias") as? Int, 0)
        XCTAssertNil(layer.contents)
        layer.setValue(CGSize(width: 128, height: 64), forKey: "tileSize")
        XCTAssertEqual(layer.tileSize, CGSize(width: 128, height: 64))
        layer.setValue(3, forKey: "levelsOfDetail")
        XCTAssertEqual(layer.value(forKey: "levelsOfDetail") as? Int, 3)
    }

    func testBadValuesAreClampedOrIgnored() {
        let layer = CATiledLayer()
        layer.tileSize = CGSize(width: 0, height: -10)
        XCTAssertEqual(layer.tileSize, CGSize(width: 16, height: 16))
        layer.tileSize = CGSize(width: 100_000, height: 300)
        XCTAssertEqual(layer.tileSize, CGSize(width: 4096, height: 300))
        layer.tileSize = CGSize(width: CGFloat.nan, height: 10)
        XCTAssertEqual(layer.tileSize, CGSize(width: 4096, height: 300), "NaN is ignored")
        layer.levelsOfDetail = 0
        XCTAssertEqual(layer.levelsOfDetail, 1)
        layer.levelsOfDetail = 1000
        XCTAssertEqual(layer.levelsOfDetail, 16)
        layer.levelsOfDetailBias = -3
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        layer.levelsOfDetailBias = Int.max
        XCTAssertEqual(layer.levelsOfDetailBias, 16)
        layer.setValue("big", forKey: "tileSize")
        XCTAssertEqual(layer.tileSize, CGSize(width: 4096, height: 300), "a wrong type is ignored")
        // Absurd values still render, without drawing the layer whole.
        let (root, tiled, recorder) = makeScene(layerSize: 8192, view: CGSize(width: 100, height: 100))
        tiled.tileSize = .zero
        tiled.levelsOfDetail = 99
        tiled.levelsOfDetailBias = 99
        _ = renderOffscreen(root, width: 100, height: 100)
        XCTAssertFalse(recorder.calls.isEmpty)
        XCTAssertLessThanOrEqual(recorder.calls.count, TileGrid.maximumTilesPerFrame)
    }

    // MARK: Tiles on demand

    /// A `view`-sized root clipping to its bounds, scrolled to `offset`, over a tiled layer of
    /// `layerSize` points a side at (0, 0).
    private func makeScene(layerSize: CGFloat = 2048, view: CGSize = CGSize(width: 300, height: 300),
                           offset: CGPoint = .zero, layerClass: CATiledLayer.Type = UnfadedTiledLayer.self)
        -> (root: CALayer, tiled: CATiledLayer, recorder: TileRecorder) {
        let root = CAScrollLayer()
        root.frame = CGRect(origin: .zero, size: view)
        root.masksToBounds = true
        root.scroll(to: offset)
        let tiled = CALayer.makeLayer(ofClass: layerClass) as! CATiledLayer
        tiled.frame = CGRect(x: 0, y: 0, width: layerSize, height: layerSize)
        let recorder = TileRecorder()
        tiled.delegate = recorder
        root.addSublayer(tiled)
        kept.append(recorder)
        return (root, tiled, recorder)
    }

    /// Keeps the weakly held delegates alive for the test's duration.
    private var kept: [AnyObject] = []

    func testEachTileIsDrawnClippedToItsRectangle() {
        let (root, _, recorder) = makeScene()
        let image = renderOffscreen(root, width: 300, height: 300)
        let clips = recorder.calls.map(\.clip).sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
        XCTAssertEqual(clips, [CGRect(x: 0, y: 0, width: 256, height: 256), CGRect(x: 256, y: 0, width: 256, height: 256),
                               CGRect(x: 0, y: 256, width: 256, height: 256), CGRect(x: 256, y: 256, width: 256, height: 256)])
        XCTAssertTrue(recorder.calls.allSatisfy { $0.scale == 1 })
        XCTAssertEqual(rgba(image, 10, 10), [20, 20, 200, 255], "tile (0, 0)")
        XCTAssertEqual(rgba(image, 290, 10), [60, 20, 200, 255], "tile (1, 0)")
        XCTAssertEqual(rgba(image, 10, 290), [20, 60, 200, 255], "tile (0, 1)")
    }

    func testAtOffset768By512TheTopLeftTileIs03_02AndOnlyIntersectingTilesAreDrawn() {
        let (root, _, recorder) = makeScene(offset: CGPoint(x: 768, y: 512))
        let image = renderOffscreen(root, width: 300, height: 300)
        // Visible: x 768...1068, y 512...812: columns 3-4, rows 2-3.
        XCTAssertEqual(Set(recorder.indices), [[3, 2], [4, 2], [3, 3], [4, 3]])
        XCTAssertEqual(recorder.calls.count, 4)
        XCTAssertEqual(rgba(image, 0, 0), [140, 100, 200, 255], "the top-left pixel shows tile 03_02")
    }

    func testAHugeLayerIsNeverDrawnWhole() {
        let (root, tiled, recorder) = makeScene(layerSize: 8192, view: CGSize(width: 500, height: 400),
                                                offset: CGPoint(x: 4000, y: 6000))
        _ = renderOffscreen(root, width: 500, height: 400)
        // x 4000...4500: columns 15-17; y 6000...6400: rows 23-24 (row 25 starts at 6400).
        XCTAssertEqual(recorder.calls.count, 6)
        XCTAssertTrue(recorder.calls.allSatisfy { $0.clip.width == 256 && $0.clip.height == 256 })
        XCTAssertEqual(Set(recorder.indices.map { $0[0] }), [15, 16, 17])
        XCTAssertEqual(Set(recorder.indices.map { $0[1] }), [23, 24])
        // Drawn again: the tiles are kept, nothing is drawn.
        _ = renderOffscreen(root, width: 500, height: 400)
        XCTAssertEqual(recorder.calls.count, 6)
        XCTAssertEqual(tiled.tileStore.drawCount, 6)
    }

    func testEdgeTilesAreClippedToTheBounds() {
        let (root, tiled, recorder) = makeScene(layerSize: 300, view: CGSize(width: 400, height: 400))
        tiled.bounds = CGRect(x: 0, y: 0, width: 300, height: 280)
        _ = renderOffscreen(root, width: 400, height: 400)
        XCTAssertTrue(recorder.calls.contains { $0.clip == CGRect(x: 256, y: 256, width: 44, height: 24) })
    }

    func testRetinaTilesCoverHalfAsManyPoints() {
        // contentsScale 2: a 256-pixel tile covers 128 points; index = floor(origin / tileSize × scale).
        let (root, tiled, recorder) = makeScene(view: CGSize(width: 200, height: 150), offset: CGPoint(x: 300, y: 100))
        tiled.contentsScale = 2
        recorder.tilePoints = 128
        _ = renderOffscreen(root, width: 400, height: 300, scale: 2)
        XCTAssertTrue(recorder.calls.allSatisfy { $0.clip.width == 128 && $0.scale == 2 })
        // x 300...500: columns 2-3; y 100...250: rows 0-1.
        XCTAssertEqual(Set(recorder.indices), [[2, 0], [3, 0], [2, 1], [3, 1]])
        let index = recorder.calls.map { call in
            [Int((call.clip.minX / 256 * 2).rounded(.down)), Int((call.clip.minY / 256 * 2).rounded(.down))]
        }
        XCTAssertEqual(Set(index), Set(recorder.indices), "the book's Retina rule gives the same indices")
    }

    // MARK: Levels of detail

    func testTheLevelFollowsTheScaleOnScreen() {
        func level(_ zoom: CGFloat, levels: Int, bias: Int, longest: CGFloat = 4096) -> Int {
            TileGrid.level(deviceScale: zoom, contentsScale: 1, levels: levels, bias: bias, longestSidePixels: longest)
        }
        XCTAssertEqual(level(0.1, levels: 1, bias: 0), 0, "one level: always level 0")
        XCTAssertEqual(level(8, levels: 1, bias: 0), 0)
        XCTAssertEqual(level(1, levels: 3, bias: 0), 0)
        XCTAssertEqual(level(0.5, levels: 3, bias: 0), -1, "half size: the half-resolution level")
        XCTAssertEqual(level(0.3, levels: 3, bias: 0), -1, "the coarsest level still as sharp as the screen")
        XCTAssertEqual(level(0.2, levels: 3, bias: 0), -2)
        XCTAssertEqual(level(0.01, levels: 3, bias: 0), -2, "no coarser than the levels kept")
        XCTAssertEqual(level(4, levels: 3, bias: 0), 0, "no magnified level without a bias")
        XCTAssertEqual(level(4, levels: 3, bias: 2), 2)
        XCTAssertEqual(level(1.5, levels: 3, bias: 2), 1)
        XCTAssertEqual(level(1, levels: 3, bias: 2), 0)
        XCTAssertEqual(level(0.5, levels: 3, bias: 2), 0, "bias 2 of 3 levels: 4x, 2x, 1x")
        XCTAssertEqual(level(0.01, levels: 16, bias: 0, longest: 4), -2, "the bottom level keeps at least a pixel")
        XCTAssertEqual(level(.nan, levels: 3, bias: 0), 0)
    }

    func testAZoomedOutLayerDrawsHalfResolutionTiles() {
        let (root, tiled, recorder) = makeScene(view: CGSize(width: 300, height: 300))
        tiled.levelsOfDetail = 2
        tiled.anchorPoint = .zero
        tiled.position = .zero
        tiled.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        _ = renderOffscreen(root, width: 300, height: 300)
        // Shown at half size: a 256-pixel tile covers 512 points at 0.5 pixels per point; 600 points show.
        recorder.tilePoints = 512
        XCTAssertEqual(Set(recorder.indices), [[0, 0], [1, 0], [0, 1], [1, 1]])
        XCTAssertTrue(recorder.calls.allSatisfy { $0.clip.width == 512 && $0.scale == 0.5 })
        XCTAssertTrue(tiled.tileStore.drawnKeys.allSatisfy { $0.level == -1 })
        // The same layer at full size asks for level 0 tiles; the level -1 ones stay cached.
        tiled.transform = CATransform3DIdentity
        _ = renderOffscreen(root, width: 300, height: 300)
        XCTAssertEqual(tiled.tileStore.drawnKeys.filter { $0.level == 0 }.count, 4)
        XCTAssertEqual(tiled.tileStore.tileCount, 8)
    }

    // MARK: Invalidation and caching

    func testSetNeedsDisplayThrowsTilesAway() {
        let (root, tiled, recorder) = makeScene()
        _ = renderOffscreen(root, width: 300, height: 300)
        XCTAssertEqual(recorder.calls.count, 4)
        tiled.setNeedsDisplay(CGRect(x: 10, y: 10, width: 5, height: 5))
        _ = renderOffscreen(root, width: 300, height: 300)
        XCTAssertEqual(recorder.calls.count, 5, "only the tile meeting the rectangle is drawn again")
        XCTAssertEqual(recorder.indices.last, [0, 0])
        tiled.setNeedsDisplay()
        XCTAssertTrue(tiled.needsDisplay())
        _ = renderOffscreen(root, width: 300, height: 300)
        XCTAssertEqual(recorder.calls.count, 9, "all of them")
        XCTAssertFalse(tiled.needsDisplay())
    }

    func testDisplayDoesNotDrawTheLayerWhole() {
        let (_, tiled, recorder) = makeScene(layerSize: 8192)
        tiled.setNeedsDisplay()
        tiled.displayIfNeeded()
        CATransaction.flush()
        XCTAssertTrue(recorder.calls.isEmpty)
        XCTAssertNil(tiled.contents)
    }

    func testTheLeastRecentlyShownTilesGoBeyondTheCapacity() {
        let (root, tiled, _) = makeScene()
        tiled.tileStore.capacity = 2
        _ = renderOffscreen(root, width: 300, height: 300)
        XCTAssertEqual(tiled.tileStore.tileCount, 2)
    }

    // MARK: Workers and fading in a render server

    /// Waits (at most 10 s) until `condition` holds.
    private func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !condition() {
            if Date() > deadline { return false }
            usleep(2000)
        }
        return true
    }

    func testAWindowAsksWorkersForTilesAndFadesThemIn() {
        assertWorkersDrawTilesThatFadeIn(renderer: SoftwareRenderer())
    }

    func testAWindowDrawingWithGLAsksWorkersForTilesAndDrawsThemItself() throws {
        let gl = try GLESRenderer.offscreen()
        assertWorkersDrawTilesThatFadeIn(renderer: gl)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "tiles are textures GL draws")
        XCTAssertGreaterThanOrEqual(gl.lastFrame.quads, 4)
    }

    private func assertWorkersDrawTilesThatFadeIn(renderer: Renderer) {
        let (root, tiled, recorder) = makeScene(layerClass: CATiledLayer.self)
        CATransaction.flush()
        let server = RenderServer(tree: root.latestRenderTree, renderer: renderer)
        let size = CGSize(width: 300, height: 300)
        let ctx = makeBitmapContext(width: 300, height: 300)
        func frame(at t: CFTimeInterval) -> (damage: DamageRegion, next: CFTimeInterval) {
            let damage = server.beginFrame(atMediaTime: t, scale: 1, size: size)
            ctx.clear(CGRect(x: 0, y: 0, width: 300, height: 300))
            server.draw(in: ctx, region: server.repaintRegion(bufferAge: 1))
            return (damage, server.nextChangeTime)
        }
        let first = frame(at: t0)
        XCTAssertEqual(first.next, t0, "tiles were asked for: the next frame is wanted now")
        XCTAssertTrue(wait { tiled.tileStore.drawCount == 4 })
        XCTAssertTrue(recorder.calls.allSatisfy { !$0.onMainThread }, "tiles are drawn on worker threads")
        // Finished at t0 (the frozen clock): fading in over 0.25 s.
        let start = frame(at: t0)
        XCTAssertFalse(start.damage.isEmpty, "finished tiles damage the layer")
        XCTAssertEqual(start.next, t0)
        XCTAssertEqual(rgba(ctx.makeImage()!, 10, 10)[3], 0, "not faded in yet")
        let half = frame(at: t0 + 0.125)
        XCTAssertFalse(half.damage.isEmpty)
        XCTAssertEqual(Int(rgba(ctx.makeImage()!, 10, 10)[3]), 128, accuracy: 2, "half way")
        let end = frame(at: t0 + 0.3)
        XCTAssertFalse(end.damage.isEmpty, "the end of the fade is drawn")
        XCTAssertEqual(rgba(ctx.makeImage()!, 10, 10), [20, 20, 200, 255])
        XCTAssertEqual(end.next, .infinity, "then the window goes idle")
        XCTAssertTrue(frame(at: t0 + 0.4).damage.isEmpty)
        XCTAssertEqual(recorder.calls.count, 4)
    }

    func testTilesInvalidatedWhileDrawingAreDrawnAgain() {
        let (root, tiled, recorder) = makeScene(layerClass: UnfadedTiledLayer.self)
        CATransaction.flush()
        let server = RenderServer(tree: root.latestRenderTree)
        let ctx = makeBitmapContext(width: 300, height: 300)
        XCTAssertEqual(server.draw(in: ctx, scale: 1, atMediaTime: t0), t0)
        tiled.setNeedsDisplay()
        CATransaction.flush()
        server.commit(root.latestRenderTree)
        // Frames go on until every tile of the newest generation is in.
        XCTAssertTrue(wait {
            ctx.clear(CGRect(x: 0, y: 0, width: 300, height: 300))
            return server.draw(in: ctx, scale: 1, atMediaTime: t0) == .infinity
        })
        XCTAssertEqual(tiled.tileStore.tileCount, 4)
        XCTAssertEqual(rgba(ctx.makeImage()!, 290, 290), [60, 60, 200, 255])
        XCTAssertGreaterThanOrEqual(recorder.calls.count, 4)
    }

    func testATileFinishedWhileAFrameIsDrawnAsksForTheNextFrame() {
        let (root, tiled, _) = makeScene(layerClass: UnfadedTiledLayer.self)
        CATransaction.flush()
        let server = RenderServer(tree: root.latestRenderTree)
        let ctx = makeBitmapContext(width: 300, height: 300)
        XCTAssertTrue(wait { server.draw(in: ctx, scale: 1, atMediaTime: t0) == .infinity }, "all tiles in, idle")
        // The store changes after the frame began (as when a worker finishes a tile meanwhile).
        server.beginFrame(atMediaTime: t0, scale: 1, size: CGSize(width: 300, height: 300))
        XCTAssertEqual(server.nextChangeTime, .infinity)
        tiled.tileStore.invalidate(CGRect(x: -100, y: -100, width: 1, height: 1))   // meets no tile: only the version moves
        server.draw(in: ctx, region: .everything)
        XCTAssertEqual(server.nextChangeTime, t0, "the change is shown by the next frame")
        XCTAssertFalse(server.beginFrame(atMediaTime: t0, scale: 1, size: CGSize(width: 300, height: 300)).isEmpty)
    }
}
