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

    // MARK: contentsRect

    /// A 3 x 1 image: red, green, blue.
    private func stripeImage() -> CGImage {
        let ctx = bitmap(3, 1)
        for (x, c) in [red, green, blue].enumerated() {
            ctx.setFillColor(c)
            ctx.fill(CGRect(x: x, y: 0, width: 1, height: 1))
        }
        return ctx.makeImage()!
    }

    /// Apple: `contentsRect` is in unit coordinates and may reach outside 0...1, where the edge
    /// pixels are extended; it is sampled where it falls, so it can move the contents by a
    /// fraction of a pixel. Here it starts half way into the green pixel and ends 1.5 pixels past
    /// the image: 10 points per pixel across a 30-point layer.
    func testContentsRectSamplesFractionallyAndExtendsTheEdgePixels() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 30, height: 10)
        l.contents = stripeImage()
        l.contentsRect = CGRect(x: 0.5, y: 0, width: 1, height: 1)
        l.magnificationFilter = .nearest
        let img = render(l, width: 30, height: 10)
        XCTAssertEqual(rgba(img, 2, 5), [0, 255, 0, 255], "the second half of the green pixel")
        XCTAssertEqual(rgba(img, 7, 5), [0, 0, 255, 255], "blue starts 5 points in, not 10")
        XCTAssertEqual(rgba(img, 28, 5), [0, 0, 255, 255], "past the image: the edge pixel repeats")
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

    /// Apple: `contentsCenter` defines how the contents are scaled when the layer's contents are
    /// resized; the aspect gravities resize them too, so the nine-slice applies inside the
    /// aspect-fitted rectangle (here 20 x 20 at x = 5 of a 30 x 20 layer).
    func testContentsCenterAppliesUnderTheAspectGravities() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        l.contents = nineSliceImage()
        l.contentsGravity = .resizeAspect
        l.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
        l.magnificationFilter = .nearest
        let img = render(l, width: 30, height: 20)
        XCTAssertEqual(rgba(img, 2, 10), [0, 0, 0, 0], "outside the fitted rectangle")
        XCTAssertEqual(rgba(img, 6, 1), [255, 0, 0, 255], "a 2-point corner")
        XCTAssertEqual(rgba(img, 7, 0), [0, 0, 0, 255], "the edge, not a stretched corner")
        XCTAssertEqual(rgba(img, 23, 1), [0, 255, 0, 255])
        XCTAssertEqual(rgba(img, 15, 10), [128, 128, 128, 255])
        l.contentsGravity = .resizeAspectFill
        let filled = render(l, width: 30, height: 20)
        XCTAssertEqual(rgba(filled, 1, 0), [0, 0, 0, 255], "the fill rectangle's corners lie outside the layer")
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

    // MARK: allowsGroupOpacity

    private func assertPixel(_ actual: [UInt8], _ expected: [Int], accuracy: Int = 1,
                             file: StaticString = #filePath, line: UInt = #line) {
        for (a, e) in zip(actual, expected) where abs(Int(a) - e) > accuracy {
            return XCTFail("pixel \(actual), expected \(expected) ± \(accuracy)", file: file, line: line)
        }
    }

    /// A red 20x20 parent at opacity 0.5 with an opaque blue child over its left half.
    private func halfOpaqueParentWithOverlappingChild(groupOpacity: Bool) -> CALayer {
        let parent = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red)
        parent.opacity = 0.5
        parent.allowsGroupOpacity = groupOpacity
        parent.addSublayer(layer(CGRect(x: 0, y: 0, width: 10, height: 20), blue))
        return parent
    }

    func testGroupOpacityCompositesTheOverlapAsOneLayer() {
        // The group (blue over red) at 50%: where they overlap only the child shows.
        let img = render(halfOpaqueParentWithOverlappingChild(groupOpacity: true))
        assertPixel(rgba(img, 5, 10), [0, 0, 128, 128])
        assertPixel(rgba(img, 15, 10), [128, 0, 0, 128])
    }

    func testWithoutGroupOpacityTheParentShowsThroughTheChild() {
        // Red at 0.5, then blue at 0.5 over it (premultiplied): r = 0.5 * 0.5 = 0.25, b = 0.5,
        // a = 0.5 + 0.5 * 0.5 = 0.75.
        let img = render(halfOpaqueParentWithOverlappingChild(groupOpacity: false))
        assertPixel(rgba(img, 5, 10), [64, 0, 128, 191])
        assertPixel(rgba(img, 15, 10), [128, 0, 0, 128])
    }

    func testOpacityWithoutGroupsIsInheritedMultiplicatively() {
        // A clear parent at 0.5 (no group) holding a green child at 0.5 (no group), whose blue
        // grandchild is opaque: the child draws at 0.25, the grandchild at 0.25 over it; a second
        // child with group opacity 0.5 composites its group at 0.25 too.
        let parent = layer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        parent.opacity = 0.5
        parent.allowsGroupOpacity = false
        let child = layer(CGRect(x: 0, y: 0, width: 10, height: 20), green)
        child.opacity = 0.5
        child.allowsGroupOpacity = false
        child.addSublayer(layer(CGRect(x: 0, y: 0, width: 10, height: 10), blue))
        let grouped = layer(CGRect(x: 10, y: 0, width: 10, height: 20), red)
        grouped.opacity = 0.5
        parent.sublayers = [child, grouped]
        let img = render(parent)
        assertPixel(rgba(img, 5, 15), [0, 64, 0, 64])
        // Blue at 0.25 over green at 0.25: g = 0.25 * 0.75, b = 0.25, a = 0.25 + 0.25 * 0.75.
        assertPixel(rgba(img, 5, 5), [0, 48, 64, 112])
        assertPixel(rgba(img, 15, 10), [64, 0, 0, 64])
    }

    // MARK: shouldRasterize

    func testRasterizingFadesTheSubtreeAsOneGroupEvenWithoutGroupOpacity() {
        // The bitmap holds blue over red, opaque; it is composited at 0.5 (Lockwood's listing 4.7).
        let parent = halfOpaqueParentWithOverlappingChild(groupOpacity: false)
        parent.shouldRasterize = true
        let img = render(parent)
        assertPixel(rgba(img, 5, 10), [0, 0, 128, 128])
        assertPixel(rgba(img, 15, 10), [128, 0, 0, 128])
    }

    func testARasterizedLayerInsideAnUngroupedParentTakesTheInheritedOpacityToo() {
        // A clear parent at 0.5 without a group; its rasterized child at 0.5 fades as one to 0.25.
        let parent = layer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        parent.opacity = 0.5
        parent.allowsGroupOpacity = false
        let child = halfOpaqueParentWithOverlappingChild(groupOpacity: false)
        child.shouldRasterize = true
        parent.addSublayer(child)
        let img = render(parent)
        assertPixel(rgba(img, 5, 10), [0, 0, 64, 64])
        assertPixel(rgba(img, 15, 10), [64, 0, 0, 64])
    }

    /// Alphas of row 10 of a 20x20 clear layer holding a 1-pt black line at x = 10, rendered at
    /// scale 2 (40 pixels), the layer rasterized at `rasterizationScale` when given.
    private func lineRow(rasterizationScale: CGFloat?) -> [Int] {
        let l = layer(CGRect(x: 0, y: 0, width: 20, height: 20), nil)
        l.addSublayer(layer(CGRect(x: 10, y: 0, width: 1, height: 20), CGColor(gray: 0, alpha: 1)))
        if let scale = rasterizationScale {
            l.shouldRasterize = true
            l.rasterizationScale = scale
        }
        let img = renderOffscreen(l, width: 40, height: 40, scale: 2)
        return (0..<40).map { Int(img.pixel(x: $0, y: 20).a) }
    }

    func testRasterizingAtTheTargetScaleKeepsALineSharp() {
        let sharp = [Int](repeating: 0, count: 20) + [255, 255] + [Int](repeating: 0, count: 18)
        XCTAssertEqual(lineRow(rasterizationScale: nil), sharp)
        XCTAssertEqual(lineRow(rasterizationScale: 2), sharp)
    }

    func testRasterizingAtALowerScaleSoftensALine() {
        // Scale 1: the line fills bitmap pixel 10 (centre 10.5 pt). Target pixels 19...22 have
        // centres 9.75, 10.25, 10.75, 11.25 pt: bilinear weights of that pixel 0.25, 0.75, 0.75, 0.25.
        let one = lineRow(rasterizationScale: 1)
        for (x, expected) in [(18, 0), (19, 64), (20, 191), (21, 191), (22, 64), (23, 0)] {
            XCTAssertEqual(one[x], expected, accuracy: 3, "pixel \(x)")
        }
        // Scale 0.5: the line half covers bitmap pixel 5 (10...12 pt, alpha 0.5), which bilinear
        // filtering spreads over 12...28 (target) with the peak 128 and no pixel opaque.
        let half = lineRow(rasterizationScale: 0.5)
        XCTAssertEqual(half.max()!, 128, accuracy: 16)
        XCTAssertGreaterThanOrEqual(half.filter { $0 > 0 }.count, 6)
        // Coverage is conserved: 2 pixels' worth of alpha.
        XCTAssertEqual(half.reduce(0, +), 510, accuracy: 20)
        XCTAssertEqual(one.reduce(0, +), 510, accuracy: 8)
    }

    func testRasterizationKeepsOpacityAndTheLayersTransform() {
        // A rasterized 10x10 red layer at opacity 0.5, moved by its transform: same picture as plain.
        let l = layer(CGRect(x: 0, y: 0, width: 10, height: 10), red)
        l.opacity = 0.5
        l.transform = CATransform3DMakeTranslation(5, 5, 0)
        l.shouldRasterize = true
        let img = render(l)
        assertPixel(rgba(img, 10, 10), [128, 0, 0, 128])
        XCTAssertEqual(rgba(img, 3, 3), clear)
        XCTAssertEqual(rgba(img, 16, 16), clear)
    }

    // MARK: cornerCurve

    /// The top-left 120x120 of a red 320x320 layer with corner radius 100 (1.52866 * 100 <= 160: a
    /// continuous corner fits).
    private func bigCorner(_ curve: CALayerCornerCurve, clip: Bool = false) -> CGImage {
        let l = layer(CGRect(x: 0, y: 0, width: 320, height: 320), clip ? nil : red)
        l.cornerRadius = 100
        l.cornerCurve = curve
        if clip {
            l.masksToBounds = true
            l.addSublayer(layer(l.bounds, red))
        }
        return render(l, width: 120, height: 120)
    }

    func testContinuousCornersFollowTheSquircleNotTheArc() {
        // Expected alphas: pixel coverage integrated from the curves (the arc about (100, 100); the
        // continuous corner's three cubics and two lines scaled by 100, from (152.9, 0) to (0, 152.9)).
        // Along the top edge the continuous curve starts earlier and leaves the edge more slowly: at
        // x = 99...100 it lies 0.87...0.95 below the edge, the arc only 0.005.
        let circular = bigCorner(.circular), continuous = bigCorner(.continuous)
        XCTAssertEqual(Int(circular.pixel(x: 99, y: 0).a), 255, accuracy: 6)
        XCTAssertEqual(Int(continuous.pixel(x: 99, y: 0).a), 24, accuracy: 8)
        XCTAssertEqual(Int(circular.pixel(x: 95, y: 0).a), 229, accuracy: 8)
        XCTAssertEqual(Int(continuous.pixel(x: 95, y: 0).a), 0, accuracy: 4)
        // On the diagonal the continuous curve passes 29.15 from each edge, the arc 29.29: pixel
        // (29, 29) is covered 95% and 83%.
        XCTAssertEqual(Int(circular.pixel(x: 29, y: 29).a), 212, accuracy: 8)
        XCTAssertEqual(Int(continuous.pixel(x: 29, y: 29).a), 243, accuracy: 8)
        XCTAssertEqual(Int(continuous.pixel(x: 28, y: 28).a), 0)
        XCTAssertEqual(rgba(continuous, 30, 30), [255, 0, 0, 255])
        // Symmetric about the diagonal.
        XCTAssertEqual(Int(continuous.pixel(x: 0, y: 99).a), 24, accuracy: 8)
    }

    func testContinuousCornersShapeTheClipAndTheBorder() {
        let clipped = bigCorner(.continuous, clip: true)
        XCTAssertEqual(Int(clipped.pixel(x: 99, y: 0).a), 24, accuracy: 8)
        XCTAssertEqual(Int(clipped.pixel(x: 95, y: 0).a), 0, accuracy: 4)
        // A 2-pt border follows the outline: at x = 95...96 the arc lies 0.13...0.08 below the top
        // (row 0 covered 90%), the continuous curve about 1.2 below (row 0 clear).
        let bordered = layer(CGRect(x: 0, y: 0, width: 320, height: 320), nil)
        bordered.cornerRadius = 100
        bordered.borderWidth = 2
        bordered.borderColor = blue
        bordered.cornerCurve = .continuous
        XCTAssertEqual(Int(render(bordered, width: 120, height: 120).pixel(x: 95, y: 0).a), 0, accuracy: 4)
        bordered.cornerCurve = .circular
        XCTAssertGreaterThan(Int(render(bordered, width: 120, height: 120).pixel(x: 95, y: 0).a), 200)
    }

    func testContinuousCornersThatDoNotFitFallBackToCircular() {
        // 20x20 with radius 8: the continuous corner would need 12.2 of each 10-point half side.
        let a = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red)
        a.cornerRadius = 8
        let b = layer(CGRect(x: 0, y: 0, width: 20, height: 20), red)
        b.cornerRadius = 8
        b.cornerCurve = .continuous
        let ia = render(a), ib = render(b)
        for y in 0..<20 {
            for x in 0..<20 { XCTAssertEqual(rgba(ia, x, y), rgba(ib, x, y), "(\(x), \(y))") }
        }
    }

    // MARK: allowsEdgeAntialiasing

    /// Alphas of a 20x20 square (red background, blue 3-pt border) turned 45° about its centre in
    /// a 40x40 target.
    private func rotatedSquareAlphas(antialiased: Bool) -> [UInt8] {
        let l = layer(CGRect(x: 10, y: 10, width: 20, height: 20), red)
        l.borderWidth = 3
        l.borderColor = blue
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        l.allowsEdgeAntialiasing = antialiased
        let img = render(l, width: 40, height: 40)
        return (0..<40).flatMap { y in (0..<40).map { x in img.pixel(x: x, y: y).a } }
    }

    func testRotatedLayerEdgesAreAliasedByDefault() {
        let alphas = rotatedSquareAlphas(antialiased: false)
        XCTAssertFalse(CALayer().allowsEdgeAntialiasing)
        XCTAssertTrue(alphas.allSatisfy { $0 == 0 || $0 == 255 }, "partial alphas: \(alphas.filter { $0 != 0 && $0 != 255 })")
        // The diamond's area is 400 points.
        XCTAssertEqual(alphas.filter { $0 == 255 }.count, 400, accuracy: 30)
    }

    func testRotatedLayerEdgesAreAntialiasedWhenAllowed() {
        let alphas = rotatedSquareAlphas(antialiased: true)
        XCTAssertGreaterThan(alphas.filter { $0 != 0 && $0 != 255 }.count, 40)
        // About the diamond's 400 points (edge pixels count a little more: the antialiased border
        // is blended over the antialiased background).
        XCTAssertEqual(alphas.reduce(0) { $0 + Int($1) }, 400 * 255, accuracy: 400 * 255 / 20)
    }

    func testAxisAlignedLayersKeepAntialiasedEdges() {
        // Not rotated: a half-pixel edge stays half covered even with allowsEdgeAntialiasing false.
        let l = layer(CGRect(x: 0.5, y: 0, width: 10, height: 10), red)
        l.transform = CATransform3DMakeScale(1, 1, 1)
        let img = render(l)
        assertPixel(rgba(img, 0, 5), [128, 0, 0, 128])
    }
}
