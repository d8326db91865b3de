import QuartzCore
import XCTest

final class CALayerGeometryTests: XCTestCase {
    func testDefaultsMatchCoreAnimation() {
        let l = CALayer()
        XCTAssertEqual(l.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(l.position, .zero)
        XCTAssertEqual(l.bounds, .zero)
        XCTAssertEqual(l.opacity, 1)
        XCTAssertFalse(l.isHidden)
        XCTAssertNil(l.backgroundColor)
        XCTAssertEqual(l.borderColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(l.borderWidth, 0)
        XCTAssertEqual(l.cornerRadius, 0)
        XCTAssertEqual(l.contentsGravity, .resize)
        XCTAssertEqual(l.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(l.contentsScale, 1)
        XCTAssertEqual(l.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(l.shadowRadius, 3)
        XCTAssertEqual(l.shadowOpacity, 0)
        XCTAssertTrue(l.isDoubleSided)
        XCTAssertFalse(l.masksToBounds)
        XCTAssertTrue(CATransform3DIsIdentity(l.transform))
        XCTAssertTrue(CATransform3DIsIdentity(l.sublayerTransform))
        XCTAssertNil(l.sublayers)
    }

    func testFrameIsPlacedByPositionAndAnchorPoint() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 100)
        XCTAssertEqual(l.frame, CGRect(x: 150, y: 75, width: 100, height: 50))
        l.anchorPoint = .zero
        XCTAssertEqual(l.frame, CGRect(x: 200, y: 100, width: 100, height: 50))
        l.anchorPoint = CGPoint(x: 1, y: 1)
        XCTAssertEqual(l.frame, CGRect(x: 100, y: 50, width: 100, height: 50))
    }

    func testSettingTheFrameSetsPositionAndBoundsSize() {
        let l = CALayer()
        l.anchorPoint = CGPoint(x: 0.25, y: 1)
        l.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
        XCTAssertEqual(l.position, CGPoint(x: 20, y: 80))
        XCTAssertEqual(l.bounds.size, CGSize(width: 40, height: 60))
        XCTAssertEqual(l.frame, CGRect(x: 10, y: 20, width: 40, height: 60))
    }

    func testFrameIsTheBoundingBoxOfTheTransformedBounds() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        l.position = CGPoint(x: 200, y: 100)
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        let f = l.frame
        XCTAssertEqual(f.origin.x, 175, accuracy: 1e-9)
        XCTAssertEqual(f.origin.y, 50, accuracy: 1e-9)
        XCTAssertEqual(f.width, 50, accuracy: 1e-9)
        XCTAssertEqual(f.height, 100, accuracy: 1e-9)
        l.transform = CATransform3DMakeScale(2, 3, 1)
        XCTAssertEqual(l.frame, CGRect(x: 100, y: 25, width: 200, height: 150))
        l.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        XCTAssertEqual(l.frame.width, 150 / 2.squareRoot(), accuracy: 1e-9)
    }

    /// Apple: the frame is derived from position, bounds, anchorPoint and transform, and setting
    /// it changes position and bounds.size. Under a scale or translation the frame set is the
    /// frame read back: bounds.size is the frame's size undone by the scale.
    func testSettingTheFrameOfAScaledOrTranslatedLayerReadsBack() {
        let l = CALayer()
        l.anchorPoint = CGPoint(x: 0.25, y: 1)
        l.transform = CATransform3DMakeScale(2, 0.5, 1)
        l.frame = CGRect(x: 10, y: 20, width: 40, height: 60)
        XCTAssertEqual(l.frame, CGRect(x: 10, y: 20, width: 40, height: 60))
        XCTAssertEqual(l.bounds.size, CGSize(width: 20, height: 120))
        l.transform = CATransform3DTranslate(CATransform3DMakeScale(-4, 2, 1), 5, 7, 0)
        l.frame = CGRect(x: 100, y: 50, width: 80, height: 30)
        XCTAssertEqual(l.frame.origin.x, 100, accuracy: 1e-9)
        XCTAssertEqual(l.frame.origin.y, 50, accuracy: 1e-9)
        XCTAssertEqual(l.frame.width, 80, accuracy: 1e-9)
        XCTAssertEqual(l.frame.height, 30, accuracy: 1e-9)
        XCTAssertEqual(l.bounds.size, CGSize(width: 20, height: 15))
    }

    /// Under a rotation no bounds give every frame; the size is taken as given and the frame's
    /// origin still reads back.
    func testSettingTheFrameOfARotatedLayerMatchesItsOrigin() {
        let l = CALayer()
        l.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        l.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(l.bounds.size, CGSize(width: 100, height: 50))
        XCTAssertEqual(l.frame.origin.x, 10, accuracy: 1e-9)
        XCTAssertEqual(l.frame.origin.y, 20, accuracy: 1e-9)
    }

    func testClockHandFramesAfterMovingTheAnchorPoint() {
        // Lockwood listing 3.2: hands centred on (150, 150) with anchorPoint (0.5, 0.9).
        let sizes = [CGSize(width: 16, height: 100), CGSize(width: 10, height: 140), CGSize(width: 4, height: 160)]
        let expected = [CGRect(x: 142, y: 60, width: 16, height: 100), CGRect(x: 145, y: 24, width: 10, height: 140),
                        CGRect(x: 148, y: 6, width: 4, height: 160)]
        for (size, frame) in zip(sizes, expected) {
            let hand = CALayer()
            hand.bounds = CGRect(origin: .zero, size: size)
            hand.position = CGPoint(x: 150, y: 150)
            hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
            XCTAssertEqual(hand.frame.origin.x, frame.origin.x, accuracy: 1e-9)
            XCTAssertEqual(hand.frame.origin.y, frame.origin.y, accuracy: 1e-9)
            XCTAssertEqual(hand.frame.size, frame.size)
        }
    }

    func testHandTipFollowsTheRotationAboutTheAnchor() {
        let container = CALayer()
        container.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
        let hand = CALayer()
        hand.bounds = CGRect(x: 0, y: 0, width: 4, height: 160)
        hand.position = CGPoint(x: 150, y: 150)
        hand.anchorPoint = CGPoint(x: 0.5, y: 0.9)
        container.addSublayer(hand)
        hand.setAffineTransform(CGAffineTransform(rotationAngle: .pi))   // 30 seconds
        var tip = container.convert(CGPoint(x: 2, y: 0), from: hand)
        XCTAssertEqual(tip.x, 150, accuracy: 1e-9)
        XCTAssertEqual(tip.y, 294, accuracy: 1e-9)
        hand.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))   // 15 seconds
        tip = hand.convert(CGPoint(x: 2, y: 0), to: container)
        XCTAssertEqual(tip.x, 294, accuracy: 1e-9)
        XCTAssertEqual(tip.y, 150, accuracy: 1e-9)
    }

    func testAffineTransformReadsBackTheAffinePart() {
        let l = CALayer()
        let t = CGAffineTransform(rotationAngle: 0.3).translatedBy(x: 4, y: 5)
        l.setAffineTransform(t)
        XCTAssertEqual(l.affineTransform(), t)
    }

    func testConvertThroughBoundsOriginAndSublayerTransform() {
        let parent = CALayer()
        parent.bounds = CGRect(x: 10, y: 20, width: 100, height: 100)
        parent.position = CGPoint(x: 50, y: 50)
        let child = CALayer()
        child.frame = CGRect(x: 30, y: 40, width: 10, height: 10)
        parent.addSublayer(child)
        // Child (0,0) is parent (30,40), which is 20,20 right/down of parent's bounds origin.
        XCTAssertEqual(parent.convert(CGPoint.zero, from: child), CGPoint(x: 30, y: 40))
        let root = CALayer()
        root.addSublayer(parent)
        // Parent's bounds origin (10,20) sits at its frame origin (0,0).
        XCTAssertEqual(root.convert(CGPoint.zero, from: child), CGPoint(x: 20, y: 20))
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        // About parent's anchor (60,70) in its bounds space: (30,40) -> (0,10).
        XCTAssertEqual(parent.convert(CGPoint.zero, from: child), CGPoint(x: 0, y: 10))
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 10), from: parent), .zero)
    }

    func testContainsUsesHalfOpenBounds() {
        let l = CALayer()
        l.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(l.contains(CGPoint(x: 0, y: 0)))
        XCTAssertTrue(l.contains(CGPoint(x: 9.99, y: 9.99)))
        XCTAssertFalse(l.contains(CGPoint(x: 10, y: 5)))
        XCTAssertFalse(l.contains(CGPoint(x: 5, y: 10)))
    }

    func testHitTestPrefersLaterSiblingsAndSkipsHiddenLayers() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        b.frame = CGRect(x: 30, y: 30, width: 50, height: 50)
        root.addSublayer(a)
        root.addSublayer(b)
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40)) === b)
        XCTAssertTrue(root.hitTest(CGPoint(x: 15, y: 15)) === a)
        b.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40)) === a)
        a.zPosition = -1
        b.isHidden = false
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40)) === b)
        XCTAssertNil(root.hitTest(CGPoint(x: 150, y: 40)))
    }

    /// Apple: `zPosition` changes the front-to-back order of layers on screen; `hitTest(_:)`
    /// walks the layer tree, so a sibling raised by `zPosition` is drawn in front but the later
    /// sibling is still the one hit.
    func testZPositionDoesNotChangeHitTestOrder() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        b.frame = CGRect(x: 30, y: 30, width: 50, height: 50)
        root.addSublayer(a)
        root.addSublayer(b)
        a.zPosition = 10
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40)) === b)
        b.zPosition = -10
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 40)) === b)
    }

    /// Apple: `hitTest(_:)` takes "a point in the coordinate system of the receiver's
    /// superlayer". For a root layer that is the space its `position` is given in: a root whose
    /// bounds are 100x100 at position (200, 200) covers (150...250, 150...250) there.
    func testHitTestOnARootLayerTakesThePointInTheSpaceOfItsPosition() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.position = CGPoint(x: 200, y: 200)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(child)
        XCTAssertNil(root.hitTest(CGPoint(x: 20, y: 20)))
        XCTAssertTrue(root.hitTest(CGPoint(x: 155, y: 155)) === child)
        XCTAssertTrue(root.hitTest(CGPoint(x: 240, y: 240)) === root)
        // A scale about the anchor point counts too: 2x covers (100...300).
        root.transform = CATransform3DMakeScale(2, 2, 1)
        XCTAssertTrue(root.hitTest(CGPoint(x: 110, y: 110)) === child)
        XCTAssertTrue(root.hitTest(CGPoint(x: 290, y: 290)) === root)
        XCTAssertNil(root.hitTest(CGPoint(x: 95, y: 200)))
    }

    /// The same for a sublayer: the point is in the superlayer's space, not the receiver's.
    func testHitTestOnASublayerTakesThePointInItsSuperlayersSpace() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let layer = CALayer()
        layer.frame = CGRect(x: 100, y: 100, width: 50, height: 50)
        root.addSublayer(layer)
        XCTAssertNil(layer.hitTest(CGPoint(x: 10, y: 10)))
        XCTAssertTrue(layer.hitTest(CGPoint(x: 110, y: 110)) === layer)
    }
}

