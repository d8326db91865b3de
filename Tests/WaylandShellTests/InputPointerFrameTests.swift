#if os(Linux)
import XCTest
@testable import WaylandShell

/// `PointerFrameAssembler`: the `wl_pointer` events between two `frame`s make one `WaylandPointerEvent`.
final class InputPointerFrameTests: XCTestCase {
    private let left = WaylandPointerEvent.ButtonCode.left
    private let vertical: UInt32 = 0
    private let horizontal: UInt32 = 1

    func testNothingBeforeAFrameAndNoEventForAnEmptyFrame() {
        var pointer = PointerFrameAssembler()
        XCTAssertNil(pointer.frame(now: 1))
        pointer.motion(timestampMilliseconds: 10, x: 1, y: 2)
        XCTAssertNotNil(pointer.frame(now: 1))
        XCTAssertNil(pointer.frame(now: 2), "the frame was consumed")
    }

    func testEnterAndMotionInOneFrameAreOneEventAtTheLastPosition() {
        var pointer = PointerFrameAssembler()
        pointer.enter(serial: 7, x: 10.5, y: 20.25)
        pointer.motion(timestampMilliseconds: 1000, x: 11, y: 21.5)
        let event = try! XCTUnwrap(pointer.frame(now: 42.5))
        XCTAssertEqual(event.kinds, [.enter, .motion])
        XCTAssertEqual(event.x, 11)
        XCTAssertEqual(event.y, 21.5)
        XCTAssertEqual(event.serial, 7)
        XCTAssertEqual(event.timestampMilliseconds, 1000)
        XCTAssertEqual(event.time, 42.5, "stamped with the dispatch time on the monotonic clock")
        XCTAssertTrue(pointer.isInside)
    }

    func testAButtonFrameKeepsThePositionAndTracksHeldButtons() {
        var pointer = PointerFrameAssembler()
        pointer.enter(serial: 1, x: 5, y: 6)
        _ = pointer.frame(now: 0)
        pointer.button(serial: 2, timestampMilliseconds: 100, code: left, state: 1)
        let press = try! XCTUnwrap(pointer.frame(now: 0.1))
        XCTAssertEqual(press.kinds, .button)
        XCTAssertEqual(press.x, 5, "the last known position")
        XCTAssertEqual(press.y, 6)
        XCTAssertEqual(press.buttons, [.init(code: left, isPressed: true, serial: 2, timestampMilliseconds: 100)])
        XCTAssertEqual(press.pressedButtons, [left])

        pointer.button(serial: 3, timestampMilliseconds: 180, code: left, state: 0)
        let release = try! XCTUnwrap(pointer.frame(now: 0.18))
        XCTAssertEqual(release.buttons.map(\.isPressed), [false])
        XCTAssertEqual(release.pressedButtons, [])
        XCTAssertEqual(release.serial, 3)
    }

    func testADiagonalScrollIsOneEventWithBothAxesAndItsSource() {
        var pointer = PointerFrameAssembler()
        pointer.axisSource(1)  // finger
        pointer.axis(timestampMilliseconds: 50, axis: vertical, value: 3.5)
        pointer.axis(timestampMilliseconds: 50, axis: horizontal, value: -1.25)
        let event = try! XCTUnwrap(pointer.frame(now: 1))
        XCTAssertEqual(event.kinds, .axis)
        XCTAssertEqual(event.axisSource, .finger)
        XCTAssertEqual(event.vertical, .init(delta: 3.5))
        XCTAssertEqual(event.horizontal, .init(delta: -1.25))
    }

    func testAxisStopMarksTheAxisStopped() {
        var pointer = PointerFrameAssembler()
        pointer.axisSource(1)
        pointer.axisStop(timestampMilliseconds: 60, axis: vertical)
        let event = try! XCTUnwrap(pointer.frame(now: 1))
        XCTAssertEqual(event.vertical, .init(delta: 0, stopped: true))
        XCTAssertNil(event.horizontal)
        XCTAssertEqual(event.timestampMilliseconds, 60)
    }

    func testLegacyDiscreteStepsAlsoGiveValue120() {
        var pointer = PointerFrameAssembler()
        pointer.axisSource(0)  // wheel
        pointer.axisDiscrete(axis: vertical, discrete: 1)
        pointer.axis(timestampMilliseconds: 70, axis: vertical, value: 15)
        let event = try! XCTUnwrap(pointer.frame(now: 1))
        XCTAssertEqual(event.axisSource, .wheel)
        XCTAssertEqual(event.vertical, .init(delta: 15, discreteSteps: 1, value120: 120))
    }

