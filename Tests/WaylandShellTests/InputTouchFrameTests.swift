#if os(Linux)
import XCTest
@testable import WaylandShell

/// `TouchFrameAssembler`: multi-touch by id, grouped by `wl_touch.frame`.
final class InputTouchFrameTests: XCTestCase {
    func testTwoFingersDownInOneFrame() {
        var touch = TouchFrameAssembler()
        touch.down(serial: 1, timestampMilliseconds: 10, id: 0, x: 10, y: 20)
        touch.down(serial: 2, timestampMilliseconds: 10, id: 1, x: 30, y: 40)
        let event = try! XCTUnwrap(touch.frame(now: 3))
        XCTAssertEqual(event.touches, [
            .init(id: 0, phase: .began, x: 10, y: 20, serial: 1),
            .init(id: 1, phase: .began, x: 30, y: 40, serial: 2),
        ])
        XCTAssertEqual(event.timestampMilliseconds, 10)
        XCTAssertEqual(event.time, 3)
        XCTAssertFalse(event.isCancelled)
    }

    func testOneFingerMovesTheOtherIsStationary() {
        var touch = TouchFrameAssembler()
        touch.down(serial: 1, timestampMilliseconds: 10, id: 0, x: 10, y: 20)
        touch.down(serial: 2, timestampMilliseconds: 10, id: 1, x: 30, y: 40)
        _ = touch.frame(now: 0)
        touch.motion(timestampMilliseconds: 26, id: 1, x: 35, y: 45)
        let event = try! XCTUnwrap(touch.frame(now: 1))
        XCTAssertEqual(event.touches.map(\.phase), [.stationary, .moved])
        XCTAssertEqual(event.changedTouches.map(\.id), [1])
        XCTAssertEqual(event.touches[1].x, 35)
        XCTAssertEqual(event.touches[1].y, 45)
    }

    func testUpKeepsTheLastPositionAndThePointIsGoneAfterItsFrame() {
        var touch = TouchFrameAssembler()
        touch.down(serial: 1, timestampMilliseconds: 10, id: 4, x: 10, y: 20)
        touch.motion(timestampMilliseconds: 12, id: 4, x: 11, y: 21)
        XCTAssertEqual(touch.frame(now: 0)?.touches.map(\.phase), [.began], "down then motion in one frame is a begin")
        touch.up(serial: 5, timestampMilliseconds: 30, id: 4)
        let event = try! XCTUnwrap(touch.frame(now: 1))
        XCTAssertEqual(event.touches, [.init(id: 4, phase: .ended, x: 11, y: 21, serial: 5)])
        XCTAssertEqual(touch.activeIDs, [])
        XCTAssertNil(touch.frame(now: 2))
    }

    func testShapeAndOrientationAreAttachedToTheirPoint() {
        var touch = TouchFrameAssembler()
        touch.down(serial: 1, timestampMilliseconds: 10, id: 0, x: 1, y: 2)
        touch.shape(id: 0, major: 8, minor: 5.5)
        touch.orientation(id: 0, degrees: 30)
        let point = try! XCTUnwrap(touch.frame(now: 0)?.touches.first)
        XCTAssertEqual(point.majorAxis, 8)
        XCTAssertEqual(point.minorAxis, 5.5)
        XCTAssertEqual(point.orientation, 30)
    }

    func testCancelEndsEveryPointAtOnce() {
        var touch = TouchFrameAssembler()
        touch.down(serial: 1, timestampMilliseconds: 10, id: 0, x: 1, y: 2)
        touch.down(serial: 2, timestampMilliseconds: 10, id: 1, x: 3, y: 4)
        _ = touch.frame(now: 0)
        let event = try! XCTUnwrap(touch.cancel(now: 1))
        XCTAssertTrue(event.isCancelled)
        XCTAssertEqual(event.touches.map(\.phase), [.cancelled, .cancelled])
        XCTAssertEqual(touch.activeIDs, [])
        XCTAssertNil(touch.cancel(now: 2), "nothing left to cancel")
    }

    func testEventsForUnknownIDsAreIgnored() {
        var touch = TouchFrameAssembler()
        touch.motion(timestampMilliseconds: 1, id: 9, x: 1, y: 1)
        touch.up(serial: 1, timestampMilliseconds: 1, id: 9)
        XCTAssertNil(touch.frame(now: 0))
    }

    func testTraceRecord() {
        var touch = TouchFrameAssembler()
        touch.down(serial: 1, timestampMilliseconds: 10, id: 2, x: 5, y: 6)
        let record = InputTraceRecord.touch(touch.frame(now: 7)!)
        XCTAssertEqual(record["type"] as? String, "touch")
        XCTAssertEqual(record["kind"] as? String, "frame")
        let touches = record["touches"] as? [[String: Any]]
        XCTAssertEqual(touches?.first?["phase"] as? String, "began")
        XCTAssertEqual(touches?.first?["x"] as? Double, 5)
    }
}
#endif
