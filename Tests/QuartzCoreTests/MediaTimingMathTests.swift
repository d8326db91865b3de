@testable import QuartzCore
import XCTest

/// Core Animation's timing arithmetic for one animation (MediaTimingMath). Unless a test says
/// otherwise: beginTime 0, duration 1, speed 1, timeOffset 0, played once, no autoreverse, fill removed.
final class MediaTimingMathTests: XCTestCase {
    private func timing(beginTime: Double = 0, duration: Double = 1, speed: Double = 1, timeOffset: Double = 0,
                        repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
                        fillMode: CAMediaTimingFillMode = .removed) -> MediaTimingParameters {
        MediaTimingParameters(beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset,
                              repeatCount: repeatCount, repeatDuration: repeatDuration,
                              autoreverses: autoreverses, fillMode: fillMode)
    }

    /// Asserts the animation is active at `t` with this simple time and iteration.
    private func assertActive(_ p: MediaTimingParameters, at t: Double, simple: Double, iteration: Int = 0,
                              file: StaticString = #filePath, line: UInt = #line) {
        guard let time = MediaTimingMath.animationTime(parentTime: t, p) else {
            return XCTFail("nil at \(t)", file: file, line: line)
        }
        XCTAssertEqual(time.simpleTime, simple, accuracy: 1e-12, "simpleTime at \(t)", file: file, line: line)
        XCTAssertEqual(time.iteration, iteration, "iteration at \(t)", file: file, line: line)
        XCTAssertFalse(time.isBeforeStart, "isBeforeStart at \(t)", file: file, line: line)
        XCTAssertFalse(time.isAfterEnd, "isAfterEnd at \(t)", file: file, line: line)
    }

    private func time(_ p: MediaTimingParameters, at t: Double) -> AnimationTime? {
        MediaTimingMath.animationTime(parentTime: t, p)
    }

    // MARK: Active duration and end time

    func testActiveDuration() {
        XCTAssertEqual(MediaTimingMath.activeDuration(timing()), 1)                                  // once
        XCTAssertEqual(MediaTimingMath.activeDuration(timing(duration: 2, repeatCount: 3.5)), 7)     // 2 × 3.5
        XCTAssertEqual(MediaTimingMath.activeDuration(timing(repeatCount: 1.5, autoreverses: true)), 3) // 1 × 1.5 × 2
        XCTAssertEqual(MediaTimingMath.activeDuration(timing(autoreverses: true)), 2)                // one round trip
        XCTAssertEqual(MediaTimingMath.activeDuration(timing(repeatDuration: 2.5)), 2.5)
        XCTAssertEqual(MediaTimingMath.activeDuration(timing(repeatDuration: 2.5, autoreverses: true)), 2.5)
        XCTAssertEqual(MediaTimingMath.activeDuration(timing(repeatCount: .infinity)), .infinity)
        XCTAssertEqual(MediaTimingMath.activeDuration(timing(repeatDuration: .infinity)), .infinity)
    }

    func testEndTime() {
        // beginTime + D / |speed|: 10 + 2 / 2 = 11.
        XCTAssertEqual(MediaTimingMath.endTime(timing(beginTime: 10, duration: 2, speed: 2)), 11)
        XCTAssertEqual(MediaTimingMath.endTime(timing(beginTime: 10, duration: 2, speed: 0.5)), 14)
        XCTAssertEqual(MediaTimingMath.endTime(timing(beginTime: 5, speed: -1)), 6)
        XCTAssertEqual(MediaTimingMath.endTime(timing(beginTime: 5, speed: 0)), .infinity)       // frozen
        XCTAssertEqual(MediaTimingMath.endTime(timing(repeatCount: .infinity)), .infinity)
        XCTAssertEqual(MediaTimingMath.endTime(timing(repeatDuration: .infinity, autoreverses: true)), .infinity)
        // timeOffset wraps inside the active period, so it never changes the end time.
        XCTAssertEqual(MediaTimingMath.endTime(timing(beginTime: 3, timeOffset: 0.5)), 4)
    }

    // MARK: Fill modes

    func testRemovedContributesNothingOutsideTheActivePeriod() {
        let p = timing(beginTime: 10)
        XCTAssertNil(time(p, at: 9.5))
        assertActive(p, at: 10, simple: 0)
        assertActive(p, at: 10.25, simple: 0.25)
        XCTAssertNil(time(p, at: 11))          // exactly the end: finished
        XCTAssertNil(time(p, at: 12))
    }

