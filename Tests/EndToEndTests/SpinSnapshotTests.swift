import Foundation
import XCTest

/// `demo spin` (seed-examples §8 `spin`, Lockwood listings 8.8, 8.9, 8.15 and 9.1): the 128-point
/// ship at (180, 180) of the window; a snapshot clicks Start at 0 s (8.15, 9.1) and Stop at 1 s (8.15).
final class SpinSnapshotTests: DemoSnapshotTestCase {
    private let silver = RGB(r: 204, g: 209, b: 219)

    /// The ship's heading in degrees, measured in the container (-90...90: a half turn looks the same to the body's axis).
    private func heading(_ variant: String, at seconds: Double) throws -> Double {
        let image = try snapshot(demo: "spin", ["--variant", variant, "--at", String(seconds)], saveAs: "spin-\(variant)-\(seconds).png")
        let pose = try XCTUnwrap(ShipSnapshotTests.pose(image, color: silver, rows: 30..<330))
        XCTAssertEqual(pose.x, 180, accuracy: 1)
        XCTAssertEqual(pose.y, 180, accuracy: 1)
        return pose.degrees
    }

    /// Listing 8.9: "transform.rotation" by 2π over 2 s, linear: 45° at 0.25 s, 90° at 0.5 s, then
    /// the identity again.
    func testTheVirtualRotationKeyPathTurnsLinearly() throws {
        XCTAssertEqual(try heading("rotation", at: 0.25), 45, accuracy: 0.5)
        XCTAssertEqual(abs(try heading("rotation", at: 0.5)), 90, accuracy: 0.5)
        XCTAssertEqual(try heading("rotation", at: 1.75), -45, accuracy: 0.5, "315°")
        XCTAssertEqual(try heading("rotation", at: 2.1), 0, accuracy: 0.5)
    }

    /// Listing 8.8: "transform" to a rotation of π: a quarter turn at 1 s, back at 0° afterwards.
    func testTheTransformMatrixTurnsHalfWay() throws {
        XCTAssertEqual(abs(try heading("transform", at: 1)), 90, accuracy: 0.5)
        XCTAssertEqual(try heading("transform", at: 2.1), 0, accuracy: 0.5)
    }

    /// Listing 8.15: Stop at 1 s removes "rotateAnimation": the ship is at 0° again and the delegate
    /// logs "finished: NO".
    func testStoppingMidSpinLogsNotFinished() throws {
        XCTAssertEqual(abs(try heading("start-stop", at: 0.5)), 90, accuracy: 0.5)
        XCTAssertFalse(lastStderr.contains("finished"), lastStderr)
        XCTAssertEqual(try heading("start-stop", at: 1.2), 0, accuracy: 0.5)
        XCTAssertTrue(lastStderr.contains("The animation stopped (finished: NO)"), lastStderr)
    }

    /// Listing 9.1: duration 2 and repeat count 3.5 from the fields: 7 s of turning ending at 180°
    /// (162° at 6.9 s), then 0°; the controls are at alpha 0.25 meanwhile.
    func testDurationAndRepeatCountFromTheFields() throws {
        XCTAssertEqual(try heading("repeats", at: 6.9), 162 - 180, accuracy: 0.5)
        XCTAssertEqual(try heading("repeats", at: 7.1), 0, accuracy: 0.5)
        func startTitle(at seconds: Double) throws -> Int {
            let image = try snapshot(demo: "spin", ["--variant", "repeats", "--at", String(seconds)], saveAs: "spin-start-\(seconds).png")
            return image.darkest(near: 120, 360, radius: 18).brightness
        }
        XCTAssertGreaterThan(try startTitle(at: 1), try startTitle(at: 7.1) + 150, "the Start button is faded while it turns")
    }
}
