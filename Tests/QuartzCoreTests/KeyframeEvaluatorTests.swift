@testable import QuartzCore
import CoreGraphics
import XCTest

/// Keyframe evaluation (`KeyframeEvaluator`): the value of a `CAKeyframeAnimation` at a fraction of
/// one pass, in every calculation mode, for values and for paths. Expected values are worked out
/// by hand from the documented semantics; the seed checks are those of seed-examples §7.3.1 (the
/// bouncing ball) and §8 (`ship`, `path-bounce`).
final class KeyframeEvaluatorTests: XCTestCase {
    // MARK: Helpers

    private func evaluator(_ values: [Any]? = nil, path: CGPath? = nil, keyTimes: [Double]? = nil,
                           timingFunctions: [CAMediaTimingFunction]? = nil,
                           mode: CAAnimationCalculationMode = .linear, tension: [Double]? = nil,
                           continuity: [Double]? = nil, bias: [Double]? = nil,
                           rotationMode: CAAnimationRotationMode? = nil,
                           file: StaticString = #filePath, line: UInt = #line) -> KeyframeEvaluator {
        guard let e = KeyframeEvaluator(values: values, path: path, keyTimes: keyTimes, timingFunctions: timingFunctions,
                                        calculationMode: mode, tensionValues: tension, continuityValues: continuity,
                                        biasValues: bias, rotationMode: rotationMode) else {
            XCTFail("no evaluator", file: file, line: line)
            return KeyframeEvaluator(values: [0.0], path: nil, keyTimes: nil, timingFunctions: nil, calculationMode: .linear,
                                     tensionValues: nil, continuityValues: nil, biasValues: nil, rotationMode: nil)!
        }
        return e
    }

    private func number(_ value: Any?) -> Double? {
        switch value {
        case let x as CGFloat: return Double(x)
        case let x as Double: return x
        case let x as Float: return Double(x)
        case let x as Int: return Double(x)
        case let x as NSNumber: return x.doubleValue
        default: return nil
        }
    }

    private func assertNumber(_ value: Any?, _ expected: Double, accuracy: Double = 1e-9,
                              file: StaticString = #filePath, line: UInt = #line) {
        guard let x = number(value) else { return XCTFail("not a number: \(String(describing: value))", file: file, line: line) }
        XCTAssertEqual(x, expected, accuracy: accuracy, file: file, line: line)
    }

    private func assertPoint(_ value: Any?, _ x: Double, _ y: Double, accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard let p = value as? CGPoint else { return XCTFail("not a point: \(String(describing: value))", file: file, line: line) }
        XCTAssertEqual(Double(p.x), x, accuracy: accuracy, "x", file: file, line: line)
        XCTAssertEqual(Double(p.y), y, accuracy: accuracy, "y", file: file, line: line)
    }

    private func degrees(_ radians: Double?) -> Double { (radians ?? .nan) * 180 / .pi }

