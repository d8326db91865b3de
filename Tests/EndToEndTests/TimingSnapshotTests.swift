import Foundation
import XCTest

/// `demo timing` (seed-examples §8 `timing`, Lockwood listing 9.3, Apple's listings 5-3 and 5-4):
/// the container's origin is at (40, 30), so the curve's midpoint (150, 150) is at (190, 180) and
/// its start (0, 150) at (40, 180); the snapshot clicks Play at 0 s.
final class TimingSnapshotTests: DemoSnapshotTestCase {
    private let silver = RGB(r: 204, g: 209, b: 219)

    private func ship(_ variant: String, at seconds: Double) throws -> (x: Double, y: Double, degrees: Double) {
        let image = try snapshot(demo: "timing", ["--variant", variant, "--at", String(seconds)], saveAs: "timing-\(variant)-\(seconds).png")
        return try XCTUnwrap(ShipSnapshotTests.pose(image, color: silver, rows: 30..<330))
    }

    /// Speed 1, timeOffset 0.5: right after Play the ship is at the curve's midpoint, turned 33.7°;
    /// it wraps round to the start at 0.5 s, and after 1 s (removed fill) shows the model position.
    func testATimeOffsetOfHalfStartsAtTheMidpoint() throws {
        let start = try ship("offset", at: 0)
        XCTAssertEqual(start.x, 190, accuracy: 1)
        XCTAssertEqual(start.y, 180, accuracy: 1)
        XCTAssertEqual(start.degrees, 33.7, accuracy: 0.5)
        XCTAssertGreaterThan(try ship("offset", at: 0.25).x, 250, "on to the end")
        XCTAssertLessThan(try ship("offset", at: 0.75).x, 130, "wrapped round to the first half")
        let after = try ship("offset", at: 1.1)
        XCTAssertEqual(after.x, 40, accuracy: 1)
        XCTAssertEqual(after.degrees, 0, accuracy: 0.5)
    }

    /// Speed 0.25 (a 4-s animation) paused at 1 s for 2 s: still during the pause, on from where it
    /// stopped after it, and over at 6 s.
    func testAFourSecondAnimationPausedForTwoSecondsEndsAtSix() throws {
        let paused = try ship("pause", at: 1)
        XCTAssertTrue(lastStderr.contains("paused at local time 1.000"), lastStderr)
        let stillPaused = try ship("pause", at: 2.9)
        XCTAssertEqual(stillPaused.x, paused.x, accuracy: 0.1)
        XCTAssertEqual(stillPaused.y, paused.y, accuracy: 0.1)
        let resumed = try ship("pause", at: 5)
        let sameProgress = try ship("offset", at: 0.25)   // both 0.75 of the way along
        XCTAssertEqual(resumed.x, sameProgress.x, accuracy: 0.5)
        XCTAssertEqual(resumed.y, sameProgress.y, accuracy: 0.5)
        XCTAssertGreaterThan(try ship("pause", at: 5.9).x, 300, "near the end just before 6 s")
        let over = try ship("pause", at: 6.1)
        XCTAssertEqual(over.x, 40, accuracy: 1, "over at 6 s: the model position")
    }
}
