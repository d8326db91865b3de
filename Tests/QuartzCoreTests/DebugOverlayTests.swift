import XCTest
@testable import QuartzCore

/// QuartzCore's debug overlays (`CADebugOverlay`), drawn by `CARenderer` and by render snapshots over
/// a small scene; expected colours are source-over of the tint on the ordinary pixel, by hand.
final class DebugOverlayTests: XCTestCase {
    override func tearDown() {
        RenderDebugOptions.shared.overlay = .none
        super.tearDown()
    }

    private func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    private func layer(_ frame: CGRect, _ background: CGColor?) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = background
        return l
    }

    /// 40×40: white opaque root; A opaque red at (4, 4, 12, 12); B blue at opacity 0.5 at (20, 4, 12, 12);
    /// C opaque green, rasterized, at (4, 20, 12, 12); D a black opaque image (contents) at (20, 20, 12, 12).
    private func scene() -> (root: CALayer, d: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), color(1, 1, 1))
        root.addSublayer(layer(CGRect(x: 4, y: 4, width: 12, height: 12), color(1, 0, 0)))
        let b = layer(CGRect(x: 20, y: 4, width: 12, height: 12), color(0, 0, 1))
        b.opacity = 0.5
        root.addSublayer(b)
        let c = layer(CGRect(x: 4, y: 20, width: 12, height: 12), color(0, 1, 0))
        c.shouldRasterize = true
        root.addSublayer(c)
        let d = layer(CGRect(x: 20, y: 20, width: 12, height: 12), nil)
        d.contents = blackImage()
        root.addSublayer(d)
        return (root, d)
    }

    private func blackImage() -> CGImage {
        let ctx = makeBitmapContext(width: 12, height: 12)
        ctx.setFillColor(color(0, 0, 0))
        ctx.fill(CGRect(x: 0, y: 0, width: 12, height: 12))
        return ctx.makeImage()!
    }

    private func render(_ root: CALayer, _ overlay: CADebugOverlay, with renderer: CARenderer? = nil,
                        context: CGContext? = nil) -> CGImage {
        let ctx = context ?? makeBitmapContext(width: 40, height: 40)
        let r = renderer ?? CARenderer(context: ctx)
        r.layer = root
        r.debugOverlay = overlay
        r.beginFrame(atTime: 0)
        r.render()
        r.endFrame()
        return ctx.makeImage()!
    }

    /// Tint (r, g, b, a) source-over on an opaque pixel.
    private func over(_ tint: (Double, Double, Double, Double), _ p: [Double]) -> [Double] {
        [tint.0 * 255 * tint.3 + p[0] * (1 - tint.3), tint.1 * 255 * tint.3 + p[1] * (1 - tint.3),
         tint.2 * 255 * tint.3 + p[2] * (1 - tint.3), 255]
    }

    private func assertPixel(_ image: CGImage, _ x: Int, _ y: Int, _ expected: [Double], tolerance: Double = 1.5,
                             file: StaticString = #filePath, line: UInt = #line) {
        let got = rgba(image, x, y)
        for i in 0..<4 where abs(Double(got[i]) - expected[i]) > tolerance {
            XCTFail("pixel (\(x), \(y)) is \(got), expected \(expected.map { ($0 * 10).rounded() / 10 })",
                    file: file, line: line)
            return
        }
    }

    let white: [Double] = [255, 255, 255, 255]
    let red: [Double] = [255, 0, 0, 255]
    let halfBlueOnWhite: [Double] = [127.5, 127.5, 255, 255]
    let green: [Double] = [0, 255, 0, 255]
    let black: [Double] = [0, 0, 0, 255]
    let blue: [Double] = [0, 0, 255, 255]

    func testNoOverlayIsTheOrdinaryPicture() {
        let image = render(scene().root, .none)
        assertPixel(image, 10, 10, red)
        assertPixel(image, 25, 10, halfBlueOnWhite)
        assertPixel(image, 10, 25, green)
        assertPixel(image, 25, 25, black)
        assertPixel(image, 0, 0, white)
    }

    func testLayerBoundsOutlinesEveryLayerOnePixelInside() {
        let (root, _) = scene()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // A scaled layer: 8×8 at (33, 33) scaled 1.5 about its centre covers 27...39.
        let scaled = layer(CGRect(x: 29, y: 29, width: 8, height: 8), nil)
        scaled.transform = CATransform3DMakeScale(1.5, 1.5, 1)
        root.addSublayer(scaled)
        CATransaction.commit()
        let image = render(root, .layerBounds)
        // Root: the outermost pixels.
        assertPixel(image, 0, 0, blue); assertPixel(image, 20, 0, blue); assertPixel(image, 39, 17, blue)
        assertPixel(image, 1, 1, white)
        // A: columns 4 and 15, rows 4 and 15 of its square; inside it is red, outside white.
        for i in 4...15 {
            assertPixel(image, i, 4, blue); assertPixel(image, i, 15, blue)
            assertPixel(image, 4, i, blue); assertPixel(image, 15, i, blue)
        }
        assertPixel(image, 5, 5, red); assertPixel(image, 14, 14, red)
        assertPixel(image, 3, 10, white); assertPixel(image, 16, 10, white)
        // The scaled layer: 27...38 after its transform (a layer without background: the outline only).
        assertPixel(image, 27, 30, blue); assertPixel(image, 38, 30, blue); assertPixel(image, 30, 27, blue)
        assertPixel(image, 30, 38, blue)
        assertPixel(image, 28, 30, black)   // inside: D's black image below
    }

    func testBlendedLayersAreRedAndOpaqueOnesGreen() {
        let image = render(scene().root, .blendedLayers)
        let greenTint = (0.0, 1.0, 0.0, 0.3), redTint = (1.0, 0.0, 0.0, 0.3)
        // The root is opaque (green); every other layer's tint lies over the root's.
        assertPixel(image, 1, 1, over(greenTint, white))
        assertPixel(image, 10, 10, over(greenTint, over(greenTint, red)), tolerance: 2.5)    // A: opaque
        assertPixel(image, 25, 10, over(redTint, over(greenTint, halfBlueOnWhite)), tolerance: 2.5)  // B: opacity 0.5
        assertPixel(image, 10, 25, over(greenTint, over(greenTint, green)), tolerance: 2.5)  // C: opaque
        assertPixel(image, 25, 25, over(redTint, over(greenTint, black)), tolerance: 2.5)  // D: an image with alpha
    }

    func testOffscreenLayersAreYellow() {
        let (root, _) = scene()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // A group at opacity 0.5 with a sublayer: a transparency group. (B, a single fill at 0.5, is not.)
        let group = layer(CGRect(x: 34, y: 2, width: 4, height: 4), color(1, 1, 1))
        group.opacity = 0.5
        group.addSublayer(layer(CGRect(x: 0, y: 0, width: 2, height: 2), color(0, 0, 0)))
        root.addSublayer(group)
        CATransaction.commit()
        let image = render(root, .offscreenLayers)
        let yellowTint = (1.0, 1.0, 0.0, 0.4)
        assertPixel(image, 10, 25, over(yellowTint, green))   // C: rasterized
        assertPixel(image, 37, 5, over(yellowTint, white))    // the group (white at 0.5 over white)
        assertPixel(image, 10, 10, red)                      // A: drawn directly
        assertPixel(image, 25, 10, halfBlueOnWhite)          // B: its opacity is the fill's alpha
        assertPixel(image, 1, 1, white)                      // the root
    }

    func testRedrawFlashTintsNewContentsForOneFrame() {
        let (root, d) = scene()
        let ctx = makeBitmapContext(width: 40, height: 40)
        let renderer = CARenderer(context: ctx)
        let magentaTint = (1.0, 0.0, 1.0, 0.5)
        // First frame: D's contents are new.
        var image = render(root, .redrawFlash, with: renderer, context: ctx)
        assertPixel(image, 25, 25, over(magentaTint, black))
        assertPixel(image, 10, 10, red)        // no contents: never flashed
        // Second frame: nothing was redrawn.
        image = render(root, .redrawFlash, with: renderer, context: ctx)
        assertPixel(image, 25, 25, black)
        // New contents: flashed again, once.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        d.contents = blackImage()
        CATransaction.commit()
        image = render(root, .redrawFlash, with: renderer, context: ctx)
        assertPixel(image, 25, 25, over(magentaTint, black))
        image = render(root, .redrawFlash, with: renderer, context: ctx)
        assertPixel(image, 25, 25, black)
    }

    /// A render server reads `RenderDebugOptions.shared`; its flash shows on the first frame of a tree
    /// and asks for one more frame, which takes it away.
    func testRenderServerDrawsTheSharedOverlayAndFlashesOnce() {
        let (root, _) = scene()
        CATransaction.flush()
        root.markTreeAsRendered()
        let server = RenderServer(tree: root.latestRenderTree)
        RenderDebugOptions.shared.overlay = .redrawFlash
        defer { RenderDebugOptions.shared.overlay = .none }
        let ctx = makeBitmapContext(width: 40, height: 40)
        XCTAssertEqual(server.draw(in: ctx, scale: 1, atMediaTime: 1), 1, "the flash needs another frame")
        assertPixel(ctx.makeImage()!, 25, 25, over((1, 0, 1, 0.5), black))
        XCTAssertEqual(server.draw(in: ctx, scale: 1, atMediaTime: 2), .infinity, "a still tree needs no frames")
        assertPixel(ctx.makeImage()!, 25, 25, black)

        RenderDebugOptions.shared.overlay = .layerBounds
        _ = server.draw(in: ctx, scale: 1, atMediaTime: 3)
        assertPixel(ctx.makeImage()!, 4, 10, blue)
    }

    let rasterMissTint = (1.0, 0.0, 0.0, 0.4), rasterHitTint = (0.0, 1.0, 0.0, 0.4)

    /// Offscreen passes keep no bitmaps: the rasterized layer is drawn afresh, a miss.
    func testAnOffscreenPassTintsEveryRasterizedLayerAsAMiss() {
        let image = render(scene().root, .rasterizationHitsAndMisses)
        assertPixel(image, 10, 25, over(rasterMissTint, green))   // C: rasterized
        assertPixel(image, 10, 10, red)                           // A: not rasterized, not tinted
        assertPixel(image, 25, 25, black)
        assertPixel(image, 1, 1, white)
    }

    /// A render server keeps the bitmap: red on the frame that draws it (which asks for one more
    /// frame), green on the frames that draw the kept one, also after a move; red again when what it
    /// shows changed. The overlay repaints every frame whole without redrawing kept bitmaps.
    func testRenderServerTintsRasterCacheHitsGreenAndMissesRed() throws {
        let (root, _) = scene()
        let c = try XCTUnwrap(root.sublayers?[2])
        XCTAssertTrue(c.shouldRasterize)
        CATransaction.flush()
        root.markTreeAsRendered()
        let renderer = SoftwareRenderer()
        let server = RenderServer(tree: root.latestRenderTree, renderer: renderer)
        RenderDebugOptions.shared.overlay = .rasterizationHitsAndMisses
        defer { RenderDebugOptions.shared.overlay = .none }
        let ctx = makeBitmapContext(width: 40, height: 40)
        func frame(at time: CFTimeInterval) -> CFTimeInterval {
            CATransaction.flush()
            server.commit(root.latestRenderTree)
            let size = CGSize(width: 40, height: 40)
            XCTAssertTrue(server.beginFrame(atMediaTime: time, scale: 1, size: size).isEverything, "an overlay repaints whole")
            server.draw(in: ctx, region: .everything)
            return server.nextChangeTime
        }
        XCTAssertEqual(frame(at: 1), 1, "a miss asks for the frame that shows the hit")
        assertPixel(ctx.makeImage()!, 10, 25, over(rasterMissTint, green))
        assertPixel(ctx.makeImage()!, 10, 10, red)
        XCTAssertEqual(frame(at: 2), .infinity, "nothing was drawn again: no more frames")
        assertPixel(ctx.makeImage()!, 10, 25, over(rasterHitTint, green))
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 1)

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        c.position = CGPoint(x: 12, y: 26)   // 2 points right
        CATransaction.commit()
        _ = frame(at: 3)
        assertPixel(ctx.makeImage()!, 16, 25, over(rasterHitTint, green), tolerance: 2.5)
        assertPixel(ctx.makeImage()!, 5, 25, white)
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 1, "a move keeps the bitmap")

        CATransaction.begin()
        CATransaction.setDisableActions(true)
        c.backgroundColor = color(0, 0, 1)
        CATransaction.commit()
        XCTAssertEqual(frame(at: 4), 4)
        assertPixel(ctx.makeImage()!, 12, 25, over(rasterMissTint, blue))
        _ = frame(at: 5)
        assertPixel(ctx.makeImage()!, 12, 25, over(rasterHitTint, blue))
        XCTAssertEqual(renderer.rasterCache.bitmapsDrawn, 2)
    }
}
