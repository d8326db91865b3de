import Foundation
import XCTest

/// `demo sailboat` (seed-examples §8, 001 E34): the boat starts at p = (320, 50); its 56×38 picture
/// fills its bounds, so the box of its pixels (anything not sea-blue) is centred on its position,
/// flipped or not. Its red pennant flies aft: right of the centre facing left, left facing right.
final class SailboatSnapshotTests: DemoSnapshotTestCase {
    private struct Boat { let centre: (x: Double, y: Double); let facesRight: Bool }

    private func boat(at seconds: Double) throws -> Boat {
        let image = try snapshot(demo: "sailboat", ["--at", String(seconds)], saveAs: "sailboat-\(seconds).png")
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        var redX = 0.0, reds = 0.0
        for y in 0..<385 {
            for x in 0..<image.width {
                let p = image[x, y]
                guard p.b - p.r < 50 else { continue }   // sea and course are blue
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                if p.r > 180, p.g < 80 { redX += Double(x); reds += 1 }
            }
        }
        guard reds > 0 else { throw XCTSkip("no boat at \(seconds) s") }
        let centre = (Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2)
        return Boat(centre: centre, facesRight: redX / reds < centre.0)
    }

    func testTheBoatTurnsAtTheFirstApexAndEndsAtTheCoursesEnd() throws {
        let start = try boat(at: 0)
        XCTAssertEqual(start.centre.x, 320, accuracy: 1); XCTAssertEqual(start.centre.y, 50, accuracy: 1)
        XCTAssertFalse(start.facesRight, "it starts facing left")
        let apex = try boat(at: 2)
        XCTAssertEqual(apex.centre.x, 120, accuracy: 1.5, "p.x - 200 at 2 s"); XCTAssertEqual(apex.centre.y, 125, accuracy: 1.5)
        XCTAssertTrue(try boat(at: 2.05).facesRight, "facing right just after the apex")
        XCTAssertFalse(try boat(at: 4.05).facesRight, "and left after the next")
        let end = try boat(at: 8)
        XCTAssertEqual(end.centre.x, 320, accuracy: 1.5, "p.x at 8 s"); XCTAssertEqual(end.centre.y, 350, accuracy: 1.5)
        let after = try boat(at: 9)
        XCTAssertEqual(after.centre.x, 320, accuracy: 0.5, "and there it stays"); XCTAssertEqual(after.centre.y, 350, accuracy: 0.5)
        XCTAssertFalse(after.facesRight, "the model's unflipped boat")
    }
}
