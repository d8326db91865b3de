import Foundation
import XCTest

/// `demo sketch --snapshot` (seed-examples §8 `sketch`): an injected drag (50, 50) → (250, 50) through
/// the window's touch input draws a 5-point red line from x = 50 to 250, the same pixels whether
/// drawn with Core Graphics in `draw(_:)` or by a `CAShapeLayer`.
final class SketchSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ variant: String) throws -> PNGPixels {
        try snapshot(demo: "sketch", ["--variant", variant, "--drag", "50,50,250,50"], saveAs: "sketch-\(variant).png")
    }

    private func checkLine(_ image: PNGPixels, _ variant: String) {
        let red = RGB(r: 255, g: 0, b: 0), white = RGB(r: 255, g: 255, b: 255)
        for x in stride(from: 50.0, through: 249, by: 20) {
            for y in [48.0, 49, 50, 51] { XCTAssertEqual(image.at(x, y), red, "\(variant): (\(x), \(y)) on the 5-point line") }
            XCTAssertEqual(image.at(x, 44), white, "\(variant): above the line")
            XCTAssertEqual(image.at(x, 55), white, "\(variant): below the line")
        }
        XCTAssertEqual(image.at(251, 50), red, "\(variant): the round cap reaches past the end")
        XCTAssertEqual(image.at(46, 50), white, "\(variant): nothing before the cap")
        XCTAssertEqual(image.at(150, 150), white, "\(variant): nothing else is drawn")
    }

    func testTheDragDrawsTheSameRedLineInBothModes() throws {
        let coreGraphics = try shot("cg")
        let shapeLayer = try shot("shape")
        checkLine(coreGraphics, "Core Graphics")
        checkLine(shapeLayer, "CAShapeLayer")
        var differing = 0
        coreGraphics.forEach { x, y, p in if shapeLayer[x, y] != p { differing += 1 } }
        XCTAssertEqual(differing, 0, "identical pixels")
    }
}
