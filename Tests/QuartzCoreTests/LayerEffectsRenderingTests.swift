import QuartzCore
import XCTest

/// Corner masks, shadows, mask layers and nine-slice contents, rendered with `CARenderer` and
/// checked pixel by pixel. Layer point (x, y) lands on pixel (x, y) counted from the top row.
final class LayerEffectsRenderingTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    private let clear: [UInt8] = [0, 0, 0, 0]

    private func bitmap(_ width: Int, _ height: Int) -> CGContext {
        makeBitmapContext(width: width, height: height)
    }

    private func render(_ layer: CALayer, width: Int = 20, height: Int = 20) -> CGImage {
        renderOffscreen(layer, width: width, height: height)
    }

    private func layer(_ frame: CGRect, _ color: CGColor?) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    // MARK: maskedCorners

    func testOnlyMaskedCornersOfTheBackgroundAreRounded() {
        let l = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red)
        l.cornerRadius = 8
        l.maskedCorners = [.layerMinXMinYCorner]  // top-left on screen (y down)
        let img = render(l)
        // Pixel (0, 0) lies wholly outside the arc about (8, 8): its nearest point (1, 1) is 9.9 away.
        XCTAssertEqual(rgba(img, 0, 0), clear)
        XCTAssertEqual(rgba(img, 19, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 0, 19), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 19, 19), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 8, 8), [255, 0, 0, 255])

        l.maskedCorners = [.layerMaxXMinYCorner, .layerMinXMaxYCorner]
        let img2 = render(l)
        XCTAssertEqual(rgba(img2, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img2, 19, 0), clear)
        XCTAssertEqual(rgba(img2, 0, 19), clear)
        XCTAssertEqual(rgba(img2, 19, 19), [255, 0, 0, 255])
    }

    func testRadiusIsClampedToHalfTheShorterSideWithMaskedCorners() {
        // 20 x 10 with radius 100: the radius is 5, so the bottom-right corner is a quarter circle
        // about (15, 5); pixel (19, 9) (nearest point (19, 9), 5.66 away) is outside, (14, 9) inside.
        let l = layer(CGRect(x: 0, y: 0, width: 20, height: 10), red)
        l.cornerRadius = 100
        l.maskedCorners = [.layerMaxXMaxYCorner]
        let img = render(l)
        XCTAssertEqual(rgba(img, 19, 9), clear)
        XCTAssertEqual(rgba(img, 14, 9), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 19, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 0, 9), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 0, 0), [255, 0, 0, 255])
    }

    func testMaskedCornersShapeTheBorderAndTheMasksToBoundsClip() {
        let border = layer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        border.cornerRadius = 8
        border.borderWidth = 2
        border.borderColor = blue
        border.maskedCorners = [.layerMinXMaxYCorner]  // bottom-left
        var img = render(border)
        XCTAssertEqual(rgba(img, 0, 0), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 19, 19), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 0, 19), clear)
        XCTAssertEqual(rgba(img, 10, 10), clear)

        let clip = layer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        clip.cornerRadius = 8
        clip.masksToBounds = true
        clip.maskedCorners = [.layerMaxXMaxYCorner]
        clip.addSublayer(layer(CGRect(x: 0, y: 0, width: 20, height: 20), green))
        img = render(clip)
        XCTAssertEqual(rgba(img, 19, 19), clear)
        XCTAssertEqual(rgba(img, 0, 0), [0, 255, 0, 255])
        XCTAssertEqual(rgba(img, 19, 0), [0, 255, 0, 255])
        XCTAssertEqual(rgba(img, 0, 19), [0, 255, 0, 255])
    }

    // MARK: Shadows

    private func shadowScene(offset: CGSize) -> (root: CALayer, square: CALayer) {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 30), nil)
        let square = layer(CGRect(x: 5, y: 10, width: 10, height: 10), white)
        square.shadowOpacity = 1
        square.shadowColor = red
        square.shadowRadius = 0
        square.shadowOffset = offset
        root.addSublayer(square)
        return (root, square)
    }

    func testShadowWithPositiveHeightFallsBelowTheLayer() {
        let scene = shadowScene(offset: CGSize(width: 0, height: 5))
        let img = render(scene.root, width: 20, height: 30)
        // The layer covers rows 10..<20, its shadow rows 15..<25; the shadow shows in rows 20..<25.
        for x in 5..<15 {
            for y in 20..<25 { XCTAssertEqual(rgba(img, x, y), [255, 0, 0, 255], "(\(x), \(y))") }
            for y in 10..<20 { XCTAssertEqual(rgba(img, x, y), [255, 255, 255, 255], "(\(x), \(y))") }
            XCTAssertEqual(rgba(img, x, 25), clear)
            XCTAssertEqual(rgba(img, x, 9), clear)
        }
        XCTAssertEqual(rgba(img, 4, 22), clear)
        XCTAssertEqual(rgba(img, 15, 22), clear)
    }

    func testDefaultShadowOffsetMovesTheShadowUpByThreePoints() {
        let scene = shadowScene(offset: CGSize(width: 0, height: -3))
        XCTAssertEqual(CALayer().shadowOffset, CGSize(width: 0, height: -3))
        let img = render(scene.root, width: 20, height: 30)
        for x in 5..<15 {
            for y in 7..<10 { XCTAssertEqual(rgba(img, x, y), [255, 0, 0, 255], "(\(x), \(y))") }
            XCTAssertEqual(rgba(img, x, 6), clear)
            XCTAssertEqual(rgba(img, x, 20), clear)
        }
    }

    func testShadowOpacityMultipliesTheColorAlphaAndZeroOpacityCastsNone() {
        let scene = shadowScene(offset: CGSize(width: 0, height: 5))
        scene.square.shadowOpacity = 0.5
        var img = render(scene.root, width: 20, height: 30)
        let p = rgba(img, 8, 22)
        XCTAssertEqual(Int(p[3]), 128, accuracy: 1)
        XCTAssertEqual(Int(p[0]), 128, accuracy: 1)
        scene.square.shadowOpacity = 0
        img = render(scene.root, width: 20, height: 30)
        XCTAssertEqual(rgba(img, 8, 22), clear)
    }

    func testMasksToBoundsClipsTheLayersOwnShadow() {
        let scene = shadowScene(offset: CGSize(width: 0, height: 5))
        scene.square.masksToBounds = true
        let img = render(scene.root, width: 20, height: 30)
        XCTAssertEqual(rgba(img, 8, 22), clear)
        XCTAssertEqual(rgba(img, 8, 12), [255, 255, 255, 255])
    }

    func testShadowCastsTheCompositeOfSublayersToo() {
        // A transparent layer whose only content is a sublayer: the shadow takes the sublayer's shape.
        let root = layer(CGRect(x: 0, y: 0, width: 30, height: 30), nil)
        let holder = layer(CGRect(x: 0, y: 0, width: 30, height: 30), nil)
        holder.shadowOpacity = 1
        holder.shadowColor = blue
        holder.shadowRadius = 0
        holder.shadowOffset = CGSize(width: 5, height: 0)
        holder.addSublayer(layer(CGRect(x: 10, y: 10, width: 5, height: 5), white))
        root.addSublayer(holder)
        let img = render(root, width: 30, height: 30)
        XCTAssertEqual(rgba(img, 12, 12), [255, 255, 255, 255])
        XCTAssertEqual(rgba(img, 17, 12), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 20, 12), clear)
        XCTAssertEqual(rgba(img, 17, 16), clear)
    }

    func testBlurredShadowSpreadsAroundTheShape() {
        let scene = shadowScene(offset: CGSize(width: 0, height: 5))
        scene.square.shadowRadius = 2
        let img = render(scene.root, width: 20, height: 30)
        // Inside the band the shadow is partial near the edge; far from it, nothing.
        let edge = rgba(img, 10, 24)
        XCTAssertGreaterThan(edge[3], 20)
        XCTAssertLessThan(edge[3], 250)
        XCTAssertGreaterThan(rgba(img, 10, 25)[3], 0)
        XCTAssertEqual(rgba(img, 0, 2), clear)
    }

    func testShadowPathGivesTheShadowItsShapeWithoutDrawingThePath() {
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40), nil)
        let l = layer(CGRect(x: 10, y: 5, width: 20, height: 20), nil)
        l.shadowOpacity = 1
        l.shadowColor = blue
        l.shadowRadius = 0
        l.shadowOffset = CGSize(width: 0, height: 10)
        l.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        root.addSublayer(l)
        let img = render(root, width: 40, height: 40)
        // The circle of radius 10 about (20, 15) in the root, moved down 10: about (20, 25).
        XCTAssertEqual(rgba(img, 20, 25), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 20, 17), [0, 0, 255, 255])  // (21, 17) is 8.06 from the center
        XCTAssertEqual(rgba(img, 10, 15), clear)  // the circle's bounding box corner
        XCTAssertEqual(rgba(img, 11, 34), clear)
        // The path itself is not drawn: (20, 7) is inside it but 17.5 from the shadow's center.
        XCTAssertEqual(rgba(img, 20, 7), clear)
        XCTAssertEqual(rgba(img, 20, 6), clear)
    }

    // MARK: Mask layers

    func testMaskLayerShowsOnlyWhereItIsOpaque() {
        let l = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red)
        l.addSublayer(layer(CGRect(x: 0, y: 10, width: 20, height: 10), green))
        let mask = layer(CGRect(x: 0, y: 0, width: 10, height: 20), blue)
        l.mask = mask
        let img = render(l)
        XCTAssertEqual(rgba(img, 5, 5), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 9, 15), [0, 255, 0, 255])
        XCTAssertEqual(rgba(img, 10, 5), clear)
        XCTAssertEqual(rgba(img, 15, 15), clear)
    }

    func testMaskGeometryIsInTheOwnersBoundsSpaceAndOnlyItsAlphaCounts() {
        let root = layer(CGRect(x: 0, y: 0, width: 30, height: 30), nil)
        let l = layer(CGRect(x: 10, y: 10, width: 20, height: 20), red)
        let mask = layer(CGRect(x: 0, y: 0, width: 10, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 0.5))
        l.mask = mask
        root.addSublayer(l)
        let img = render(root, width: 30, height: 30)
        let p = rgba(img, 12, 15)
        XCTAssertEqual(Int(p[0]), 128, accuracy: 1)
        XCTAssertEqual(p[1], 0)
        XCTAssertEqual(p[2], 0)
        XCTAssertEqual(Int(p[3]), 128, accuracy: 1)
        XCTAssertEqual(rgba(img, 5, 15), clear)
        XCTAssertEqual(rgba(img, 22, 15), clear)
    }

    func testMaskAlsoMasksTheShadow() {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 30), nil)
        let square = layer(CGRect(x: 5, y: 10, width: 10, height: 10), white)
        square.shadowOpacity = 1
        square.shadowColor = red
        square.shadowRadius = 0
        square.shadowOffset = CGSize(width: 0, height: 5)
        square.mask = layer(CGRect(x: 0, y: 0, width: 10, height: 10), white)
        root.addSublayer(square)
        let img = render(root, width: 20, height: 30)
        XCTAssertEqual(rgba(img, 8, 12), [255, 255, 255, 255])
        XCTAssertEqual(rgba(img, 8, 22), clear)
    }

    // MARK: contentsCenter

    /// A 6 x 6 image: 2-pixel corners red (top-left), green (top-right), blue (bottom-left), white
    /// (bottom-right); the edges between them black, the 2 x 2 middle gray (opaque).
    private func nineSliceImage() -> CGImage {
        let ctx = bitmap(6, 6)
        func fill(_ x: Int, _ row: Int, _ w: Int, _ h: Int, _ c: CGColor) {
            ctx.setFillColor(c)
            ctx.fill(CGRect(x: x, y: 6 - row - h, width: w, height: h))  // the default space is y up
        }
        fill(0, 0, 6, 6, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        fill(2, 2, 2, 2, CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        fill(0, 0, 2, 2, red)
        fill(4, 0, 2, 2, green)
        fill(0, 4, 2, 2, blue)
        fill(4, 4, 2, 2, white)
        return ctx.makeImage()!
    }

    func testContentsCenterKeepsTheCornersWhenStretching() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        l.contents = nineSliceImage()
        l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        l.magnificationFilter = .nearest
        let img = render(l, width: 30, height: 20)
        XCTAssertEqual(rgba(img, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 1), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 2, 0), [0, 0, 0, 255])
        XCTAssertEqual(rgba(img, 27, 0), [0, 0, 0, 255])
        XCTAssertEqual(rgba(img, 28, 1), [0, 255, 0, 255])
        XCTAssertEqual(rgba(img, 1, 18), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 1, 17), [0, 0, 0, 255])
        XCTAssertEqual(rgba(img, 29, 19), [255, 255, 255, 255])
        XCTAssertEqual(rgba(img, 15, 10), [128, 128, 128, 255])
        XCTAssertEqual(rgba(img, 2, 2), [128, 128, 128, 255])
        XCTAssertEqual(rgba(img, 27, 17), [128, 128, 128, 255])
    }

    func testContentsCenterCornersScaleWithContentsScale() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        l.contents = nineSliceImage()
        l.contentsScale = 2  // 2-pixel corners are 1 point
        l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        l.magnificationFilter = .nearest
        let img = render(l)
        XCTAssertEqual(rgba(img, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 0), [0, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 1), [128, 128, 128, 255])
        XCTAssertEqual(rgba(img, 19, 19), [255, 255, 255, 255])
        XCTAssertEqual(rgba(img, 18, 19), [0, 0, 0, 255])
    }
}
