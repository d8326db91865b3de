import CoreGraphics
@testable import QuartzCore
import XCTest

/// The OpenGL ES back end offscreen (Mesa's surfaceless EGL platform: no display needed): its
/// context and program, how a scene batches into draw calls, the image texture cache, which layers
/// it leaves to the software renderer, and pictures equal to the software renderer's.
final class GLESRendererTests: FrozenClockTestCase {
    func testThisMachineHasAnOffscreenOpenGLESContext() throws {
        let renderer = try GLESRenderer.offscreen()
        XCTAssertFalse(renderer.rendererName.isEmpty)
        print("OpenGL ES renderer: \(renderer.rendererName)")
    }

    func testTheShaderIsCompiledOncePerProcess() throws {
        let root = GLESComparison.canvas(20, 20)
        let first = try GLESRenderer.offscreen(), second = try GLESRenderer.offscreen()
        _ = GLESComparison.draw(root, with: first, width: 20, height: 20)
        _ = GLESComparison.draw(root, with: second, width: 20, height: 20)
        XCTAssertEqual(first.programCompilations, 1)
        XCTAssertEqual(second.programCompilations, 1)
        XCTAssertNil(first.failure)
    }

    func testAThousandSpinningFadingSquaresAreOneDrawCall() throws {
        let root = GLESComparison.canvas(800, 600)
        for i in 0..<1000 {
            let square = CALayer()
            square.frame = CGRect(x: CGFloat(4 + 20 * (i % 39)), y: CGFloat(4 + 20 * (i / 39 % 29)), width: 16, height: 16)
            square.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: 0.8, alpha: 1)
            square.transform = CATransform3DMakeRotation(CGFloat(i) * 0.01, 0, 0, 1)
            square.opacity = 0.6
            root.addSublayer(square)
        }
        let renderer = try GLESRenderer.offscreen()
        _ = GLESComparison.draw(root, with: renderer, width: 800, height: 600)
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
        let root = GLESComparison.canvas(100, 100)
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
        _ = GLESComparison.draw(root, with: renderer, width: 100, height: 100)
        XCTAssertEqual(renderer.lastFrame.drawCalls, 1)
        XCTAssertEqual(renderer.lastFrame.coverageDrawCalls, 0, "on whole pixels, square: no coverage")

        whole.frame.origin.x = 10.5
        _ = GLESComparison.draw(root, with: renderer, width: 100, height: 100)
        XCTAssertEqual(renderer.lastFrame.coverageDrawCalls, 1, "half a pixel off: antialiased edges")

