import CoreGraphics
@testable import QuartzCore
import XCTest

/// The OpenGL ES back end offscreen (Mesa's surfaceless EGL platform: no display needed): its
/// context and program, how a scene batches into draw calls, the image texture cache, which layers
/// it leaves to the software renderer, and pictures equal to the software renderer's.
final class GLESRendererTests: XCTestCase {
    override func setUp() {
        super.setUp()
        CAMediaClock.freeze(at: 0)
        CATransaction.flush()
    }

    override func tearDown() {
        CAMediaClock.unfreeze()
        super.tearDown()
    }

    private func bitmap(_ width: Int, _ height: Int) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// Draws `root`'s committed tree with `renderer` into a fresh bitmap.
    private func draw(_ root: CALayer, with renderer: Renderer, width: Int, height: Int, at time: CFTimeInterval = 0) -> CGContext {
        CATransaction.flush()
        let ctx = bitmap(width, height)
        let frame = RenderFrame(tree: root.latestRenderTree)
        frame.evaluate(root.latestRenderTree, atMediaTime: time)
        renderer.draw(frame.rootLayer, into: .bitmap(ctx), RenderPass())
        return ctx
    }

    private func pixel(_ ctx: CGContext, _ x: Int, _ y: Int) -> [UInt8] {
        let p = ctx.data!.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + x * 4
        return [p[2], p[1], p[0], p[3]]   // R, G, B, A from cairo's B, G, R, A bytes
    }

