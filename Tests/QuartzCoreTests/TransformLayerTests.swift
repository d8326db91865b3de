import Foundation
import QuartzCore
import XCTest

/// `CATransformLayer`: sublayers rendered in the parent's 3D space (not flattened), depth-sorted with
/// the other layers of that context; the transform layer's own properties ignored; hit testing of
/// its sublayers only; presentation copies keep the class.
///
/// The scene of seed-examples §7.2.5 (Lockwood listing 6.5): a 500x400 container with perspective
/// m34 = -1/500 and two cubes of six 100x100 faces, each cube a transform layer at the container's
/// centre; cube 1 is moved 100 points left, cube 2 100 points right and turned corner-on.
final class TransformLayerTests: XCTestCase {
    private static let faceTransforms: [CATransform3D] = [
        CATransform3DMakeTranslation(0, 0, 50),
        CATransform3DRotate(CATransform3DMakeTranslation(50, 0, 0), .pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, -50, 0), .pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 50, 0), -.pi / 2, 1, 0, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(-50, 0, 0), -.pi / 2, 0, 1, 0),
        CATransform3DRotate(CATransform3DMakeTranslation(0, 0, -50), .pi, 0, 1, 0),
    ]
    /// Distinct opaque colours per face (r, g, b bytes): cube 1 then cube 2.
    private static let colors: [[UInt8]] = [
        [200, 40, 40], [40, 200, 40], [40, 40, 200], [200, 200, 40], [200, 40, 200], [40, 200, 200],
        [120, 60, 20], [20, 120, 60], [60, 20, 120], [240, 160, 100], [100, 240, 160], [160, 100, 240],
    ]

    private static func cgColor(_ c: [UInt8]) -> CGColor {
        CGColor(red: CGFloat(c[0]) / 255, green: CGFloat(c[1]) / 255, blue: CGFloat(c[2]) / 255, alpha: 1)
    }

    private static let cube2Transform: CATransform3D = {
        var t = CATransform3DMakeTranslation(100, 0, 0)
        t = CATransform3DRotate(t, -.pi / 4, 1, 0, 0)
        t = CATransform3DRotate(t, -.pi / 4, 0, 1, 0)
        return t
    }()

    /// The two-cube scene: (root = container at the origin, cube 1, cube 2).
    private func twoCubes(cube2: CATransform3D = TransformLayerTests.cube2Transform)
        -> (CALayer, CATransformLayer, CATransformLayer) {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 500, height: 400)
        container.backgroundColor = CGColor(gray: 1, alpha: 1)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        var cubes: [CATransformLayer] = []
        for (n, transform) in [CATransform3DMakeTranslation(-100, 0, 0), cube2].enumerated() {
            let cube = CATransformLayer()
            cube.position = CGPoint(x: 250, y: 200)
            cube.transform = transform
            for (i, faceTransform) in Self.faceTransforms.enumerated() {
                let face = CALayer()
                face.frame = CGRect(x: -50, y: -50, width: 100, height: 100)
                face.backgroundColor = Self.cgColor(Self.colors[n * 6 + i])
                face.transform = faceTransform
                face.name = "cube \(n + 1) face \(i + 1)"
                cube.addSublayer(face)
            }
            container.addSublayer(cube)
            cubes.append(cube)
        }
        return (container, cubes[0], cubes[1])
    }

    private func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        Array(rgba(image, x, y).prefix(3))
    }

    /// Whether two colours are within `tolerance` per channel.
    private func near(_ a: [UInt8], _ b: [UInt8], _ tolerance: Int = 2) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    /// §7.2.5: cube 1's front face covers container-relative (-166.7...-55.6, -55.6...55.6), i.e.
    /// pixels (83.3...194.4, 144.4...255.6); its right face shows as a sliver x -55.6...-45.5 (in front
    /// of the background, behind the front face); outside, the background.
    func testCube1FrontFaceCoversItsProjection() {
        let (container, _, _) = twoCubes()
        let image = renderOffscreen(container, width: 500, height: 400)
        let front = Self.colors[0], right = Self.colors[1], white: [UInt8] = [255, 255, 255]
        for y in stride(from: 147, through: 252, by: 7) {
            for x in stride(from: 86, through: 191, by: 7) {
                XCTAssert(near(rgb(image, x, y), front), "(\(x), \(y)) = \(rgb(image, x, y)), not the front face")
            }
        }
        // Just outside the front face's left, top and bottom edges: the background.
        for y in stride(from: 150, through: 250, by: 10) {
            XCTAssertEqual(rgb(image, 81, y), white, "left of the front face at y \(y)")
        }
        for x in stride(from: 90, through: 190, by: 10) {
            XCTAssertEqual(rgb(image, x, 142), white, "above the front face at x \(x)")
            XCTAssertEqual(rgb(image, x, 258), white, "below the front face at x \(x)")
        }
        // The right face's sliver, then the background beyond it (x -45.5 -> pixel 204.5).
        XCTAssert(near(rgb(image, 199, 200), right), "sliver: \(rgb(image, 199, 200))")
        XCTAssertEqual(rgb(image, 207, 200), white)
        // The cubes are true 3D objects: cube 2's silhouette (x 27.4...183.7 from the centre) is drawn,
        // its front-facing faces 1, 2, 3 meeting at the near corner (120.6, 17.7).
        XCTAssertNotEqual(rgb(image, 250 + 121, 200 + 12), white)
        XCTAssertEqual(rgb(image, 250 + 190, 200), white)
    }

    /// §7.2.5: turning cube 2 (about its own centre) leaves cube 1's pixels unchanged.
    func testRotatingCube2LeavesCube1Unchanged() {
        let (a, _, _) = twoCubes()
        let (b, _, cube2) = twoCubes()
        cube2.transform = CATransform3DRotate(Self.cube2Transform, 1.1, 0, 1, 0)
        let before = renderOffscreen(a, width: 500, height: 400)
        let after = renderOffscreen(b, width: 500, height: 400)
        var differences = 0
        for y in 0..<400 {
            for x in 0..<230 where rgba(before, x, y) != rgba(after, x, y) { differences += 1 }
        }
        XCTAssertEqual(differences, 0, "cube 1's half changed")
        // Cube 2 itself did change.
        var changed = 0
        for y in stride(from: 100, to: 300, by: 2) {
            for x in stride(from: 260, to: 450, by: 2) where rgba(before, x, y) != rgba(after, x, y) { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 100)
    }

    /// A transform layer draws nothing of its own: background, border, shadow and contents are
    /// ignored, and masksToBounds does not clip its sublayers.
    func testOwnPropertiesAreNotDrawn() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let t = CATransformLayer()
        t.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        t.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        t.borderWidth = 4
        t.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        t.shadowOpacity = 1
        t.masksToBounds = true
        let child = CALayer()
        child.frame = CGRect(x: -5, y: 30, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        t.addSublayer(child)
        root.addSublayer(t)
        let image = renderOffscreen(root, width: 100, height: 100)
        XCTAssertEqual(rgba(image, 50, 50), [0, 0, 0, 0], "the background is not drawn")
        XCTAssertEqual(rgba(image, 50, 11), [0, 0, 0, 0], "the border is not drawn")
        XCTAssertEqual(rgba(image, 60, 15), [0, 0, 0, 0])
        XCTAssertEqual(rgba(image, 15, 50), [0, 0, 255, 255], "the sublayer is drawn")
        XCTAssertEqual(rgba(image, 7, 50), [0, 0, 255, 255], "masksToBounds does not clip")
        // Drawn as the root of a render too.
        let alone = renderOffscreen(t, width: 100, height: 100)
        XCTAssertEqual(rgba(alone, 50, 50), [0, 0, 0, 0])
        XCTAssertEqual(rgba(alone, 15, 50), [0, 0, 255, 255])
    }

    /// Opacity is not a group: each sublayer gets it individually.
    func testOpacityAppliesToEachSublayer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let t = CATransformLayer()
        t.frame = root.bounds
        t.opacity = 0.5
        for x in [10, 30] {
            let child = CALayer()
            child.frame = CGRect(x: CGFloat(x), y: 10, width: 40, height: 40)
            child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            t.addSublayer(child)
        }
        root.addSublayer(t)
        let image = renderOffscreen(root, width: 100, height: 100)
        let single = Int(rgba(image, 20, 20)[3]), overlap = Int(rgba(image, 40, 20)[3])
        XCTAssertEqual(single, 128, accuracy: 2)
        XCTAssertEqual(overlap, 191, accuracy: 2, "the overlap shows both halves: no group")
    }

    /// Sublayers of sibling transform layers are sorted together: a face of one cube in front of a
    /// face of the other wins whatever the tree order.
    func testSublayersOfTransformLayersAreDepthSortedTogether() {
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        let near = CALayer(), far = CALayer()
        for (layer, z, color) in [(near, CGFloat(20), CGColor(red: 1, green: 0, blue: 0, alpha: 1)),
                                  (far, CGFloat(-20), CGColor(red: 0, green: 0, blue: 1, alpha: 1))] {
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.position = .zero
            layer.zPosition = z
            layer.backgroundColor = color
        }
        let a = CATransformLayer(), b = CATransformLayer()
        a.position = CGPoint(x: 50, y: 50)
        b.position = CGPoint(x: 50, y: 50)
        a.addSublayer(near)
        b.addSublayer(far)
        container.sublayers = [a, b]   // the far layer's transform layer comes later in tree order
        let image = renderOffscreen(container, width: 100, height: 100)
        XCTAssertEqual(rgba(image, 50, 50), [255, 0, 0, 255])
    }

    /// Hit testing tests only the sublayers, through the composed 3D transforms, in CALayer's order
    /// (later siblings first, not depth: as on Apple platforms, the back face added last wins).
    func testHitTestReachesOnlySublayers() {
        let (container, cube1, _) = twoCubes()
        // Cube 1's front face centre projects to container-relative (-111.1, 0); the back face's
        // projection (-136.4...-45.5) covers it too.
        XCTAssertEqual(container.hitTest(CGPoint(x: 250 - 111.1, y: 200))?.name, "cube 1 face 6")
        cube1.sublayers![5].isHidden = true
        XCTAssertEqual(container.hitTest(CGPoint(x: 250 - 111.1, y: 200))?.name, "cube 1 face 1")
        // Left of the front face's centre, the left face (face 5, x -166.7...-136.4) is also under the point.
        XCTAssertEqual(container.hitTest(CGPoint(x: 250 - 160, y: 200))?.name, "cube 1 face 5")
        XCTAssertNil(container.hitTest(CGPoint(x: 250 - 170, y: 200)).flatMap { $0 === container ? nil : $0 })
        // A point of the container outside every face: the container, never a transform layer.
        XCTAssertTrue(container.hitTest(CGPoint(x: 20, y: 20)) === container)
        cube1.bounds = CGRect(x: -200, y: -200, width: 400, height: 400)
        XCTAssertNil(cube1.hitTest(CGPoint(x: 20, y: 20)))
        // Conversion composes the 4x4 transforms: the front face's corner (0, 0) lies at
        // container-relative (-50 - 100, -50) * 1/(1 - 50/500) = (-166.7, -55.6).
        let face = cube1.sublayers![0]
        let corner = face.convert(CGPoint.zero, to: container)
        XCTAssertEqual(corner.x, 250 - 166.667, accuracy: 0.01)
        XCTAssertEqual(corner.y, 200 - 55.556, accuracy: 0.01)
    }

    /// Presentation copies keep the class.
    func testPresentationCopyIsATransformLayer() {
        let (container, cube1, _) = twoCubes()
        CATransaction.flush()
        let p = cube1.presentation()
        XCTAssertNotNil(p)
        XCTAssertFalse(p === cube1)
        XCTAssertTrue(p?.model() === cube1)
        XCTAssertTrue(p?.superlayer?.model() === container)
        XCTAssertTrue(p?.sublayers?.first?.superlayer is CATransformLayer)
    }
}