final class PerspectiveHitTestingTests: XCTestCase {
    /// A 100x100 layer centred at (100, 100) of a 200x200 parent, turned 60° about y under a
    /// perspective of 500 points: its right edge (x = +50 from the centre) moves to depth
    /// z = -50·sin 60° and projects to x = 50·cos 60° / (1 + 50·sin 60°/500) = 23.02 from the centre.
    private func scene() -> (parent: CALayer, face: CALayer) {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        parent.sublayerTransform = perspective
        let face = CALayer()
        face.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        face.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        parent.addSublayer(face)
        return (parent, face)
    }

    func testConvertCarriesPointsAlongTheLineOfSight() {
        let (parent, face) = scene()
        let edge = parent.convert(CGPoint(x: 100, y: 50), from: face)
        let expected = 50 * cos(CGFloat.pi / 3) / (1 + 50 * sin(CGFloat.pi / 3) / 500)
        XCTAssertEqual(edge.x, 100 + expected, accuracy: 1e-9)
        XCTAssertEqual(edge.y, 100, accuracy: 1e-9)
        let back = face.convert(edge, from: parent)
        XCTAssertEqual(back.x, 100, accuracy: 1e-9)
        XCTAssertEqual(back.y, 50, accuracy: 1e-9)
    }

    func testHitTestFindsThePerspectiveLayerWhereItAppears() {
        let (parent, face) = scene()
        // 20 points right of the centre is inside the projected face (its edge is at +23.02)...
        XCTAssertTrue(parent.hitTest(CGPoint(x: 120, y: 100)) === face)
        // ...26 points right is outside it, though inside the unrotated frame.
        XCTAssertTrue(parent.hitTest(CGPoint(x: 126, y: 100)) === parent)
    }

    func testALayerSeenEdgeOnIsNotHit() {
        let (parent, face) = scene()
        face.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        XCTAssertTrue(parent.hitTest(CGPoint(x: 100, y: 100)) === parent)
    }
}