    /// 003 L8.6: moveTo(0,150), curve via (75,0) and (225,300) to (300,150).
    private func shipPath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        return path
    }

    // MARK: The bouncing ball (seed-examples §7.3.1, 003 L10.6)

    /// y values, key times and the 8 timing functions of the listing (the 8th is surplus).
    private func bouncingBall() -> KeyframeEvaluator {
        let ys: [CGFloat] = [32, 268, 140, 268, 220, 268, 250, 268]
        let easeIn = CAMediaTimingFunction(name: .easeIn), easeOut = CAMediaTimingFunction(name: .easeOut)
        return evaluator(ys.map { CGPoint(x: 150, y: $0) },
                         keyTimes: [0.0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0],
                         timingFunctions: [easeIn, easeOut, easeIn, easeOut, easeIn, easeOut, easeIn, easeIn])
    }

    func testBouncingBallReachesEveryKeyframeExactlyAtItsKeyTime() {
        let ball = bouncingBall()
        let expected: [(Double, Double)] = [(0, 32), (0.3, 268), (0.5, 140), (0.7, 268), (0.8, 220),
                                            (0.9, 268), (0.95, 250), (1.0, 268)]
        for (t, y) in expected {
            assertPoint(ball.value(at: t), 150, y, accuracy: 0)
        }
        // The seed's flagship check: variant 1 at 0.5 s of a 1 s animation is 140.0.
        assertPoint(ball.value(at: 0.5), 150, 140, accuracy: 0)
    }

    func testBouncingBallFallsEasedInAndRisesEasedOutAsTheSeedTabulates() {
        // seed-examples §7.3.1, presentation y at t (s), one decimal.
        let ball = bouncingBall()
        let table: [(Double, Double)] = [(0.1, 68.9), (0.15, 106.4), (0.2, 152.7), (0.4, 180.4), (0.6, 180.4),
                                         (0.75, 235.1), (0.85, 235.1), (0.925, 255.7), (0.975, 255.7)]
        for (t, y) in table {
            assertPoint(ball.value(at: t), 150, y, accuracy: 0.05)
        }
        // Mid-rise from 268 to 140 under easeOut: 268 − 128 × 0.6846 (the easeOut table value at 0.5).
        assertPoint(ball.value(at: 0.4), 150, 268 - 128 * 0.684_6, accuracy: 0.01)
        // Mid-fall from 140 to 268 under easeIn: 140 + 128 × 0.3154.
        assertPoint(ball.value(at: 0.6), 150, 140 + 128 * 0.315_4, accuracy: 0.01)
    }

    // MARK: Linear

    func testLinearSpacesKeyframesEvenlyWithoutKeyTimes() {
        let e = evaluator([0.0, 10.0, 30.0])
        assertNumber(e.value(at: 0), 0)
        assertNumber(e.value(at: 0.25), 5)
        assertNumber(e.value(at: 0.5), 10)
        assertNumber(e.value(at: 0.75), 20)
        assertNumber(e.value(at: 1), 30)
    }

    func testLinearFollowsKeyTimes() {
        let e = evaluator([0.0, 10.0, 30.0], keyTimes: [0, 0.8, 1])
        assertNumber(e.value(at: 0.4), 5)
        assertNumber(e.value(at: 0.8), 10)
        assertNumber(e.value(at: 0.9), 20)
    }

    func testFractionsOutsideThePassAreClamped() {
        let e = evaluator([0.0, 10.0])
        assertNumber(e.value(at: -0.5), 0)
        assertNumber(e.value(at: 1.5), 10)
    }

    func testKeyTimesNeedNotStartAtZeroOrEndAtOne() {
        // The first value holds before the first key time, the last after the last one.
        let e = evaluator([0.0, 10.0], keyTimes: [0.2, 0.6])
        assertNumber(e.value(at: 0.1), 0)
        assertNumber(e.value(at: 0.4), 5)
        assertNumber(e.value(at: 0.8), 10)
    }

    func testEqualKeyTimesJumpToTheLaterValue() {
        let e = evaluator([0.0, 10.0, 20.0, 30.0], keyTimes: [0, 0.5, 0.5, 1])
        assertNumber(e.value(at: 0.25), 5)
        assertNumber(e.value(at: 0.5), 20)
        assertNumber(e.value(at: 0.75), 25)
    }

    func testInvalidKeyTimesFallBackToEvenSpacing() {
        let values: [Any] = [0.0, 10.0, 30.0]
        let invalid: [[Double]] = [
            [0, 1],                 // wrong count
            [0, 0.2, 0.5, 1],       // wrong count
            [0, 0.9, 0.5],          // decreasing
            [0, 0.5, 1.5],          // out of range
            [-0.1, 0.5, 1],         // out of range
            [0, .nan, 1],           // not finite
        ]
        for keyTimes in invalid {
            let e = evaluator(values, keyTimes: keyTimes)
            assertNumber(e.value(at: 0.25), 5)
            assertNumber(e.value(at: 0.5), 10)
            assertNumber(e.value(at: 0.75), 20)
        }
    }

    // MARK: Timing functions

    func testTimingFunctionsEaseEachSegmentsLocalFraction() {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let e = evaluator([0.0, 100.0, 200.0], timingFunctions: [easeIn])
        // Segment 0 (0...0.5) at its middle: easeIn(0.5) = 0.3154 of the way.
        assertNumber(e.value(at: 0.25), 100 * easeIn.progress(at: 0.5), accuracy: 1e-12)
        assertNumber(e.value(at: 0.25), 31.54, accuracy: 0.01)
        // Segment 1 has no function: linear.
        assertNumber(e.value(at: 0.75), 150)
    }

    func testExtraTimingFunctionsAreIgnoredAndMissingOnesAreLinear() {
        let easeIn = CAMediaTimingFunction(name: .easeIn), easeOut = CAMediaTimingFunction(name: .easeOut)
        let extra = evaluator([0.0, 100.0], timingFunctions: [easeOut, easeIn, easeIn])
        assertNumber(extra.value(at: 0.5), 100 * easeOut.progress(at: 0.5), accuracy: 1e-12)
        assertNumber(extra.value(at: 0.5), 68.46, accuracy: 0.01)
        let none = evaluator([0.0, 100.0, 200.0, 300.0], timingFunctions: [])
        assertNumber(none.value(at: 0.5), 150, accuracy: 1e-9)
        let short = evaluator([0.0, 100.0, 200.0, 300.0], timingFunctions: [easeIn])
        assertNumber(short.value(at: 1.0 / 6), 100 * easeIn.progress(at: 0.5), accuracy: 1e-9)
        assertNumber(short.value(at: 0.5), 150, accuracy: 1e-9)
        assertNumber(short.value(at: 5.0 / 6), 250, accuracy: 1e-9)
    }

    // MARK: Discrete

    func testDiscreteHoldsEachOfNValuesForAnNthOfThePassWithoutKeyTimes() {
        let e = evaluator([10.0, 20.0, 30.0, 40.0], mode: .discrete)
        assertNumber(e.value(at: 0), 10)
        assertNumber(e.value(at: 0.2499), 10)
        assertNumber(e.value(at: 0.25), 20)
        assertNumber(e.value(at: 0.6), 30)
        assertNumber(e.value(at: 0.75), 40)
        assertNumber(e.value(at: 1), 40)
    }

    func testDiscreteWithOneKeyTimePerValue() {
        let e = evaluator([10.0, 20.0, 30.0], keyTimes: [0, 0.5, 0.9], mode: .discrete)
        assertNumber(e.value(at: 0.49), 10)
        assertNumber(e.value(at: 0.5), 20)
        assertNumber(e.value(at: 0.89), 20)
        assertNumber(e.value(at: 0.9), 30)
        assertNumber(e.value(at: 1), 30)
    }

    func testDiscreteWithOneMoreKeyTimeThanValuesAsApplesHeaderAsks() {
        // Apple's example: the value of the penultimate key time holds until the end.
        let e = evaluator([0.0, 30.0, 60.0], keyTimes: [0, 0.25, 0.75, 1], mode: .discrete)
        assertNumber(e.value(at: 0.2), 0)
        assertNumber(e.value(at: 0.25), 30)
        assertNumber(e.value(at: 0.74), 30)
        assertNumber(e.value(at: 0.75), 60)
        assertNumber(e.value(at: 1), 60)
    }

    func testDiscreteIgnoresTimingFunctionsAndFallsBackFromInvalidKeyTimes() {
        let e = evaluator([10.0, 20.0], keyTimes: [0.5, 0.2], timingFunctions: [CAMediaTimingFunction(name: .easeIn)],
                          mode: .discrete)
        assertNumber(e.value(at: 0.4), 10)
        assertNumber(e.value(at: 0.5), 20)
    }

    // MARK: Paced

    func testPacedSizesSegmentsByDistanceSoTheSpeedIsConstant() {
        // Distances 10 and 30: the first segment takes a quarter of the pass.
        let e = evaluator([0.0, 10.0, 40.0], mode: .paced)
        assertNumber(e.value(at: 0.125), 5)
        assertNumber(e.value(at: 0.25), 10)
        assertNumber(e.value(at: 0.5), 20)
        assertNumber(e.value(at: 1), 40)
    }

    func testPacedCountsDistanceBackAndForth() {
        // Apple's example values 310, 60, 120, 60, 310: distances 250, 60, 60, 250 (total 620).
        let e = evaluator([310.0, 60.0, 120.0, 60.0, 310.0], mode: .paced)
        assertNumber(e.value(at: 250.0 / 620), 60, accuracy: 1e-9)
        assertNumber(e.value(at: 0.5), 120, accuracy: 1e-9)
        // At 0.75, 465 of 620 walked: 95 into the last segment (60 → 310), so 155.
        assertNumber(e.value(at: 0.75), 155, accuracy: 1e-9)
    }

    func testPacedIgnoresKeyTimesAndTimingFunctions() {
        let e = evaluator([0.0, 10.0, 40.0], keyTimes: [0, 0.9, 1], timingFunctions: [CAMediaTimingFunction(name: .easeIn)],
                          mode: .paced)
        assertNumber(e.value(at: 0.125), 5)
        assertNumber(e.value(at: 0.5), 20)
    }

    func testPacedPointsUseEuclideanDistance() {
        // (0,0) → (30,40) is 50 long, (30,40) → (30,90) is 50: the corner is reached at half time.
        let e = evaluator([CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 90)], mode: .paced)
        assertPoint(e.value(at: 0.5), 30, 40)
        assertPoint(e.value(at: 0.25), 15, 20)
    }

    func testPacedWithoutAnyMovementIsEvenlySpaced() {
        let e = evaluator([5.0, 5.0, 5.0], mode: .paced)
        assertNumber(e.value(at: 0.3), 5)
    }

    // MARK: Cubic

    func testCubicPassesThroughEveryKeyframe() {
        let e = evaluator([0.0, 10.0, 0.0, 20.0], mode: .cubic)
        assertNumber(e.value(at: 0), 0)
        assertNumber(e.value(at: 1.0 / 3), 10, accuracy: 1e-12)
        assertNumber(e.value(at: 2.0 / 3), 0, accuracy: 1e-12)
        assertNumber(e.value(at: 1), 20)
    }

    func testCubicWithDefaultParametersIsCatmullRom() {
        // Three points 0, 10, 0 at key times 0, 0.5, 1; the ends repeat their keyframe, so the
        // tangents are m0 = (10 − 0)/2 = 5, m1 = (0 − 0)/2 = 0, m2 = (0 − 10)/2 = −5.
        // Segment 0 at u = 0.5: h00·0 + h10·5 + h01·10 + h11·0 = 0.125·5 + 0.5·10 = 5.625.
        let e = evaluator([0.0, 10.0, 0.0], mode: .cubic)
        assertNumber(e.value(at: 0.25), 5.625, accuracy: 1e-12)
        assertNumber(e.value(at: 0.5), 10, accuracy: 1e-12)
        // Segment 1 mirrors it.
        assertNumber(e.value(at: 0.75), 5.625, accuracy: 1e-12)
        // A straight line of evenly spaced values stays straight inside (tangent = chord).
        let line = evaluator([0.0, 10.0, 20.0, 30.0], mode: .cubic)
        assertNumber(line.value(at: 0.5), 15, accuracy: 1e-12)
    }

    func testCubicUsesKeyTimesAndTimingFunctions() {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let e = evaluator([0.0, 10.0, 0.0], keyTimes: [0, 0.8, 1], timingFunctions: [easeIn, easeIn], mode: .cubic)
        assertNumber(e.value(at: 0.8), 10, accuracy: 1e-12)
        // Segment 0 at local 0.5, eased: u = easeIn(0.5); value = 5·(u³ − 2u² + u) + 10·(3u² − 2u³).
        let u = easeIn.progress(at: 0.5)
        assertNumber(e.value(at: 0.4), 5 * (u * u * u - 2 * u * u + u) + 10 * (3 * u * u - 2 * u * u * u), accuracy: 1e-9)
    }

    func testCubicTensionOneGivesFlatTangentsAtThatKeyframe() {
        // Tension 1 at every keyframe: all tangents 0, a smoothstep between keyframes.
        let e = evaluator([0.0, 10.0, 0.0], mode: .cubic, tension: [1, 1, 1])
        assertNumber(e.value(at: 0.25), 5, accuracy: 1e-12)   // 10·(3·0.25 − 2·0.125)
        assertNumber(e.value(at: 0.125), 10 * (3 * 0.0625 - 2 * 0.015625), accuracy: 1e-12)
    }

    func testCubicWithDifferentParametersAtEachEndKeepsEachKeyframesTangent() {
        // Tension 1 at keyframe 1 only. Segment 0: its start keeps the Catmull-Rom tangent 5, its end
        // (keyframe 1) arrives flat. Near u = 0 the curve leaves 0 with slope 5 per unit u, near u = 1
        // it arrives at 10 with slope 0.
        let e = evaluator([0.0, 10.0, 0.0], mode: .cubic, tension: [0, 1, 0])
        let h = 1e-6
        // f = u/2 on segment 0.
        let start = (number(e.value(at: h / 2))! - 0) / h
        let end = (10 - number(e.value(at: 0.5 - h / 2))!) / h
        XCTAssertEqual(start, 5, accuracy: 1e-4)
        XCTAssertEqual(end, 0, accuracy: 1e-4)
        assertNumber(e.value(at: 0.5), 10, accuracy: 1e-12)
    }

    // MARK: Cubic paced

    func testCubicPacedMovesAtConstantSpeedAlongTheSpline() {
        // 0, 10, 30 with default parameters: the spline is monotonic, so its length is 30 and
        // constant speed puts the value at 30·f; it still passes through 10 (at f = 1/3).
        let e = evaluator([0.0, 10.0, 30.0], mode: .cubicPaced)
        for f in [0.1, 0.25, 1.0 / 3, 0.5, 0.8] {
            assertNumber(e.value(at: f), 30 * f, accuracy: 0.02)
        }
        assertNumber(e.value(at: 0), 0)
        assertNumber(e.value(at: 1), 30)
    }

    func testCubicPacedIgnoresKeyTimesAndTimingFunctions() {
        let e = evaluator([0.0, 10.0, 30.0], keyTimes: [0, 0.9, 1], timingFunctions: [CAMediaTimingFunction(name: .easeIn)],
                          mode: .cubicPaced)
        assertNumber(e.value(at: 0.5), 15, accuracy: 0.02)
    }

    // MARK: Paths

    func testShipFollowsTheCubicCurveAndIsAtItsMidpointHalfwayThrough() {
        // seed-examples §8 `ship` (003 L8.6), a 4 s animation: at 2 s the ship is at (150,150).
        let e = evaluator(path: shipPath())
        assertPoint(e.value(at: 0), 0, 150, accuracy: 0)
        assertPoint(e.value(at: 0.5), 150, 150, accuracy: 1e-6)
        assertPoint(e.value(at: 1), 300, 150, accuracy: 0)
        // The curve is point-symmetric about (150,150), and so is motion by arc length along it:
        // the points at f and at 1 − f mirror each other.
        let a = e.value(at: 0.3) as? CGPoint, b = e.value(at: 0.7) as? CGPoint
        XCTAssertEqual(Double(a!.x + b!.x), 300, accuracy: 1e-6)
        XCTAssertEqual(Double(a!.y + b!.y), 300, accuracy: 1e-6)
    }

    func testRotateAutoFollowsTheShipPathsTangent() {
        // seed-examples §8 `ship` L8.7: rotated 33.7° ± 0.5 at 2 s; −63.4° at the start and end.
        // B'(0) = 3·(75, −150): atan2(−150, 75) = −63.43°; B'(½) = (337.5, 225): atan2(225, 337.5) = 33.69°.
        let e = evaluator(path: shipPath(), rotationMode: .rotateAuto)
        XCTAssertEqual(degrees(e.rotationAngle(at: 0.5)), atan2(225, 337.5) * 180 / .pi, accuracy: 1e-6)
        XCTAssertEqual(degrees(e.rotationAngle(at: 0.5)), 33.7, accuracy: 0.5)
        XCTAssertEqual(degrees(e.rotationAngle(at: 0)), -63.435, accuracy: 0.01)
        XCTAssertEqual(degrees(e.rotationAngle(at: 1)), -63.435, accuracy: 0.01)
    }

    func testRotateAutoReverseAddsAHalfTurn() {
        let auto = evaluator(path: shipPath(), rotationMode: .rotateAuto)
        let reverse = evaluator(path: shipPath(), rotationMode: .rotateAutoReverse)
        for f in [0, 0.25, 0.5, 0.9] {
            XCTAssertEqual(reverse.rotationAngle(at: f)!, auto.rotationAngle(at: f)! + .pi, accuracy: 1e-12)
        }
    }

    func testRotationAngleIsNilWithoutARotationModeOrWithoutAPath() {
        XCTAssertNil(evaluator(path: shipPath()).rotationAngle(at: 0.5))
        XCTAssertNil(evaluator([CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 10)], rotationMode: .rotateAuto).rotationAngle(at: 0.5))
    }

    func testPathBounceLandsOnTheLowestPointsOfItsArcs() {
        // seed-examples §8 `path-bounce` (000 L3-3), 5 s: two curves, each one keyframe segment.
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 74, y: 74))
        path.addCurve(to: CGPoint(x: 320, y: 74), control1: CGPoint(x: 74, y: 500), control2: CGPoint(x: 320, y: 500))
        path.addCurve(to: CGPoint(x: 566, y: 74), control1: CGPoint(x: 320, y: 500), control2: CGPoint(x: 566, y: 500))
        let e = evaluator(path: path)
        assertPoint(e.value(at: 1.25 / 5), 197, 393.5, accuracy: 1e-6)
        assertPoint(e.value(at: 2.5 / 5), 320, 74, accuracy: 0)
        assertPoint(e.value(at: 3.75 / 5), 443, 393.5, accuracy: 1e-6)
    }

    /// A right angle: (0,0) → (100,0) → (100,300); lengths 100 and 300.
    private func cornerPath() -> CGPath {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 300))
        return path
    }

    func testPathSegmentsAreKeyframesTimedEvenlyOrByKeyTimes() {
        let even = evaluator(path: cornerPath())
        assertPoint(even.value(at: 0.25), 50, 0)
        assertPoint(even.value(at: 0.5), 100, 0)
        assertPoint(even.value(at: 0.75), 100, 150)
        let timed = evaluator(path: cornerPath(), keyTimes: [0, 0.2, 1])
        assertPoint(timed.value(at: 0.1), 50, 0)
        assertPoint(timed.value(at: 0.6), 100, 150)
        let eased = evaluator(path: cornerPath(), timingFunctions: [CAMediaTimingFunction(name: .easeOut)])
        assertPoint(eased.value(at: 0.25), 68.46, 0, accuracy: 0.01)
    }

    func testPacedPathMovesAtConstantSpeedByArcLength() {
        let e = evaluator(path: cornerPath(), keyTimes: [0, 0.9, 1], mode: .paced)
        assertPoint(e.value(at: 0.125), 50, 0)
        assertPoint(e.value(at: 0.25), 100, 0)
        assertPoint(e.value(at: 0.5), 100, 100)
        // cubicPaced on a path follows the path itself, like paced.
        assertPoint(evaluator(path: cornerPath(), mode: .cubicPaced).value(at: 0.5), 100, 100)
    }

    func testCubicPathIsThePathItselfTimedLikeLinear() {
        assertPoint(evaluator(path: cornerPath(), mode: .cubic).value(at: 0.75), 100, 150)
    }

    func testDiscretePathHoldsItsKeyframePoints() {
        let e = evaluator(path: cornerPath(), mode: .discrete, rotationMode: .rotateAuto)
        assertPoint(e.value(at: 0.2), 0, 0)
        assertPoint(e.value(at: 0.4), 100, 0)
        assertPoint(e.value(at: 0.9), 100, 300)
        XCTAssertEqual(degrees(e.rotationAngle(at: 0.2)), 0, accuracy: 1e-9)
        XCTAssertEqual(degrees(e.rotationAngle(at: 0.4)), 90, accuracy: 1e-9)
        XCTAssertEqual(degrees(e.rotationAngle(at: 0.9)), 90, accuracy: 1e-9)
    }

    func testClosingAPathAddsASegmentBackToItsStart() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        let e = evaluator(path: path, mode: .paced, rotationMode: .rotateAuto)
        assertPoint(e.value(at: 0.125), 50, 0)
        assertPoint(e.value(at: 0.875), 0, 50)
        assertPoint(e.value(at: 1), 0, 0)
        XCTAssertEqual(degrees(e.rotationAngle(at: 0.875)), -90, accuracy: 1e-9)
    }

    func testAClosedEllipseGainsNoMotionlessSegment() {
        // Four cubics and a close that is already home: four keyframe segments, a quarter each.
        let e = evaluator(path: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 100), transform: nil))
        assertPoint(e.value(at: 0), 200, 50, accuracy: 1e-9)
        assertPoint(e.value(at: 0.25), 100, 100, accuracy: 1e-9)
        assertPoint(e.value(at: 0.5), 0, 50, accuracy: 1e-9)
        assertPoint(e.value(at: 0.75), 100, 0, accuracy: 1e-9)
    }

    func testPathOverridesValues() {
        let e = evaluator([CGPoint(x: 999, y: 999), CGPoint(x: -999, y: -999)], path: cornerPath())
        assertPoint(e.value(at: 0.5), 100, 0)
    }

    // MARK: Degenerate input

    func testNothingToAnimateGivesNoEvaluator() {
        func make(_ values: [Any]?, _ path: CGPath? = nil) -> KeyframeEvaluator? {
            KeyframeEvaluator(values: values, path: path, keyTimes: nil, timingFunctions: nil, calculationMode: .linear,
                              tensionValues: nil, continuityValues: nil, biasValues: nil, rotationMode: nil)
        }
        XCTAssertNil(make(nil))
        XCTAssertNil(make([]))
        XCTAssertNil(make(nil, CGMutablePath()))
        XCTAssertNil(make([0.0, Double.nan]))
        XCTAssertNil(make([CGPoint(x: 0, y: 0), CGPoint(x: CGFloat.infinity, y: 0)]))
    }

    func testValuesThatCannotBeCombinedGiveNoValueBetweenThem() {
        // A point next to a number: the keyframes themselves still come back, nothing in between.
        let e = evaluator([CGPoint(x: 1, y: 2), 5.0])
        assertPoint(e.value(at: 0), 1, 2)
        XCTAssertNil(e.value(at: 0.5))
        assertNumber(e.value(at: 1), 5)
    }

    func testASingleKeyframeHoldsInEveryMode() {
        for mode: CAAnimationCalculationMode in [.linear, .discrete, .paced, .cubic, .cubicPaced] {
            let e = evaluator([7.0], mode: mode)
            assertNumber(e.value(at: 0), 7)
            assertNumber(e.value(at: 0.5), 7)
            assertNumber(e.value(at: 1), 7)
        }
        let moveOnly = CGMutablePath()
        moveOnly.move(to: CGPoint(x: 3, y: 4))
        let e = evaluator(path: moveOnly, rotationMode: .rotateAuto)
        assertPoint(e.value(at: 0.5), 3, 4)
        XCTAssertEqual(e.rotationAngle(at: 0.5), 0)
    }

    func testModeAndRotationRawValuesAreApples() {
        XCTAssertEqual([CAAnimationCalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced].map(\.rawValue),
                       ["linear", "discrete", "paced", "cubic", "cubicPaced"])
        XCTAssertEqual(CAAnimationRotationMode.rotateAuto.rawValue, "auto")
        XCTAssertEqual(CAAnimationRotationMode.rotateAutoReverse.rawValue, "autoReverse")
        XCTAssertEqual(CAAnimationCalculationMode(rawValue: "paced"), .paced)
    }
}
