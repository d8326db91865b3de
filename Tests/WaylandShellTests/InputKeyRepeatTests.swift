#if os(Linux)
import XCTest
@testable import WaylandShell

/// `KeyRepeater`: client-side repeat timing on an injected clock.
final class InputKeyRepeatTests: XCTestCase {
    func testTheFirstRepeatComesAfterTheDelayThenAtTheRate() {
        var repeater = KeyRepeater(rate: 25, delay: 600)
        repeater.keyPressed(30, repeats: true, at: 10)
        XCTAssertEqual(repeater.nextFireTime, 10.6)
        XCTAssertNil(repeater.fire(at: 10.5), "not yet")
        XCTAssertEqual(repeater.fire(at: 10.6), 30)
        XCTAssertEqual(repeater.nextFireTime!, 10.64, accuracy: 1e-9)
        XCTAssertEqual(repeater.fire(at: 10.64), 30)
        XCTAssertEqual(repeater.nextFireTime!, 10.68, accuracy: 1e-9)
    }

    func testReleaseStopsTheRepeatOnlyForTheRepeatingKey() {
        var repeater = KeyRepeater(rate: 25, delay: 600)
        repeater.keyPressed(30, repeats: true, at: 0)
        repeater.keyReleased(31)
        XCTAssertEqual(repeater.repeatingKey, 30)
        repeater.keyReleased(30)
        XCTAssertNil(repeater.repeatingKey)
        XCTAssertNil(repeater.nextFireTime)
        XCTAssertNil(repeater.fire(at: 100))
    }

    func testANewPressTakesOverTheRepeat() {
        var repeater = KeyRepeater(rate: 10, delay: 200)
        repeater.keyPressed(30, repeats: true, at: 0)
        repeater.keyPressed(31, repeats: true, at: 0.1)
        XCTAssertEqual(repeater.repeatingKey, 31)
        XCTAssertEqual(repeater.nextFireTime!, 0.3, accuracy: 1e-9)
    }

    func testAModifierPressStopsTheRepeatAndDoesNotRepeat() {
        var repeater = KeyRepeater(rate: 10, delay: 200)
        repeater.keyPressed(30, repeats: true, at: 0)
        repeater.keyPressed(42, repeats: false, at: 0.1)  // KEY_LEFTSHIFT
        XCTAssertNil(repeater.repeatingKey)
    }

    func testRateZeroDisablesRepeat() {
        var repeater = KeyRepeater()
        repeater.setRepeatInfo(rate: 0, delay: 300)
        repeater.keyPressed(30, repeats: true, at: 0)
        XCTAssertNil(repeater.nextFireTime)
    }

    func testRepeatInfoStopsARunningRepeat() {
        var repeater = KeyRepeater()
        repeater.keyPressed(30, repeats: true, at: 0)
        repeater.setRepeatInfo(rate: 30, delay: 250)
        XCTAssertNil(repeater.repeatingKey)
        repeater.keyPressed(30, repeats: true, at: 1)
        XCTAssertEqual(repeater.nextFireTime!, 1.25, accuracy: 1e-9)
    }

    func testALateWakeUpCoalescesMissedRepeats() {
        var repeater = KeyRepeater(rate: 25, delay: 500)
        repeater.keyPressed(30, repeats: true, at: 0)
        XCTAssertEqual(repeater.fire(at: 1.5), 30, "one repeat for the second that was missed")
        XCTAssertEqual(repeater.nextFireTime!, 1.54, accuracy: 1e-9, "the schedule restarts from now")
        XCTAssertNil(repeater.fire(at: 1.52))
    }
}
#endif
