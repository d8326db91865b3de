import Foundation
import XCTest

/// `demo perspective` (seed-examples §8 `perspective`, Lockwood listings 5.4-5.6 and snippet 5.a,
/// Apple's listing 5-8): the 200-point white snowman view centred at (240, 240) on grey.
final class PerspectiveSnapshotTests: DemoSnapshotTestCase {
    private let grey = RGB(r: 204, g: 204, b: 204), white = RGB(r: 255, g: 255, b: 255)

    private func shot(_ variant: String) throws -> PNGPixels {
        try snapshot(demo: "perspective", ["--variant", variant], saveAs: "perspective-\(variant).png")
    }

    /// Listing 5.5: m34 = -1/500 then π/4 about Y: the right edge projects at x = +61.9 and 0.876×
    /// as tall (175.2 points), the left edge at -82.4 and 1.165× (233 points).
    func testPerspectiveMakesTheRightEdgeRecede() throws {
        let view = ShapeCoverage(image: try shot("perspective"), background: grey, ink: white)
        XCTAssertEqual(view.rowLength(240, xs: 240..<480), 61.9, accuracy: 0.5, "right edge from the centre")
        XCTAssertEqual(view.rowLength(240, xs: 0..<240), 82.4, accuracy: 0.5, "left edge from the centre")
        // Columns just inside the edges, whose middles are 1.4 and 0.9 points in: the top and bottom
        // edges slope by 0.2 (from 233 to 175.2 over 144.3 points).
        XCTAssertEqual(view.columnLength(240 + 60, ys: 30..<480), 175.2 + 0.4 * 1.4, accuracy: 1, "right edge height")
        XCTAssertEqual(view.columnLength(240 - 82, ys: 30..<480), 233.0 - 0.4 * 0.9, accuracy: 1, "left edge height")
    }

    /// Listing 5.4: no perspective: 141.4 points wide, both edges the full 200 points tall.
    func testWithoutPerspectiveTheTurnOnlyNarrows() throws {
        let view = ShapeCoverage(image: try shot("isometric"), background: grey, ink: white)
        XCTAssertEqual(view.rowLength(240, xs: 0..<480), 141.4, accuracy: 1)
        XCTAssertEqual(view.columnLength(240 - 70, ys: 30..<480), 200, accuracy: 1)
        XCTAssertEqual(view.columnLength(240 + 69, ys: 30..<480), 200, accuracy: 1)
    }

    /// Snippet 5.a: turned π, the back shows the snowman mirrored: its carrot nose points left.
    func testTheBackIsAMirrorImage() throws {
        func noseX(_ image: PNGPixels) -> Double {
            var xs: [Int] = []
            image.forEach { x, _, p in if p.r > 200, (100...170).contains(p.g), p.b < 80 { xs.append(x) } }
            return xs.isEmpty ? .nan : Double(xs.reduce(0, +)) / Double(xs.count)
        }
        XCTAssertGreaterThan(noseX(try shot("perspective")), 240, "front: the nose points right")
        XCTAssertLessThan(noseX(try shot("back")), 240, "back: mirrored, the nose points left")
    }

    /// Listing 5.6: the pair is mirror-symmetric about the container's centre line, inner edges
    /// shorter than outer ones.
    func testASharedVanishingPointMakesAMirroredPair() throws {
        let views = ShapeCoverage(image: try shot("shared"), background: grey, ink: white)
        let xs = (0..<480).filter { views.columnLength($0, ys: 30..<480) > 20 }
        let left = try XCTUnwrap(xs.first), right = try XCTUnwrap(xs.last)
        XCTAssertEqual(Double(left + right + 1) / 2, 240, accuracy: 1, "symmetric about x = 240")
        let innerLeft = try XCTUnwrap(xs.first { $0 > left && views.columnLength($0 + 1, ys: 30..<480) < 1 })
        XCTAssertGreaterThan(views.columnLength(left, ys: 30..<480), views.columnLength(innerLeft, ys: 30..<480) + 20,
                             "outer edge taller than inner edge")
    }

    /// Apple's listing 5-8: eye position 500: zPosition -100, 0, 100 draw 0.833×, 1× and 1.25× the
    /// 100-point squares.
    func testZPositionScalesUnderAnEyePosition() throws {
        let image = try shot("eye")
        let widths = [(RGB(r: 51, g: 102, b: 230), 83.3), (RGB(r: 26, g: 179, b: 77), 100), (RGB(r: 242, g: 140, b: 26), 125)]
        for (color, expected) in widths {
            var count = 0
            for x in 0..<480 where abs(image[x, 240].r - color.r) < 8 && abs(image[x, 240].g - color.g) < 8 { count += 1 }
            XCTAssertEqual(Double(count), expected, accuracy: 1.5, "square \(color)")
        }
    }
}
