import CoreGraphics
import XCTest

final class CGAffineTransformTests: XCTestCase {
    func testIdentityHasUnitDiagonalAndNoTranslation() {
        let t = CGAffineTransform.identity
        XCTAssertEqual([t.a, t.b, t.c, t.d, t.tx, t.ty], [1, 0, 0, 1, 0, 0])
        XCTAssertTrue(t.isIdentity)
        XCTAssertFalse(CGAffineTransform(translationX: 1, y: 0).isIdentity)
    }

    func testDefaultInitializerIsAllZerosLikeTheCStruct() {
        XCTAssertEqual(CGAffineTransform(), CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
    }

    func testTranslationMovesPoints() {
        let t = CGAffineTransform(translationX: 3, y: 4)
        XCTAssertEqual(CGPoint(x: 1, y: 2).applying(t), CGPoint(x: 4, y: 6))
        XCTAssertEqual(t, CGAffineTransform(1, 0, 0, 1, 3, 4))
    }

    func testScaleMultipliesCoordinates() {
        let t = CGAffineTransform(scaleX: 2, y: 3)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 2, y: 3))
    }

    func testRotationByQuarterTurnTakesXAxisToYAxis() {
        let t = CGAffineTransform(rotationAngle: .pi / 2)
        XCTAssertEqualPoints(CGPoint(x: 1, y: 0).applying(t), CGPoint(x: 0, y: 1))
        XCTAssertEqualPoints(CGPoint(x: 0, y: 1).applying(t), CGPoint(x: -1, y: 0))
        XCTAssertEqual(t.b, 1)
        XCTAssertEqual(t.c, -1)
    }

    func testPointMappingIsAxPlusCyPlusTx() {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // (1*10 + 3*20 + 5, 2*10 + 4*20 + 6)
        XCTAssertEqual(CGPoint(x: 10, y: 20).applying(t), CGPoint(x: 75, y: 106))
    }

    func testConcatenatingMultipliesInApplicationOrder() {
        let t1 = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t2 = CGAffineTransform(a: 7, b: 8, c: 9, d: 10, tx: 11, ty: 12)
        XCTAssertEqual(t1.concatenating(t2), CGAffineTransform(a: 25, b: 28, c: 57, d: 64, tx: 100, ty: 112))
    }

    func testConcatenatingAppliesTheReceiverFirst() {
        let translate = CGAffineTransform(translationX: 10, y: 0)
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(translate.concatenating(scale)), CGPoint(x: 22, y: 2))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)), CGPoint(x: 12, y: 2))
    }

    func testTranslatedByTranslatesInTheInputSpace() {
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 10, y: 0)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 22, y: 2))
    }

    func testScaledByAndRotatedByPrecedeTheReceiver() {
        let scaled = CGAffineTransform(translationX: 10, y: 0).scaledBy(x: 3, y: 1)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scaled), CGPoint(x: 13, y: 1))
        let rotated = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        XCTAssertEqualPoints(CGPoint(x: 1, y: 0).applying(rotated), CGPoint(x: 10, y: 1))
    }

    func testInvertedUndoesTheTransform() {
        let t = CGAffineTransform(translationX: 10, y: 20).scaledBy(x: 2, y: 4).rotated(by: 0.3)
        let p = CGPoint(x: 3, y: -7)
        XCTAssertEqualPoints(p.applying(t).applying(t.inverted()), p)
        let inverse = CGAffineTransform(scaleX: 2, y: 4).inverted()
        XCTAssertEqual(inverse, CGAffineTransform(scaleX: 0.5, y: 0.25))
        XCTAssertEqual(CGAffineTransform(translationX: 3, y: -2).inverted(), CGAffineTransform(translationX: -3, y: 2))
    }

    func testInvertingASingularTransformReturnsItUnchanged() {
        let singular = CGAffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 5, ty: 6)
        XCTAssertEqual(singular.inverted(), singular)
        XCTAssertEqual(CGAffineTransform(scaleX: 0, y: 1).inverted(), CGAffineTransform(scaleX: 0, y: 1))
    }

    func testSizeApplyingIgnoresTranslationAndMayBeNegative() {
        let t = CGAffineTransform(rotationAngle: .pi / 2).translatedBy(x: 100, y: 100)
        let size = CGSize(width: 2, height: 3).applying(t)
        XCTAssertEqual(size.width, -3, accuracy: 1e-12)
        XCTAssertEqual(size.height, 2, accuracy: 1e-12)
    }

    func testRectApplyingReturnsTheBoundingBoxOfTheTransformedCorners() {
        let rotated = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqualRects(rotated, CGRect(x: -1, y: 0, width: 1, height: 2))
        let scaled = CGRect(x: 1, y: 1, width: 2, height: 2).applying(CGAffineTransform(scaleX: -1, y: 2))
        XCTAssertEqual(scaled, CGRect(x: -3, y: 2, width: 2, height: 4))
        let diamond = CGRect(x: -1, y: -1, width: 2, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 4))
        XCTAssertEqualRects(diamond, CGRect(x: -2.0.squareRoot(), y: -2.0.squareRoot(),
                                            width: 2 * 2.0.squareRoot(), height: 2 * 2.0.squareRoot()))
    }

    func testRectApplyingKeepsTheNullRectNull() {
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(translationX: 5, y: 5)).isNull)
    }
}