    func testForwardsHoldsTheEndStateOnlyAfterTheEnd() {
        let p = timing(beginTime: 10, fillMode: .forwards)
        XCTAssertNil(time(p, at: 9.5))
        assertActive(p, at: 10.75, simple: 0.75)
        XCTAssertEqual(time(p, at: 11), AnimationTime(simpleTime: 1, iteration: 0, isBeforeStart: false, isAfterEnd: true))
        XCTAssertEqual(time(p, at: 1000), AnimationTime(simpleTime: 1, iteration: 0, isBeforeStart: false, isAfterEnd: true))
    }

    func testBackwardsHoldsTheStartStateOnlyBeforeTheBeginning() {
        let p = timing(beginTime: 10, fillMode: .backwards)
        XCTAssertEqual(time(p, at: 9.5), AnimationTime(simpleTime: 0, iteration: 0, isBeforeStart: true, isAfterEnd: false))
        XCTAssertEqual(time(p, at: -100), AnimationTime(simpleTime: 0, iteration: 0, isBeforeStart: true, isAfterEnd: false))
        assertActive(p, at: 10, simple: 0)
        XCTAssertNil(time(p, at: 11))
    }

    func testBothHoldsOnBothSides() {
        let p = timing(beginTime: 10, fillMode: .both)
        XCTAssertEqual(time(p, at: 9)?.isBeforeStart, true)
        XCTAssertEqual(time(p, at: 9)?.simpleTime, 0)
        assertActive(p, at: 10.5, simple: 0.5)
        XCTAssertEqual(time(p, at: 11)?.isAfterEnd, true)
        XCTAssertEqual(time(p, at: 11)?.simpleTime, 1)
    }

    // MARK: Repetition

