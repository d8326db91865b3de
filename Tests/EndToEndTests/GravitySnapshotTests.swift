import Foundation
import XCTest

/// `demo gravity` (seed-examples §8 `gravity`: the guide's figures 2-1 and 2-2): a 60×40 picture
/// (orange with a blue disc 24 points across) in twelve 120×100 white cells, at (30 + 150 c,
/// 20 + 145 r) for cell 3 r + c, in the order top-left, top, top-right, left, center, right,
/// bottom-left, bottom, bottom-right, resize, resizeAspect, resizeAspectFill.
final class GravitySnapshotTests: DemoSnapshotTestCase {
    private typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    private func box(_ image: PNGPixels, in cell: Box, where matches: (RGB) -> Bool) -> Box? {
        var box: Box?
        for y in cell.minY..<cell.maxY {
            for x in cell.minX..<cell.maxX where matches(image[x, y]) {
                box = (min(box?.minX ?? x, x), min(box?.minY ?? y, y), max(box?.maxX ?? x, x + 1), max(box?.maxY ?? y, y + 1))
            }
        }
        return box
    }

    func testEachPictureSitsWhereItsConstantSaysAndOnlyResizeDistortsIt() throws {
        let image = try snapshot(demo: "gravity", [], saveAs: "gravity.png")
        let names = ["topLeft", "top", "topRight", "left", "center", "right", "bottomLeft", "bottom", "bottomRight",
                     "resize", "resizeAspect", "resizeAspectFill"]
        for (index, name) in names.enumerated() {
            let x = 30 + 150 * (index % 3), y = 20 + 145 * (index / 3)
            let cell: Box = (x, y, x + 120, y + 100)
            // Where the picture must be: against the named edges, unscaled; or scaled by the last three.
            let expected: Box
            switch name {
            case "resize", "resizeAspectFill": expected = cell
            case "resizeAspect": expected = (x, y + 10, x + 120, y + 90)
            default:
                let px = name.lowercased().hasSuffix("left") ? x : name.lowercased().hasSuffix("right") ? x + 60 : x + 30
                let py = name.hasPrefix("top") ? y : name.hasPrefix("bottom") ? y + 60 : y + 30
                expected = (px, py, px + 60, py + 40)
            }
            let picture = box(image, in: cell) { !$0.isWhitish }
            XCTAssertTrue(picture.map { abs($0.minX - expected.minX) <= 1 && abs($0.minY - expected.minY) <= 1
                && abs($0.maxX - expected.maxX) <= 1 && abs($0.maxY - expected.maxY) <= 1 } ?? false,
                          "\(name): picture at \(String(describing: picture)), expected \(expected)")
            // The disc: round everywhere but in resize (scaled 2 across and 2.5 down: 48×60).
            guard let disc = box(image, in: cell, where: { $0.b > 200 && $0.r < 60 }) else {
                XCTFail("\(name): no disc")
                continue
            }
            let aspect = Double(disc.maxX - disc.minX) / Double(disc.maxY - disc.minY)
            XCTAssertEqual(aspect, name == "resize" ? 0.8 : 1, accuracy: 0.05, "\(name): disc \(disc)")
        }
    }
}
