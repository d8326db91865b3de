import Foundation
import XCTest

/// `demo chalk --snapshot` (seed-examples §8 `chalk`): with dirty rectangles every `draw(_:)` after
/// the first gets the new stamp's 32×32 rectangle and draws only the stamps meeting it, and the
/// picture equals the full-redraw mode's.
final class ChalkSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ variant: String) throws -> (PNGPixels, [TraceLine]) {
        let dir = try makeScratchDirectory("e2e-chalk")
        let trace = dir.url.appendingPathComponent("chalk.jsonl")
        let image = try snapshot(demo: "chalk", ["--variant", variant, "--drag", "50,150,250,150", "--trace", trace.path],
                                 saveAs: "chalk-\(variant).png")
        return (image, TraceLine.read(trace).filter { $0.type == "draw" })
    }

    func testDirtyRectanglesDrawTheSamePictureStampByStamp() throws {
        let (full, fullDraws) = try shot("full")
        let (dirty, dirtyDraws) = try shot("dirty")
        XCTAssertEqual(fullDraws.count, 52, "the first appearance, then one draw per stamp (51 touch points)")
        XCTAssertEqual(fullDraws.last?.number("stamps"), 51, "the full redraw draws every stamp each time")
        XCTAssertEqual(dirtyDraws.count, fullDraws.count)
        for line in dirtyDraws.dropFirst() {
            XCTAssertEqual(line.number("width"), 32)
            XCTAssertEqual(line.number("height"), 32)
            XCTAssertLessThanOrEqual(line.number("stamps") ?? .infinity, 9, "only the stamps meeting the rectangle")
        }
        var differing = 0
        full.forEach { x, y, p in if dirty[x, y] != p { differing += 1 } }
        XCTAssertEqual(differing, 0, "the same picture")
        XCTAssertGreaterThan(full.at(150, 150).g, 200, "a chalk line across the board")
        XCTAssertLessThan(full.at(150, 100).g, 80, "the board elsewhere")
    }
}
