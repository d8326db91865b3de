import Foundation
import XCTest

/// `demo flatten` (seed-examples §8 `flatten`, Lockwood listings 5.7 and 5.8): a blue 140-point
/// inner view in a white 200-point outer view centred at (240, 240), given opposite rotations.
final class FlattenSnapshotTests: DemoSnapshotTestCase {
    /// The blue pixels' count in each column that has any, by column.
    private func innerColumns(_ variant: String) throws -> [Int: Int] {
        let image = try snapshot(demo: "flatten", ["--variant", variant], saveAs: "flatten-\(variant).png")
        var columns: [Int: Int] = [:]
        image.forEach { x, _, p in if p.b > 150, p.r < 120 { columns[x, default: 0] += 1 } }
        return columns
    }

    /// Listing 5.7: about Z the rotations cancel: the inner view is an upright 140-point square
    /// (every column of it equally tall, its box filled).
    func testOppositeZRotationsCancel() throws {
        let columns = try innerColumns("z")
        let xs = columns.keys.sorted()
        XCTAssertEqual(Double(xs.count), 140, accuracy: 1)
        for x in xs.dropFirst().dropLast() { XCTAssertEqual(Double(columns[x]!), 140, accuracy: 1, "column \(x)") }
        XCTAssertEqual(Double(xs.first! + xs.last! + 1) / 2, 240, accuracy: 0.5)
    }

    /// Listing 5.8: about Y they do not: the inner view, flattened onto the outer one's tilted plane,
    /// has left and right edges of different heights (136 and 144 points), more than 5% apart.
    func testOppositeYRotationsDoNotCancelBecauseOfFlattening() throws {
        let columns = try innerColumns("y")
        let xs = columns.keys.sorted()
        let left = Double(columns[xs[1]]!), right = Double(columns[xs[xs.count - 2]]!)
        XCTAssertGreaterThan(right / left, 1.05, "left \(left), right \(right)")
        XCTAssertEqual(left, 136.1, accuracy: 1.5)
        XCTAssertEqual(right, 144.2, accuracy: 1.5)
    }
}