    func testRepeatCountOneAndAHalfWithAutoreverseEndsOnTheEndValue() {
        // D = 1 × 1.5 × 2 = 3. Pass 0 forwards over [0, 1), backwards over [1, 2); pass 1 forwards
        // over [2, 3) and stops half way through its round trip, at simple time 1 (the end value).
        let p = timing(repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        assertActive(p, at: 0.25, simple: 0.25)
        assertActive(p, at: 0.75, simple: 0.75)
        assertActive(p, at: 1.25, simple: 0.75)     // 2 − 1.25
        assertActive(p, at: 1.75, simple: 0.25)     // 2 − 1.75
        assertActive(p, at: 2, simple: 0, iteration: 1)
        assertActive(p, at: 2.5, simple: 0.5, iteration: 1)
        assertActive(p, at: 2.9, simple: 0.9, iteration: 1)
        XCTAssertEqual(time(p, at: 3), AnimationTime(simpleTime: 1, iteration: 1, isBeforeStart: false, isAfterEnd: true))
        XCTAssertNil(time(timing(repeatCount: 1.5, autoreverses: true), at: 3))
    }

    func testOneRoundTripEndsOnTheStartValue() {
        // repeatCount 1 with autoreverse: D = 2; the end state is simple time 0 of the first round trip.
        let p = timing(repeatCount: 1, autoreverses: true, fillMode: .forwards)
        assertActive(p, at: 1.5, simple: 0.5)
        XCTAssertEqual(time(p, at: 2), AnimationTime(simpleTime: 0, iteration: 0, isBeforeStart: false, isAfterEnd: true))
        // repeatCount 0 with autoreverse is the same single round trip.
        XCTAssertEqual(time(timing(autoreverses: true, fillMode: .forwards), at: 2),
                       AnimationTime(simpleTime: 0, iteration: 0, isBeforeStart: false, isAfterEnd: true))
    }

    func testFractionalRepeatCountEndsMidPass() {
        // duration 1 × 2.5: passes at [0, 1), [1, 2), then half of a third; the end state is 0.5 of pass 2.
        let p = timing(repeatCount: 2.5, fillMode: .forwards)
        assertActive(p, at: 0.5, simple: 0.5)
        assertActive(p, at: 1, simple: 0, iteration: 1)      // a new pass starts exactly on the boundary
        assertActive(p, at: 1.25, simple: 0.25, iteration: 1)
        assertActive(p, at: 2.25, simple: 0.25, iteration: 2)
        XCTAssertEqual(time(p, at: 2.5), AnimationTime(simpleTime: 0.5, iteration: 2, isBeforeStart: false, isAfterEnd: true))
    }

    func testWholeRepeatCountHoldsTheEndOfTheLastPass() {
        // repeatCount 2: the end state is simple time 1 of pass 1, not 0 of a third pass.
        let p = timing(duration: 2, repeatCount: 2, fillMode: .forwards)
        XCTAssertEqual(time(p, at: 4), AnimationTime(simpleTime: 2, iteration: 1, isBeforeStart: false, isAfterEnd: true))
    }

    func testRepeatDuration() {
        // repeatDuration 2.5 on a 1 s animation: like repeatCount 2.5.
        let p = timing(repeatDuration: 2.5, fillMode: .forwards)
        assertActive(p, at: 2.25, simple: 0.25, iteration: 2)
        XCTAssertEqual(time(p, at: 2.5), AnimationTime(simpleTime: 0.5, iteration: 2, isBeforeStart: false, isAfterEnd: true))
        // With autoreverse, repeatDuration is the total including the reverses: 1.5 s stops half way back.
        let q = timing(repeatDuration: 1.5, autoreverses: true, fillMode: .forwards)
        assertActive(q, at: 1.25, simple: 0.75)
        XCTAssertEqual(time(q, at: 1.5), AnimationTime(simpleTime: 0.5, iteration: 0, isBeforeStart: false, isAfterEnd: true))
    }

    func testInfiniteRepeatNeverEnds() {
        let p = timing(repeatCount: .infinity)
        assertActive(p, at: 1_000_000.25, simple: 0.25, iteration: 1_000_000)
        let q = timing(duration: 2, repeatDuration: .infinity, autoreverses: true)   // the swinging door
        assertActive(q, at: 3, simple: 1)               // backwards half of round trip 0: 4 − 3
        assertActive(q, at: 4.5, simple: 0.5, iteration: 1)
    }

    // MARK: timeOffset

    func testTimeOffsetWrapsWithinTheActiveDuration() {
        // duration 1, offset 0.5: plays 0.5→1, then 0→0.5, then ends at 1 (total time unchanged).
        let p = timing(timeOffset: 0.5, fillMode: .both)
        assertActive(p, at: 0, simple: 0.5)
        assertActive(p, at: 0.25, simple: 0.75)
        assertActive(p, at: 0.5, simple: 0)            // the wrap: 0.5 + 0.5 = 1 → 0
        assertActive(p, at: 0.75, simple: 0.25)
        // The first and last states played are the offset's, on both sides.
        XCTAssertEqual(time(p, at: -1), AnimationTime(simpleTime: 0.5, iteration: 0, isBeforeStart: true, isAfterEnd: false))
        XCTAssertEqual(time(p, at: 1), AnimationTime(simpleTime: 0.5, iteration: 0, isBeforeStart: false, isAfterEnd: true))
        XCTAssertNil(time(timing(timeOffset: 0.5), at: 1))
    }

    func testTimeOffsetWrapsModuloTheWholeActiveDuration() {
        // Offsets of 1.5 and −0.5 are 0.5 modulo D = 1; −0.25 starts at 0.75.
        assertActive(timing(timeOffset: 1.5), at: 0.25, simple: 0.75)
        assertActive(timing(timeOffset: -0.5), at: 0.25, simple: 0.75)
        assertActive(timing(timeOffset: -0.25), at: 0, simple: 0.75)
        // With repeatCount 2 (D = 2) and offset 0.5: position = t + 0.5 wrapped into [0, 2).
        let p = timing(timeOffset: 0.5, repeatCount: 2, fillMode: .forwards)
        assertActive(p, at: 0, simple: 0.5)
        assertActive(p, at: 1, simple: 0.5, iteration: 1)     // position 1.5
        assertActive(p, at: 1.6, simple: 0.1)                 // position 2.1 → 0.1
        XCTAssertEqual(time(p, at: 2), AnimationTime(simpleTime: 0.5, iteration: 0, isBeforeStart: false, isAfterEnd: true))
    }

    // MARK: Speed

    func testSpeedTwoPlaysInHalfTheTime() {
        let p = timing(speed: 2, fillMode: .forwards)
        assertActive(p, at: 0.2, simple: 0.4)
        assertActive(p, at: 0.45, simple: 0.9)
        XCTAssertEqual(time(p, at: 0.5)?.isAfterEnd, true)
        XCTAssertEqual(time(p, at: 0.5)?.simpleTime, 1)
    }

    func testTimeOffsetIsNotScaledBySpeed() {
        // Local position = (t − begin) × 2 + 0.5, wrapped into [0, 1); still ends at t = 0.5.
        let p = timing(speed: 2, timeOffset: 0.5)
        assertActive(p, at: 0, simple: 0.5)
        assertActive(p, at: 0.2, simple: 0.9)
        assertActive(p, at: 0.25, simple: 0)
        assertActive(p, at: 0.4, simple: 0.3)
        XCTAssertNil(time(p, at: 0.5))
    }

    func testSpeedZeroFreezesAtTheTimeOffset() {
        let p = timing(beginTime: 5, speed: 0, timeOffset: 0.3)
        XCTAssertNil(time(p, at: 4))                  // not begun, no backwards fill
        assertActive(p, at: 5, simple: 0.3)
        assertActive(p, at: 100, simple: 0.3)
        assertActive(p, at: 1e9, simple: 0.3)
        // The scrubbing clamp of 003 ch9: offset 0.999 of a 1 s animation shows 0.999.
        assertActive(timing(speed: 0, timeOffset: 0.999), at: 42, simple: 0.999)
    }

    func testNegativeSpeedPlaysBackwards() {
        // speed −1 over [0, 1): the timeline runs from its end to its start; the held states swap.
        let p = timing(speed: -1, fillMode: .both)
        assertActive(p, at: 0, simple: 1)
        assertActive(p, at: 0.25, simple: 0.75)
        assertActive(p, at: 0.75, simple: 0.25)
        XCTAssertEqual(time(p, at: -1), AnimationTime(simpleTime: 1, iteration: 0, isBeforeStart: true, isAfterEnd: false))
        XCTAssertEqual(time(p, at: 1), AnimationTime(simpleTime: 0, iteration: 0, isBeforeStart: false, isAfterEnd: true))
        // speed −2 takes half the time.
        assertActive(timing(speed: -2), at: 0.25, simple: 0.5)
        XCTAssertNil(time(timing(speed: -2), at: 0.5))
    }

    func testNegativeSpeedWithRepeatsAndAutoreverse() {
        // repeatCount 1.5 with autoreverse backwards: D = 3, position = 3 − t.
        let p = timing(speed: -1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        assertActive(p, at: 0, simple: 1, iteration: 1)       // position 3: the end of the forward run
        assertActive(p, at: 0.5, simple: 0.5, iteration: 1)   // position 2.5
        assertActive(p, at: 1.25, simple: 0.25)               // position 1.75: 2 − 1.75 on the way back
        assertActive(p, at: 2.5, simple: 0.5)                 // position 0.5
        XCTAssertEqual(time(p, at: 3), AnimationTime(simpleTime: 0, iteration: 0, isBeforeStart: false, isAfterEnd: true))
    }

    func testNegativeSpeedWithInfiniteRepeatCyclesBackwards() {
        // An endless timeline played backwards: position = −t, wrapped by whole passes of 1 s.
        let p = timing(speed: -1, repeatCount: .infinity, fillMode: .backwards)
        assertActive(p, at: 0, simple: 1)               // the end of a pass, approached from above
        assertActive(p, at: 0.25, simple: 0.75)
        assertActive(p, at: 10.75, simple: 0.25)
        XCTAssertEqual(time(p, at: -1)?.simpleTime, 1)
        XCTAssertEqual(MediaTimingMath.endTime(p), .infinity)
    }

    // MARK: Edges

    func testBeginTimeShiftsEverything() {
        let p = timing(beginTime: 100, duration: 2, repeatCount: 2)
        assertActive(p, at: 101, simple: 1)
        assertActive(p, at: 103.5, simple: 1.5, iteration: 1)
        XCTAssertNil(time(p, at: 104))
    }

    func testNaNTimeContributesNothingAndNaNSpeedIsFrozen() {
        XCTAssertNil(time(timing(fillMode: .both), at: .nan))
        assertActive(timing(speed: .nan, timeOffset: 0.25), at: 3, simple: 0.25)
    }
}
