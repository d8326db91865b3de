#if os(Linux)
import XCTest
@testable import WaylandShell

final class FrameSchedulerTests: XCTestCase {
    /// A scheduler that has drawn and committed its first frame and is idle.
    private func idleScheduler() -> FrameScheduler {
        var scheduler = FrameScheduler()
        XCTAssertEqual(scheduler.configured(changed: true), .drawSoon)
        XCTAssertEqual(scheduler.drawSoonFired(), .drawNow)
        draw(&scheduler)
        return scheduler
    }

    private func draw(_ scheduler: inout FrameScheduler, requestsFrame expected: Bool = false) {
        scheduler.beginDraw()
        scheduler.willPaint()
        XCTAssertEqual(scheduler.endDraw(), expected)
    }

    func testNothingIsDrawnBeforeTheFirstConfigure() {
        var scheduler = FrameScheduler()
        XCTAssertEqual(scheduler.setNeedsDisplay(), .none)
        XCTAssertTrue(scheduler.needsDisplay)
    }

    func testTheFirstConfigureDrawsWithoutWaitingForAFrameCallback() {
        var scheduler = FrameScheduler()
        XCTAssertEqual(scheduler.configured(changed: false), .drawSoon)
        XCTAssertEqual(scheduler.setNeedsDisplay(), .none, "the draw is already scheduled")
        XCTAssertEqual(scheduler.drawSoonFired(), .drawNow)
    }

    func testSetNeedsDisplayRequestsOneFrameCallbackAndIsIdempotent() {
        var scheduler = idleScheduler()
        XCTAssertEqual(scheduler.setNeedsDisplay(), .requestFrame)
        XCTAssertEqual(scheduler.setNeedsDisplay(), .none)
        XCTAssertEqual(scheduler.setNeedsDisplay(), .none)
        XCTAssertEqual(scheduler.frameDone(), .drawNow)
        draw(&scheduler)
        XCTAssertFalse(scheduler.isFrameCallbackPending, "idle after the draw: no further callbacks")
    }

    func testAFrameCallbackWithNothingDirtyDrawsNothing() {
        var scheduler = idleScheduler()
        XCTAssertEqual(scheduler.frameDone(), .none)
    }

    func testSetNeedsDisplayDuringADrawRequestsTheNextFrameInTheSameCommit() {
        var scheduler = idleScheduler()
        XCTAssertEqual(scheduler.setNeedsDisplay(), .requestFrame)
        XCTAssertEqual(scheduler.frameDone(), .drawNow)
        scheduler.beginDraw()
        scheduler.willPaint()
        XCTAssertEqual(scheduler.setNeedsDisplay(), .none, "never commits in the middle of a draw")
        XCTAssertTrue(scheduler.endDraw())
        XCTAssertTrue(scheduler.isFrameCallbackPending)
    }

    func testAChangedConfigureRedrawsAtOnceAndAnUnchangedOneOnlyCommits() {
        var scheduler = idleScheduler()
        XCTAssertEqual(scheduler.configured(changed: true), .drawNow)
        draw(&scheduler)
        XCTAssertEqual(scheduler.configured(changed: false), .commit)
        XCTAssertFalse(scheduler.needsDisplay)
    }

    func testAFrameSkippedForLackOfBuffersIsRetriedWhenOneIsReleased() {
        var scheduler = idleScheduler()
        XCTAssertEqual(scheduler.setNeedsDisplay(), .requestFrame)
        XCTAssertEqual(scheduler.frameDone(), .drawNow)
        // No buffer: the window skips the draw; still dirty, no callback pending.
        XCTAssertEqual(scheduler.bufferReleased(), .requestFrame)
        XCTAssertEqual(scheduler.bufferReleased(), .none, "a callback is already pending")
    }

    func testABufferReleaseWhenNothingIsDirtyDoesNothing() {
        var scheduler = idleScheduler()
        XCTAssertEqual(scheduler.bufferReleased(), .none)
    }
}
#endif
