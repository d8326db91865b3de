import Foundation
import XCTest

/// `demo snowman` (seed-examples §8 `snowman`: Lockwood listings 2.1, 2.2 and their snippets): the
/// 180×240-point snowman (its drawing reaches every edge of the image) in a white 200-point view
/// centred at (240, 280) on light grey (230).
final class SnowmanSnapshotTests: DemoSnapshotTestCase {
    private let view = (x: 140, y: 180, side: 200)

    /// The box of the pixels in `rect` that are neither white nor the grey background.
    private func drawnBox(_ image: PNGPixels, x: Range<Int>, y: Range<Int>) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
        for py in y {
            for px in x {
                let p = image[px, py]
                guard !p.isGray(255, tolerance: 30), !p.isGray(230, tolerance: 3) else { continue }
                box = (min(box?.minX ?? px, px), min(box?.minY ?? py, py), max(box?.maxX ?? px, px), max(box?.maxY ?? py, py))
            }
        }
        return box
    }

    private func assertBox(_ box: (minX: Int, minY: Int, maxX: Int, maxY: Int)?, _ expected: (Int, Int, Int, Int),
                           tolerance: Int = 2, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let box else { return XCTFail("\(message): nothing drawn", file: file, line: line) }
        let got = (box.minX, box.minY, box.maxX + 1, box.maxY + 1)
        XCTAssertTrue(abs(got.0 - expected.0) <= tolerance && abs(got.1 - expected.1) <= tolerance
                      && abs(got.2 - expected.2) <= tolerance && abs(got.3 - expected.3) <= tolerance,
                      "\(message): drawn from (\(got.0), \(got.1)) to (\(got.2), \(got.3)), expected \(expected)", file: file, line: line)
    }

    /// resizeAspect: 150×200 points, centred (25-point strips left and right); resize: the whole view.
    func testAspectFitIs150By200CentredAndResizeFillsTheView() throws {
        let (x, y, s) = view
        let aspect = try snapshot(demo: "snowman", ["--variant", "aspect"], saveAs: "snowman-aspect.png")
        assertBox(drawnBox(aspect, x: (x - 20)..<(x + s + 20), y: (y - 20)..<(y + s + 20)), (x + 25, y, x + 175, y + 200),
                  "resizeAspect")
        let resize = try snapshot(demo: "snowman", ["--variant", "resize"], saveAs: "snowman-resize.png")
        assertBox(drawnBox(resize, x: (x - 20)..<(x + s + 20), y: (y - 20)..<(y + s + 20)), (x, y, x + 200, y + 200), "resize")
    }

    /// Listing 2.2: centred at contentsScale 2, 180×240 points poke out 20 points above and below;
    /// with masksToBounds nothing is drawn outside the view.
    func testCentredAtScaleTwoOverflowsUnlessMasked() throws {
        let (x, y, s) = view
        let centred = try snapshot(demo: "snowman", ["--variant", "center"], saveAs: "snowman-center.png")
        assertBox(drawnBox(centred, x: (x - 60)..<(x + s + 60), y: (y - 60)..<(y + s + 60)), (x + 10, y - 20, x + 190, y + 220),
                  "centred at scale 2")
        let masked = try snapshot(demo: "snowman", ["--variant", "masked"], saveAs: "snowman-masked.png")
        var outside = 0
        masked.forEach { px, py, p in
            let inView = (x..<(x + s)).contains(px) && (y..<(y + s)).contains(py)
            if !inView, py < 540, !p.isGray(230, tolerance: 2) { outside += 1 }
        }
        XCTAssertEqual(outside, 0, "snowman pixels outside the masked view")
        assertBox(drawnBox(masked, x: (x - 60)..<(x + s + 60), y: (y - 60)..<(y + s + 60)), (x + 10, y, x + 190, y + 200),
                  "masked")
    }
}
