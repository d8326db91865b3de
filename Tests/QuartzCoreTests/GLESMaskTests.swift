import CoreGraphics
@testable import QuartzCore
import XCTest

/// Mask layers on the OpenGL ES back end: drawn by GL through two offscreen targets (no software
/// bitmap), with the software renderer's pixels.
final class GLESMaskTests: FrozenClockTestCase {
    private let red = CGColor(red: 0.9, green: 0.15, blue: 0.15, alpha: 1)
    private let green = CGColor(red: 0.15, green: 0.7, blue: 0.2, alpha: 1)
    private let blue = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)

    private func solid(_ frame: CGRect, _ color: CGColor, radius: CGFloat = 0) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = radius
        return layer
    }

    /// A 120x80 layer at `frame`'s origin: red left half, green right half.
    private func owner(at origin: CGPoint) -> CALayer {
        let owner = CALayer()
        owner.frame = CGRect(origin: origin, size: CGSize(width: 120, height: 80))
        owner.sublayers = [solid(CGRect(x: 0, y: 0, width: 60, height: 80), red),
                           solid(CGRect(x: 60, y: 0, width: 60, height: 80), green)]
        return owner
    }

    /// An opaque disc and a half-opaque bar (the `mask-layer` golden's mask).
    private func discAndBar(in bounds: CGRect) -> CALayer {
        let mask = CALayer()
        mask.frame = bounds
        mask.sublayers = [solid(CGRect(x: 25, y: 5, width: 70, height: 70), CGColor(gray: 0, alpha: 1), radius: 35),
                          solid(CGRect(x: 0, y: 60, width: 120, height: 14), CGColor(gray: 0, alpha: 0.5))]
        return mask
    }

    /// A `size`-pixel image whose alpha falls from opaque at the centre to clear at the edge.
    private func radialAlphaImage(_ size: Int) -> CGImage {
        let ctx = makeBitmapContext(width: size, height: size)
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(gray: 0, alpha: 1), CGColor(gray: 0, alpha: 0)],
                                  locations: [0, 1])!
        let c = CGPoint(x: CGFloat(size) / 2, y: CGFloat(size) / 2)
        ctx.drawRadialGradient(gradient, startCenter: c, startRadius: 0, endCenter: c, endRadius: CGFloat(size) / 2, options: [])
        return ctx.makeImage()!
    }

    /// Holds a GL picture to the software one: its worst channel difference, and the shares of pixels
    /// within 2 and within 32.
    private func assertClose(_ d: GLESComparison.Difference, worst: Int, within2: Double,
                             within32: Double = 1, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(d.worst, worst, "worst channel difference", file: file, line: line)
        XCTAssertGreaterThanOrEqual(d.within2, within2, "share of pixels within 2", file: file, line: line)
        XCTAssertGreaterThanOrEqual(d.within32, within32, "share of pixels within 32", file: file, line: line)
    }

    /// Draws `root` with GL and with the software renderer: GL leaves `software` layers to the software
    /// renderer and draws `masks` masks itself, and the pictures are as close as `assertClose` asks.
    /// Returns the GL renderer, whose last frame's counts a test may check further.
    @discardableResult
    private func assertDrawnLikeSoftware(_ root: CALayer, width: Int, height: Int, software: Int, masks: Int,
                                         worst: Int, within2: Double, within32: Double = 1,
                                         file: StaticString = #filePath, line: UInt = #line) throws -> GLESRenderer {
        let (gl, d) = try GLESComparison.compare(root, width: width, height: height)
        XCTAssertEqual(gl.lastFrame.softwareLayers, software, "layers left to the software renderer", file: file, line: line)
        XCTAssertEqual(gl.lastFrame.masks, masks, "masks drawn by GL", file: file, line: line)
        assertClose(d, worst: worst, within2: within2, within32: within32, file: file, line: line)
        return gl
    }

    // Rounded corners (the disc) differ by up to 27 at their edge pixels between the shader's distance
    // ramp and cairo's areas (docs/GOLDEN.md), in the mask as anywhere: the bounds below allow that.

    func testTheMaskGoldenSceneIsDrawnByGLWithTheSoftwarePixels() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20, y: 20))
        masked.mask = discAndBar(in: masked.bounds)
        root.addSublayer(masked)
        let gl = try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 0, masks: 1, worst: 27, within2: 0.985)
        XCTAssertEqual(gl.lastFrame.groups, 1, "the masked layer's offscreen picture")
        XCTAssertEqual(gl.lastFrame.nativeLayers, 7, "the root, owner, its two halves, the mask and its two parts")
    }

    func testSquareMaskPartsAtFractionalPlacesMultiplyAsTheSoftwareRendererClips() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20.5, y: 20.25))
        let mask = CALayer()
        mask.frame = CGRect(x: 3.25, y: 2.5, width: 110, height: 70)
        mask.opacity = 0.9
        mask.sublayers = [solid(CGRect(x: 0, y: 0, width: 70.5, height: 40.75), CGColor(gray: 0, alpha: 1)),
                          solid(CGRect(x: 40.25, y: 30.5, width: 60, height: 30), CGColor(gray: 0.5, alpha: 0.6)),
                          solid(CGRect(x: 5, y: 50, width: 20, height: 15), CGColor(gray: 0, alpha: 0.2))]
        masked.mask = mask
        root.addSublayer(masked)
        try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 0, masks: 1, worst: 2, within2: 1)
    }

    func testARotatedMaskedLayerWithARotatedMask() throws {
        let root = GLESComparison.canvas(200, 200)
        let masked = owner(at: CGPoint(x: 40, y: 60))
        masked.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        masked.addSublayer(solid(CGRect(x: 30, y: 20, width: 60, height: 40), blue))
        let mask = discAndBar(in: masked.bounds)
        mask.transform = CATransform3DMakeRotation(-0.25, 0, 0, 1)
        masked.mask = mask
        root.addSublayer(masked)
        try assertDrawnLikeSoftware(root, width: 200, height: 200, software: 0, masks: 1, worst: 255, within2: 0.998, within32: 0.9995)
        // Rotated without edge antialiasing: an edge pixel whose centre lies on the edge falls either way.
    }

    func testAMaskWithImageContentsAndItsOwnOpacity() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20, y: 20))
        let mask = CALayer()
        mask.frame = CGRect(x: 10, y: -10, width: 90, height: 90)
        mask.contents = radialAlphaImage(64)
        mask.opacity = 0.8
        masked.mask = mask
        root.addSublayer(masked)
        try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 0, masks: 1, worst: 2, within2: 1)
    }

    func testNestedMasksAndAMaskedMask() throws {
        let root = GLESComparison.canvas(160, 120)
        let outer = owner(at: CGPoint(x: 20, y: 20))
        // A masked sublayer inside the masked layer.
        let inner = solid(CGRect(x: 20, y: 10, width: 80, height: 60), blue)
        inner.mask = solid(CGRect(x: 0, y: 20, width: 80, height: 20), CGColor(gray: 0, alpha: 1), radius: 10)
        outer.addSublayer(inner)
        // The outer mask is itself masked: only where both show.
        let mask = discAndBar(in: outer.bounds)
        mask.mask = solid(CGRect(x: 0, y: 0, width: 70, height: 80), CGColor(gray: 0, alpha: 0.75))
        outer.mask = mask
        root.addSublayer(outer)
        try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 0, masks: 3, worst: 27, within2: 0.985)
    }

    func testAMaskedLayerInsideAGroupOpacityParent() throws {
        let root = GLESComparison.canvas(160, 120)
        let parent = CALayer()
        parent.frame = CGRect(x: 10, y: 10, width: 140, height: 100)
        parent.opacity = 0.6
        parent.addSublayer(solid(CGRect(x: 0, y: 0, width: 90, height: 60), blue))
        let masked = owner(at: CGPoint(x: 20, y: 20))
        masked.mask = discAndBar(in: masked.bounds)
        parent.addSublayer(masked)
        root.addSublayer(parent)
        let gl = try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 0, masks: 1, worst: 27, within2: 0.985)
        XCTAssertEqual(gl.lastFrame.groups, 2, "the parent's group and the masked layer")
    }

    func testAMaskedLayerWithoutGroupOpacityFadesEachSublayer() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20, y: 20))
        masked.addSublayer(solid(CGRect(x: 40, y: 20, width: 40, height: 40), blue))
        masked.opacity = 0.5
        masked.allowsGroupOpacity = false
        masked.mask = discAndBar(in: masked.bounds)
        root.addSublayer(masked)
        try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 0, masks: 1, worst: 27, within2: 0.985)
    }

    func testAShapeLayerMaskIsDrawnBySoftwareInsideGLsMaskTarget() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20, y: 20))
        let shape = CAShapeLayer()
        shape.frame = masked.bounds
        let star = CGMutablePath()
        for i in 0..<10 {
            let angle = CGFloat(i) * .pi / 5 - .pi / 2, r: CGFloat = i % 2 == 0 ? 40 : 16
            let p = CGPoint(x: 60 + r * cos(angle), y: 40 + r * sin(angle))
            if i == 0 { star.move(to: p) } else { star.addLine(to: p) }
        }
        star.closeSubpath()
        shape.path = star
        masked.mask = shape
        root.addSublayer(masked)
        // The shape layer is left to the software renderer, drawn into the mask's target.
        try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 1, masks: 1, worst: 2, within2: 1)
    }

    func testAMaskedLayerWithAShadowStaysWithTheSoftwareRenderer() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20, y: 20))
        masked.shadowOpacity = 0.7
        masked.shadowRadius = 3
        masked.mask = discAndBar(in: masked.bounds)
        root.addSublayer(masked)
        try assertDrawnLikeSoftware(root, width: 160, height: 120, software: 1, masks: 0, worst: 1, within2: 1)
    }

    func testAHiddenMaskShowsNothingOfTheLayer() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20, y: 20))
        let mask = discAndBar(in: masked.bounds)
        mask.isHidden = true
        masked.mask = mask
        root.addSublayer(masked)
        let gl = try GLESRenderer.offscreen()
        let picture = GLESComparison.draw(root, with: gl, width: 160, height: 120)
        XCTAssertEqual(GLESComparison.pixel(picture, 80, 50), [255, 255, 255, 255])
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
    }

    func testAMaskedRootClearsToTransparentOutsideItsMask() throws {
        let root = GLESComparison.canvas(100, 100)
        root.mask = solid(CGRect(x: 25, y: 25, width: 50, height: 50), CGColor(gray: 0, alpha: 1), radius: 25)
        let gl = try GLESRenderer.offscreen()
        let picture = GLESComparison.draw(root, with: gl, width: 100, height: 100)
        XCTAssertEqual(GLESComparison.pixel(picture, 5, 5), [0, 0, 0, 0], "the root's background is not the clear colour")
        XCTAssertEqual(GLESComparison.pixel(picture, 50, 50), [255, 255, 255, 255])
        XCTAssertEqual(gl.lastFrame.masks, 1)
    }

    func testARepaintOfPartOfAMaskedLayerDrawsItsMaskWhole() throws {
        let root = GLESComparison.canvas(160, 120)
        let masked = owner(at: CGPoint(x: 20, y: 20))
        let changing = solid(CGRect(x: 40, y: 30, width: 20, height: 20), blue)
        masked.addSublayer(changing)
        masked.mask = discAndBar(in: masked.bounds)
        root.addSublayer(masked)
        CATransaction.flush()
        let gl = try GLESRenderer.offscreen()
        let server = RenderServer(tree: root.latestRenderTree, renderer: gl)
        let ctx = makeBitmapContext(width: 160, height: 120)
        _ = server.draw(in: ctx, scale: 1, atMediaTime: 0)
        CATransaction.setDisableActions(true)
        changing.backgroundColor = red
        CATransaction.flush()
        server.commit(root.latestRenderTree)
        let region = server.beginFrame(atMediaTime: 0, scale: 1, size: CGSize(width: 160, height: 120))
        XCTAssertFalse(region.isEverything, "a partial repaint")
        ctx.setBlendMode(.copy)
        ctx.setFillColor(CGColor(gray: 0, alpha: 0))
        for rect in region.rectangles(within: CGRect(x: 0, y: 0, width: 160, height: 120)) {
            ctx.fill(CGRect(x: rect.minX, y: 120 - rect.maxY, width: rect.width, height: rect.height))
        }
        ctx.setBlendMode(.normal)
        server.draw(in: ctx, region: region)
        XCTAssertEqual(gl.lastFrame.masks, 1)
        let whole = GLESComparison.draw(root, with: try GLESRenderer.offscreen(), width: 160, height: 120)
        assertClose(GLESComparison.difference(ctx, whole), worst: 1, within2: 1)
    }
}
