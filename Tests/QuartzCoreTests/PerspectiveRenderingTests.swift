import Foundation
import QuartzCore
import XCTest

/// Scenes with perspective rendered by `CARenderer`, checked against coordinates worked out by hand.
///
/// Common setup: a 200x200 container at the origin whose `sublayerTransform` is a perspective with the
/// eye `d` points in front of the plane (`m34 = -1/d`), applied about the container's centre
/// (100, 100). A sublayer centred there, turned by a rotation R, sends its anchor-relative point
/// (x, y) to (x', y', z') = (x, y, 0) R, and on screen to (100 + x'/w, 100 + y'/w), w = 1 - z'/d.
final class PerspectiveRenderingTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let clear: [UInt8] = [0, 0, 0, 0]
    private let opaqueRed: [UInt8] = [255, 0, 0, 255]
    private let opaqueBlue: [UInt8] = [0, 0, 255, 255]

    private func render(_ layer: CALayer, width: Int = 200, height: Int = 200, scale: CGFloat = 1) -> CGImage {
        renderOffscreen(layer, width: width, height: height, scale: scale)
    }

    private func isBlank(_ image: CGImage) -> Bool {
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).a != 0 { return false }
        }
        return true
    }

    /// A 200x200 container with perspective `m34 = -1/eye` about its centre.
    private func container(eye: CGFloat) -> CALayer {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / eye
        container.sublayerTransform = perspective
        return container
    }

    /// A layer of `size` centred in the 200x200 container.
    private func card(_ size: CGSize, color: CGColor?, transform: CATransform3D) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint(x: 100, y: 100)
        layer.backgroundColor = color
        layer.transform = transform
        return layer
    }

    /// Left half red, right half blue (two sublayers), on a clear 100x100 layer.
    private func twoToneCard(transform: CATransform3D) -> CALayer {
        let layer = card(CGSize(width: 100, height: 100), color: nil, transform: transform)
        let left = CALayer(), right = CALayer()
        left.frame = CGRect(x: 0, y: 0, width: 50, height: 100)
        left.backgroundColor = red
        right.frame = CGRect(x: 50, y: 0, width: 50, height: 100)
        right.backgroundColor = blue
        layer.sublayers = [left, right]
        return layer
    }

    // MARK: Perspective

    func testPerspectiveMakesTheNearerEdgeTaller() {
        // 45° about y: x' = x cos45, z' = -x sin45. Left edge (x = -50): z' = 35.36, w = 0.92929,
        // screen x = 100 - 35.36/0.92929 = 61.95, half height 50/w = 53.80 (rows 46.20...153.80).
        // Right edge (x = 50): w = 1.07071, screen x = 133.02, half height 46.70 (rows 53.30...146.70).
        let root = container(eye: 500)
        root.addSublayer(card(CGSize(width: 100, height: 100), color: red,
                              transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0)))
        let img = render(root)
        // Inside and outside the near (left) edge.
        XCTAssertEqual(rgba(img, 63, 100), opaqueRed)
        XCTAssertEqual(rgba(img, 60, 100), clear)
        // The near edge is taller: at column 63 the top edge is at y 46.35, the bottom at 153.65.
        XCTAssertEqual(rgba(img, 63, 47), opaqueRed)
        XCTAssertEqual(rgba(img, 63, 152), opaqueRed)
        XCTAssertEqual(rgba(img, 63, 45), clear)
        XCTAssertEqual(rgba(img, 63, 154), clear)
        // Near the far (right) edge, column 131: top edge at 53.15, bottom at 146.85.
        XCTAssertEqual(rgba(img, 131, 47), clear)
        XCTAssertEqual(rgba(img, 131, 152), clear)
        XCTAssertEqual(rgba(img, 131, 55), opaqueRed)
        XCTAssertEqual(rgba(img, 131, 145), opaqueRed)
        XCTAssertEqual(rgba(img, 132, 100), opaqueRed)
        XCTAssertEqual(rgba(img, 134, 100), clear)
    }

    func testPerspectiveInTheLayersOwnTransformMatchesTheSameInTheParents() {
        // transform = R * P about the layer's own anchor: the same picture as R in a parent with P.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let own = CATransform3DConcat(CATransform3DMakeRotation(.pi / 4, 0, 1, 0), perspective)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        root.addSublayer(card(CGSize(width: 100, height: 100), color: red, transform: own))
        let img = render(root)
        XCTAssertEqual(rgba(img, 63, 47), opaqueRed)
        XCTAssertEqual(rgba(img, 60, 100), clear)
        XCTAssertEqual(rgba(img, 131, 47), clear)
        XCTAssertEqual(rgba(img, 131, 55), opaqueRed)
        XCTAssertEqual(rgba(img, 134, 100), clear)
    }

    func testZPositionMovesALayerTowardsTheViewerUnderPerspective() {
        // zPosition 100 with the eye at 500: w = 0.8, the 100x100 layer covers 37.5...162.5.
        let root = container(eye: 500)
        let layer = card(CGSize(width: 100, height: 100), color: red, transform: CATransform3DIdentity)
        layer.zPosition = 100
        root.addSublayer(layer)
        let img = render(root)
        XCTAssertEqual(rgba(img, 38, 100), opaqueRed)
        XCTAssertEqual(rgba(img, 161, 161), opaqueRed)
        XCTAssertEqual(rgba(img, 36, 100), clear)
        XCTAssertEqual(rgba(img, 163, 100), clear)
    }

    func testEdgePixelsShowOnlyTheColourAtTheEdge() {
        // At scale 8 the left edge lies at 8 * 61.954 = 495.63: pixel 495 is partly covered and
        // samples just outside the layer. It must show the edge's red, never the far side's blue
        // (pixman's projective sampler returns garbage for sample points left of the source).
        let root = container(eye: 500)
        root.addSublayer(twoToneCard(transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0)))
        let img = render(root, width: 1600, height: 1600, scale: 8)
        for y in stride(from: 400, through: 1200, by: 50) {
            for x in 480...520 {
                XCTAssertEqual(img.pixel(x: x, y: y).b, 0, "(\(x), \(y))")
            }
        }
        let edge = rgba(img, 495, 800)
        XCTAssertEqual(edge[0], edge[3])
        XCTAssertEqual(Int(edge[3]), 93, accuracy: 3)   // 1 - 0.63 of the pixel covered
    }

    func testPerspectiveScalesWithTheRenderersScale() {
        // The 45° scene at scale 2: every coordinate doubles (left edge at 123.9, right at 266.0).
        let root = container(eye: 500)
        root.addSublayer(card(CGSize(width: 100, height: 100), color: red,
                              transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0)))
        let img = render(root, width: 400, height: 400, scale: 2)
        XCTAssertEqual(rgba(img, 126, 200), opaqueRed)
        XCTAssertEqual(rgba(img, 121, 200), clear)
        XCTAssertEqual(rgba(img, 126, 95), opaqueRed)
        XCTAssertEqual(rgba(img, 126, 91), clear)
        XCTAssertEqual(rgba(img, 264, 200), opaqueRed)
        XCTAssertEqual(rgba(img, 268, 200), clear)
    }

    func testOpacityAppliesToALayerInPerspective() {
        let root = container(eye: 500)
        let layer = card(CGSize(width: 100, height: 100), color: red, transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0))
        layer.opacity = 0.5
        root.addSublayer(layer)
        let p = rgba(render(root), 100, 100)
        XCTAssertEqual(Int(p[3]), 128, accuracy: 1)
        XCTAssertEqual(p[0], p[3])
    }

    func testAGroupOpacityAboveALayerInPerspectiveAppliesToIt() {
        let root = container(eye: 500)
        root.opacity = 0.5
        root.addSublayer(card(CGSize(width: 100, height: 100), color: red, transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0)))
        let p = rgba(render(root), 100, 100)
        XCTAssertEqual(Int(p[3]), 128, accuracy: 1)
        XCTAssertEqual(p[0], p[3])
    }

    func testSublayersOutsideTheBoundsAreFlattenedIntoTheLayersPlane() {
        // A 20x20 sublayer hanging to the right of the bounds (layer x 100...120, anchor-relative
        // 50...70): z' = -35.36...-49.50, w = 1.0707...1.0990, screen x 133.0...145.0.
        let root = container(eye: 500)
        let layer = card(CGSize(width: 100, height: 100), color: nil, transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0))
        let tab = CALayer()
        tab.frame = CGRect(x: 100, y: 40, width: 20, height: 20)
        tab.backgroundColor = blue
        layer.addSublayer(tab)
        root.addSublayer(layer)
        let img = render(root)
        XCTAssertEqual(rgba(img, 139, 100), opaqueBlue)
        XCTAssertEqual(rgba(img, 131, 100), clear)
        XCTAssertEqual(rgba(img, 147, 100), clear)
    }

    func testAMaskingAncestorClipsALayerInPerspective() {
        // The container is 100 wide (perspective about its centre, (50, 100)); the card sits 40 to the
        // right of that centre: screen x = 50 + (40 + x cos45)/w. Left edge 50 + 4.64/0.92929 = 54.99,
        // right edge 50 + 75.36/1.07071 = 120.38, beyond the container's right side at 100.
        let root = container(eye: 500)
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 200)
        root.position = CGPoint(x: 50, y: 100)
        let layer = card(CGSize(width: 100, height: 100), color: red, transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0))
        layer.position = CGPoint(x: 90, y: 100)
        root.addSublayer(layer)
        var img = render(root)
        XCTAssertEqual(rgba(img, 56, 100), opaqueRed)
        XCTAssertEqual(rgba(img, 53, 100), clear)
        XCTAssertEqual(rgba(img, 110, 100), opaqueRed)
        root.masksToBounds = true
        img = render(root)
        XCTAssertEqual(rgba(img, 56, 100), opaqueRed)
        XCTAssertEqual(rgba(img, 99, 100), opaqueRed)
        XCTAssertEqual(rgba(img, 100, 100), clear)
        XCTAssertEqual(rgba(img, 110, 100), clear)
    }

    // MARK: Back faces

    func testASingleSidedLayerTurnedAwayIsNotDrawn() {
        let turned = CATransform3DMakeRotation(.pi, 0, 1, 0)
        // Through perspective.
        let root = container(eye: 500)
        let layer = twoToneCard(transform: turned)
        layer.isDoubleSided = false
        root.addSublayer(layer)
        XCTAssertTrue(isBlank(render(root)))
        // Without perspective (the affine path).
        let flat = CALayer()
        flat.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let flatLayer = twoToneCard(transform: turned)
        flatLayer.isDoubleSided = false
        flat.addSublayer(flatLayer)
        XCTAssertTrue(isBlank(render(flat)))
    }

    func testADoubleSidedLayerTurnedAwayShowsItsContentMirrored() {
        let turned = CATransform3DMakeRotation(.pi, 0, 1, 0)
        for perspective in [true, false] {
            let root = perspective ? container(eye: 500) : container(eye: .infinity)
            root.addSublayer(twoToneCard(transform: turned))
            let img = render(root)
            // The card covers 50...150; turned about y, its right (blue) half shows on the left.
            XCTAssertEqual(rgba(img, 60, 100), opaqueBlue, "perspective \(perspective)")
            XCTAssertEqual(rgba(img, 140, 100), opaqueRed, "perspective \(perspective)")
            XCTAssertEqual(rgba(img, 48, 100), clear, "perspective \(perspective)")
            XCTAssertEqual(rgba(img, 152, 100), clear, "perspective \(perspective)")
        }
    }

    func testASingleSidedLayerFacingTheViewerIsDrawn() {
        let root = container(eye: 500)
        let layer = card(CGSize(width: 100, height: 100), color: red, transform: CATransform3DMakeRotation(.pi / 4, 0, 1, 0))
        layer.isDoubleSided = false
        root.addSublayer(layer)
        XCTAssertEqual(rgba(render(root), 100, 100), opaqueRed)
    }

    func testASingleSidedContainerWithEmptyBoundsFacesByItsTransform() {
        // A 0x0 layer holding a 100x100 sublayer: it faces the viewer until turned past 90°.
        for (angle, drawn) in [(CGFloat.pi / 4, true), (.pi * 3 / 4, false)] {
            let root = container(eye: 500)
            let holder = card(.zero, color: nil, transform: CATransform3DMakeRotation(angle, 0, 1, 0))
            holder.isDoubleSided = false
            let content = CALayer()
            content.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
            content.backgroundColor = red
            holder.addSublayer(content)
            root.addSublayer(holder)
            XCTAssertEqual(rgba(render(root), 100, 100), drawn ? opaqueRed : clear, "angle \(angle)")
        }
    }

    // MARK: Degenerate views

    func testALayerSeenEdgeOnDrawsNothing() {
        for eye: CGFloat in [500, .infinity] {
            let root = container(eye: eye)
            root.addSublayer(card(CGSize(width: 100, height: 100), color: red,
                                  transform: CATransform3DMakeRotation(.pi / 2, 1, 0, 0)))
            XCTAssertTrue(isBlank(render(root)), "eye \(eye)")
        }
    }

    func testOnlyThePartInFrontOfTheViewerIsDrawn() {
        // Eye at 60, a 400x100 layer turned 60° about y: x' = x/2, z' = -0.866x, w = 1 + 0.01443x,
        // which is positive for x > -69.28 only. That part spans screen x from -∞ to 100 + 100/3.887
        // = 125.7. The part behind the eye (x < -69.28) would project, mirrored, onto x > 153
        // (x = -200: w = -1.887, screen x 153.0): nothing may be drawn there.
        let root = container(eye: 60)
        root.addSublayer(card(CGSize(width: 400, height: 100), color: red,
                              transform: CATransform3DMakeRotation(.pi / 3, 0, 1, 0)))
        let img = render(root)
        XCTAssertEqual(rgba(img, 120, 100), opaqueRed)  // x = 94.6
        XCTAssertEqual(rgba(img, 5, 100), opaqueRed)    // x = -50.8, half height 187
        XCTAssertEqual(rgba(img, 5, 5), opaqueRed)
        XCTAssertEqual(rgba(img, 128, 100), clear)
        for x in stride(from: 130, to: 200, by: 5) {
            XCTAssertEqual(rgba(img, x, 100), clear, "column \(x)")
        }
    }

    func testALayerEntirelyBehindTheViewerDrawsNothing() {
        // zPosition 200 with the eye at 100: w = -1 everywhere.
        let root = container(eye: 100)
        let layer = card(CGSize(width: 100, height: 100), color: red, transform: CATransform3DIdentity)
        layer.zPosition = 200
        root.addSublayer(layer)
        XCTAssertTrue(isBlank(render(root)))
    }

    // MARK: The cube

    /// The guide's cube: six 200x200 faces 100 points from the centre of a container whose
    /// sublayer transform is a perspective (eye at 500) turned -45° about x, then -45° about y.
    static func cube(doubleSided: Bool) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        perspective = CATransform3DRotate(perspective, -.pi / 4, 1, 0, 0)
        perspective = CATransform3DRotate(perspective, -.pi / 4, 0, 1, 0)
        root.sublayerTransform = perspective
        let faces: [(CATransform3D, CGColor)] = [
            (CATransform3DMakeTranslation(0, 0, 100), CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)),
            (CATransform3DRotate(CATransform3DMakeTranslation(100, 0, 0), .pi / 2, 0, 1, 0),
             CGColor(red: 0.2, green: 0.7, blue: 0.2, alpha: 1)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, -100, 0), .pi / 2, 1, 0, 0),
             CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 100, 0), -.pi / 2, 1, 0, 0),
             CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1)),
            (CATransform3DRotate(CATransform3DMakeTranslation(-100, 0, 0), -.pi / 2, 0, 1, 0),
             CGColor(red: 0.1, green: 0.8, blue: 0.8, alpha: 1)),
            (CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -100), .pi, 0, 1, 0),
             CGColor(red: 0.8, green: 0.2, blue: 0.8, alpha: 1)),
        ]
        for (transform, color) in faces {
            let face = CALayer()
            face.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            face.position = CGPoint(x: 200, y: 200)
            face.backgroundColor = color
            face.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            face.borderWidth = 4
            face.transform = transform
            face.isDoubleSided = doubleSided
            root.addSublayer(face)
        }
        return root
    }

    func testTheCubeShowsItsFrontRightAndTopFacesCornerOn() throws {
        let img = render(Self.cube(doubleSided: false), width: 400, height: 400)
        if let dir = ProcessInfo.processInfo.environment["PERSPECTIVE_TEST_PNG_DIR"] {
            try img.pngData()?.write(to: URL(fileURLWithPath: dir).appendingPathComponent("cube.png"))
        }
        // Face centres, projected by hand. The container turns (x, y, z) by -45° about y, then -45°
        // about x (which brings the top towards the viewer): front centre (0, 0, 100) -> (-70.7, 50, 50),
        // w = 0.9 -> screen (121.4, 255.6); right centre (100, 0, 0) -> (70.7, 50, 50) -> (278.6, 255.6);
        // top centre (0, -100, 0) -> (0, -70.7, 70.7), w = 0.8586 -> (200, 117.6).
        XCTAssertEqual(rgba(img, 121, 255), [230, 51, 51, 255])
        XCTAssertEqual(rgba(img, 279, 255), [51, 179, 51, 255])
        // The top face hides the single-sided back faces (the bottom, yellow, among them).
        XCTAssertEqual(rgba(img, 200, 117), [51, 76, 230, 255])
        // Below the cube's lowest corner: the white background.
        XCTAssertEqual(rgba(img, 200, 395), [255, 255, 255, 255])
    }

    func testDoubleSidedCubeFacesAreDrawnBackToFront() {
        // All faces double-sided: the back faces 4, 5, 6 are drawn too, and were added after 1, 2, 3;
        // depth sorting puts them behind. Camera-space z of the centres (before the divide): front
        // (0, 0, 100) -> 50, right (100, 0, 0) -> 50, top (0, -100, 0) -> 70.7, bottom -> -70.7,
        // left -> -50, back -> -50. Face centres on screen as in the test above (§7.2.2: 1 lower left,
        // 2 lower right, 3 top).
        let img = render(Self.cube(doubleSided: true), width: 400, height: 400)
        XCTAssertEqual(rgba(img, 121, 255), [230, 51, 51, 255])
        XCTAssertEqual(rgba(img, 279, 255), [51, 179, 51, 255])
        XCTAssertEqual(rgba(img, 200, 117), [51, 76, 230, 255])
        // Near the shared near corner (0, 44.5) from the centre: the three front faces meet there.
        XCTAssertEqual(rgba(img, 170, 250), [230, 51, 51, 255])
        XCTAssertEqual(rgba(img, 230, 250), [51, 179, 51, 255])
        XCTAssertEqual(rgba(img, 200, 200), [51, 76, 230, 255])
    }

    func testSiblingsAreOrderedByDepthNotInsertion() {
        // Two cards turned about y; the one whose centre lies nearer the viewer (z = +40 from its
        // zPosition-free translation) is drawn last although it was added first.
        let root = container(eye: 500)
        let near = card(CGSize(width: 100, height: 100), color: red, transform: CATransform3DMakeTranslation(0, 0, 40))
        let far = card(CGSize(width: 100, height: 100), color: blue, transform: CATransform3DMakeTranslation(20, 0, -40))
        root.addSublayer(near)
        root.addSublayer(far)
        let img = render(root)
        // Both cover the centre; the near (red) one wins.
        XCTAssertEqual(rgba(img, 100, 100), opaqueRed)
    }

    func testAShapePathReachingPastItsBoundsIsNotCutInPerspective() {
        let root = container(eye: 500)
        let shape = CAShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        shape.position = CGPoint(x: 100, y: 100)
        shape.path = CGPath(ellipseIn: CGRect(x: -30, y: -30, width: 80, height: 80), transform: nil)
        shape.fillColor = red
        shape.transform = CATransform3DMakeRotation(0.3, 0, 1, 0)
        root.addSublayer(shape)
        let image = render(root)
        // The disc's centre row, 30 points left of the centre: inside the disc, outside the bounds.
        XCTAssertEqual(image.pixel(x: 72, y: 100).a, 255, "the path past the bounds is drawn")
        XCTAssertEqual(image.pixel(x: 100, y: 100).r, 255)
    }
}