    /// How `a` and `b` (same size) differ: the largest channel difference, and the shares of pixels
    /// whose channels all lie within 2 and within 32.
    private func difference(_ a: CGContext, _ b: CGContext) -> (worst: Int, within2: Double, within32: Double) {
        var worst = 0, near = 0, far = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let d = zip(pixel(a, x, y), pixel(b, x, y)).map { abs(Int($0) - Int($1)) }.max()!
                worst = max(worst, d)
                if d <= 2 { near += 1 }
                if d <= 32 { far += 1 }
            }
        }
        let total = Double(a.width * a.height)
        return (worst, Double(near) / total, Double(far) / total)
    }

    private func canvas(_ width: CGFloat, _ height: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        return root
    }

    func testThisMachineHasAnOffscreenOpenGLESContext() throws {
        let renderer = try GLESRenderer.offscreen()
        XCTAssertFalse(renderer.rendererName.isEmpty)
        print("OpenGL ES renderer: \(renderer.rendererName)")
    }

    func testTheShaderIsCompiledOncePerProcess() throws {
        let root = canvas(20, 20)
        let first = try GLESRenderer.offscreen(), second = try GLESRenderer.offscreen()
        _ = draw(root, with: first, width: 20, height: 20)
        _ = draw(root, with: second, width: 20, height: 20)
        XCTAssertEqual(first.programCompilations, 1)
        XCTAssertEqual(second.programCompilations, 1)
        XCTAssertNil(first.failure)
    }

    func testAThousandSpinningFadingSquaresAreOneDrawCall() throws {
        let root = canvas(800, 600)
        for i in 0..<1000 {
            let square = CALayer()
            square.frame = CGRect(x: CGFloat(4 + 20 * (i % 39)), y: CGFloat(4 + 20 * (i / 39 % 29)), width: 16, height: 16)
            square.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            square.transform = CATransform3DMakeRotation(CGFloat(i) * 0.01, 0, 0, 1)
            square.opacity = 0.6
            root.addSublayer(square)
        }
        let renderer = try GLESRenderer.offscreen()
        _ = draw(root, with: renderer, width: 800, height: 600)
        XCTAssertEqual(renderer.lastFrame.nativeLayers, 1001)
        XCTAssertEqual(renderer.lastFrame.softwareLayers, 0)
        XCTAssertEqual(renderer.lastFrame.drawCalls, 1)
        XCTAssertEqual(renderer.lastFrame.quads, 1000, "the root's opaque background is the clear colour")
        XCTAssertEqual(renderer.lastFrame.coverageDrawCalls, 0, "aliased rotated edges: the rasterizer's coverage")
    }

    /// Quads whose coverage is the rasterizer's own take the program without per-fragment coverage;
    /// one that needs it (a rounded corner) breaks the batch only when it comes after them, and
    /// those after it join its batch.
    func testOnlyQuadsThatNeedCoverageComputeIt() throws {
        let root = canvas(100, 100)
        func layer(_ frame: CGRect, radius: CGFloat = 0) -> CALayer {
            let layer = CALayer()
            layer.frame = frame
            layer.cornerRadius = radius
            layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            root.addSublayer(layer)
            return layer
        }
        let whole = layer(CGRect(x: 10, y: 10, width: 20, height: 20))
        let renderer = try GLESRenderer.offscreen()
        _ = draw(root, with: renderer, width: 100, height: 100)
        XCTAssertEqual(renderer.lastFrame.drawCalls, 1)
        XCTAssertEqual(renderer.lastFrame.coverageDrawCalls, 0, "on whole pixels, square: no coverage")

        whole.frame.origin.x = 10.5
        _ = draw(root, with: renderer, width: 100, height: 100)
        XCTAssertEqual(renderer.lastFrame.coverageDrawCalls, 1, "half a pixel off: antialiased edges")

        whole.frame.origin.x = 10
        _ = layer(CGRect(x: 40, y: 10, width: 20, height: 20), radius: 5)
        _ = layer(CGRect(x: 70, y: 10, width: 20, height: 20))
        let ctx = draw(root, with: renderer, width: 100, height: 100)
        XCTAssertEqual(renderer.lastFrame.drawCalls, 2, "square, then rounded joined by the square after it")
        XCTAssertEqual(renderer.lastFrame.coverageDrawCalls, 1)
        XCTAssertEqual(pixel(ctx, 20, 20), [0x33, 0x66, 0xcc, 0xff])
        XCTAssertEqual(pixel(ctx, 80, 20), [0x33, 0x66, 0xcc, 0xff])
        XCTAssertEqual(pixel(ctx, 40, 10), [0xff, 0xff, 0xff, 0xff], "outside the rounded corner")
    }

    func testAnImageIsUploadedOnceAndDrawnFromItsTextureAfterwards() throws {
        let source = bitmap(8, 8)
        source.setFillColor(CGColor(red: 0x20 / 255.0, green: 0x40 / 255.0, blue: 0xc0 / 255.0, alpha: 1))
        source.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let image = try XCTUnwrap(source.makeImage())
        let root = canvas(200, 200)
        for i in 0..<50 {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(i % 10) * 20, y: CGFloat(i / 10) * 20, width: 16, height: 16)
            layer.contents = image
            root.addSublayer(layer)
        }
        let renderer = try GLESRenderer.offscreen()
        let ctx = draw(root, with: renderer, width: 200, height: 200)
        XCTAssertEqual(renderer.textureUploads, 1)
        XCTAssertEqual(renderer.textureHits, 49)
        // Solid background and the 50 images share one texture: one draw call.
        XCTAssertEqual(renderer.lastFrame.drawCalls, 1)
        XCTAssertEqual(pixel(ctx, 8, 8), [0x20, 0x40, 0xc0, 0xff])
        _ = draw(root, with: renderer, width: 200, height: 200)
        XCTAssertEqual(renderer.textureUploads, 1, "the second frame uploads nothing")
        XCTAssertEqual(renderer.textureHits, 99)
    }

    func testShadowsAndGroupsAreDrawnOffscreenWithTheSamePixels() throws {
        let root = canvas(120, 120)
        let shadowed = CALayer()
        shadowed.frame = CGRect(x: 20, y: 20, width: 50, height: 40)
        shadowed.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        shadowed.shadowOpacity = 0.8
        shadowed.shadowRadius = 4
        shadowed.shadowOffset = CGSize(width: 3, height: 5)
        let grouped = CALayer()
        grouped.frame = CGRect(x: 60, y: 60, width: 40, height: 40)
        grouped.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        grouped.opacity = 0.5
        let inner = CALayer()
        inner.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        inner.backgroundColor = CGColor(red: 0.1, green: 0.8, blue: 0.2, alpha: 1)
        grouped.addSublayer(inner)
        root.addSublayer(shadowed)
        root.addSublayer(grouped)
        let gl = try GLESRenderer.offscreen()
        let glPicture = draw(root, with: gl, width: 120, height: 120)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        XCTAssertEqual(gl.lastFrame.shadows, 1, "the shadowed layer: drawn offscreen and blurred by GL")
        XCTAssertEqual(gl.lastFrame.groups, 1, "the half-opaque layer with a sublayer: an offscreen group")
        XCTAssertEqual(gl.lastFrame.nativeLayers, 4)
        let swPicture = draw(root, with: SoftwareRenderer(), width: 120, height: 120)
        XCTAssertLessThanOrEqual(difference(glPicture, swPicture).worst, 2, "shadows and groups land within the blur's rounding")
    }

    func testAxisAlignedSolidLayersMatchTheSoftwareRendererExactly() throws {
        let root = canvas(100, 100)
        for (i, rect) in [CGRect(x: 10, y: 10, width: 30, height: 20), CGRect(x: 50.5, y: 12.25, width: 20.5, height: 30.75),
                          CGRect(x: 10.3, y: 60.6, width: 70.2, height: 0.6)].enumerated() {
            let layer = CALayer()
            layer.frame = rect
            layer.backgroundColor = CGColor(red: CGFloat(i) / 3, green: 0.4, blue: 0.7, alpha: 0.8)
            layer.borderWidth = i == 0 ? 3 : 0
            layer.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            root.addSublayer(layer)
        }
        let gl = try GLESRenderer.offscreen()
        let glPicture = draw(root, with: gl, width: 100, height: 100)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        let swPicture = draw(root, with: SoftwareRenderer(), width: 100, height: 100)
        XCTAssertLessThanOrEqual(difference(glPicture, swPicture).worst, 2, "box coverage is cairo's for axis-aligned rectangles")
    }

    func testCARendererDrawsWithTheChosenBackend() throws {
        let root = canvas(10, 10)
        let ctx = bitmap(10, 10)
        let renderer = CARenderer(context: ctx)
        renderer.backend = .gl
        renderer.layer = root
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        XCTAssertEqual(pixel(ctx, 5, 5), [255, 255, 255, 255])
    }

    func testAWindowKeepsASoftwareDrawnLayerUntilItChanges() throws {
        let root = canvas(100, 100)
        // Continuous corners are drawn by the software renderer (its shadow with it).
        let shadowed = CALayer()
        shadowed.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        shadowed.backgroundColor = CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1)
        shadowed.cornerRadius = 10
        shadowed.cornerCurve = .continuous
        shadowed.shadowOpacity = 0.5
        let mover = CALayer()
        mover.frame = CGRect(x: 60, y: 60, width: 10, height: 10)
        mover.backgroundColor = CGColor(gray: 0, alpha: 1)
        root.addSublayer(shadowed)
        root.addSublayer(mover)
        CATransaction.flush()
        let gl = try GLESRenderer.offscreen()
        let server = RenderServer(tree: root.latestRenderTree, renderer: gl)
        func frame() {
            CATransaction.flush()
            server.commit(root.latestRenderTree)
            _ = server.draw(in: bitmap(100, 100), scale: 1, atMediaTime: 0)
        }
        frame()
        XCTAssertEqual(gl.lastFrame.softwareLayers, 1)
        XCTAssertEqual(gl.lastFrame.keptSoftwareLayers, 0)
        CATransaction.setDisableActions(true)
        mover.position.x += 5
        frame()
        XCTAssertEqual(gl.lastFrame.keptSoftwareLayers, 1, "nothing in the shadowed layer changed")
        CATransaction.setDisableActions(true)
        shadowed.shadowOpacity = 1
        frame()
        XCTAssertEqual(gl.lastFrame.softwareLayers, 1)
        XCTAssertEqual(gl.lastFrame.keptSoftwareLayers, 0, "its shadow changed: drawn again")
    }

    func testParticlesAreQuadsOfOneBatch() throws {
        let source = bitmap(8, 8)
        source.setFillColor(CGColor(gray: 1, alpha: 1))
        source.fillEllipse(in: CGRect(x: 0, y: 0, width: 8, height: 8))
        let cell = CAEmitterCell()
        cell.contents = try XCTUnwrap(source.makeImage())
        cell.birthRate = 200
        cell.lifetime = 5
        cell.velocity = 40
        cell.emissionRange = .pi * 2
        cell.color = CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 1)
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        emitter.emitterPosition = CGPoint(x: 100, y: 100)
        emitter.emitterCells = [cell]
        let root = canvas(200, 200)
        root.addSublayer(emitter)
        let gl = try GLESRenderer.offscreen()
        let glPicture = draw(root, with: gl, width: 200, height: 200, at: 1)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        XCTAssertGreaterThan(gl.lastFrame.quads, 100, "a quad per particle")
        XCTAssertLessThanOrEqual(gl.lastFrame.drawCalls, 2)
        let swPicture = draw(root, with: SoftwareRenderer(), width: 200, height: 200, at: 1)
        XCTAssertGreaterThan(difference(glPicture, swPicture).within2, 0.97, "the software renderer's particles")
    }

    func testRotatedAndRoundedClipsAreStencilledInGL() throws {
        let root = canvas(200, 200)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        card.backgroundColor = CGColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1)
        card.cornerRadius = 30
        card.masksToBounds = true
        card.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let overflow = CALayer()
        overflow.frame = CGRect(x: -20, y: -20, width: 140, height: 60)
        overflow.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        card.addSublayer(overflow)
        root.addSublayer(card)
        let gl = try GLESRenderer.offscreen()
        let glPicture = draw(root, with: gl, width: 200, height: 200)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "the clip is GL's own")
        XCTAssertEqual(pixel(glPicture, 20, 20), [255, 255, 255, 255], "the child is clipped outside the card")
        XCTAssertEqual(pixel(glPicture, 100, 100), [26, 153, 51, 255], "the card below its child")
        let swPicture = draw(root, with: SoftwareRenderer(), width: 200, height: 200)
        let differs = difference(glPicture, swPicture)
        XCTAssertGreaterThan(differs.within2, 0.97)
        XCTAssertGreaterThan(differs.within32, 0.99, "only the clip's edge pixels differ (aliased in GL)")
    }
}
