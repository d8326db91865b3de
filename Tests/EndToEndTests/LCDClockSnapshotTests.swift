import Foundation
import XCTest

/// `demo lcd-clock --snapshot FILE.png` without a compositor (seed-examples §7.1.5, §8): six digit
/// layers sharing one generated sprite sheet (ten 8x12-pixel cells, a 5x7 font at cell offset (1, 2)),
/// each selecting its digit with `contentsRect`, magnified 6x. At 10:08:30 the digits read 1 0 0 8 3 0
/// (contentsRect.x = 0.1, 0, 0, 0.8, 0.3, 0); with the nearest filter every digit layer's pixels take
/// exactly two colours, with the linear filter more.
final class LCDClockSnapshotTests: DemoSnapshotTestCase {
    /// The sprite sheet's 5x7 glyphs ("1" = lit, top row first), as the demo draws them.
    private static let font: [[String]] = [
        ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
        ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
        ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
        ["11111", "00010", "00100", "00010", "00001", "10001", "01110"],
        ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
        ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
        ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
        ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
        ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
        ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
    ]

    /// The default 480x240 snapshot: the 424x120 panel at scale 1 with its corner at (28, 60); the
    /// digits 48x72 at panel (24 + [0, 56, 136, 192, 272, 328], 24).
    private static let digitOrigins: [(x: Int, y: Int)] = [0, 56, 136, 192, 272, 328].map { (28 + 24 + $0, 60 + 24) }
    /// A texel of the 8x12 cell is 6x6 pixels.
    private static let texel = 6

    private func snapshot(_ arguments: [String], saveAs name: String) throws -> PNGPixels {
        let image = try snapshot(demo: "lcd-clock", arguments, saveAs: name)
        XCTAssertEqual(image.width, 480)
        XCTAssertEqual(image.height, 240)
        return image
    }

    /// The distinct colours of digit layer `i`'s 48x72 pixels.
    private func colors(_ image: PNGPixels, digit i: Int) -> Set<String> {
        let o = Self.digitOrigins[i]
        var set = Set<String>()
        for y in o.y..<(o.y + 72) {
            for x in o.x..<(o.x + 48) { set.insert(image[x, y].description) }
        }
        return set
    }

    /// The 5x7 pattern shown by digit layer `i`: a texel is lit when its centre pixel is bright green.
    private func pattern(_ image: PNGPixels, digit i: Int) -> [String] {
        let o = Self.digitOrigins[i]
        return (0..<7).map { row in
            String((0..<5).map { column -> Character in
                let p = image[o.x + (1 + column) * Self.texel + Self.texel / 2, o.y + (2 + row) * Self.texel + Self.texel / 2]
                return p.g > 200 && p.r < 120 && p.b < 120 ? "1" : "0"
            })
        }
    }

    /// The digits read off the snapshot (nil where a cell matches no glyph of the sheet).
    private func readDigits(_ image: PNGPixels) -> [Int?] {
        (0..<6).map { i in
            let p = pattern(image, digit: i)
            let matches = Self.font.indices.filter { Self.font[$0] == p }
            return matches.count == 1 ? matches[0] : nil
        }
    }

    /// §8: at 10:08:30 the digits read 1 0 0 8 3 0 (contentsRect.x 0.1, 0, 0, 0.8, 0.3, 0), each layer
    /// in exactly two colours (glyph green, panel), the margins of each cell unlit.
    func testNearestFilterShowsTheTimeInTwoColours() throws {
        let image = try snapshot(["--time", "10:08:30"], saveAs: "lcd-clock-nearest.png")
        XCTAssertEqual(readDigits(image), [1, 0, 0, 8, 3, 0])
        for i in 0..<6 {
            let set = colors(image, digit: i)
            XCTAssertEqual(set.count, 2, "digit \(i + 1): \(set.sorted())")
            // The cell's margin (top two texel rows) shows the panel: nothing bled from a neighbour cell.
            let o = Self.digitOrigins[i]
            XCTAssertLessThan(image[o.x + 3, o.y + 3].g, 60)
            XCTAssertLessThan(image[o.x + 45, o.y + 69].g, 60)
        }
        // Each texel is a uniform 6x6 block: a lit texel's corner pixels equal its centre.
        let o = Self.digitOrigins[0]   // "1": texel (2, 0) of the glyph is lit
        let x = o.x + 3 * Self.texel, y = o.y + 2 * Self.texel
        XCTAssertEqual(image[x, y], image[x + 5, y + 5])
        XCTAssertEqual(image[x, y], image[x + 3, y + 3])
        XCTAssertGreaterThan(image[x, y].g, 200)
    }

    /// One second later (the second timer tick) the last digit reads 1.
    func testTheTimerAdvancesTheSeconds() throws {
        let image = try snapshot(["--time", "10:08:30", "--at", "1"], saveAs: "lcd-clock-1s.png")
        XCTAssertEqual(readDigits(image), [1, 0, 0, 8, 3, 1])
    }

    /// With the linear filter the magnified glyphs are blurred: intermediate colours along every
    /// glyph edge, so more than two colours per digit layer; the digits still read.
    func testLinearFilterBlurs() throws {
        let image = try snapshot(["--time", "23:59:47", "--filter", "linear"], saveAs: "lcd-clock-linear.png")
        for i in 0..<6 {
            XCTAssertGreaterThan(colors(image, digit: i).count, 2, "digit \(i + 1)")
        }
        XCTAssertEqual(readDigits(image), [2, 3, 5, 9, 4, 7])
    }
}
