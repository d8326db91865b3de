@testable import QuartzCore
import XCTest

final class CATransform3DTests: XCTestCase {
    func testIdentityHasOnesOnTheDiagonal() {
        let t = CATransform3DIdentity
        XCTAssertEqual([t.m11, t.m22, t.m33, t.m44], [1, 1, 1, 1])
        XCTAssertEqual([t.m12, t.m21, t.m34, t.m41], [0, 0, 0, 0])
        XCTAssertTrue(CATransform3DIsIdentity(t))
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3D()))
    }

    func testRotationAboutZTurnsXTowardsYWhichIsClockwiseOnScreen() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        XCTAssertEqual(r.m11, 0, accuracy: 1e-12)
        XCTAssertEqual(r.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(r.m21, -1, accuracy: 1e-12)
        XCTAssertEqual(r.m22, 0, accuracy: 1e-12)
        let p = r.projectPoint(CGPoint(x: 1, y: 0))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testRotationAboutAZeroAxisIsTheIdentity() {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    func testRotationAboutYMovesXIntoNegativeZ() {
        let r = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        let h = r.mapHomogeneous(x: 1, y: 0)
        XCTAssertEqual(h.x, 0, accuracy: 1e-12)
        XCTAssertEqual(h.z, -1, accuracy: 1e-12)
    }

    func testConcatAppliesTheFirstArgumentFirst() {
        let translate = CATransform3DMakeTranslation(10, 0, 0)
        let scale = CATransform3DMakeScale(2, 2, 1)
        // Translate then scale: (1,1) -> (11,1) -> (22,2).
        let p = CATransform3DConcat(translate, scale).projectPoint(CGPoint(x: 1, y: 1))
        XCTAssertEqual(p, CGPoint(x: 22, y: 2))
        // Scale then translate: (1,1) -> (2,2) -> (12,2).
        XCTAssertEqual(CATransform3DConcat(scale, translate).projectPoint(CGPoint(x: 1, y: 1)), CGPoint(x: 12, y: 2))
    }

    func testTranslateScaleAndRotatePrependTheirOperation() {
        let base = CATransform3DMakeScale(2, 2, 1)
        // t' = translate * t: the translation is scaled by t.
        let t = CATransform3DTranslate(base, 5, 0, 0)
        XCTAssertEqual(t.m41, 10)
        XCTAssertEqual(CATransform3DScale(CATransform3DMakeTranslation(5, 0, 0), 3, 3, 1).m41, 5)
        let r = CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi, 0, 0, 1)
        XCTAssertEqual(r.m41, 5, accuracy: 1e-12)
        XCTAssertEqual(r.m11, -1, accuracy: 1e-12)
    }

    func testInvertUndoesAnInvertibleTransformAndKeepsASingularOne() {
        var t = CATransform3DMakeRotation(0.7, 1, 2, 3)
        t = CATransform3DTranslate(t, 4, -5, 6)
        t.m34 = -1.0 / 500
        let product = CATransform3DConcat(t, CATransform3DInvert(t))
        for i in 0..<4 { for j in 0..<4 { XCTAssertEqual(product[i, j], i == j ? 1 : 0, accuracy: 1e-9) } }
        let singular = CATransform3DMakeScale(0, 1, 1)
        XCTAssertEqual(CATransform3DInvert(singular), singular)
    }

    func testAffineConversionsRoundTrip() {
        let a = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(a)
        XCTAssertTrue(CATransform3DIsAffine(t))
        XCTAssertEqual(CATransform3DGetAffineTransform(t), a)
        var p = t
        p.m34 = -0.002
        XCTAssertFalse(CATransform3DIsAffine(p))
    }

    func testPerspectiveDividesByW() {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        let r = CATransform3DConcat(CATransform3DMakeTranslation(0, 0, 100), t)
        // z = 100 -> w = 1 + 100 * (-1/500)... row vector: w = z * m34 + 1 = 0.8.
        let p = r.projectPoint(CGPoint(x: 40, y: 0))
        XCTAssertEqual(p.x, 50, accuracy: 1e-9)
    }
}
