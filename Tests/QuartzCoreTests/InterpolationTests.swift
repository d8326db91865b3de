@testable import QuartzCore
import XCTest

final class InterpolationTests: XCTestCase {
    // MARK: Numbers

    func testCGFloatInterpolatesLinearlyAndExtrapolates() {
        let from: CGFloat = 10, to: CGFloat = 20
        XCTAssertEqual(Interpolation.interpolate(from, to, 0) as? CGFloat, 10)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0.25) as? CGFloat, 12.5)
        XCTAssertEqual(Interpolation.interpolate(from, to, 1) as? CGFloat, 20)
        XCTAssertEqual(Interpolation.interpolate(from, to, 1.5) as? CGFloat, 25)
        XCTAssertEqual(Interpolation.interpolate(from, to, -0.5) as? CGFloat, 5)
    }

    func testFloatOpacityStaysFloat() {
        let value = Interpolation.interpolate(Float(0), Float(1), 0.25)
        XCTAssertTrue(value is Float)
        XCTAssertEqual(value as? Float, 0.25)
        XCTAssertEqual(Interpolation.interpolate(Float(0.2), Float(1), 1) as? Float, 1)
    }

    func testDoubleStaysDouble() {
        XCTAssertEqual(Interpolation.interpolate(-4.0, 4.0, 0.25) as? Double, -2)
        XCTAssertEqual(Interpolation.interpolate(-4.0, 4.0, 2) as? Double, 12)
    }

    func testIntegersRoundToTheNearestWholeValue() {
        XCTAssertEqual(Interpolation.interpolate(0, 10, 0.25) as? Int, 3)   // 2.5 rounds away from zero
        XCTAssertEqual(Interpolation.interpolate(0, 10, 0.24) as? Int, 2)
        XCTAssertEqual(Interpolation.interpolate(0, 10, 1) as? Int, 10)
        XCTAssertEqual(Interpolation.interpolate(Int32(0), Int32(-10), 0.5) as? Int32, -5)
        XCTAssertNil(Interpolation.interpolate(UInt8(0), UInt8(200), 2), "400 does not fit a UInt8")
    }

    func testMixedNumericTypesComeBackAsTheToValuesType() {
        let a = Interpolation.interpolate(0, CGFloat(10), 0.25)
        XCTAssertTrue(a is CGFloat)
        XCTAssertEqual(a as? CGFloat, 2.5)
        let b = Interpolation.interpolate(CGFloat(1), Float(2), 0.5)
        XCTAssertTrue(b is Float)
        XCTAssertEqual(b as? Float, 1.5)
        let c = Interpolation.interpolate(2.0, 4, 0.5)
        XCTAssertTrue(c is Int)
        XCTAssertEqual(c as? Int, 3)
    }

    func testNSNumberComesBackAsCGFloat() {
        let value = Interpolation.interpolate(NSNumber(value: 1), NSNumber(value: 3), 0.25)
        XCTAssertTrue(value is CGFloat)
        XCTAssertEqual(value as? CGFloat, 1.5)
        XCTAssertEqual(Interpolation.interpolate(CGFloat(0), NSNumber(value: 8), 0.25) as? CGFloat, 2)
    }

    func testOptionalsAreLookedThrough() {
        let from: CGFloat? = 0
        XCTAssertEqual(Interpolation.interpolate(from as Any, CGFloat(4), 0.25) as? CGFloat, 1)
    }

    // MARK: Geometry

    func testPointsInterpolatePerComponent() {
        let from = CGPoint(x: 0, y: 100), to = CGPoint(x: 40, y: 60)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0) as? CGPoint, from)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0.25) as? CGPoint, CGPoint(x: 10, y: 90))
        XCTAssertEqual(Interpolation.interpolate(from, to, 1) as? CGPoint, to)
        XCTAssertEqual(Interpolation.interpolate(from, to, 1.5) as? CGPoint, CGPoint(x: 60, y: 40))
    }

    func testSizesInterpolatePerComponent() {
        let from = CGSize(width: 10, height: 20), to = CGSize(width: 50, height: 0)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0) as? CGSize, from)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0.25) as? CGSize, CGSize(width: 20, height: 15))
        XCTAssertEqual(Interpolation.interpolate(from, to, 1) as? CGSize, to)
        XCTAssertEqual(Interpolation.interpolate(from, to, -1) as? CGSize, CGSize(width: -30, height: 40))
    }

    func testRectsInterpolateOriginAndSize() {
        let from = CGRect(x: 0, y: 0, width: 100, height: 40), to = CGRect(x: 20, y: -40, width: 60, height: 80)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0) as? CGRect, from)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0.25) as? CGRect, CGRect(x: 5, y: -10, width: 90, height: 50))
        XCTAssertEqual(Interpolation.interpolate(from, to, 1) as? CGRect, to)
        XCTAssertEqual(Interpolation.interpolate(from, to, 2) as? CGRect, CGRect(x: 40, y: -80, width: 20, height: 120))
    }

    func testVectorsInterpolatePerComponent() {
        let from = CGVector(dx: 0, dy: 8), to = CGVector(dx: 4, dy: 0)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0.25) as? CGVector, CGVector(dx: 1, dy: 6))
        XCTAssertEqual(Interpolation.interpolate(from, to, 1.25) as? CGVector, CGVector(dx: 5, dy: -2))
    }

    // MARK: Arrays

    func testArraysOfNumbersInterpolateElementByElementKeepingTheirType() {
        let from: [CGFloat] = [0, 0.5, 1], to: [CGFloat] = [0.4, 0.5, 0.6]
        XCTAssertEqual(Interpolation.interpolate(from, to, 0.25) as? [CGFloat], [0.1, 0.5, 0.9])
        XCTAssertEqual(Interpolation.interpolate(from, to, 1) as? [CGFloat], to)
        XCTAssertEqual(Interpolation.interpolate([0.0, 8.0], [4.0, 0.0], 1.5) as? [Double], [6, -4])

        let numbers = Interpolation.interpolate([NSNumber(value: 0), NSNumber(value: 4)],
                                                [NSNumber(value: 8), NSNumber(value: 0)], 0.25)
        XCTAssertEqual((numbers as? [NSNumber])?.map(\.doubleValue), [2, 3])

        let mixed = Interpolation.interpolate([0, CGFloat(0)] as [Any], [10, 2.0] as [Any], 0.25) as? [Any]
        XCTAssertEqual(mixed?[0] as? Int, 3)
        XCTAssertEqual(mixed?[1] as? Double, 0.5)
    }

    func testArraysOfDifferentLengthsDoNotInterpolate() {
        XCTAssertNil(Interpolation.interpolate([CGFloat(0), 1], [CGFloat(0), 1, 2], 0.5))
    }

    // MARK: Colors

    func testOpaqueRedToTransparentBlueStaysRedWhileFading() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), clearBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 0)
        // Premultiplied: (1, 0, 0, 1) and (0, 0, 0, 0); halfway (0.5, 0, 0, 0.5) = red at half alpha.
        XCTAssertEqual((Interpolation.interpolate(red, clearBlue, 0.5) as? CGColor)?.components, [1, 0, 0, 0.5])
        XCTAssertEqual((Interpolation.interpolate(red, clearBlue, 0.25) as? CGColor)?.components, [1, 0, 0, 0.75])
        XCTAssertEqual((Interpolation.interpolate(red, clearBlue, 1) as? CGColor)?.components, [0, 0, 1, 0])
    }

    func testColorsWithAlphaInterpolateInPremultipliedSpace() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), halfBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        // (1, 0, 0, 1) and (0, 0, 0.5, 0.5) premultiplied; halfway (0.5, 0, 0.25, 0.75) -> (2/3, 0, 1/3, 0.75).
        let c = (Interpolation.interpolate(red, halfBlue, 0.5) as? CGColor)?.components ?? []
        XCTAssertEqual(c.count, 4)
        XCTAssertEqual(c[0], 2.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(c[1], 0)
        XCTAssertEqual(c[2], 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(c[3], 0.75)
    }

    func testColorEndsAreTheColorsThemselves() {
        let a = CGColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.3), b = CGColor(gray: 1, alpha: 1)
        XCTAssertTrue(Interpolation.interpolate(a, b, 0) as? CGColor === a)
        XCTAssertTrue(Interpolation.interpolate(a, b, 1) as? CGColor === b)
    }

    func testOpaqueColorsInterpolateStraightAndClampWhenExtrapolated() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        XCTAssertEqual((Interpolation.interpolate(red, blue, 0.25) as? CGColor)?.components, [0.75, 0, 0.25, 1])
        XCTAssertEqual((Interpolation.interpolate(red, blue, 1.5) as? CGColor)?.components, [0, 0, 1, 1])
    }

    func testGrayColorsActAsRGB() {
        let white = CGColor(gray: 1, alpha: 1), red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let mixed = Interpolation.interpolate(white, red, 0.5) as? CGColor
        XCTAssertEqual(mixed?.components, [1, 0.5, 0.5, 1])
        XCTAssertEqual(mixed?.colorSpace?.model, .rgb)
        let gray = Interpolation.interpolate(CGColor(gray: 0, alpha: 1), white, 0.25) as? CGColor
        XCTAssertEqual(gray?.components, [0.25, 1])
        XCTAssertEqual(gray?.colorSpace?.model, .monochrome)
    }

    // MARK: Transforms

    func testHalfTurnAnimatesThroughAQuarterTurnNotAShrink() {
        let halfTurn = CATransform3DMakeRotation(.pi, 0, 0, 1)
        let t = Interpolation.interpolate(CATransform3DIdentity, halfTurn, 0.5) as? CATransform3D
        XCTAssertNotNil(t)
        guard let t else { return }
        let quarter = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        assertEqual(t, quarter, accuracy: 1e-12)
        // A quarter of the way: 45°, still unit length (an element-wise lerp would give 0.5 at 0.25).
        let q = Interpolation.interpolate(CATransform3DIdentity, halfTurn, 0.25) as? CATransform3D
        assertEqual(q, CATransform3DMakeRotation(.pi / 4, 0, 0, 1), accuracy: 1e-12)
    }

    func testRotationsAboutDifferentAxesTakeTheShortestArc() {
        // Quarter turns about x and about y: halfway is a turn of 2·acos(√(2/3)) about (1, 1, 0).
        let t = Interpolation.interpolate(CATransform3DMakeRotation(.pi / 2, 1, 0, 0),
                                          CATransform3DMakeRotation(.pi / 2, 0, 1, 0), 0.5) as? CATransform3D
        assertEqual(t, CATransform3DMakeRotation(2 * acos((2.0 / 3).squareRoot()), 1, 1, 0), accuracy: 1e-12)
    }

    func testFullTurnMatrixShowsNoMotion() {
        let fullTurn = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
        for f in [0.25, 0.5, 0.75] {
            assertEqual(Interpolation.interpolate(CATransform3DIdentity, fullTurn, f) as? CATransform3D,
                        CATransform3DIdentity, accuracy: 1e-12)
        }
    }

    func testTransformEndsAreExact() {
        let a = CATransform3DMakeRotation(0.3, 1, 2, 3), b = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual(Interpolation.interpolate(a, b, 0) as? CATransform3D, a)
        XCTAssertEqual(Interpolation.interpolate(a, b, 1) as? CATransform3D, b)
    }

    func testTranslationAndScaleInterpolateComponentwise() {
        let from = CATransform3DMakeTranslation(10, 20, 0)
        let to = CATransform3DConcat(CATransform3DMakeScale(3, 5, 1), CATransform3DMakeTranslation(50, 100, 8))
        var expected = CATransform3DMakeScale(1.5, 2, 1)
        expected.m41 = 20; expected.m42 = 40; expected.m43 = 2
        assertEqual(Interpolation.interpolate(from, to, 0.25) as? CATransform3D, expected, accuracy: 1e-12)
        // Extrapolated: scale (4, 7, 1), translation (70, 140, 12).
        var beyond = CATransform3DMakeScale(4, 7, 1)
        beyond.m41 = 70; beyond.m42 = 140; beyond.m43 = 12
        assertEqual(Interpolation.interpolate(from, to, 1.5) as? CATransform3D, beyond, accuracy: 1e-12)
    }

    func testAnyDecomposableTransformRecomposesBetweenItselfAndItself() {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 800
        let shear = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0.3, m22: 1, m23: 0, m24: 0,
                                  m31: 0.1, m32: -0.2, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)
        let parts = [CATransform3DMakeScale(-2, 0.5, 3), shear, CATransform3DMakeRotation(2.5, 1, -2, 0.5),
                     CATransform3DMakeTranslation(30, -40, 5), perspective]
        let t = parts.dropFirst().reduce(parts[0], CATransform3DConcat)
        for f in [0.001, 0.5, 0.999] {
            assertEqual(Interpolation.interpolate(t, t, f) as? CATransform3D, t, accuracy: 1e-9)
        }
    }

    func testPerspectiveInterpolates() {
        var to = CATransform3DIdentity
        to.m34 = -1.0 / 500
        var expected = CATransform3DIdentity
        expected.m34 = -1.0 / 1000
        assertEqual(Interpolation.interpolate(CATransform3DIdentity, to, 0.5) as? CATransform3D, expected, accuracy: 1e-15)
    }

    func testRotationExtrapolatesAlongTheSameAxis() {
        let quarter = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        assertEqual(Interpolation.interpolate(CATransform3DIdentity, quarter, 1.5) as? CATransform3D,
                    CATransform3DMakeRotation(3 * .pi / 4, 1, 0, 0), accuracy: 1e-12)
    }

    func testZeroScaleFallsBackToElementwise() {
        let nothing = CATransform3DMakeScale(0, 0, 1)
        assertEqual(Interpolation.interpolate(nothing, CATransform3DIdentity, 0.25) as? CATransform3D,
                    CATransform3DMakeScale(0.25, 0.25, 1), accuracy: 1e-15)
    }

    func testAffineTransformsDecomposeToo() {
        let halfTurn = CGAffineTransform(rotationAngle: .pi).translatedBy(x: 0, y: 0)
        let t = Interpolation.interpolate(CGAffineTransform.identity, halfTurn, 0.5) as? CGAffineTransform
        XCTAssertEqual(t?.a ?? 9, 0, accuracy: 1e-12)
        XCTAssertEqual(abs(t?.b ?? 9), 1, accuracy: 1e-12)
        let moved = Interpolation.interpolate(CGAffineTransform(translationX: 10, y: 0),
                                              CGAffineTransform(scaleX: 3, y: 3), 0.5) as? CGAffineTransform
        XCTAssertEqual(moved, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 0))
    }

    // MARK: Paths

    func testPathsWithTheSameStructureInterpolatePointByPoint() {
        let from = CGMutablePath()
        from.move(to: CGPoint(x: 0, y: 0))
        from.addLine(to: CGPoint(x: 100, y: 0))
        from.addCurve(to: CGPoint(x: 0, y: 100), control1: CGPoint(x: 100, y: 40), control2: CGPoint(x: 40, y: 100))
        from.closeSubpath()
        let to = CGMutablePath()
        to.move(to: CGPoint(x: 40, y: 20))
        to.addLine(to: CGPoint(x: 60, y: 20))
        to.addCurve(to: CGPoint(x: 40, y: 60), control1: CGPoint(x: 60, y: 40), control2: CGPoint(x: 40, y: 40))
        to.closeSubpath()

        let expected = CGMutablePath()
        expected.move(to: CGPoint(x: 10, y: 5))
        expected.addLine(to: CGPoint(x: 90, y: 5))
        expected.addCurve(to: CGPoint(x: 10, y: 90), control1: CGPoint(x: 90, y: 40), control2: CGPoint(x: 40, y: 85))
        expected.closeSubpath()
        XCTAssertEqual(Interpolation.interpolate(from, to, 0.25) as? CGPath, expected)
        XCTAssertEqual(Interpolation.interpolate(from, to, 0) as? CGPath, from)
        XCTAssertEqual(Interpolation.interpolate(from, to, 1) as? CGPath, to)
    }

    func testPathsWithDifferentStructuresDoNotInterpolate() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let ellipse = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertNil(Interpolation.interpolate(rect, ellipse, 0.5))
        XCTAssertNotNil(Interpolation.interpolate(rect, CGPath(rect: CGRect(x: 5, y: 5, width: 1, height: 1)), 0.5))
    }

    // MARK: Mismatches, discrete values, non-finite values

    func testMismatchedKindsDoNotInterpolate() {
        XCTAssertNil(Interpolation.interpolate(CGPoint.zero, CGSize.zero, 0.5))
        XCTAssertNil(Interpolation.interpolate(CGFloat(1), CGPoint.zero, 0.5))
        XCTAssertNil(Interpolation.interpolate(CGColor.black, CATransform3DIdentity, 0.5))
        XCTAssertNil(Interpolation.interpolate(true, "yes", 0.5))
        XCTAssertNil(Interpolation.add(CGPoint.zero, CGRect.zero))
    }

    func testFlagsAndConstantsSwitchHalfway() {
        XCTAssertEqual(Interpolation.interpolate(false, true, 0) as? Bool, false)
        XCTAssertEqual(Interpolation.interpolate(false, true, 0.25) as? Bool, false)
        XCTAssertEqual(Interpolation.interpolate(false, true, 0.5) as? Bool, true)
        XCTAssertEqual(Interpolation.interpolate(false, true, 1) as? Bool, true)
        XCTAssertEqual(Interpolation.interpolate(CALayerContentsGravity.center, CALayerContentsGravity.resize, 0.75)
                       as? CALayerContentsGravity, .resize)
        XCTAssertNil(Interpolation.add(false, true))
    }

    func testNilMeetingAValueSwitchesDiscretely() {
        let none: CGColor? = nil
        XCTAssertTrue(Interpolation.interpolate(none as Any, CGColor.white, 0.25) is NSNull)
        XCTAssertTrue(Interpolation.interpolate(none as Any, CGColor.white, 0.5) as? CGColor === CGColor.white)
        XCTAssertEqual(Interpolation.interpolate(CGFloat(3), NSNull(), 0.25) as? CGFloat, 3)
        XCTAssertTrue(Interpolation.interpolate(CGFloat(3), NSNull(), 0.75) is NSNull)
    }

    func testNonFiniteValuesAreReported() {
        XCTAssertFalse(Interpolation.isFinite(CGFloat.nan))
        XCTAssertFalse(Interpolation.isFinite(Float.infinity))
        XCTAssertFalse(Interpolation.isFinite(NSNumber(value: Double.nan)))
        XCTAssertFalse(Interpolation.isFinite(CGPoint(x: 0, y: CGFloat.nan)))
        XCTAssertFalse(Interpolation.isFinite(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)))
        XCTAssertFalse(Interpolation.isFinite([CGFloat(1), .nan]))
        var t = CATransform3DIdentity
        t.m34 = .nan
        XCTAssertFalse(Interpolation.isFinite(t))
        XCTAssertTrue(Interpolation.isFinite(CGFloat(1)))
        XCTAssertTrue(Interpolation.isFinite(CATransform3DIdentity))
        XCTAssertTrue(Interpolation.isFinite(true))
        XCTAssertTrue(Interpolation.isFinite("constant"))
    }

    func testNonFiniteInputsOrResultsGiveNil() {
        XCTAssertNil(Interpolation.interpolate(CGFloat.nan, CGFloat(1), 0.5))
        XCTAssertNil(Interpolation.interpolate(CGFloat(0), CGFloat(1), .nan))
        XCTAssertNil(Interpolation.interpolate(CGPoint.zero, CGPoint(x: CGFloat.infinity, y: 0), 0.5))
        var t = CATransform3DIdentity
        t.m41 = .infinity
        XCTAssertNil(Interpolation.interpolate(CATransform3DIdentity, t, 0.5))
        XCTAssertNil(Interpolation.add(Double.greatestFiniteMagnitude, Double.greatestFiniteMagnitude))
        XCTAssertNil(Interpolation.multiply(CGFloat(1), by: .infinity))
    }

    // MARK: Sums

    func testAddSubtractMultiplyNumbersKeepTheFirstOperandsType() {
        let sum = Interpolation.add(Float(0.25), CGFloat(0.5))
        XCTAssertTrue(sum is Float)
        XCTAssertEqual(sum as? Float, 0.75)
        XCTAssertEqual(Interpolation.subtract(CGFloat(10), 4) as? CGFloat, 6)
        XCTAssertEqual(Interpolation.multiply(CGFloat(1.5), by: 3) as? CGFloat, 4.5)
        XCTAssertEqual(Interpolation.multiply(7, by: 0.5) as? Int, 4)
    }

    func testAddSubtractMultiplyGeometryPerComponent() {
        XCTAssertEqual(Interpolation.add(CGPoint(x: 1, y: 2), CGPoint(x: 10, y: 20)) as? CGPoint, CGPoint(x: 11, y: 22))
        XCTAssertEqual(Interpolation.subtract(CGSize(width: 5, height: 5), CGSize(width: 1, height: 2)) as? CGSize,
                       CGSize(width: 4, height: 3))
        XCTAssertEqual(Interpolation.add(CGRect(x: 1, y: 2, width: 3, height: 4), CGRect(x: 10, y: 10, width: 10, height: 10))
                       as? CGRect, CGRect(x: 11, y: 12, width: 13, height: 14))
        XCTAssertEqual(Interpolation.multiply(CGRect(x: 1, y: 2, width: 3, height: 4), by: 2) as? CGRect,
                       CGRect(x: 2, y: 4, width: 6, height: 8))
        XCTAssertEqual(Interpolation.multiply(CGVector(dx: 1, dy: -1), by: -2) as? CGVector, CGVector(dx: -2, dy: 2))
        XCTAssertEqual(Interpolation.add([CGFloat(1), 2], [CGFloat(0.5), 0.5]) as? [CGFloat], [1.5, 2.5])
    }

    func testAddSubtractColorsPerStraightComponentClamped() {
        let a = CGColor(red: 0.5, green: 0.25, blue: 0, alpha: 1), b = CGColor(red: 0.25, green: 0.25, blue: 0.5, alpha: 0)
        XCTAssertEqual((Interpolation.add(a, b) as? CGColor)?.components, [0.75, 0.5, 0.5, 1])
        XCTAssertEqual((Interpolation.subtract(a, b) as? CGColor)?.components, [0.25, 0, 0, 1])
        XCTAssertEqual((Interpolation.multiply(a, by: 2) as? CGColor)?.components, [1, 0.5, 0, 1])
    }

    func testAddingTransformsAppliesTheAddedOneFirstInTheBaseSpace() {
        let base = CATransform3DMakeTranslation(10, 0, 0), delta = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let sum = Interpolation.add(base, delta) as? CATransform3D
        XCTAssertEqual(sum, CATransform3DConcat(delta, base))
        // (1, 0) turns to (0, 1), then moves to (10, 1): the rotation happens about the base's origin.
        let p = sum?.projectPoint(CGPoint(x: 1, y: 0))
        XCTAssertEqual(p?.x ?? 0, 10, accuracy: 1e-12)
        XCTAssertEqual(p?.y ?? 0, 1, accuracy: 1e-12)
        let back = Interpolation.subtract(sum as Any, delta) as? CATransform3D
        assertEqual(back, base, accuracy: 1e-12)
        XCTAssertNil(Interpolation.subtract(base, CATransform3DMakeScale(0, 1, 1)), "a zero scale has no inverse")
    }

    func testMultiplyingATransformComposesItWithItself() {
        let step = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
        assertEqual(Interpolation.multiply(step, by: 4) as? CATransform3D, CATransform3DMakeRotation(4 * .pi / 3, 0, 0, 1),
                    accuracy: 1e-12)
        XCTAssertEqual(Interpolation.multiply(step, by: 0) as? CATransform3D, CATransform3DIdentity)
        assertEqual(Interpolation.multiply(CATransform3DMakeTranslation(2, 0, 0), by: -3) as? CATransform3D,
                    CATransform3DMakeTranslation(-6, 0, 0), accuracy: 1e-12)
        assertEqual(Interpolation.multiply(CATransform3DMakeTranslation(2, 0, 0), by: 0.5) as? CATransform3D,
                    CATransform3DMakeTranslation(1, 0, 0), accuracy: 1e-12)
    }

    // MARK: Distance

    func testDistanceIsEuclideanOverComponents() {
        XCTAssertEqual(Interpolation.distance(CGPoint(x: 1, y: 1), CGPoint(x: 4, y: 5)), 5)
        XCTAssertEqual(Interpolation.distance(CGFloat(3), 1.0), 2)
        XCTAssertEqual(Interpolation.distance(CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 1, y: 1, width: 2, height: 2)), 2)
        XCTAssertEqual(Interpolation.distance(CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                              CGColor(red: 0, green: 0, blue: 1, alpha: 0)) ?? 0, 2.0.squareRoot(),
                       accuracy: 1e-12)
        XCTAssertNil(Interpolation.distance(true, false))
        XCTAssertNil(Interpolation.distance(CGPoint.zero, CGSize.zero))
    }

    func testTransformDistanceCountsTranslationAndRotationAngle() {
        XCTAssertEqual(Interpolation.distance(CATransform3DIdentity, CATransform3DMakeTranslation(3, 4, 0)) ?? 0, 5,
                       accuracy: 1e-12)
        XCTAssertEqual(Interpolation.distance(CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 1, 0)) ?? 0,
                       .pi / 2, accuracy: 1e-12)
    }

    // MARK: Cubic

    func testCubicWithZeroParametersIsCatmullRom() {
        // Catmull-Rom at t = 0.5: (-p0 + 9 p1 + 9 p2 - p3) / 16 = (0 + 9 + 27 - 10) / 16 = 1.625.
        let value = Interpolation.cubic(CGFloat(0), CGFloat(1), CGFloat(3), CGFloat(10), t: 0.5,
                                        tension: 0, continuity: 0, bias: 0)
        XCTAssertEqual(value as? CGFloat, 1.625)
        XCTAssertEqual(Interpolation.cubic(CGFloat(0), CGFloat(1), CGFloat(3), CGFloat(10), t: 0,
                                           tension: 0, continuity: 0, bias: 0) as? CGFloat, 1)
        XCTAssertEqual(Interpolation.cubic(CGFloat(0), CGFloat(1), CGFloat(3), CGFloat(10), t: 1,
                                           tension: 0, continuity: 0, bias: 0) as? CGFloat, 3)
        let point = Interpolation.cubic(CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 2), CGPoint(x: 3, y: 2), CGPoint(x: 10, y: 0),
                                        t: 0.5, tension: 0, continuity: 0, bias: 0)
        // y: (0 + 18 + 18 - 0) / 16 = 2.25.
        XCTAssertEqual(point as? CGPoint, CGPoint(x: 1.625, y: 2.25))
    }

    func testCubicTensionShortensTheTangents() {
        // Tangents (p2 - p0) / 2 = 1.5 and (p3 - p1) / 2 = 4.5 halved by tension 0.5; at t = 0.5 the
        // Hermite value is (p1 + p2) / 2 + (m1 - m2) / 8 = 2 + (0.75 - 2.25) / 8 = 1.8125.
        XCTAssertEqual(Interpolation.cubic(0.0, 1.0, 3.0, 10.0, t: 0.5, tension: 0.5, continuity: 0, bias: 0) as? Double,
                       1.8125)
        // Tension 1: flat tangents, the plain smoothstep between p1 and p2.
        XCTAssertEqual(Interpolation.cubic(0.0, 1.0, 3.0, 10.0, t: 0.5, tension: 1, continuity: 0, bias: 0) as? Double, 2)
    }

    func testCubicThroughTransformsSplinesTheirParts() {
        let keys = [0.0, 10, 30, 40].map { CATransform3DMakeTranslation(CGFloat($0), 0, 0) }
        // Catmull-Rom of 0, 10, 30, 40 at 0.5: (0 + 90 + 270 - 40) / 16 = 20.
        assertEqual(Interpolation.cubic(keys[0], keys[1], keys[2], keys[3], t: 0.5, tension: 0, continuity: 0, bias: 0)
                    as? CATransform3D, CATransform3DMakeTranslation(20, 0, 0), accuracy: 1e-12)
    }

    func testCubicOfDiscreteValuesFallsBackToInterpolation() {
        XCTAssertEqual(Interpolation.cubic(false, false, true, true, t: 0.75, tension: 0, continuity: 0, bias: 0) as? Bool,
                       true)
        XCTAssertNil(Interpolation.cubic(CGFloat(0), CGPoint.zero, CGFloat(1), CGFloat(2), t: 0.5,
                                         tension: 0, continuity: 0, bias: 0))
    }

    // MARK: Images

    func testImagesCrossFade() throws {
        let black = try solidImage(gray: 0, width: 4, height: 4), white = try solidImage(gray: 1, width: 8, height: 8)
        let mid = try XCTUnwrap(Interpolation.interpolate(black, white, 0.5) as? CGImage)
        XCTAssertEqual(mid.width, 8)
        XCTAssertEqual(mid.height, 8)
        for (x, y) in [(0, 0), (3, 5), (7, 7)] {
            let p = mid.pixel(x: x, y: y)
            XCTAssertEqual(Int(p.r), 128, accuracy: 1)
            XCTAssertEqual(Int(p.g), 128, accuracy: 1)
            XCTAssertEqual(Int(p.b), 128, accuracy: 1)
            XCTAssertEqual(p.a, 255)
        }
        let quarter = try XCTUnwrap(Interpolation.interpolate(black, white, 0.25) as? CGImage)
        XCTAssertEqual(Int(quarter.pixel(x: 2, y: 2).r), 64, accuracy: 1)
    }

    func testImageCrossFadeEndsAreTheImagesThemselves() throws {
        let a = try solidImage(gray: 0, width: 2, height: 2), b = try solidImage(gray: 1, width: 2, height: 2)
        XCTAssertTrue(Interpolation.interpolate(a, b, 0) as? CGImage === a)
        XCTAssertTrue(Interpolation.interpolate(a, b, -0.5) as? CGImage === a)
        XCTAssertTrue(Interpolation.interpolate(a, b, 1) as? CGImage === b)
        XCTAssertTrue(Interpolation.interpolate(a, b, 1.5) as? CGImage === b)
    }

    // MARK: Helpers

    private func solidImage(gray: CGFloat, width: Int, height: Int) throws -> CGImage {
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let context = try XCTUnwrap(CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
        context.setFillColor(gray: gray, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return try XCTUnwrap(context.makeImage())
    }

    private func assertEqual(_ a: CATransform3D?, _ b: CATransform3D, accuracy: CGFloat,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("no transform", file: file, line: line) }
        for i in 0..<4 {
            for j in 0..<4 {
                XCTAssertEqual(a[i, j], b[i, j], accuracy: accuracy, "m\(i + 1)\(j + 1)", file: file, line: line)
            }
        }
    }
}
