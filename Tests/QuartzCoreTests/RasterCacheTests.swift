@testable import QuartzCore
import XCTest
import Foundation

/// `shouldRasterize` bitmaps kept from frame to frame: drawn again only when what they show changed,
/// and the pictures equal to drawing them afresh.
final class RasterCacheTests: XCTestCase {
    private let t0: CFTimeInterval = 900
    private let width = 160, height = 120

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
        RenderDebugOptions.shared.overlay = .none
        RenderDebugOptions.shared.rasterCacheObserver = nil
    }

    private func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> CGColor { CGColor(red: r, green: g, blue: b, alpha: 1) }

    /// A root with a rasterized card (two sublayers, a shadow) and another layer beside it.
    private func makeScene() -> (root: CALayer, card: CALayer, inner: CALayer, other: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = color(1, 1, 1)
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 10, width: 60, height: 40)
        card.backgroundColor = color(0.2, 0.4, 0.8)
        card.cornerRadius = 6
        card.shadowOpacity = 0.5
        card.shouldRasterize = true
        let inner = CALayer()
        inner.frame = CGRect(x: 8, y: 8, width: 20, height: 20)
        inner.backgroundColor = color(0.9, 0.1, 0.1)
        card.addSublayer(inner)
        let other = CALayer()
        other.frame = CGRect(x: 100, y: 60, width: 30, height: 30)
        other.backgroundColor = color(0.1, 0.7, 0.2)
        root.addSublayer(card)
        root.addSublayer(other)
        CATransaction.flush()
        return (root, card, inner, other)
    }

    /// Draws the newest tree with `server` and checks the pixels against a fresh server's.
    private func drawAndCompare(_ server: RenderServer, _ root: CALayer, at time: CFTimeInterval,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        CATransaction.flush()
        server.commit(root.latestRenderTree)
        let kept = makeBitmapContext(width: width, height: height)
        _ = server.draw(in: kept, scale: 1, atMediaTime: time)
        let fresh = makeBitmapContext(width: width, height: height)
        _ = RenderServer(tree: root.latestRenderTree).draw(in: fresh, scale: 1, atMediaTime: time)
        let a = try XCTUnwrap(kept.makeImage()), b = try XCTUnwrap(fresh.makeImage())
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where rgba(a, x, y) != rgba(b, x, y) { differing += 1 }
        }
        XCTAssertEqual(differing, 0, "pixels differ from a fresh render", file: file, line: line)
    }

    func testABitmapIsDrawnAgainOnlyWhenWhatItShowsChanges() throws {
        let (root, card, inner, other) = makeScene()
        let renderer = SoftwareRenderer()
        let server = RenderServer(tree: root.latestRenderTree, renderer: renderer)
        try drawAndCompare(server, root, at: t0)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 1)

        other.backgroundColor = color(0, 0, 1)
        try drawAndCompare(server, root, at: t0)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 1, "another layer changed: the bitmap is kept")

        card.position = CGPoint(x: 60, y: 50)
        card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        try drawAndCompare(server, root, at: t0)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 1, "a commit that only moved the layer keeps its bitmap")

        card.backgroundColor = color(0.3, 0.3, 0.3)
        try drawAndCompare(server, root, at: t0)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 2, "a committed change of what the layer draws redraws it")

        // Several commits between two frames: a move after a change of the drawing still redraws.
        card.cornerRadius = 12
        CATransaction.flush()
        card.position = CGPoint(x: 62, y: 50)
        try drawAndCompare(server, root, at: t0)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 3, "the change two commits back is not lost")

        inner.backgroundColor = color(1, 0.8, 0)
        try drawAndCompare(server, root, at: t0)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 4, "a sublayer changed")

        try drawAndCompare(server, root, at: t0 + 1)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 4, "time alone changes nothing")
    }

    func testAMovingLayerKeepsItsBitmapAndAFadingOneDoesNot() throws {
        let (root, card, _, _) = makeScene()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 40
        move.toValue = 120
        move.duration = 4
        card.add(move, forKey: "move")
        let renderer = SoftwareRenderer()
        let server = RenderServer(tree: root.latestRenderTree, renderer: renderer)
        for k in 0..<4 { try drawAndCompare(server, root, at: t0 + Double(k) * 0.5) }
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 1, "moved four times, drawn once")

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.2
        fade.duration = 4
        card.add(fade, forKey: "fade")
        CATransaction.flush()
        let before = renderer.rasterCache.bitmapsDrawn
        for k in 0..<3 { try drawAndCompare(server, root, at: t0 + 2 + Double(k) * 0.5) }
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn - before, 3, "opacity is part of the bitmap: drawn every frame")
    }

    /// A debug overlay repaints every frame whole; the kept bitmaps stay good all the same.
    func testAWholeRepaintForAnOverlayKeepsTheBitmaps() throws {
        let (root, _, _, other) = makeScene()
        let renderer = SoftwareRenderer()
        let server = RenderServer(tree: root.latestRenderTree, renderer: renderer)
        RenderDebugOptions.shared.overlay = .blendedLayers
        for k in 0..<3 { try drawAndCompare(server, root, at: t0 + Double(k)) }
        other.backgroundColor = color(0, 0, 1)
        try drawAndCompare(server, root, at: t0 + 3)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 1, "drawn once, then kept through four whole repaints")
    }

    /// The observer hears, per frame drawn with the cache, which layers were drawn again (misses) and
    /// which kept bitmaps were drawn (hits); offscreen passes, which keep none, say nothing.
    func testTheObserverHearsEachFramesMissesAndHits() throws {
        let (root, card, _, other) = makeScene()
        final class Reports: @unchecked Sendable {
            let lock = NSLock()
            var all: [RasterCacheReport] = []
        }
        let reports = Reports()
        RenderDebugOptions.shared.rasterCacheObserver = { report in
            reports.lock.withLock { reports.all.append(report) }
        }
        let server = RenderServer(tree: root.latestRenderTree, renderer: SoftwareRenderer())
        let ctx = makeBitmapContext(width: width, height: height)
        func frame(_ time: CFTimeInterval) {
            CATransaction.flush()
            server.commit(root.latestRenderTree)
            _ = server.draw(in: ctx, scale: 1, atMediaTime: time)
        }
        frame(t0)
        other.backgroundColor = color(0, 0, 1)
        frame(t0 + 1)
        card.backgroundColor = color(0.5, 0.5, 0.5)
        frame(t0 + 2)
        let renderer = CARenderer(context: makeBitmapContext(width: width, height: height))
        renderer.layer = root
        renderer.beginFrame(atTime: t0 + 3)
        renderer.render()
        renderer.endFrame()
        let heard = reports.lock.withLock { reports.all }
        let id = ObjectIdentifier(card)
        XCTAssertEqual(heard.count, 3, "one report per render-server frame, none for the offscreen pass")
        guard heard.count == 3 else { return }
        XCTAssertEqual(heard[0].misses, [id])
        XCTAssertEqual(heard[0].hits, [])
        XCTAssertEqual(heard[1].misses, [])
        XCTAssertEqual(heard[1].hits, [id])
        XCTAssertEqual(heard[2].misses, [id])
        XCTAssertLessThan(heard[0].frame, heard[1].frame)
    }
}
