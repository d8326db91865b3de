import Foundation
import XCTest

/// `demo anatomy` (seed-examples §8, 000 Appendix A): eight 120×170 cells, four to a row, each with
/// the 70-point sample layer centred at (60, 80) of its cell; its sublayer overflows the top-right
/// corner (layer x 45..85, y −15..25); tile 5 adds a 4-point dark blue border, tile 8 a round mask
/// (a disc of radius 30 at the layer's centre).
final class AnatomySnapshotTests: DemoSnapshotTestCase {
    private func cellOrigin(_ tile: Int) -> (x: Int, y: Int) { ((tile - 1) % 4 * 120, (tile - 1) / 4 * 170) }

    func testTheBorderIsDrawnAboveTheOverflowingSublayer() throws {
        let image = try snapshot(demo: "anatomy", [], saveAs: "anatomy.png")
        // Layer point (68, 10): inside the border band (x 66..70) and under the sublayer.
        let withoutBorder = cellOrigin(4), withBorder = cellOrigin(5)
        let sublayer = image[withoutBorder.x + 25 + 68, withoutBorder.y + 45 + 10]
        XCTAssertTrue(sublayer.r > 200 && sublayer.g > 100 && sublayer.b < 60, "tile 4: the orange sublayer, got \(sublayer)")
        let border = image[withBorder.x + 25 + 68, withBorder.y + 45 + 10]
        XCTAssertTrue(border.b > 90 && border.r < 50 && border.g < 50, "tile 5: the border above it, got \(border)")
        // The sublayer's overflow outside the bounds stays orange: the border follows the bounds.
        let overflow = image[withBorder.x + 25 + 78, withBorder.y + 45 - 8]
        XCTAssertTrue(overflow.r > 200 && overflow.b < 60, "tile 5: the sublayer beyond the bounds, got \(overflow)")
    }

    func testTheMaskTileShowsOnlyMaskedPixels() throws {
        let image = try snapshot(demo: "anatomy", [], saveAs: "anatomy.png")
        let cell = cellOrigin(8)
        let backdrop = image[cell.x + 8, cell.y + 8]
        XCTAssertEqual(backdrop, image[cell.x + 112, cell.y + 120], "an even backdrop")
        let cx = Double(cell.x + 60), cy = Double(cell.y + 80)
        var outside = 0, inside = 0
        for y in (cell.y + 6)..<(cell.y + 130) {
            for x in (cell.x + 6)..<(cell.x + 114) {
                let d = hypot(Double(x) + 0.5 - cx, Double(y) + 0.5 - cy)
                if d > 31 {
                    outside += 1
                    XCTAssertEqual(image[x, y], backdrop, "(\(x), \(y)) lies outside the mask: sublayer, border or shadow shows")
                    if image[x, y] != backdrop { return }
                } else if d < 29 {
                    if image[x, y] != backdrop { inside += 1 }
                }
            }
        }
        XCTAssertGreaterThan(outside, 5000)
        XCTAssertGreaterThan(inside, Int(Double.pi * 28 * 28 * 0.95), "the layer shows inside the mask")
    }
}
