import CoreGraphics
@testable import QuartzCore
import XCTest

/// Layer shadows drawn by the OpenGL ES back end itself (offscreen, blurred in two passes): the frame
/// stats show no layer left to the software renderer, and the pictures match the software
/// renderer's within a few levels (the blur rounds to 8 bits after two passes where the software
/// one rounds after six).
final class GLESShadowTests: FrozenClockTestCase {
    /// Draws `root`'s committed tree with `renderer` at `scale` into a fresh bitmap of `size` points.
    private func draw(_ root: CALayer, with renderer: Renderer, size: Int, scale: CGFloat = 1) -> CGContext {
        let pixels = Int(CGFloat(size) * scale)
        return GLESComparison.draw(root, with: renderer, width: pixels, height: pixels, scale: scale)
    }

    private func canvas(_ size: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = CGColor(red: 0.95, green: 0.93, blue: 0.88, alpha: 1)
        return root
    }

    private func card(_ frame: CGRect, radius: CGFloat = 6, offset: CGSize = CGSize(width: 6, height: 8),
                      opacity: Float = 0.6) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.shadowOpacity = opacity
        layer.shadowOffset = offset
        layer.shadowRadius = radius
        return layer
    }

    /// Draws `root` on both back ends at `scale`, checks GL drew every layer itself with `shadows`
    /// shadows, and returns how the pictures differ.
    private func compare(_ root: CALayer, size: Int, scale: CGFloat = 1, shadows: Int,
                         file: StaticString = #filePath, line: UInt = #line) throws -> GLESComparison.Difference {
        let gl = try GLESRenderer.offscreen()
        let glPicture = draw(root, with: gl, size: size, scale: scale)
        XCTAssertNil(gl.failure, file: file, line: line)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0, "GL draws the shadowed layers itself", file: file, line: line)
        XCTAssertEqual(gl.lastFrame.shadows, shadows, file: file, line: line)
        let swPicture = draw(root, with: SoftwareRenderer(), size: size, scale: scale)
        let d = GLESComparison.difference(glPicture, swPicture)
        print("\(name): \(d.description)")
        return d
    }

    func testASoftShadowOfACardMatchesTheSoftwareRenderer() throws {
        let root = canvas(120)
        root.addSublayer(card(CGRect(x: 20, y: 20, width: 70, height: 50)))
        let d = try compare(root, size: 120, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 3, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995, d.description)
    }

    func testAHardShadowIsTheLayersAlphaMovedByTheOffset() throws {
        let root = canvas(100)
        let square = card(CGRect(x: 30, y: 20, width: 40, height: 40), radius: 0, offset: CGSize(width: -5, height: 7), opacity: 1)
        square.cornerRadius = 10
        square.backgroundColor = CGColor(red: 0.95, green: 0.5, blue: 0.1, alpha: 1)
        square.shadowColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        root.addSublayer(square)
        // The square's rounded corners are antialiased by the shader, not by cairo (up to 12 levels
        // apart along them without a shadow): its hard shadow repeats those edges.
        let d = try compare(root, size: 100, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 16, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.985, d.description)
        // Left of the square, where only the shadow lies: the shadow's blue, opaque, unblurred.
        let gl = try GLESRenderer.offscreen()
        let picture = draw(root, with: gl, size: 100)
        for (channel, expected) in zip(GLESComparison.pixel(picture, 27, 40), [0.1 * 255, 0.2 * 255, 0.9 * 255, 255]) {
            XCTAssertEqual(Double(channel), expected, accuracy: 1)
        }
    }

    func testAShadowPathCastsOnlyThePathsShadow() throws {
        let root = canvas(120)
        let layer = card(CGRect(x: 30, y: 30, width: 50, height: 50), radius: 4, offset: CGSize(width: 0, height: -3), opacity: 0.8)
        layer.shadowPath = CGPath(ellipseIn: CGRect(x: -10, y: 10, width: 70, height: 50), transform: nil)
        root.addSublayer(layer)
        let d = try compare(root, size: 120, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 3, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995, d.description)
    }

    func testAShadowPathIsFilledOnceWhileItStaysInPlace() throws {
        let root = canvas(60)
        let layer = card(CGRect(x: 10, y: 10, width: 30, height: 30))
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        root.addSublayer(layer)
        let gl = try GLESRenderer.offscreen()
        let first = draw(root, with: gl, size: 60)
        let second = draw(root, with: gl, size: 60)
        XCTAssertEqual(gl.shadowPaths.fills, 1, "the second frame draws the kept coverage")
        XCTAssertEqual(GLESComparison.difference(first, second).worst, 0)
        layer.position.x += 5
        _ = draw(root, with: gl, size: 60)
        XCTAssertEqual(gl.shadowPaths.fills, 2, "moved: filled again")
    }

    func testARoundedShadowedLayerWithAnOverflowingSublayerCastsTheShadowOfBoth() throws {
        let root = canvas(140)
        let layer = card(CGRect(x: 30, y: 30, width: 70, height: 60), radius: 5, offset: CGSize(width: 4, height: 6), opacity: 0.7)
        layer.cornerRadius = 12
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 0.2, green: 0.3, blue: 0.5, alpha: 1)
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: -15, y: -10, width: 35, height: 30)
        sublayer.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        layer.addSublayer(sublayer)
        root.addSublayer(layer)
        let d = try compare(root, size: 140, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 32, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.99, d.description)
        // The sublayer's own shadow shows up and left of the card, where the card casts none.
        let gl = try GLESRenderer.offscreen()
        let picture = draw(root, with: gl, size: 140)
        // Below the sublayer's part outside the card (device 15...50 x 20...50; the card starts at 30).
        XCTAssertLessThan(GLESComparison.pixel(picture, 25, 53)[0], GLESComparison.pixel(picture, 5, 5)[0] - 20, "the sublayer casts a shadow too")
    }

    func testARotatedShadowedLayerMatchesTheSoftwareRenderer() throws {
        let root = canvas(140)
        let layer = card(CGRect(x: 40, y: 40, width: 60, height: 40), radius: 5, offset: CGSize(width: 5, height: 5), opacity: 0.8)
        layer.transform = CATransform3DMakeRotation(.pi / 7, 0, 0, 1)
        layer.allowsEdgeAntialiasing = true
        root.addSublayer(layer)
        // Rotated edges are antialiased by the shader (3 or 4 levels from cairo's without a shadow,
        // more where the shadow darkens what the edge blends with).
        let d = try compare(root, size: 140, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 24, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.985, d.description)
        XCTAssertGreaterThanOrEqual(d.within8, 0.995, d.description)
    }

    func testMasksToBoundsClipsTheLayersOwnShadow() throws {
        let root = canvas(120)
        let layer = card(CGRect(x: 30, y: 30, width: 50, height: 50), radius: 4, offset: CGSize(width: 8, height: 8), opacity: 1)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.3)
        layer.masksToBounds = true
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: -10, y: -10, width: 30, height: 30)
        sublayer.backgroundColor = CGColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1)
        layer.addSublayer(sublayer)
        root.addSublayer(layer)
        let d = try compare(root, size: 120, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 3, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995, d.description)
        // No shadow outside the bounds: right of and below the layer the background shows.
        let gl = try GLESRenderer.offscreen()
        let picture = draw(root, with: gl, size: 120)
        XCTAssertEqual(GLESComparison.pixel(picture, 85, 60), GLESComparison.pixel(picture, 5, 5))
        XCTAssertEqual(GLESComparison.pixel(picture, 60, 85), GLESComparison.pixel(picture, 5, 5))
    }

    func testATurnedRoundedClipClipsTheShadowWithAntialiasedEdges() throws {
        let root = canvas(120)
        let layer = card(CGRect(x: 30, y: 25, width: 60, height: 60), radius: 3, offset: CGSize(width: 0, height: 9), opacity: 1)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.25)
        layer.cornerRadius = 14
        layer.masksToBounds = true
        layer.transform = CATransform3DMakeRotation(0.35, 0, 0, 1)
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 12, y: 30, width: 36, height: 24)
        sublayer.backgroundColor = CGColor(red: 0.1, green: 0.4, blue: 0.8, alpha: 1)
        layer.addSublayer(sublayer)
        root.addSublayer(layer)
        let d = try compare(root, size: 120, shadows: 1)
        // The sublayer's shadow is cut by the turned, rounded bounds: partly covered edge pixels there,
        // as cairo's clip leaves them; what differs is the layers' own edges (rotated, rounded).
        XCTAssertLessThanOrEqual(d.worst, 40, d.description)   // 90 with an aliased (stencil) clip
        XCTAssertGreaterThanOrEqual(d.within2, 0.98, d.description)
        XCTAssertGreaterThanOrEqual(d.within8, 0.997, d.description)
    }

    func testAHalfOpaqueShadowedLayerFadesWithItsShadowAsOneGroup() throws {
        let root = canvas(120)
        let layer = card(CGRect(x: 25, y: 25, width: 60, height: 50), radius: 5, offset: CGSize(width: 6, height: 6), opacity: 0.9)
        layer.opacity = 0.5
        let sublayer = CALayer()
        sublayer.frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        sublayer.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        layer.addSublayer(sublayer)
        root.addSublayer(layer)
        let d = try compare(root, size: 120, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 3, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995, d.description)
        layer.allowsGroupOpacity = false
        let ungrouped = try compare(root, size: 120, shadows: 1)
        XCTAssertLessThanOrEqual(ungrouped.worst, 3, ungrouped.description)
        XCTAssertGreaterThanOrEqual(ungrouped.within2, 0.995, ungrouped.description)
    }

    func testShadowsAtScaleTwoMatchTheSoftwareRenderer() throws {
        let root = canvas(80)
        root.addSublayer(card(CGRect(x: 10, y: 10, width: 40, height: 30), radius: 4, offset: CGSize(width: 3, height: 4)))
        let hard = card(CGRect(x: 40, y: 45, width: 25, height: 20), radius: 0, offset: CGSize(width: 2.5, height: 1.25), opacity: 0.5)
        hard.backgroundColor = CGColor(red: 0.3, green: 0.7, blue: 0.4, alpha: 1)
        root.addSublayer(hard)
        let d = try compare(root, size: 80, scale: 2, shadows: 2)
        XCTAssertLessThanOrEqual(d.worst, 3, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995, d.description)
    }

    func testAFractionalOffsetIsSampledBetweenPixels() throws {
        let root = canvas(80)
        root.addSublayer(card(CGRect(x: 20, y: 20, width: 30, height: 30), radius: 2, offset: CGSize(width: 2.5, height: 3.5), opacity: 0.8))
        let d = try compare(root, size: 80, shadows: 1)
        XCTAssertLessThanOrEqual(d.worst, 3, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995, d.description)
    }

    func testNestedShadowsAreBlurredInsideTheOuterOne() throws {
        let root = canvas(140)
        let outer = card(CGRect(x: 20, y: 20, width: 100, height: 90), radius: 6, offset: CGSize(width: 0, height: 6))
        let inner = card(CGRect(x: 20, y: 20, width: 40, height: 30), radius: 3, offset: CGSize(width: 0, height: 3), opacity: 0.8)
        inner.backgroundColor = CGColor(red: 0.9, green: 0.8, blue: 0.2, alpha: 1)
        outer.addSublayer(inner)
        root.addSublayer(outer)
        let d = try compare(root, size: 140, shadows: 2)
        XCTAssertLessThanOrEqual(d.worst, 3, d.description)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995, d.description)
    }

    func testAPartialRedrawShowsTheShadowOfTheWholeLayer() throws {
        let root = canvas(120)
        root.addSublayer(card(CGRect(x: 20, y: 20, width: 70, height: 50)))
        let gl = try GLESRenderer.offscreen()
        let whole = draw(root, with: gl, size: 120)
        // A region through the card and its shadow: the part of the card outside it still casts.
        let region = CGRect(x: 50, y: 40, width: 60, height: 50)
        let part = makeBitmapContext(width: 120, height: 120)
        let frame = RenderFrame(tree: root.latestRenderTree)
        frame.evaluate(root.latestRenderTree, atMediaTime: 0)
        var pass = RenderPass()
        pass.region = DamageRegion([region])
        gl.draw(frame.rootLayer, into: .bitmap(part), pass)
        XCTAssertEqual(gl.lastFrame.shadows, 1)
        for y in Int(region.minY)..<Int(region.maxY) {
            for x in Int(region.minX)..<Int(region.maxX) where GLESComparison.pixel(part, x, y) != GLESComparison.pixel(whole, x, y) {
                return XCTFail("(\(x), \(y)): \(GLESComparison.pixel(part, x, y)), the whole frame has \(GLESComparison.pixel(whole, x, y))")
            }
        }
    }

    func testShadowsInPerspectiveOrBlurredWiderThanTheTapsAreLeftToTheSoftwareRenderer() throws {
        let root = canvas(200)
        let wide = card(CGRect(x: 20, y: 20, width: 60, height: 60), radius: 40)
        let tilted = card(CGRect(x: 110, y: 110, width: 60, height: 60), radius: 4)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        tilted.transform = CATransform3DRotate(perspective, .pi / 5, 0, 1, 0)
        root.addSublayer(wide)
        root.addSublayer(tilted)
        let gl = try GLESRenderer.offscreen()
        _ = draw(root, with: gl, size: 200, scale: 2)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 2)
        XCTAssertEqual(gl.lastFrame.shadows, 0)
        wide.shadowRadius = 10
        _ = draw(root, with: gl, size: 200, scale: 2)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 1, "a blur of 40 device pixels: GL's")
        XCTAssertEqual(gl.lastFrame.shadows, 1)
    }

    func testTheBlurProgramCompilesAsGLSLES100AndES300() throws {
        // An ES 3 context accepts both languages: the ES 2 source is checked here too.
        let gl = try GLESRenderer.offscreen()
        try gl.context.makeCurrent()
        XCTAssertNoThrow(try GLESBlurProgram.make(majorVersion: 2))
        XCTAssertNoThrow(try GLESBlurProgram.make(majorVersion: 3))
        XCTAssertNil(gl.failure)
    }
}
