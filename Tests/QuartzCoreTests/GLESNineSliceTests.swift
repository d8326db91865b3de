import CoreGraphics
@testable import QuartzCore
import XCTest

/// Nine-slice contents (`contentsCenter`) on the OpenGL ES back end: quads of the image's texture,
/// each piece sampled within its own pixels, with the software renderer's pixels.
final class GLESNineSliceTests: FrozenClockTestCase {
    /// A `size`-pixel image whose quadrants differ in colour, each shaded from its centre outwards, so
    /// that a piece sampled across a cut or placed a pixel off shows.
    private func quadrantImage(_ size: Int) -> CGImage {
        let ctx = makeBitmapContext(width: size, height: size)
        let half = CGFloat(size) / 2
        let colors = [CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1), CGColor(red: 0.1, green: 0.8, blue: 0.2, alpha: 1),
                      CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.8), CGColor(red: 0.95, green: 0.8, blue: 0.1, alpha: 1)]
        for (i, color) in colors.enumerated() {
            let rect = CGRect(x: CGFloat(i % 2) * half, y: CGFloat(i / 2) * half, width: half, height: half)
            ctx.setFillColor(color)
            ctx.fill(rect)
            ctx.setFillColor(CGColor(gray: 1, alpha: 0.4))
            ctx.fillEllipse(in: rect.insetBy(dx: half / 4, dy: half / 4))
        }
        return ctx.makeImage()!
    }

    private func sliced(_ frame: CGRect, _ image: CGImage, scale: CGFloat = 1, filter: CALayerContentsFilter = .linear) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.contents = image
        layer.contentsScale = scale
        layer.contentsCenter = CGRect(x: 0.375, y: 0.375, width: 0.25, height: 0.25)
        layer.magnificationFilter = filter
        layer.minificationFilter = filter
        return layer
    }

    func testNineSlicesAtSeveralSizesAndScalesAreDrawnByGL() throws {
        let image = quadrantImage(32)
        let root = GLESComparison.canvas(240, 200)
        for (i, scale) in [CGFloat(1), 2].enumerated() {
            let y = CGFloat(i) * 100
            // Stretched, barely larger than the corners, smaller than them, and thin.
            root.addSublayer(sliced(CGRect(x: 4, y: y + 4, width: 120, height: 90), image, scale: scale))
            root.addSublayer(sliced(CGRect(x: 130, y: y + 4, width: 26.5, height: 30), image, scale: scale))
            root.addSublayer(sliced(CGRect(x: 160, y: y + 4, width: 14, height: 11), image, scale: scale))
            // (Nearest at contentsScale 1 only: shrunk by exactly half, pixel centres fall on texel
            // boundaries, which cairo and GL round each their own way.)
            root.addSublayer(sliced(CGRect(x: 180, y: y + 4, width: 50, height: 6.5), image, scale: scale,
                                    filter: scale == 1 ? .nearest : .linear))
        }
        let (gl, d) = try GLESComparison.compare(root, width: 240, height: 200)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        XCTAssertEqual(gl.lastFrame.nativeLayers, 9)
        // The worst pixels: a centre shrunk three times across and a third down, where GL's one mipmap
        // level blurs both ways and cairo filters each axis as it shrinks (docs/GOLDEN.md).
        XCTAssertLessThanOrEqual(d.worst, 64)
        XCTAssertGreaterThanOrEqual(d.within2, 0.99)
        XCTAssertGreaterThanOrEqual(d.within32, 0.9995)
    }

    func testContentsAtTheTargetsScaleLandWithinAFewLevels() throws {
        let image = quadrantImage(32)
        let root = GLESComparison.canvas(160, 100)
        root.addSublayer(sliced(CGRect(x: 4.5, y: 4, width: 100, height: 70.25), image, scale: 2))
        root.addSublayer(sliced(CGRect(x: 110, y: 4, width: 12, height: 40), image, scale: 2))
        root.addSublayer(sliced(CGRect(x: 130, y: 4, width: 9, height: 7), image, scale: 2))
        let (gl, d) = try GLESComparison.compare(root, width: 320, height: 200, scale: 2)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        // The worst: the smallest layer's corners, shrunk to 0.75 and 0.58 (bilinear against cairo's box).
        XCTAssertLessThanOrEqual(d.worst, 12)
        XCTAssertGreaterThanOrEqual(d.within2, 0.995)
    }

    func testAStretchedPieceRepeatsItsOwnPixelsOnly() throws {
        // Three columns of one pixel each, red, green, blue: the green centre stretched to 90 points
        // stays green (nothing of its red and blue neighbours is filtered in).
        let ctx = makeBitmapContext(width: 3, height: 3)
        for (x, color) in [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                           CGColor(red: 0, green: 0, blue: 1, alpha: 1)].enumerated() {
            ctx.setFillColor(color)
            ctx.fill(CGRect(x: x, y: 0, width: 1, height: 3))
        }
        let root = GLESComparison.canvas(100, 100)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.contents = ctx.makeImage()
        layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        root.addSublayer(layer)
        let gl = try GLESRenderer.offscreen()
        let picture = GLESComparison.draw(root, with: gl, width: 100, height: 100)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        for x in [2, 10, 50, 90, 97] {
            XCTAssertEqual(GLESComparison.pixel(picture, x, 50), [0, 255, 0, 255], "x = \(x)")
        }
        XCTAssertEqual(GLESComparison.pixel(picture, 0, 50), [255, 0, 0, 255])
        XCTAssertEqual(GLESComparison.pixel(picture, 99, 50), [0, 0, 255, 255])
        let swPicture = GLESComparison.draw(root, with: SoftwareRenderer(), width: 100, height: 100)
        XCTAssertLessThanOrEqual(GLESComparison.difference(picture, swPicture).worst, 2)
    }

    func testANineSliceOfAContentsRectUnderAspectGravityTurned() throws {
        let image = quadrantImage(48)
        let root = GLESComparison.canvas(200, 160)
        let layer = sliced(CGRect(x: 40, y: 30, width: 120, height: 90), image)
        layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 1)
        layer.contentsGravity = .resizeAspect
        layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        layer.backgroundColor = CGColor(gray: 0.2, alpha: 0.3)
        root.addSublayer(layer)
        let (gl, d) = try GLESComparison.compare(root, width: 200, height: 160, scale: 1)
        XCTAssertEqual(gl.lastFrame.softwareLayers, 0)
        // Turned, the contents' edges and the seams between pieces are antialiased by the shader's
        // coverage: within what plain turned contents differ by (26 at most here).
        XCTAssertLessThanOrEqual(d.worst, 32)
        XCTAssertGreaterThanOrEqual(d.within2, 0.98)
        XCTAssertGreaterThanOrEqual(d.within32, 1)
    }
}
