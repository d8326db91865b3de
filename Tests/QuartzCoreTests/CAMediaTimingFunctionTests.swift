@testable import QuartzCore
import XCTest

final class CAMediaTimingFunctionTests: XCTestCase {
    // MARK: Names and control points

    func testNamesHaveApplesRawValues() {
        XCTAssertEqual(CAMediaTimingFunctionName.linear.rawValue, "linear")
        XCTAssertEqual(CAMediaTimingFunctionName.easeIn.rawValue, "easeIn")
        XCTAssertEqual(CAMediaTimingFunctionName.easeOut.rawValue, "easeOut")
        XCTAssertEqual(CAMediaTimingFunctionName.easeInEaseOut.rawValue, "easeInEaseOut")
        XCTAssertEqual(CAMediaTimingFunctionName.default.rawValue, "default")
        XCTAssertEqual(CAMediaTimingFunctionName("easeIn"), .easeIn)
    }

    func testNamedFunctionsHaveApplesControlPoints() {
        XCTAssertEqual(controlPoints(.init(name: .linear)), [0, 0, 0, 0, 1, 1, 1, 1])
        XCTAssertEqual(controlPoints(.init(name: .easeIn)), [0, 0, 0.42, 0, 1, 1, 1, 1])
        XCTAssertEqual(controlPoints(.init(name: .easeOut)), [0, 0, 0, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(controlPoints(.init(name: .easeInEaseOut)), [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(controlPoints(.init(name: .default)), [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
    }

    func testAnUnknownNameGivesTheLinearFunction() {
        XCTAssertEqual(CAMediaTimingFunction(name: CAMediaTimingFunctionName("bouncy")), CAMediaTimingFunction(name: .linear))
    }

    func testGetControlPointWritesXAndYForIndicesZeroToThree() {
        let f = CAMediaTimingFunction(controlPoints: 0.9, 0.1, 0.7, 0.9)
        var v: [Float] = [-7, -7]
        f.getControlPoint(at: 0, values: &v); XCTAssertEqual(v, [0, 0])
        f.getControlPoint(at: 1, values: &v); XCTAssertEqual(v, [0.9, 0.1])
        f.getControlPoint(at: 2, values: &v); XCTAssertEqual(v, [0.7, 0.9])
        f.getControlPoint(at: 3, values: &v); XCTAssertEqual(v, [1, 1])
    }

    func testGetControlPointOutOfRangeLeavesTheMemoryUntouched() {
        let f = CAMediaTimingFunction(name: .easeIn)
        var v: [Float] = [-7, -8]
        f.getControlPoint(at: 4, values: &v)
        f.getControlPoint(at: -1, values: &v)
        f.getControlPoint(at: .max, values: &v)
        XCTAssertEqual(v, [-7, -8])
    }

    func testControlPointsAreReturnedAsGivenEvenOutsideTheUnitRange() {
        // Overshooting y is legal; x outside 0...1 is stored as given and clamped only for evaluation.
        let f = CAMediaTimingFunction(controlPoints: 1.5, -0.5, -0.25, 1.5)
        XCTAssertEqual(controlPoints(f), [0, 0, 1.5, -0.5, -0.25, 1.5, 1, 1])
    }

    func testEqualityAndHashFollowTheControlPoints() {
        let a = CAMediaTimingFunction(name: .easeInEaseOut)
        let b = CAMediaTimingFunction(controlPoints: 0.42, 0, 0.58, 1)
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.hash, b.hash)
        XCTAssertTrue(a.isEqual(b))
        XCTAssertNotEqual(a, CAMediaTimingFunction(name: .easeIn))
        XCTAssertFalse(a.isEqual("easeInEaseOut"))
        XCTAssertFalse(a.isEqual(nil))
        XCTAssertEqual(Set([a, b, CAMediaTimingFunction(name: .easeIn)]).count, 2)
    }

    // MARK: Values (seed-examples.md §0.4)

    /// y at x = 0.1, 0.25, 0.5, 0.75, 0.9, as tabulated in the seed examples (4 decimals).
    func testSeedTableOfProgressValues() {
        let xs = [0.1, 0.25, 0.5, 0.75, 0.9]
        let table: [(CAMediaTimingFunction, [Double], String)] = [
            (.init(name: .easeIn), [0.0170, 0.0935, 0.3154, 0.6219, 0.8394], "easeIn"),
            (.init(name: .easeOut), [0.1606, 0.3781, 0.6846, 0.9065, 0.9830], "easeOut"),
            (.init(name: .easeInEaseOut), [0.0197, 0.1292, 0.5000, 0.8708, 0.9803], "easeInEaseOut"),
            (.init(name: .default), [0.0948, 0.4085, 0.8024, 0.9605, 0.9943], "default"),
            (.init(controlPoints: 1, 0, 0.75, 1), [0.0036, 0.0248, 0.1258, 0.4250, 0.9063], "clock tick"),
            (.init(controlPoints: 0.9, 0.1, 0.7, 0.9), [0.0147, 0.0534, 0.1895, 0.5598, 0.9221], "clunk"),
        ]
        for (f, ys, name) in table {
            for (x, y) in zip(xs, ys) {
                XCTAssertEqual(f.progress(at: x), y, accuracy: 0.5e-4, "\(name) at x = \(x)")
            }
        }
    }

    func testLinearIsTheIdentity() {
        let f = CAMediaTimingFunction(name: .linear)
        for x in stride(from: 0.0, through: 1.0, by: 0.0625) {
            XCTAssertEqual(f.progress(at: x), x, accuracy: 1e-12)
        }
    }

    func testEaseInEaseOutIsSymmetric() {
        // (0.42, 0, 0.58, 1) is point-symmetric about (0.5, 0.5): y(1 − x) = 1 − y(x). As Floats, 0.42
        // and 0.58 are 0.41999998688… and 0.57999998331…, which do not add up to 1 exactly, so the
        // symmetry holds to about 1e-7 (a shift of 1.3e-8 in x near the middle, where dy/dx is 1.5).
        let f = CAMediaTimingFunction(name: .easeInEaseOut)
        XCTAssertEqual(f.progress(at: 0.5), 0.5, accuracy: 1e-7)
        for x in [0.01, 0.1, 0.3, 0.45] {
            XCTAssertEqual(f.progress(at: 1 - x), 1 - f.progress(at: x), accuracy: 1e-7)
        }
    }

    /// The solver against a bisection on the curve's own parametric form, to 1e-6, for curves with
    /// flat ends in x (ease-in at x = 1, ease-out at x = 0, the clock tick's c2 = (0.75, 1)), steep
    /// ones, and overshooting ones; x sampled densely and right next to both ends.
    func testSolverIsAccurateToOneMillionthAgainstBisection() {
        let curves: [(Float, Float, Float, Float)] = [
            (0.42, 0, 1, 1), (0, 0, 0.58, 1), (0.42, 0, 0.58, 1), (0.25, 0.1, 0.25, 1),
            (1, 0, 0.75, 1), (0.9, 0.1, 0.7, 0.9), (1, 0, 0, 1), (0, 1, 1, 0), (0, 0, 1, 1),
            (1, 0, 1, 0), (0, 1, 0, 1), (0.5, -0.5, 0.5, 1.5), (0.68, -0.55, 0.265, 1.55),
        ]
        var xs = stride(from: 0.0, through: 1.0, by: 1.0 / 512).map { $0 }
        xs += [1e-12, 1e-9, 1e-6, 1e-4, 1 - 1e-4, 1 - 1e-6, 1 - 1e-9, 1 - 1e-12]
        for c in curves {
            let f = CAMediaTimingFunction(controlPoints: c.0, c.1, c.2, c.3)
            for x in xs {
                let expected = bisectionReference(Double(c.0), Double(c.1), Double(c.2), Double(c.3), x: x)
                XCTAssertEqual(f.progress(at: x), expected, accuracy: 1e-6, "\(c) at x = \(x)")
            }
        }
    }

    func testFlatEndSlopesReachTheEndsExactly() {
        // x'(s) = 0 at s = 1 for ease-in and at s = 0 for ease-out: still 0 at 0 and 1 at 1, and monotonic.
        for f in [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut),
                  CAMediaTimingFunction(controlPoints: 1, 0, 0.75, 1)] {
            XCTAssertEqual(f.progress(at: 0), 0)
            XCTAssertEqual(f.progress(at: 1), 1)
            var previous = 0.0
            for i in 1...1000 {
                let y = f.progress(at: Double(i) / 1000)
                XCTAssertGreaterThanOrEqual(y, previous - 1e-12)
                previous = y
            }
        }
    }

    func testInputIsClampedAndNaNReadsAsZero() {
        let f = CAMediaTimingFunction(name: .default)
        XCTAssertEqual(f.progress(at: -0.5), 0)
        XCTAssertEqual(f.progress(at: 1.5), 1)
        XCTAssertEqual(f.progress(at: -.infinity), 0)
        XCTAssertEqual(f.progress(at: .infinity), 1)
        XCTAssertEqual(f.progress(at: .nan), 0)
    }

    func testControlXOutsideTheUnitRangeIsClampedForEvaluation() {
        // (1.5, 0, -0.5, 1) evaluates as (1, 0, 0, 1).
        let a = CAMediaTimingFunction(controlPoints: 1.5, 0, -0.5, 1)
        let b = CAMediaTimingFunction(controlPoints: 1, 0, 0, 1)
        for x in [0.1, 0.3, 0.5, 0.7, 0.9] {
            XCTAssertEqual(a.progress(at: x), b.progress(at: x), accuracy: 1e-12)
        }
    }

    func testOvershootingYIsKept() {
        // (0.5, -0.5, 0.5, 1.5) dips below 0 early and rises above 1 late. It is point-symmetric about
        // (0.5, 0.5) (c2 is c1 mirrored), so y(0.5) = 0.5.
        let f = CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5)
        XCTAssertEqual(f.progress(at: 0.5), 0.5, accuracy: 1e-12)
        // s = 0.1: x = 3·0.81·0.1·0.5 + 3·0.9·0.01·0.5 + 0.001 = 0.1215 + 0.0135 + 0.001 = 0.136,
        //          y = 3·0.81·0.1·(−0.5) + 3·0.9·0.01·1.5 + 0.001 = −0.1215 + 0.0405 + 0.001 = −0.08.
        XCTAssertEqual(f.progress(at: 0.136), -0.08, accuracy: 1e-9)
    }

    // MARK: Helpers

    private func controlPoints(_ f: CAMediaTimingFunction) -> [Float] {
        var all: [Float] = []
        for i in 0..<4 {
            var v: [Float] = [.nan, .nan]
            f.getControlPoint(at: i, values: &v)
            all += v
        }
        return all
    }

    /// y at x by 200 bisection steps on x(s) (control x clamped to 0...1, as evaluation does), with the
    /// control points rounded through Float as the class stores them. The ends are exact: y(0) = 0, y(1) = 1.
    private func bisectionReference(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let x1 = min(max(Double(Float(c1x)), 0), 1), x2 = min(max(Double(Float(c2x)), 0), 1)
        let y1 = Double(Float(c1y)), y2 = Double(Float(c2y))
        func bx(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s }
        func by(_ s: Double) -> Double { 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = 0.5 * (lo + hi)
            if bx(mid) < x { lo = mid } else { hi = mid }
        }
        return by(0.5 * (lo + hi))
    }
}
