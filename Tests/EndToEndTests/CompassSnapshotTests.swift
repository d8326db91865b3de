import Foundation
import XCTest

/// `demo compass` (seed-examples §8, §7.1.6): the arrow turns about the compass's centre, (150, 135)
/// of the picture; a snapshot clicks at 0 s. The heading is read from the red needle: the direction
/// from the centre to the centroid of its red (weighted by how much redder than green each pixel is),
/// clockwise from north.
final class CompassSnapshotTests: DemoSnapshotTestCase {
    private func heading(_ variant: String, at seconds: Double) throws -> Double {
        let image = try snapshot(demo: "compass", ["--variant", variant, "--at", String(seconds)],
                                 saveAs: "compass-\(variant)-\(seconds).png")
        var sx = 0.0, sy = 0.0, sw = 0.0
        image.forEach { x, y, p in
            let w = Double(max(0, p.r - p.g - 60))
            guard w > 0 else { return }
            sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5); sw += w
        }
        guard sw > 0 else { throw XCTSkip("no red needle") }
        return atan2(sx / sw - 150, 135 - sy / sw) * 180 / .pi
    }

    func testE25TheClunkTurnIsAtEightAndAHalfDegreesHalfWayAndFortyFiveAtTheEnd() throws {
        XCTAssertEqual(try heading("e25", at: 0), 0, accuracy: 0.3)
        // clunk(0.5) = 0.1895 of 45 degrees; clunk(0.9) = 0.9221.
        XCTAssertEqual(try heading("e25", at: 0.4), 8.53, accuracy: 0.5)
        XCTAssertEqual(try heading("e25", at: 0.72), 41.5, accuracy: 0.5)
        XCTAssertEqual(try heading("e25", at: 0.8), 45, accuracy: 0.3)
        XCTAssertEqual(try heading("e25", at: 1.5), 45, accuracy: 0.3, "the model holds the turn")
    }

    /// E28 swings from 4.5 degrees to −4.5 and back three times in 0.3 s, then leaves the heading as it was.
    func testE28TheWaggleLeavesTheHeadingUnchanged() throws {
        XCTAssertEqual(try heading("e28", at: 0.05), -4.5, accuracy: 0.5)
        XCTAssertEqual(try heading("e28", at: 0.1), 4.5, accuracy: 0.5)
        XCTAssertEqual(try heading("e28", at: 0.31), 0, accuracy: 0.3, "removed after its 0.3 s")
        XCTAssertEqual(try heading("e29", at: 0.05), -4.5, accuracy: 0.5, "E29, additive: the same")
        XCTAssertEqual(try heading("e29", at: 0.31), 0, accuracy: 0.3)
    }

    /// E33: the clunky turn ends at 45 degrees at 0.8 s, then the damped waggle, 9 degrees first.
    func testE33TurnsThenWaggles() throws {
        XCTAssertEqual(try heading("e33", at: 0.8), 45, accuracy: 0.5)
        XCTAssertEqual(try heading("e33", at: 0.8 + 0.25 / 9), 54, accuracy: 0.7, "the first swing: +pi/20")
        XCTAssertEqual(try heading("e33", at: 1.1), 45, accuracy: 0.3)
    }
}
