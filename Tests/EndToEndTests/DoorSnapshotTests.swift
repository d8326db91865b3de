import Foundation
import XCTest

/// `demo door` (seed-examples §8 `door`, Lockwood listings 9.2 and 9.4): the 300-point container is
/// centred at (190, 190) of the window and the door hangs at x = 190 - 64; turned -45° about Y in
/// the container's perspective (m34 = -1/500), its free edge comes nearer: at x = 190 + 32.4 and
/// 312.6 points tall.
final class DoorSnapshotTests: DemoSnapshotTestCase {
    /// How much of a pixel the wood covers (white behind it counts 0, the wood's green channel 1).
    private func wood(_ p: RGB) -> Double { min(max(Double(255 - p.g) / Double(255 - 84), 0), 1) }

    /// The free edge along the middle row (the door's last fully covered pixel, plus the cover of
    /// the next one) and the height of the door's column just inside it (its middle 0.9 point in,
    /// where the edges slope 0.587 per point), counting brown pixels below the caption.
    private func freeEdge(_ image: PNGPixels) -> (x: Double, height: Double) {
        let full = (41..<339).last { wood(image[$0, 190]) > 0.99 } ?? 0
        let x = Double(full + 1) + wood(image[full + 1, 190])
        let column = Int(x.rounded(.down)) - 1
        let height = (25..<image.height).filter { let p = image[column, $0]; return p.r > p.g + 30 }.count
        return (x, Double(height) + 0.587 * (x - Double(column) - 0.5 - 0.9))
    }

    func testTheSwingingDoorAtOneSecond() throws {
        let image = try snapshot(demo: "door", ["--at", "1"], saveAs: "door-swing-1.png")
        let edge = freeEdge(image)
        XCTAssertEqual(edge.x - 190, 32.4, accuracy: 0.5, "free edge from the container's centre")
        XCTAssertEqual(edge.height, 312.6 - 0.587 * 0.9, accuracy: 2, "the free edge's height")
        // At 2 s the door is edge-on, at 4 s shut again (autoreversed, repeated).
        let shut = try snapshot(demo: "door", ["--at", "4"], saveAs: "door-swing-4.png")
        XCTAssertEqual(freeEdge(shut).x - 190, 64, accuracy: 0.5, "shut at 4 s")
        let open = try snapshot(demo: "door", ["--at", "5"], saveAs: "door-swing-5.png")
        XCTAssertEqual(freeEdge(open).x - 190, 32.4, accuracy: 0.5, "swinging again at 5 s")
    }

    /// Listing 9.4: a 100-point drag to the left sets timeOffset 0.5: the door at -45°, as above.
    func testAHundredPointDragToTheLeftOpensTheDoorHalfWay() throws {
        let before = try snapshot(demo: "door", ["--variant", "manual", "--at", "0.1"], saveAs: "door-manual-0.1.png")
        XCTAssertEqual(freeEdge(before).x - 190, 64, accuracy: 0.5, "shut before the drag")
        let image = try snapshot(demo: "door", ["--variant", "manual", "--at", "0.5"], saveAs: "door-manual-0.5.png")
        let edge = freeEdge(image)
        XCTAssertEqual(edge.x - 190, 32.4, accuracy: 0.5)
        XCTAssertEqual(edge.height, 312.6 - 0.587 * 0.9, accuracy: 2)
        let later = try snapshot(demo: "door", ["--variant", "manual", "--at", "3"], saveAs: "door-manual-3.png")
        XCTAssertEqual(freeEdge(later).x, edge.x, accuracy: 0.1, "paused: it stays there")
    }
}
