import Foundation
import XCTest

/// `demo gradient`, `demo replicator` and `demo reflection` snapshots against seed-examples §8's
/// acceptance checks.
final class LayerClassSnapshotTests: DemoSnapshotTestCase {
    private func near(_ a: RGB, _ b: RGB, _ tolerance: Int) -> Bool {
        abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance
    }

    func testTheDiagonalGradientIsPurpleInTheMiddle() throws {
        let image = try snapshot(demo: "gradient", ["--variant", "1"], saveAs: "gradient-1.png")
        XCTAssertTrue(near(image.at(150, 150), RGB(r: 128, g: 0, b: 128), 3), "\(image.at(150, 150))")
        XCTAssertTrue(near(image.at(0, 0), RGB(r: 255, g: 0, b: 0), 3))
        XCTAssertTrue(near(image.at(299, 299), RGB(r: 0, g: 0, b: 255), 3))
        XCTAssertEqual(image.at(100, 50), image.at(50, 100), "constant along an anti-diagonal")
    }

    func testWithLocationsTheBottomRightHalfIsGreen() throws {
        let image = try snapshot(demo: "gradient", ["--variant", "2"], saveAs: "gradient-2.png")
        for (x, y) in [(160.0, 160.0), (299, 299), (299, 20), (20, 299), (200, 120)] {
            XCTAssertEqual(image.at(x, y), RGB(r: 0, g: 255, b: 0), "(\(x), \(y))")
        }
        XCTAssertTrue(near(image.at(75, 75), RGB(r: 255, g: 255, b: 0), 3), "yellow a quarter of the way: \(image.at(75, 75))")
    }

    func testTheRingsLastSquareIsNearlyRed() throws {
        let image = try snapshot(demo: "replicator", [], saveAs: "replicator.png")
        // Ring centre (280, 280), radius 200; instance 0 at the top, instance k turned 36k° clockwise.
        XCTAssertEqual(image.at(280, 80), RGB(r: 255, g: 255, b: 255), "instance 0: white")
        let angle = -36.0 * .pi / 180
        let last = image.at(280 + 200 * sin(angle), 280 - 200 * cos(angle))
        XCTAssertTrue(near(last, RGB(r: 255, g: 26, b: 26), 2), "instance 9: \(last)")
        XCTAssertTrue(image.at(280, 280).isGray(38, tolerance: 3), "the ring is hollow")
    }

    func testTheReflectionStartsTwoPointsBelowAtFortyPercent() throws {
        let image = try snapshot(demo: "reflection", [], saveAs: "reflection.png")
        // The view: (70, 30) to (230, 150); its sea band (0.1, 0.3, 0.6) is its bottom 40 points.
        XCTAssertTrue(near(image.at(150, 145), RGB(r: 26, g: 77, b: 153), 2), "the view's own sea")
        XCTAssertTrue(image.at(150, 151).isGray(26, tolerance: 2), "the 2-point gap: \(image.at(150, 151))")
        // 40% of the sea over the 0.1 gray floor: (0.1, 0.18, 0.3).
        XCTAssertTrue(near(image.at(150, 153), RGB(r: 26, g: 46, b: 77), 3), "the mirrored sea: \(image.at(150, 153))")
        XCTAssertTrue(image.at(150, 274).isGray(26, tolerance: 2), "the reflection ends 120 points down")
    }
}

/// `demo text` (seed-examples §8): the justified paragraph, and the attributed run.
final class TextSnapshotTests: DemoSnapshotTestCase {
    /// The rows of text lines (rows with dark pixels, grouped) and, per line, its leftmost and rightmost dark column.
    private func lines(_ image: PNGPixels) -> [(top: Int, left: Int, right: Int)] {
        var result: [(Int, Int, Int)] = []
        var current: (top: Int, left: Int, right: Int)?
        for y in 0..<image.height {
            let dark = (0..<image.width).filter { image.at(Double($0), Double(y)).isDark || image.at(Double($0), Double(y)).isRed }
            if let first = dark.first, let last = dark.last {
                current = current.map { ($0.top, min($0.left, first), max($0.right, last)) } ?? (y, first, last)
            } else if let line = current {
                result.append(line)
                current = nil
            }
        }
        return result
    }

    func testTheParagraphIsJustifiedToBothMargins() throws {
        let image = try snapshot(demo: "text", ["--variant", "1"], saveAs: "text-plain.png")
        let found = lines(image)
        XCTAssertGreaterThanOrEqual(found.count, 8, "a wrapped paragraph")
        for line in found.dropLast() {
            XCTAssertLessThanOrEqual(line.left, 22, "line at \(line.top) starts at the left margin (20)")
            XCTAssertGreaterThanOrEqual(line.right, 276, "line at \(line.top) reaches the right margin (280)")
        }
        XCTAssertLessThan(found.last?.right ?? 0, 276, "the last line is not stretched")
    }

    func testIpsumIsRedAndUnderlinedAndEverythingElseBlack() throws {
        let image = try snapshot(demo: "text", ["--variant", "2"], saveAs: "text-rich.png")
        var red: [(Int, Int)] = []
        for y in 0..<image.height { for x in 0..<image.width where image.at(Double(x), Double(y)).isRed { red.append((x, y)) } }
        XCTAssertFalse(red.isEmpty, "no red glyphs")
        let xs = red.map(\.0), ys = red.map(\.1)
        let first = try XCTUnwrap(lines(image).first)
        XCTAssertTrue(ys.allSatisfy { $0 < first.top + 25 }, "only in the first line")
        XCTAssertGreaterThan(xs.min() ?? 0, first.left + 20, "not the first word")
        // The underline: a row where the run's whole width is red.
        let span = (xs.min() ?? 0)...(xs.max() ?? 0)
        let underline = Set(ys).contains { y in span.allSatisfy { image.at(Double($0), Double(y)).isRed } }
        XCTAssertTrue(underline, "a continuous red underline under \"ipsum\"")
    }
}