        whole.frame.origin.x = 10
        _ = layer(CGRect(x: 40, y: 10, width: 20, height: 20), radius: 5)
        _ = layer(CGRect(x: 70, y: 10, width: 20, height: 20))
        let ctx = GLESComparison.draw(root, with: renderer, width: 100, height: 100)
        XCTAssertEqual(renderer.lastFrame.drawCalls, 2, "square, then rounded joined by the square after it")
        XCTAssertEqual(renderer.lastFrame.coverageDrawCalls, 1)
        XCTAssertEqual(GLESComparison.pixel(ctx, 20, 20), [0x33, 0x66, 0xcc, 0xff])
        XCTAssertEqual(GLESComparison.pixel(ctx, 80, 20), [0x33, 0x66, 0xcc, 0xff])
        XCTAssertEqual(GLESComparison.pixel(ctx, 40, 10), [0xff, 0xff, 0xff, 0xff], "outside the rounded corner")
    }

    func testAnImageIsUploadedOnceAndDrawnFromItsTextureAfterwards() throws {
        let source = makeBitmapContext(width: 8, height: 8)
        source.setFillColor(CGColor(red: 0x20 / 255.0, green: 0x40 / 255.0, blue: 0xc0 / 255.0, alpha: 1))
        source.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        let image = try XCTUnwrap(source.makeImage())
        let root = GLESComparison.canvas(200, 200)
        for i in 0..<50 {
            let layer = CALayer()
            layer.frame = CGRect(x: CGFloat(i % 10) * 20, y: CGFloat(i / 10) * 20, width: 16, height: 16)
            layer.contents = image
            root.addSublayer(layer)
        }
        let renderer = try GLESRenderer.offscreen()
        let ctx = GLESComparison.draw(root, with: renderer, width: 200, height: 200)
        XCTAssertEqual(renderer.textureUploads, 1)
        XCTAssertEqual(renderer.textureHits, 49)
        // Solid background and the 50 images share one texture: one draw call.
        XCTAssertEqual(renderer.lastFrame.drawCalls, 1)
        XCTAssertEqual(GLESComparison.pixel(ctx, 8, 8), [0x20, 0x40, 0xc0, 0xff])
        _ = GLESComparison.draw(root, with: renderer, width: 200, height: 200)
        XCTAssertEqual(renderer.textureUploads, 1, "the second frame uploads nothing")
        XCTAssertEqual(renderer.textureHits, 99)
    }

    func testShadowsAndGroupsAreDrawnOffscreenWithTheSamePixels() throws {
        let root = GLESComparison.canvas(120, 120)
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
        let glPicture = GLESComparison.draw(root, with: gl, width: 120, height: 120)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        XCTAssertEqual(gl.lastFrame.shadows, 1, "the shadowed layer: drawn offscreen and blurred by GL")
        XCTAssertEqual(gl.lastFrame.groups, 1, "the half-opaque layer with a sublayer: an offscreen group")
        XCTAssertEqual(gl.lastFrame.nativeLayers, 4)
        let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 120, height: 120)
        XCTAssertLessThanOrEqual(GLESComparison.difference(glPicture, swPicture).worst, 2, "shadows and groups land within the blur's rounding")
    }

    func testAxisAlignedSolidLayersMatchTheSoftwareRendererExactly() throws {
        let root = GLESComparison.canvas(100, 100)
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
        let glPicture = GLESComparison.draw(root, with: gl, width: 100, height: 100)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 100, height: 100)
        XCTAssertLessThanOrEqual(GLESComparison.difference(glPicture, swPicture).worst, 2, "box coverage is cairo's for axis-aligned rectangles")
    }

    func testCARendererDrawsWithTheChosenBackend() throws {
        let root = GLESComparison.canvas(10, 10)
        let ctx = makeBitmapContext(width: 10, height: 10)
        let renderer = CARenderer(context: ctx)
        renderer.backend = .gl
        renderer.layer = root
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        XCTAssertEqual(GLESComparison.pixel(ctx, 5, 5), [255, 255, 255, 255])
    }

    func testAWindowKeepsASoftwareDrawnLayerUntilItChanges() throws {
        let root = GLESComparison.canvas(100, 100)
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
            _ = server.draw(in: makeBitmapContext(width: 100, height: 100), scale: 1, atMediaTime: 0)
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
        let source = makeBitmapContext(width: 8, height: 8)
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
        let root = GLESComparison.canvas(200, 200)
        root.addSublayer(emitter)
        let gl = try GLESRenderer.offscreen()
        let glPicture = GLESComparison.draw(root, with: gl, width: 200, height: 200, at: 1)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        XCTAssertGreaterThan(gl.lastFrame.quads, 100, "a quad per particle")
        XCTAssertLessThanOrEqual(gl.lastFrame.drawCalls, 2)
        let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 200, height: 200, at: 1)
        XCTAssertGreaterThan(GLESComparison.difference(glPicture, swPicture).within2, 0.97, "the software renderer's particles")
    }

    /// A rotated card with round corners clipping a child that reaches past it.
    private func clippingCard(transform: CATransform3D) -> CALayer {
        let root = GLESComparison.canvas(200, 200)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        card.backgroundColor = CGColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1)
        card.cornerRadius = 30
        card.masksToBounds = true
        card.transform = transform
        let overflow = CALayer()
        overflow.frame = CGRect(x: -20, y: -20, width: 140, height: 60)
        overflow.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        card.addSublayer(overflow)
        root.addSublayer(card)
        return root
    }

    func testRotatedAndRoundedClipsAreAntialiasedThroughAnOffscreenTarget() throws {
        let root = clippingCard(transform: CATransform3DMakeRotation(0.3, 0, 0, 1))
        let gl = try GLESRenderer.offscreen()
        let glPicture = GLESComparison.draw(root, with: gl, width: 200, height: 200)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "the clip is GL's own")
        XCTAssertEqual(gl.lastFrame.clipTargets, 1)
        XCTAssertEqual(GLESComparison.pixel(glPicture, 20, 20), [255, 255, 255, 255], "the child is clipped outside the card")
        XCTAssertEqual(GLESComparison.pixel(glPicture, 100, 100), [26, 153, 51, 255], "the card below its child")
        let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 200, height: 200)
        let differs = GLESComparison.difference(glPicture, swPicture)
        print("rotated rounded clip: worst \(differs.worst), within 2: \(differs.within2), within 32: \(differs.within32)")
        XCTAssertGreaterThan(differs.within2, 0.995)
        // The clip's edge pixels are partly covered, as cairo's; what differs further is a handful of
        // the layers' own aliased edge pixels whose centres lie on an edge (4 of 40 000 here).
        XCTAssertGreaterThan(differs.within32, 0.9995)
    }

    func testClipsInPerspectiveAreStencilled() throws {
        var turn = CATransform3DIdentity
        turn.m34 = -1 / 300
        turn = CATransform3DRotate(turn, 0.5, 0, 1, 0)
        let gl = try GLESRenderer.offscreen()
        // A frame before, its clip elsewhere: the stencil it leaves must not clip the next frame.
        _ = GLESComparison.draw(clippingCard(transform: CATransform3DRotate(turn, -1, 0, 1, 0)), with: gl, width: 200, height: 200)
        let root = clippingCard(transform: turn)
        let glPicture = GLESComparison.draw(root, with: gl, width: 200, height: 200)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "the clip is GL's own")
        XCTAssertEqual(gl.lastFrame.clipTargets, 0, "a device-space target cannot be sampled through a homography")
        XCTAssertEqual(GLESComparison.pixel(glPicture, 100, 110), [26, 153, 51, 255], "the card below its child")
        let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 200, height: 200)
        let differs = GLESComparison.difference(glPicture, swPicture)
        print("perspective clip: worst \(differs.worst), within 2: \(differs.within2), within 32: \(differs.within32)")
        XCTAssertGreaterThan(differs.within2, 0.97)
        XCTAssertGreaterThan(differs.within32, 0.99, "only edge pixels differ (aliased clip in GL, a warped bitmap in software)")
    }

    func testGradientLayersAreGLsOwn() throws {
        let root = GLESComparison.canvas(240, 160)
        let axial = CAGradientLayer()
        axial.frame = CGRect(x: 20, y: 20, width: 120, height: 90)
        axial.colors = [CGColor(red: 1, green: 0.9, blue: 0, alpha: 1), CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.5),
                        CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)]
        axial.locations = [0, 0.3, 1]
        axial.startPoint = CGPoint(x: 0.1, y: 0.2)
        axial.endPoint = CGPoint(x: 0.9, y: 0.7)
        axial.cornerRadius = 14
        axial.backgroundColor = CGColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)
        axial.transform = CATransform3DMakeRotation(0.2, 0, 0, 1)
        root.addSublayer(axial)
        let gl = try GLESRenderer.offscreen()
        let glPicture = GLESComparison.draw(root, with: gl, width: 240, height: 160)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "an axial gradient is GL's own")
        let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 240, height: 160)
        let differs = GLESComparison.difference(glPicture, swPicture)
        print("axial gradient: worst \(differs.worst), within 2: \(differs.within2), within 32: \(differs.within32)")
        // Colours interpolated straight between stops (a half-transparent stop here), as cairo does.
        XCTAssertGreaterThan(differs.within2, 0.99)
        XCTAssertGreaterThan(differs.within32, 0.999, "beyond: aliased background edge pixels only")

        let radial = CAGradientLayer()
        radial.frame = CGRect(x: 150, y: 40, width: 80, height: 80)
        radial.type = .radial
        radial.colors = axial.colors
        radial.startPoint = CGPoint(x: 0.5, y: 0.5)
        radial.endPoint = CGPoint(x: 1, y: 1)
        root.addSublayer(radial)
        let conic = CAGradientLayer()
        conic.frame = CGRect(x: 150, y: 125, width: 80, height: 30)
        conic.type = .conic
        conic.colors = axial.colors
        conic.startPoint = CGPoint(x: 0.3, y: 0.6)
        conic.endPoint = CGPoint(x: 1, y: 0)
        root.addSublayer(conic)
        let both = GLESComparison.draw(root, with: gl, width: 240, height: 160)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "radial and conic gradients are GL's own too")
        let bothSoftware = GLESComparison.draw(root, with: SoftwareRenderer(), width: 240, height: 160)
        let rampDiffers = GLESComparison.difference(both, bothSoftware)
        print("radial and conic gradients: worst \(rampDiffers.worst), within 2: \(rampDiffers.within2), within 32: \(rampDiffers.within32)")
        // The conic gradient differs most: cairo paints it as a mesh of 180 sectors (a few levels off
        // near the centre, where a pixel spans many), GL takes each pixel's exact angle; and the
        // pixels along the seam (where the last colour meets the first) fall either way.
        XCTAssertGreaterThan(rampDiffers.within2, 0.98)
        XCTAssertGreaterThan(rampDiffers.within32, 0.998)
    }

    func testASoftwareDrawnLayerMovedByWholePixelsIsNotDrawnAgain() throws {
        let root = GLESComparison.canvas(120, 100)
        let shape = CALayer()
        shape.frame = CGRect(x: 10, y: 10, width: 50, height: 30)
        shape.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.6)
        shape.borderColor = CGColor(gray: 0, alpha: 1)
        shape.borderWidth = 2
        shape.cornerRadius = 9
        shape.cornerCurve = .continuous   // drawn by the software renderer
        root.addSublayer(shape)
        CATransaction.flush()
        let gl = try GLESRenderer.offscreen()
        let server = RenderServer(tree: root.latestRenderTree, renderer: gl)
        var picture = makeBitmapContext(width: 120, height: 100)
        func frame() {
            CATransaction.flush()
            server.commit(root.latestRenderTree)
            picture = makeBitmapContext(width: 120, height: 100)
            _ = server.draw(in: picture, scale: 1, atMediaTime: 0)
        }
        frame()
        XCTAssertEqual(gl.lastFrame.softwareLayers, 1)
        XCTAssertEqual(gl.lastFrame.keptSoftwareLayers, 0)
        CATransaction.setDisableActions(true)
        shape.position = CGPoint(x: shape.position.x + 37, y: shape.position.y + 51)
        frame()
        XCTAssertEqual(gl.lastFrame.keptSoftwareLayers, 1, "moved by whole pixels: its texture, moved")
        let software = GLESComparison.draw(root, with: SoftwareRenderer(), width: 120, height: 100)
        XCTAssertLessThanOrEqual(GLESComparison.difference(picture, software).worst, 1, "the pixels drawn there")
        CATransaction.setDisableActions(true)
        shape.position.x += 0.5
        frame()
        XCTAssertEqual(gl.lastFrame.keptSoftwareLayers, 0, "half a pixel: drawn again")
    }

    func testAShapeLayerIsDrawnBySoftwareOverItsPathsReachOnly() throws {
        let root = GLESComparison.canvas(200, 200)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 40, y: 40, width: 20, height: 20)
        // The path reaches past the bounds; so does its stroke past the path.
        shape.path = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 40, height: 40), transform: nil)
        shape.fillColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        shape.strokeColor = CGColor(gray: 0, alpha: 1)
        shape.lineWidth = 4
        root.addSublayer(shape)
        let gl = try GLESRenderer.offscreen()
        let glPicture = GLESComparison.draw(root, with: gl, width: 200, height: 200)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 1)
        XCTAssertEqual(gl.lastFrame.softwarePixels, 80 * 80, "the path's box and the stroke's reach (a miter's), not the 200 x 200 target")
        let software = GLESComparison.draw(root, with: SoftwareRenderer(), width: 200, height: 200)
        XCTAssertLessThanOrEqual(GLESComparison.difference(glPicture, software).worst, 1)
    }

    func testReplicatorsAreGLsOwnTintedInstancesThroughOffscreenTargets() throws {
        let root = GLESComparison.canvas(200, 200)
        let ring = CAReplicatorLayer()
        ring.frame = CGRect(x: 20, y: 20, width: 160, height: 160)
        ring.instanceCount = 10
        ring.instanceTransform = CATransform3DMakeRotation(.pi / 5, 0, 0, 1)
        ring.instanceColor = CGColor(red: 0.2, green: 1, blue: 0.4, alpha: 1)
        ring.instanceRedOffset = 0.08
        ring.instanceAlphaOffset = -0.07
        let dot = CALayer()
        dot.frame = CGRect(x: 70, y: 4, width: 20, height: 20)
        dot.cornerRadius = 10
        dot.backgroundColor = CGColor(gray: 1, alpha: 1)
        dot.borderColor = CGColor(red: 0, green: 0, blue: 0.5, alpha: 1)
        dot.borderWidth = 2
        ring.addSublayer(dot)
        root.addSublayer(ring)
        let gl = try GLESRenderer.offscreen()
        let glPicture = GLESComparison.draw(root, with: gl, width: 200, height: 200)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "the replicator is GL's own")
        XCTAssertEqual(gl.lastFrame.groups, 10, "one offscreen target per tinted instance")
        let software = GLESComparison.draw(root, with: SoftwareRenderer(), width: 200, height: 200)
        let differs = GLESComparison.difference(glPicture, software)
        print("replicator: worst \(differs.worst), within 2: \(differs.within2), within 32: \(differs.within32)")
        // Beyond 32: the turned dots' aliased edge pixels whose centres lie on an edge.
        XCTAssertGreaterThan(differs.within2, 0.99)
        XCTAssertGreaterThan(differs.within32, 0.999)

        ring.instanceColor = nil
        ring.instanceRedOffset = 0
        ring.instanceAlphaOffset = 0
        _ = GLESComparison.draw(root, with: gl, width: 200, height: 200)
        XCTAssertEqual(gl.lastFrame.groups, 0, "untinted instances are drawn straight")
        XCTAssertEqual(gl.lastFrame.nativeLayers, 12, "the canvas, the replicator and ten dots")
    }

    func testTransformLayerContextsAreGLsOwnInTheSoftwareRenderersOrder() throws {
        let root = GLESComparison.canvas(240, 240)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        root.sublayerTransform = perspective
        let cube = CATransformLayer()
        cube.frame = CGRect(x: 70, y: 70, width: 100, height: 100)
        let colors: [(CGFloat, CGFloat, CGFloat)] = [(0.9, 0.2, 0.2), (0.2, 0.8, 0.3), (0.2, 0.3, 0.9),
                                                     (0.9, 0.8, 0.2), (0.2, 0.8, 0.8), (0.8, 0.2, 0.8)]
        let faces: [CATransform3D] = [
            CATransform3DMakeTranslation(0, 0, 50),
            CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0),
        ]
        for (transform, c) in zip(faces, colors) {
            let face = CALayer()
            face.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            face.backgroundColor = CGColor(red: c.0, green: c.1, blue: c.2, alpha: 1)
            face.transform = transform
            face.isDoubleSided = false
            cube.addSublayer(face)
        }
        cube.transform = CATransform3DRotate(CATransform3DMakeRotation(-0.6, 1, 0, 0), 0.7, 0, 1, 0)
        root.addSublayer(cube)
        let gl = try GLESRenderer.offscreen()
        let glPicture = GLESComparison.draw(root, with: gl, width: 240, height: 240)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "the transform layer's context is GL's own")
        XCTAssertEqual(gl.lastFrame.nativeLayers, 4, "the canvas and the three faces turned towards the viewer")
        let software = GLESComparison.draw(root, with: SoftwareRenderer(), width: 240, height: 240)
        let differs = GLESComparison.difference(glPicture, software)
        print("transform layer cube: worst \(differs.worst), within 2: \(differs.within2), within 32: \(differs.within32)")
        // Edges in perspective differ (GL draws the homography, software warps a flattened bitmap).
        XCTAssertGreaterThan(differs.within2, 0.97)
        XCTAssertGreaterThan(differs.within32, 0.99)
    }

    func testPartlyRoundedCornersAreGLsOwn() throws {
        let root = GLESComparison.canvas(240, 160)
        let tab = CALayer()
        tab.frame = CGRect(x: 20, y: 20, width: 120, height: 90)
        tab.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        tab.cornerRadius = 24
        tab.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        tab.borderColor = CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1)
        tab.borderWidth = 4
        tab.masksToBounds = true
        let overflow = CALayer()
        overflow.frame = CGRect(x: 60, y: -10, width: 80, height: 40)
        overflow.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        tab.addSublayer(overflow)
        root.addSublayer(tab)
        let turned = CALayer()
        turned.frame = CGRect(x: 160, y: 40, width: 60, height: 60)
        turned.backgroundColor = CGColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1)
        turned.cornerRadius = 18
        turned.maskedCorners = [.layerMaxXMinYCorner, .layerMinXMaxYCorner]
        turned.allowsEdgeAntialiasing = true
        turned.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        root.addSublayer(turned)
        let gl = try GLESRenderer.offscreen()
        let glPicture = GLESComparison.draw(root, with: gl, width: 240, height: 160)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "partly rounded corners are GL's own")
        XCTAssertEqual(GLESComparison.pixel(glPicture, 22, 22), [255, 255, 255, 255], "the rounded top-left corner is cut")
        XCTAssertEqual(GLESComparison.pixel(glPicture, 137, 22), [230, 204, 26, 255], "the square top-right corner is the border's")
        let software = GLESComparison.draw(root, with: SoftwareRenderer(), width: 240, height: 160)
        let differs = GLESComparison.difference(glPicture, software)
        print("partly rounded corners: worst \(differs.worst), within 2: \(differs.within2), within 32: \(differs.within32)")
        // Rounded corners differ as in `background-border-corner-radius` (cairo's area, GL's distance ramp).
        XCTAssertGreaterThan(differs.within2, 0.99)
        XCTAssertGreaterThan(differs.within32, 0.999)
    }
}
