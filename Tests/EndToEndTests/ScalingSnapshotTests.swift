import Foundation
import XCTest

/// `demo scaling` (seed-examples §8 `scaling`: Lockwood figures 4.14 and 4.15): the 8-pixel creature
/// magnified to 128 points with kCAFilterLinear at (24, 40) and kCAFilterNearest at (176, 40).
/// Nearest shows only the source's four colours; linear blends them.
final class ScalingSnapshotTests: DemoSnapshotTestCase {
    private let palette = [RGB(r: 20, g: 20, b: 60), RGB(r: 60, g: 220, b: 90), RGB(r: 255, g: 255, b: 255), RGB(r: 230, g: 40, b: 40)]

    private func inPalette(_ p: RGB) -> Bool {
        palette.contains { abs($0.r - p.r) <= 1 && abs($0.g - p.g) <= 1 && abs($0.b - p.b) <= 1 }
    }

    private func offPalette(_ image: PNGPixels, x0: Int, y0: Int) -> Int {
        var count = 0
        for y in y0..<(y0 + 128) { for x in x0..<(x0 + 128) where !inPalette(image[x, y]) { count += 1 } }
        return count
    }

    func testNearestPanelHasOnlyTheSourceColours() throws {
        let image = try snapshot(demo: "scaling", [], saveAs: "scaling.png")
        XCTAssertEqual(offPalette(image, x0: 176, y0: 40), 0, "pixels of the nearest panel not in the source")
        XCTAssertGreaterThan(offPalette(image, x0: 24, y0: 40), 2000, "the linear panel blends the source's colours")
        // Each source pixel is a 16-point block: the left eye (2, 2), the mouth (3, 5), a corner (0, 0).
        XCTAssertEqual(image[176 + 2 * 16 + 1, 40 + 2 * 16 + 1], palette[2])
        XCTAssertEqual(image[176 + 3 * 16 + 14, 40 + 5 * 16 + 14], palette[3])
        XCTAssertEqual(image[176 + 15, 40 + 15], palette[0])
    }
}
