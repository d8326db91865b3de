import CoreGraphics
import Foundation
@testable import QuartzCore
import XCTest

/// Small scenes rendered with `CARenderer` at scale 1 and media time 0, compared with reference PNGs in
/// `Golden/` (docs/GOLDEN.md says what each shows). Tolerance: every channel within 2 for at least 99.5%
/// of the pixels and within 16 everywhere. On a failure the worst pixel is printed and the actual picture
/// is written to a temporary file. `GOLDEN_UPDATE=1` (scripts/update-golden-images) rewrites the references.
final class GoldenImageTests: XCTestCase {
    private static let gray = CGColor(gray: 0.85, alpha: 1)

    // MARK: Scenes

    func testBackgroundBorderCornerRadius() throws {
        let root = canvas(160, 120)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.borderColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        card.borderWidth = 6
        card.cornerRadius = 16
        root.addSublayer(card)
        try assertGolden(root, "background-border-corner-radius")
    }

    func testNestedOpacityAndMasksToBounds() throws {
        let root = canvas(160, 160)
        let parent = CALayer()
        parent.frame = CGRect(x: 20, y: 20, width: 120, height: 120)
        parent.backgroundColor = CGColor(red: 0.1, green: 0.7, blue: 0.2, alpha: 1)
        parent.cornerRadius = 24
        parent.masksToBounds = true
        // Reaches past the parent's bottom-right rounded corner: clipped there.
        let child = CALayer()
        child.frame = CGRect(x: 60, y: 60, width: 100, height: 100)
        child.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        child.opacity = 0.5
        // Inside the half-transparent child, fully opaque itself: the group is 50% over the green.
        let grandchild = CALayer()
        grandchild.frame = CGRect(x: 10, y: 10, width: 30, height: 30)
        grandchild.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.9, alpha: 1)
        child.addSublayer(grandchild)
        parent.addSublayer(child)
        // Not clipped: outside the parent's top-left corner, 50% opaque.
        let outside = CALayer()
        outside.frame = CGRect(x: 4, y: 4, width: 40, height: 40)
        outside.backgroundColor = CGColor(red: 0.95, green: 0.75, blue: 0.1, alpha: 1)
        outside.opacity = 0.5
        root.addSublayer(parent)
        root.addSublayer(outside)
        try assertGolden(root, "nested-opacity-masks-to-bounds")
    }

    func testRotatedAboutAnAnchor() throws {
        let root = canvas(160, 160)
        // A 80x30 bar whose top-left corner (anchor (0, 0)) sits at (80, 80), turned 30° clockwise about it.
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 80, height: 30)
        bar.anchorPoint = .zero
        bar.position = CGPoint(x: 80, y: 80)
        bar.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        bar.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        // The same bar unrotated, for reference, and a dot on the anchor.
        let ghost = CALayer()
        ghost.frame = CGRect(x: 80, y: 80, width: 80, height: 30)
        ghost.borderColor = CGColor(gray: 0.4, alpha: 1)
        ghost.borderWidth = 1
        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        dot.position = CGPoint(x: 80, y: 80)
        dot.cornerRadius = 3
        dot.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
        for layer in [ghost, bar, dot] { root.addSublayer(layer) }
        try assertGolden(root, "rotated-anchor")
    }

    func testContentsResizeAspectNearest() throws {
        let root = canvas(160, 120)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        layer.borderColor = CGColor(gray: 0.4, alpha: 1)
        layer.borderWidth = 1
        // A 4x2-pixel image: scaled 40x to 160x80 and centred (20-point bands above and below), in sharp squares.
        layer.contents = checkerImage()
        layer.contentsGravity = .resizeAspect
        layer.magnificationFilter = .nearest
        root.addSublayer(layer)
        try assertGolden(root, "contents-resize-aspect-nearest")
    }

    func testCubeCornerOn() throws {
        try assertGolden(cube(xAngle: -.pi / 4, yAngle: -.pi / 4), "cube-corner-on")
    }

    func testCubeSecondAngle() throws {
        try assertGolden(cube(xAngle: -.pi / 8, yAngle: .pi / 6), "cube-second-angle")
    }

    func testShadowOffsetAndRadius() throws {
        let root = canvas(200, 120)
        // A white card casting a soft black shadow 6 right and 8 down (radius 6, opacity 0.6).
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 30, width: 70, height: 50)
        card.backgroundColor = CGColor(gray: 1, alpha: 1)
        card.shadowOpacity = 0.6
        card.shadowOffset = CGSize(width: 6, height: 8)
        card.shadowRadius = 6
        // A rounded orange square casting a hard blue shadow 5 left and 5 down (radius 0, opacity 1).
        let square = CALayer()
        square.frame = CGRect(x: 125, y: 30, width: 50, height: 50)
        square.backgroundColor = CGColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1)
        square.cornerRadius = 12
        square.shadowColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
        square.shadowOpacity = 1
        square.shadowOffset = CGSize(width: -5, height: 5)
        square.shadowRadius = 0
        root.sublayers = [card, square]
        try assertGolden(root, "shadow-offset-radius")
    }

    func testMaskLayer() throws {
        let root = canvas(160, 120)
        // A 120x80 layer, red left half and green right half, masked by a 70x70 opaque disc at
        // (25, 5) and a 50%-opaque 120x14 bar at (0, 60) in its own coordinates.
        let owner = CALayer()
        owner.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 60, height: 80)
        left.backgroundColor = CGColor(red: 0.9, green: 0.15, blue: 0.15, alpha: 1)
        right.frame = CGRect(x: 60, y: 0, width: 60, height: 80)
        right.backgroundColor = CGColor(red: 0.15, green: 0.7, blue: 0.2, alpha: 1)
        owner.sublayers = [left, right]
        let mask = CALayer()
        mask.frame = owner.bounds
        let disc = CALayer()
        disc.frame = CGRect(x: 25, y: 5, width: 70, height: 70)
        disc.cornerRadius = 35
        disc.backgroundColor = CGColor(gray: 0, alpha: 1)
        let bar = CALayer()
        bar.frame = CGRect(x: 0, y: 60, width: 120, height: 14)
        bar.backgroundColor = CGColor(gray: 0, alpha: 0.5)
        mask.sublayers = [disc, bar]
        owner.mask = mask
        root.addSublayer(owner)
        try assertGolden(root, "mask-layer")
    }

    func testContentsRectSprites() throws {
        let root = canvas(200, 100)
        // Two 80x80 layers showing 2x1-pixel parts of the 4x2 checker (nearest): the top row's middle
        // (green, blue) and the bottom row's right half (white, black).
        for (x, rect) in [(10, CGRect(x: 0.25, y: 0, width: 0.5, height: 0.5)),
                          (110, CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5))] {
            let sprite = CALayer()
            sprite.frame = CGRect(x: CGFloat(x), y: 10, width: 80, height: 80)
            sprite.contents = checkerImage()
            sprite.contentsRect = rect
            sprite.magnificationFilter = .nearest
            root.addSublayer(sprite)
        }
        try assertGolden(root, "contents-rect-sprites")
    }

    func testMaskedCornersAndCornerCurves() throws {
        let root = canvas(240, 120)
        // Left: only the top-left and bottom-right corners rounded (circular). Right: all four, continuous.
        let left = CALayer()
        left.frame = CGRect(x: 20, y: 20, width: 90, height: 80)
        left.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        left.cornerRadius = 24
        left.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMaxYCorner]
        let right = CALayer()
        right.frame = CGRect(x: 130, y: 20, width: 90, height: 80)
        right.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        right.cornerRadius = 24
        right.cornerCurve = .continuous
        right.borderWidth = 3
        right.borderColor = CGColor(red: 0.3, green: 0.2, blue: 0.1, alpha: 1)
        root.sublayers = [left, right]
        try assertGolden(root, "masked-corners-corner-curves")
    }

    func testGroupOpacityOnAndOff() throws {
        let root = canvas(240, 120)
        // The same 50% pair twice: grouped (left), the overlap shows only the child; ungrouped (right),
        // the parent shows through the child.
        for (x, grouped) in [(CGFloat(20), true), (CGFloat(130), false)] {
            let parent = CALayer()
            parent.frame = CGRect(x: x, y: 20, width: 70, height: 70)
            parent.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1)
            parent.opacity = 0.5
            parent.allowsGroupOpacity = grouped
            let child = CALayer()
            child.frame = CGRect(x: 30, y: 30, width: 60, height: 60)
            child.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)
            parent.addSublayer(child)
            root.addSublayer(parent)
        }
        try assertGolden(root, "group-opacity-on-off")
    }

    func testDoubleSidedUnderPerspective() throws {
        let root = canvas(240, 120)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 300
        root.sublayerTransform = perspective
        // Two cards turned 150° about y, so their backs face the viewer: the double-sided one shows its
        // mirrored face (the blue stripe on the left), the single-sided one is not drawn.
        for (x, doubleSided) in [(CGFloat(65), true), (CGFloat(175), false)] {
            let card = CALayer()
            card.bounds = CGRect(x: 0, y: 0, width: 80, height: 80)
            card.position = CGPoint(x: x, y: 60)
            card.backgroundColor = CGColor(red: 0.95, green: 0.85, blue: 0.3, alpha: 1)
            card.isDoubleSided = doubleSided
            card.transform = CATransform3DMakeRotation(.pi * 5 / 6, 0, 1, 0)
            let stripe = CALayer()
            stripe.frame = CGRect(x: 60, y: 0, width: 20, height: 80)
            stripe.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
            card.addSublayer(stripe)
            root.addSublayer(card)
        }
        try assertGolden(root, "double-sided-perspective")
    }

    func testContentsCenterNineSlice() throws {
        let root = canvas(200, 120)
        // A 24x24-pixel image of 8-pixel bands (red corners, green edges, blue centre) at contentsScale 0.5,
        // so 16-point corners; contentsCenter is the middle third. Stretched to 140x80 the corners keep
        // 16x16 points and the edges and centre stretch; at 40x40 points they keep 16, leaving an 8-point
        // centre.
        let image = bandImage()
        let wide = CALayer()
        wide.frame = CGRect(x: 10, y: 20, width: 140, height: 80)
        let small = CALayer()
        small.frame = CGRect(x: 156, y: 20, width: 40, height: 40)
        for layer in [wide, small] {
            layer.contents = image
            layer.contentsScale = 0.5
            layer.contentsCenter = CGRect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)
            layer.magnificationFilter = .nearest
            root.addSublayer(layer)
        }
        try assertGolden(root, "contents-center-nine-slice")
    }

    // MARK: Scene parts

    func testShapeCapsJoinsDashes() throws {
        let root = canvas(240, 140)
        let dark = CGColor(red: 0.1, green: 0.2, blue: 0.6, alpha: 1)
        // Three open zig-zags (butt/miter, round/round, square/bevel), then a dashed line with round caps.
        let styles: [(CAShapeLayerLineCap, CAShapeLayerLineJoin)] = [(.butt, .miter), (.round, .round), (.square, .bevel)]
        for (k, style) in styles.enumerated() {
            let zigzag = CGMutablePath()
            zigzag.move(to: CGPoint(x: 20, y: 70))
            zigzag.addLine(to: CGPoint(x: 45, y: 20))
            zigzag.addLine(to: CGPoint(x: 70, y: 70))
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: CGFloat(k) * 75, y: 10, width: 90, height: 80)
            shape.path = zigzag
            shape.fillColor = nil
            shape.strokeColor = dark
            shape.lineWidth = 12
            shape.lineCap = style.0
            shape.lineJoin = style.1
            root.addSublayer(shape)
        }
        let dashed = CAShapeLayer()
        dashed.frame = CGRect(x: 0, y: 100, width: 240, height: 30)
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 20, y: 15))
        line.addLine(to: CGPoint(x: 220, y: 15))
        dashed.path = line
        dashed.strokeColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        dashed.lineWidth = 8
        dashed.lineCap = .round
        dashed.lineDashPattern = [20, 16]
        dashed.lineDashPhase = 6
        root.addSublayer(dashed)
        try assertGolden(root, "shape-caps-joins-dashes")
    }

    func testShapeFillRulesAndStrokeEnd() throws {
        let root = canvas(240, 120)
        // Two overlapping circles in one path: non-zero fills both, even-odd leaves the lens empty.
        for (k, rule) in [CAShapeLayerFillRule.nonZero, .evenOdd].enumerated() {
            let rings = CGMutablePath()
            rings.addEllipse(in: CGRect(x: 10, y: 20, width: 60, height: 60))
            rings.addEllipse(in: CGRect(x: 40, y: 20, width: 60, height: 60))
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: CGFloat(k) * 70, y: 10, width: 50, height: 50)   // the path reaches past it
            shape.path = rings
            shape.fillColor = CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)
            shape.fillRule = rule
            shape.strokeColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
            shape.lineWidth = 2
            root.addSublayer(shape)
        }
        // A ring stroked from 12 o'clock clockwise to 70% of its length (a progress ring).
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 160, y: 20, width: 70, height: 70)
        let circle = CGMutablePath()
        circle.addArc(center: CGPoint(x: 35, y: 35), radius: 28, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        ring.path = circle
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        ring.lineWidth = 10
        ring.lineCap = .round
        ring.strokeEnd = 0.7
        root.addSublayer(ring)
        try assertGolden(root, "shape-fill-rules-stroke-end")
    }

    func testFullTurnArcsAreWholeCirclesEitherWay() throws {
        let root = canvas(250, 90)
        // Loaders' tracks: a full turn counter-clockwise, clockwise and from 12 o'clock, each a whole
        // circle; beside them a three-quarter arc for comparison.
        let arcs: [(CGFloat, CGFloat, Bool)] = [(0, 2 * .pi, false), (0, 2 * .pi, true), (-.pi / 2, 3 * .pi / 2, true),
                                                (0, 1.5 * .pi, false)]
        for (k, (start, end, clockwise)) in arcs.enumerated() {
            let shape = CAShapeLayer()
            shape.frame = CGRect(x: 10 + CGFloat(k) * 60, y: 15, width: 50, height: 50)
            let path = CGMutablePath()
            path.addArc(center: CGPoint(x: 25, y: 25), radius: 20, startAngle: start, endAngle: end, clockwise: clockwise)
            shape.path = path
            shape.fillColor = nil
            shape.strokeColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
            shape.lineWidth = 5
            shape.lineCap = .round
            root.addSublayer(shape)
        }
        try assertGolden(root, "shape-full-turn-arcs")
    }

    func testAttributedTextWithParagraphStyleKernStrokeAndLines() throws {
        let root = canvas(260, 150)
        let text = CATextLayer()
        text.frame = CGRect(x: 10, y: 10, width: 240, height: 130)
        text.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        text.isWrapped = true
        text.fontSize = 16
        text.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        func key(_ name: String) -> NSAttributedString.Key { NSAttributedString.Key(name) }
        let centred = NSMutableParagraphStyle()
        centred.alignment = .center
        centred.paragraphSpacing = 6
        let indented = NSMutableParagraphStyle()
        indented.firstLineHeadIndent = 24
        indented.lineSpacing = 4
        let string = NSMutableAttributedString(string: "Centred title\nAn indented paragraph that wraps, with kern, an outline and lines.")
        let title = NSRange(location: 0, length: 13)
        string.addAttributes([key("NSFont"): "Helvetica-Bold", key("NSParagraphStyle"): centred,
                              key("NSColor"): CGColor(red: 0.1, green: 0.3, blue: 0.8, alpha: 1)], range: title)
        string.addAttribute(key("NSParagraphStyle"), value: indented, range: NSRange(location: 14, length: string.length - 14))
        let ns = string.string as NSString
        string.addAttribute(key("NSKern"), value: 3, range: ns.range(of: "with kern"))
        string.addAttributes([key("NSStrokeWidth"), key("NSStrokeColor")].reduce(into: [:]) { attributes, key in
            attributes[key] = key.rawValue == "NSStrokeWidth" ? 4 as Any : CGColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1)
        }, range: ns.range(of: "an outline"))
        string.addAttribute(key("NSUnderline"), value: 1, range: ns.range(of: "and lines"))
        string.addAttribute(key("NSBackgroundColor"), value: CGColor(red: 1, green: 0.9, blue: 0.3, alpha: 1),
                            range: ns.range(of: "wraps"))
        text.string = string
        root.addSublayer(text)
        try assertGolden(root, "text-attributed-paragraphs")
    }

    func testGradientTypesAndLocations() throws {
        let root = canvas(300, 110)
        let colors = [CGColor(red: 0.95, green: 0.8, blue: 0.1, alpha: 1), CGColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 1),
                      CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)]
        let types: [(CAGradientLayerType, CGPoint, CGPoint)] = [
            (.axial, CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1)),          // diagonal
            (.radial, CGPoint(x: 0.5, y: 0.5), CGPoint(x: 1, y: 1)),     // the ellipse touching the sides
            (.conic, CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0.5, y: 0)),    // from 12 o'clock, clockwise
        ]
        for (k, (type, start, end)) in types.enumerated() {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 10 + CGFloat(k) * 97, y: 10, width: 86, height: 90)
            gradient.type = type
            gradient.colors = colors
            gradient.locations = [0, 0.3, 1]
            gradient.startPoint = start
            gradient.endPoint = end
            gradient.cornerRadius = k == 0 ? 12 : 0
            root.addSublayer(gradient)
        }
        try assertGolden(root, "gradient-types-locations")
    }

    func testReplicatorRingAndReflection() throws {
        let root = canvas(240, 140)
        // Twelve dots around a circle, each instance turned 30° about the centre and a little less green.
        let ring = CAReplicatorLayer()
        ring.frame = CGRect(x: 10, y: 10, width: 120, height: 120)
        ring.instanceCount = 12
        ring.instanceTransform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        ring.instanceColor = CGColor(red: 0.2, green: 1, blue: 0.4, alpha: 1)
        ring.instanceGreenOffset = -0.07
        ring.instanceRedOffset = 0.06
        let dot = CALayer()
        dot.frame = CGRect(x: 52, y: 6, width: 16, height: 16)
        dot.cornerRadius = 8
        dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        ring.addSublayer(dot)
        root.addSublayer(ring)
        // A card and its reflection: flipped about the replicator's centre, 35% opaque.
        let mirror = CAReplicatorLayer()
        mirror.frame = CGRect(x: 150, y: 0, width: 80, height: 140)
        mirror.instanceCount = 2
        mirror.instanceTransform = CATransform3DMakeScale(1, -1, 1)
        mirror.instanceAlphaOffset = -0.65
        let card = CALayer()
        card.frame = CGRect(x: 10, y: 20, width: 60, height: 50)   // bottom edge on the centre (y 70)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        let band = CALayer()
        band.frame = CGRect(x: 0, y: 0, width: 60, height: 12)
        band.backgroundColor = CGColor(red: 0.95, green: 0.6, blue: 0.1, alpha: 1)
        card.addSublayer(band)
        mirror.addSublayer(card)
        root.addSublayer(mirror)
        try assertGolden(root, "replicator-ring-reflection")
    }

    func testTiledLayerAtTwoLevelsOfDetail() throws {
        let root = canvas(260, 130)
        // The same 112-point picture twice: at full size (level 0: 64-point tiles, blue) and a layer
        // twice as large shown at half size (level -1: 128-point tiles of 64 pixels, orange).
        let full = CATiledLayer()
        full.frame = CGRect(x: 9, y: 9, width: 112, height: 112)
        let half = CATiledLayer()
        half.bounds = CGRect(x: 0, y: 0, width: 224, height: 224)
        half.position = CGPoint(x: 139 + 56, y: 9 + 56)
        half.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        for layer in [full, half] {
            layer.tileSize = CGSize(width: 64, height: 64)
            layer.levelsOfDetail = 2
            layer.delegate = levelArtist
            root.addSublayer(layer)
        }
        try assertGolden(root, "tiled-layer-levels-of-detail")
    }

    func testCompositingFilterBlendModes() throws {
        // Two rows of eight 36x92 tiles, each over its own band of a blue, magenta, yellow gradient
        // (top to bottom), each tile a group of an orange top half and a pale teal bottom half.
        let root = canvas(360, 220)
        let names = [
            "sourceOverCompositing", "multiplyBlendMode", "screenBlendMode", "overlayBlendMode",
            "darkenBlendMode", "lightenBlendMode", "colorDodgeBlendMode", "colorBurnBlendMode",
            "softLightBlendMode", "hardLightBlendMode", "differenceBlendMode", "exclusionBlendMode",
            "hueBlendMode", "saturationBlendMode", "colorBlendMode", "luminosityBlendMode",
        ]
        for row in 0..<2 {
            let band = CAGradientLayer()
            band.frame = CGRect(x: 4, y: 4 + CGFloat(row) * 108, width: 352, height: 104)
            band.colors = [CGColor(red: 0.15, green: 0.3, blue: 0.85, alpha: 1),
                           CGColor(red: 0.8, green: 0.25, blue: 0.6, alpha: 1),
                           CGColor(red: 0.95, green: 0.9, blue: 0.25, alpha: 1)]
            band.startPoint = CGPoint(x: 0.5, y: 0)
            band.endPoint = CGPoint(x: 0.5, y: 1)
            root.addSublayer(band)
            for column in 0..<8 {
                let tile = CALayer()
                tile.frame = CGRect(x: 8 + CGFloat(column) * 44, y: 10 + CGFloat(row) * 108, width: 36, height: 92)
                tile.compositingFilter = names[row * 8 + column]
                let top = CALayer()
                top.frame = CGRect(x: 0, y: 0, width: 36, height: 46)
                top.backgroundColor = CGColor(red: 0.95, green: 0.5, blue: 0.1, alpha: 1)
                let bottom = CALayer()
                bottom.frame = CGRect(x: 0, y: 46, width: 36, height: 46)
                bottom.backgroundColor = CGColor(red: 0.55, green: 0.85, blue: 0.8, alpha: 1)
                tile.addSublayer(top)
                tile.addSublayer(bottom)
                root.addSublayer(tile)
            }
        }
        try assertGolden(root, "compositing-filter-blend-modes")
    }

    func testBackdropBlurOverStripes() throws {
        // 8-point vertical stripes of red, white, blue and yellow under a 120x60 layer (corner radius
        // 12) blurring them (radius 6) under a white tint at 0.35: the stripes run together inside it.
        let root = canvas(200, 120)
        let colors = [CGColor(red: 0.9, green: 0.15, blue: 0.15, alpha: 1), CGColor(gray: 1, alpha: 1),
                      CGColor(red: 0.15, green: 0.3, blue: 0.9, alpha: 1), CGColor(red: 0.95, green: 0.85, blue: 0.1, alpha: 1)]
        for i in 0..<25 {
            let stripe = CALayer()
            stripe.frame = CGRect(x: CGFloat(i) * 8, y: 10, width: 8, height: 100)
            stripe.backgroundColor = colors[i % 4]
            root.addSublayer(stripe)
        }
        let effect = CALayer()
        effect.frame = CGRect(x: 40, y: 30, width: 120, height: 60)
        effect.cornerRadius = 12
        effect.backdropBlurRadius = 6
        effect.backgroundColor = CGColor(gray: 1, alpha: 0.35)
        root.addSublayer(effect)
        try assertGolden(root, "backdrop-blur-stripes")
    }

    private let levelArtist = LevelTileArtist()

    private func canvas(_ width: CGFloat, _ height: CGFloat) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = Self.gray
        return root
    }

    /// Red, green, blue, yellow over cyan, magenta, white, black; one pixel each.
    private func checkerImage() -> CGImage {
        let pixels: [UInt8] = [
            255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 0, 255,
            0, 255, 255, 255, 255, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255,
        ]
        return CGImage(width: 4, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                       provider: CGDataProvider(data: Data(pixels))!, decode: nil, shouldInterpolate: false,
                       intent: .defaultIntent)!
    }

    /// 24x24 pixels in 8-pixel bands: red corners, green edges, blue centre.
    private func bandImage() -> CGImage {
        var pixels: [UInt8] = []
        for y in 0..<24 {
            for x in 0..<24 {
                let edges = (x / 8 == 1 ? 1 : 0) + (y / 8 == 1 ? 1 : 0)
                pixels += [[230, 40, 40, 255], [40, 180, 60, 255], [40, 70, 230, 255]][edges]
            }
        }
        return CGImage(width: 24, height: 24, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 96,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                       provider: CGDataProvider(data: Data(pixels))!, decode: nil, shouldInterpolate: false,
                       intent: .defaultIntent)!
    }

    /// The guide's cube (Lockwood, chapter 5): six 200x200 faces, 100 points from the centre of a 400x400
    /// container whose `sublayerTransform` is a perspective (m34 = -1/500) rotated about x, then about y.
    private func cube(xAngle: CGFloat, yAngle: CGFloat) -> CALayer {
        let root = canvas(400, 400)
        let colors = [
            CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1), // 1 front: red
            CGColor(red: 0.2, green: 0.75, blue: 0.25, alpha: 1), // 2 right: green
            CGColor(red: 0.2, green: 0.35, blue: 0.9, alpha: 1), // 3 top: blue
            CGColor(red: 0.95, green: 0.8, blue: 0.15, alpha: 1), // 4 bottom: yellow
            CGColor(red: 0.2, green: 0.8, blue: 0.85, alpha: 1), // 5 left: cyan
            CGColor(red: 0.8, green: 0.3, blue: 0.8, alpha: 1), // 6 back: magenta
        ]
        let transforms = [
            CATransform3DMakeTranslation(0, 0, 100),
            CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
            CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0),
        ]
        let container = CALayer()
        container.frame = root.bounds
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        perspective = CATransform3DRotate(perspective, xAngle, 1, 0, 0)
        perspective = CATransform3DRotate(perspective, yAngle, 0, 1, 0)
        container.sublayerTransform = perspective
        for (color, transform) in zip(colors, transforms) {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            face.position = CGPoint(x: 200, y: 200)
            face.backgroundColor = color
            face.borderColor = CGColor(gray: 0.1, alpha: 1)
            face.borderWidth = 2
            face.isDoubleSided = false
            face.transform = transform
            container.addSublayer(face)
        }
        root.addSublayer(container)
        return root
    }

    // MARK: Rendering and comparison

    private func render(_ root: CALayer, backend: CARenderBackend) -> CGImage {
        let ctx = CGContext(data: nil, width: Int(root.bounds.width), height: Int(root.bounds.height),
                            bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.backend = backend
        renderer.layer = root
        renderer.scale = 1
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.endFrame()
        return ctx.makeImage()!
    }

    private func assertGolden(_ root: CALayer, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let wasFrozen = CAMediaClock.isFrozen
        CAMediaClock.freeze(at: 0)
        defer { if !wasFrozen { CAMediaClock.unfreeze() } }
        for backend in GoldenImage.backends {
            guard let png = render(root, backend: backend).pngData() else { return XCTFail("\(name): PNG encoding failed", file: file, line: line) }
            try GoldenImage.assertMatches(png, name, backend: backend, file: file, line: line)
        }
    }
}

