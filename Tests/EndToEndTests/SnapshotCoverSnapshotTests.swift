import Foundation
import XCTest

/// `demo snapshot` (seed-examples §8 `snapshot`, Lockwood listing 8.14): the 360-point view starts
/// (77, 128, 204); the snapshot clicks "Perform Transition" at 0 s: the view takes a random colour N
/// and the cover (the old picture) shrinks to 0.01, turns 90° and fades over 1 s, ease in-out.
final class SnapshotCoverSnapshotTests: DemoSnapshotTestCase {
    private let old = RGB(r: 77, g: 128, b: 204)

    private func isNear(_ a: RGB, _ b: RGB, _ tolerance: Int = 3) -> Bool {
        abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
    }

    /// At 0.5 s (the ease-in-out midpoint) the cover is at scale 0.505, turned 45° (a diamond
    /// 0.505 × 360 × √2 = 257.1 points across) and at alpha 0.5; at 1.0 s it is gone.
    func testTheCoverShrinksTurnsAndFadesThenIsRemoved() throws {
        let end = try snapshot(demo: "snapshot", ["--at", "1"], saveAs: "snapshot-1.png")
        let new = end.at(180, 180)
        XCTAssertFalse(isNear(new, old, 20), "a new colour: \(new)")
        for (x, y) in [(180.0, 280.0), (60, 180), (300, 200)] {
            XCTAssertTrue(isNear(end.at(x, y), new), "the cover is removed at 1 s: \(end.at(x, y)) at (\(x), \(y))")
        }

        let half = try snapshot(demo: "snapshot", ["--at", "0.5"], saveAs: "snapshot-0.5.png")
        func coverWidth(row y: Int) -> Int { (0..<half.width).filter { !isNear(half[$0, y], new, 6) }.count }
        XCTAssertEqual(Double(coverWidth(row: 180)), 0.505 * 360 * 2.0.squareRoot(), accuracy: 3, "scale 0.505 turned 45°")
        XCTAssertEqual(Double(coverWidth(row: 120)), 0.505 * 360 * 2.0.squareRoot() - 120, accuracy: 3, "a diamond: 45°")
        let p = half.at(180, 280)
        let alpha = Double(p.r - new.r) / Double(old.r - new.r)
        XCTAssertEqual(alpha, 0.5, accuracy: 0.03, "half faded: \(p) between \(old) and \(new)")
    }
}