    func testValue120AccumulatesIntoWholeStepsAcrossFrames() {
        var pointer = PointerFrameAssembler()
        pointer.axisValue120(axis: vertical, value120: 60)
        pointer.axis(timestampMilliseconds: 1, axis: vertical, value: 7.5)
        XCTAssertEqual(pointer.frame(now: 1)?.vertical, .init(delta: 7.5, discreteSteps: 0, value120: 60))
        pointer.axisValue120(axis: vertical, value120: 90)
        XCTAssertEqual(pointer.frame(now: 2)?.vertical, .init(delta: 0, discreteSteps: 1, value120: 90),
                       "60 + 90 = 150: one whole step, 30 left over")
        pointer.axisValue120(axis: vertical, value120: -120)
        XCTAssertEqual(pointer.frame(now: 3)?.vertical?.discreteSteps, -1, "a reversal drops the leftover")
        pointer.axisValue120(axis: vertical, value120: 240)
        XCTAssertEqual(pointer.frame(now: 4)?.vertical?.discreteSteps, 2)
    }

    func testLeaveClearsHeldButtonsAndKeepsTheLastPosition() {
        var pointer = PointerFrameAssembler()
        pointer.enter(serial: 1, x: 3, y: 4)
        pointer.button(serial: 2, timestampMilliseconds: 5, code: left, state: 1)
        _ = pointer.frame(now: 0)
        pointer.leave(serial: 9)
        let event = try! XCTUnwrap(pointer.frame(now: 1))
        XCTAssertEqual(event.kinds, .leave)
        XCTAssertEqual(event.serial, 9)
        XCTAssertEqual(event.pressedButtons, [])
        XCTAssertEqual(event.x, 3)
        XCTAssertFalse(pointer.isInside)
    }

    func testASecondLeaveWithoutEnterIsDropped() {
        var pointer = PointerFrameAssembler()
        pointer.enter(serial: 1, x: 3, y: 4)
        pointer.leave(serial: 2)
        XCTAssertEqual(pointer.frame(now: 0)?.kinds, [.enter, .leave])
        pointer.leave(serial: 3)
        XCTAssertNil(pointer.frame(now: 1), "sway 1.7 sends two leaves when a virtual pointer goes away")
    }

    func testUnknownAxesAreIgnored() {
        var pointer = PointerFrameAssembler()
        pointer.axis(timestampMilliseconds: 1, axis: 7, value: 1)
        XCTAssertNil(pointer.frame(now: 1))
    }

    func testTraceRecordNamesTheKindsAndPosition() {
        var pointer = PointerFrameAssembler()
        pointer.enter(serial: 1, x: 3, y: 4)
        pointer.motion(timestampMilliseconds: 20, x: 8, y: 9)
        pointer.button(serial: 2, timestampMilliseconds: 20, code: left, state: 1)
        let record = InputTraceRecord.pointer(pointer.frame(now: 5)!)
        XCTAssertEqual(record["type"] as? String, "pointer")
        XCTAssertEqual(record["kind"] as? String, "enter+motion+button")
        XCTAssertEqual(record["x"] as? Double, 8)
        XCTAssertEqual(record["y"] as? Double, 9)
        XCTAssertEqual(record["time"] as? Double, 5)
        XCTAssertEqual(record["pressed"] as? [UInt32], [left])
    }

    func testScrollTraceRecordHasTheSourceStepsAndStop() {
        var pointer = PointerFrameAssembler()
        pointer.axisSource(0)
        pointer.axisDiscrete(axis: vertical, discrete: -1)
        pointer.axis(timestampMilliseconds: 1, axis: vertical, value: -10)
        pointer.axisStop(timestampMilliseconds: 1, axis: horizontal)
        let record = InputTraceRecord.pointer(pointer.frame(now: 5)!)
        XCTAssertEqual(record["kind"] as? String, "axis")
        XCTAssertEqual(record["source"] as? String, "wheel")
        XCTAssertEqual(record["dy"] as? Double, -10)
        XCTAssertEqual(record["steps_y"] as? Int32, -1)
        XCTAssertEqual(record["v120_y"] as? Int32, -120)
        XCTAssertEqual(record["stop_x"] as? Bool, true)
        XCTAssertNil(record["stop_y"] ?? nil)
    }
}
#endif