/// Paints each tile of a tiled layer in its level's colour (by the context's scale: 1 blue, 0.5
/// orange) with its outline, and, across tiles, a circle filling the layer and its diagonals, so
/// seams and resolution show.
final class LevelTileArtist: NSObject, CALayerDelegate, @unchecked Sendable {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        let scale = (ctx.ctm.a * ctx.ctm.a + ctx.ctm.b * ctx.ctm.b).squareRoot()
        let b = layer.bounds
        ctx.setFillColor(scale >= 1 ? CGColor(red: 0.55, green: 0.75, blue: 0.95, alpha: 1)
                                    : CGColor(red: 0.98, green: 0.7, blue: 0.4, alpha: 1))
        ctx.fill(tile)
        ctx.setStrokeColor(CGColor(gray: 0.2, alpha: 1))
        ctx.setLineWidth(2 / scale)
        ctx.stroke(tile.insetBy(dx: 1 / scale, dy: 1 / scale))
        ctx.setFillColor(CGColor(red: 0.9, green: 0.1, blue: 0.2, alpha: 1))
        ctx.fillEllipse(in: b.insetBy(dx: b.width * 0.15, dy: b.height * 0.15))
        ctx.setStrokeColor(CGColor(gray: 1, alpha: 1))
        ctx.setLineWidth(b.width / 56)
        ctx.strokeLineSegments(between: [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.maxY),
                                         CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.minX, y: b.maxY)])
    }
}
