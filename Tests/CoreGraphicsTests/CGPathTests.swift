import CoreGraphics
import XCTest

/// The elements of `path` as (type, points) pairs, read through `applyWithBlock`.
private func elements(of path: CGPath) -> [(CGPathElementType, [CGPoint])] {
    var result: [(CGPathElementType, [CGPoint])] = []
    path.applyWithBlock { element in
        let count: Int
        switch element.pointee.type {
        case .moveToPoint, .addLineToPoint: count = 1
        case .addQuadCurveToPoint: count = 2
        case .addCurveToPoint: count = 3
        case .closeSubpath: count = 0
        }
        result.append((element.pointee.type, (0..<count).map { element.pointee.points[$0] }))
    }
    return result
}

final class CGPathTests: XCTestCase {
    func testNewMutablePathIsEmptyWithCurrentPointZeroAndNullBoundingBox() {
        let path = CGMutablePath()
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.currentPoint, .zero)
        XCTAssertTrue(path.boundingBox.isNull)
        XCTAssertTrue(path.boundingBoxOfPath.isNull)
    }

    func testRectPathIsMoveThreeLinesAndClose() {
        let path = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil)
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint, .addLineToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
        XCTAssertEqual(list.flatMap(\.1), [CGPoint(x: 1, y: 2), CGPoint(x: 4, y: 2), CGPoint(x: 4, y: 6), CGPoint(x: 1, y: 6)])
    }

    func testApplyWithBlockReportsQuadAndCubicPointsControlFirst() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 5))
        path.addCurve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: 12, y: 3), control2: CGPoint(x: 18, y: 3))
        path.closeSubpath()
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint, .addQuadCurveToPoint, .addCurveToPoint, .closeSubpath])
        XCTAssertEqual(list[1].1, [CGPoint(x: 5, y: 5), CGPoint(x: 10, y: 0)])
        XCTAssertEqual(list[2].1, [CGPoint(x: 12, y: 3), CGPoint(x: 18, y: 3), CGPoint(x: 20, y: 0)])
    }

    func testBoundingBoxIncludesControlPointsButBoundingBoxOfPathIsTight() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        // The curve peaks at t = 0.5: y = 3 * 0.25 * 10 = 7.5.
        XCTAssertEqualRects(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5))

        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        XCTAssertEqual(quad.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqualRects(quad.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 5))
    }

    func testRingContainsItsBandUnderBothRulesButItsHoleOnlyUnderWinding() {
        // Two concentric circles drawn in the same direction.
        let ring = CGMutablePath()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addEllipse(in: CGRect(x: 25, y: 25, width: 50, height: 50))
        let center = CGPoint(x: 50, y: 50), band = CGPoint(x: 10, y: 50), outside = CGPoint(x: 200, y: 50)
        XCTAssertTrue(ring.contains(center, using: .winding))
        XCTAssertFalse(ring.contains(center, using: .evenOdd))
        XCTAssertTrue(ring.contains(band, using: .winding))
        XCTAssertTrue(ring.contains(band, using: .evenOdd))
        XCTAssertFalse(ring.contains(outside, using: .winding))
        XCTAssertFalse(ring.contains(outside, using: .evenOdd))
    }

    func testRectWithReversedInnerRectHasAHoleUnderBothRules() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        path.addLines(between: [CGPoint(x: 3, y: 3), CGPoint(x: 3, y: 7), CGPoint(x: 7, y: 7), CGPoint(x: 7, y: 3)])
        path.closeSubpath()
        XCTAssertFalse(path.contains(CGPoint(x: 5, y: 5)))
        XCTAssertFalse(path.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        XCTAssertTrue(path.contains(CGPoint(x: 1, y: 5)))
        XCTAssertTrue(path.contains(CGPoint(x: 1, y: 5), using: .evenOdd))
    }

    func testContainsAppliesTheTransformToThePath() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertFalse(path.contains(CGPoint(x: 15, y: 5)))
        XCTAssertTrue(path.contains(CGPoint(x: 15, y: 5), using: .winding, transform: CGAffineTransform(translationX: 10, y: 0)))
    }

    func testCounterClockwiseQuarterArcGoesFromStartAngleToEndAngle() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint, .addCurveToPoint])
        XCTAssertEqualPoints(list[0].1[0], CGPoint(x: 15, y: 10))
        XCTAssertEqualPoints(path.currentPoint, CGPoint(x: 10, y: 15))
        XCTAssertEqualRects(path.boundingBoxOfPath, CGRect(x: 10, y: 10, width: 5, height: 5), accuracy: 1e-6)
    }

    func testClockwiseArcBetweenTheSameAnglesTakesTheLongWayRound() {
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(elements(of: path).map(\.0), [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        XCTAssertEqualPoints(path.currentPoint, CGPoint(x: 0, y: 1))
        // It passes through angle -pi/2 (0, -1), so the box spans the whole circle.
        XCTAssertEqualRects(path.boundingBoxOfPath, CGRect(x: -1, y: -1, width: 2, height: 2), accuracy: 1e-6)
    }

    func testAFullTurnIsACircleWhicheverTheDirection() {
        for clockwise in [false, true] {
            let circle = CGMutablePath()
            circle.addArc(center: .zero, radius: 2, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            XCTAssertEqual(elements(of: circle).count, 5, "clockwise: \(clockwise)")
            XCTAssertTrue(circle.contains(.zero))
            XCTAssertEqualRects(circle.boundingBoxOfPath, CGRect(x: -2, y: -2, width: 4, height: 4), accuracy: 1e-6)
            XCTAssertEqualPoints(circle.currentPoint, CGPoint(x: 2, y: 0))
        }
        // A progress ring's full turn from the top, and more than a turn, are circles too.
        let ring = CGMutablePath()
        ring.addArc(center: .zero, radius: 1, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi, clockwise: true)
        XCTAssertEqual(elements(of: ring).count, 5)
        let more = CGMutablePath()
        more.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: -5 * .pi, clockwise: false)
        XCTAssertEqual(elements(of: more).count, 5)
        // Just short of a turn the other way is the short arc left over.
        let short = CGMutablePath()
        short.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 1.9 * .pi, clockwise: true)
        XCTAssertEqual(elements(of: short).map(\.0), [.moveToPoint, .addCurveToPoint])
    }

    func testArcAfterAnExistingPointStartsWithALine() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(center: CGPoint(x: 10, y: 0), radius: 2, startAngle: .pi, endAngle: 0, clockwise: true)
        let list = elements(of: path)
        XCTAssertEqual(list[1].0, .addLineToPoint)
        XCTAssertEqualPoints(list[1].1[0], CGPoint(x: 8, y: 0))
        XCTAssertEqualPoints(path.currentPoint, CGPoint(x: 12, y: 0))
    }

    func testTangentArcRoundsTheCornerBetweenTheTwoLines() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 2)
        let list = elements(of: path)
        XCTAssertEqual(list[1].0, .addLineToPoint)
        XCTAssertEqualPoints(list[1].1[0], CGPoint(x: 8, y: 0))
        XCTAssertEqualPoints(path.currentPoint, CGPoint(x: 10, y: 2))
    }

    func testEllipseStartsAtMaxXMidYAndIsClosed() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let list = elements(of: path)
        XCTAssertEqual(list.map(\.0), [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4) + [.closeSubpath])
        XCTAssertEqual(list[0].1[0], CGPoint(x: 100, y: 25))
        XCTAssertEqual(list[1].1[2], CGPoint(x: 50, y: 50))
        XCTAssertEqualRects(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    func testRoundedRectHasFourLinesFourCornersAndCutsTheCorners() {
        let path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerWidth: 2, cornerHeight: 3, transform: nil)
        let types = elements(of: path).map(\.0)
        XCTAssertEqual(types.filter { $0 == .addLineToPoint }.count, 4)
        XCTAssertEqual(types.filter { $0 == .addCurveToPoint }.count, 4)
        XCTAssertEqual(types.first, .moveToPoint)
        XCTAssertEqual(types.last, .closeSubpath)
        XCTAssertEqualRects(path.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertEqualRects(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 20, height: 10))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 5)))
        XCTAssertTrue(path.contains(CGPoint(x: 1, y: 5)))
        XCTAssertFalse(path.contains(CGPoint(x: 0.2, y: 0.2)))
        XCTAssertFalse(path.contains(CGPoint(x: 19.8, y: 9.8)))
    }

    func testCurrentPointAfterCloseIsTheSubpathStart() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 1))
        path.addLine(to: CGPoint(x: 5, y: 5))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 5, y: 5))
        path.closeSubpath()
        XCTAssertEqual(path.currentPoint, CGPoint(x: 1, y: 1))
    }

    func testBuilderTransformIsAppliedToStoredPoints() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 1, y: 1), transform: CGAffineTransform(translationX: 10, y: 0))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 11, y: 1))
        path.addRect(CGRect(x: 0, y: 0, width: 1, height: 1), transform: CGAffineTransform(scaleX: 2, y: 3))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 11, height: 3))
    }

    func testAddPathAndCopiesPreserveElements() {
        let source = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil)
        let path = CGMutablePath()
        path.addPath(source)
        XCTAssertEqual(path, source)
        let copy = path.copy()!
        let mutableCopy = path.mutableCopy()!
        mutableCopy.addLine(to: CGPoint(x: 9, y: 9))
        XCTAssertEqual(copy, source)
        XCTAssertNotEqual(mutableCopy, source)
        XCTAssertEqual(path, source, "mutating a copy leaves the original alone")
        var t = CGAffineTransform(translationX: 1, y: 2)
        XCTAssertEqual(source.copy(using: &t)?.boundingBox, CGRect(x: 1, y: 2, width: 4, height: 4))
    }

    func testLinesWithoutCurrentPointAndNonFiniteCoordinatesAreIgnored() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        XCTAssertTrue(path.isEmpty)
        path.move(to: CGPoint(x: CGFloat.nan, y: 0))
        XCTAssertTrue(path.isEmpty)
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: CGFloat.infinity, y: 1))
        path.addRect(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        XCTAssertEqual(elements(of: path).count, 1)
        XCTAssertFalse(path.contains(CGPoint(x: CGFloat.nan, y: 0)))
    }
}
