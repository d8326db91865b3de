import Foundation
import XCTest

/// `demo path-bounce` (seed-examples §8, 000 L3-3): the red disc follows the two arcs, each arc one
/// keyframe segment of 2.5 s: the bottom of the first at 1.25 s, the top between them at 2.5 s.
final class PathBounceSnapshotTests: DemoSnapshotTestCase {
    /// The centre of the red disc: the mean of its red pixels, weighted by how red they are.
    private func discCentre(at seconds: Double) throws -> (x: Double, y: Double) {
        let image = try snapshot(demo: "path-bounce", ["--at", String(seconds)], saveAs: "path-bounce-\(seconds).png")
        var sx = 0.0, sy = 0.0, sw = 0.0
        image.forEach { x, y, p in
            let w = Double(max(0, p.r - p.g - 40))
            guard w > 0 else { return }
            sx += w * (Double(x) + 0.5); sy += w * (Double(y) + 0.5); sw += w
        }
        guard sw > 0 else { throw XCTSkip("no red disc at \(seconds) s") }
        return (sx / sw, sy / sw)
    }

    func testTheArcBottomAtOneAndAQuarterSecondsAndTheMiddleTopAtTwoAndAHalf() throws {
        let start = try discCentre(at: 0)
        XCTAssertEqual(start.x, 74, accuracy: 1); XCTAssertEqual(start.y, 74, accuracy: 1)
        let bottom = try discCentre(at: 1.25)
        XCTAssertEqual(bottom.x, 197, accuracy: 1); XCTAssertEqual(bottom.y, 393.5, accuracy: 1)
        let top = try discCentre(at: 2.5)
        XCTAssertEqual(top.x, 320, accuracy: 1); XCTAssertEqual(top.y, 74, accuracy: 1)
        let secondBottom = try discCentre(at: 3.75)
        XCTAssertEqual(secondBottom.x, 443, accuracy: 1); XCTAssertEqual(secondBottom.y, 393.5, accuracy: 1)
        let after = try discCentre(at: 5.5)
        XCTAssertEqual(after.x, 74, accuracy: 1, "back at its model position once the animation is over")
    }
}
