import CoreGraphics
import CoreText
import Foundation
import XCTest

/// Core Text at the glyph level: a line's runs hand out their glyphs, positions and advances, and a
/// glyph's outline comes back as a path in glyph space (origin on the baseline, y up), the way text
/// is made into a shape layer's path.
final class CoreTextGlyphTests: XCTestCase {
    private let font = CTFontCreateWithName("Helvetica" as CFString, 40, nil)

    private func run(of text: String) throws -> CTRun {
        let string = NSAttributedString(string: text, attributes: [NSAttributedString.Key(String(kCTFontAttributeName)): font])
        let line = CTLineCreateWithAttributedString(string)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        XCTAssertEqual(runs.count, 1)
        return try XCTUnwrap(runs.first)
    }

    private func glyph(of text: String) throws -> CGGlyph {
        var glyph: CGGlyph = 0
        CTRunGetGlyphs(try run(of: text), CFRangeMake(0, 1), &glyph)
        return glyph
    }

    func testARunHandsOutItsGlyphsPositionsAndAdvances() throws {
        let run = try run(of: "HiH")
        XCTAssertEqual(CTRunGetGlyphCount(run), 3)
        var glyphs = [CGGlyph](repeating: 0, count: 3)
        var positions = [CGPoint](repeating: .zero, count: 3)
        var advances = [CGSize](repeating: .zero, count: 3)
        var indices = [CFIndex](repeating: -1, count: 3)
        CTRunGetGlyphs(run, CFRangeMake(0, 0), &glyphs)
        CTRunGetPositions(run, CFRangeMake(0, 0), &positions)
        CTRunGetAdvances(run, CFRangeMake(0, 0), &advances)
        CTRunGetStringIndices(run, CFRangeMake(0, 0), &indices)
        XCTAssertTrue(glyphs.allSatisfy { $0 != 0 }, "\(glyphs)")
        XCTAssertEqual(glyphs[0], glyphs[2], "the same letter, the same glyph")
        XCTAssertNotEqual(glyphs[0], glyphs[1])
        XCTAssertEqual(indices, [0, 1, 2])
        XCTAssertEqual(positions[0], .zero)
        XCTAssertEqual(positions[1].x, advances[0].width, accuracy: 0.01)
        XCTAssertEqual(positions[2].x, advances[0].width + advances[1].width, accuracy: 0.01)
        XCTAssertEqual(positions[1].y, 0)
        // An H of DejaVu Sans at 40 points advances about 0.75 em.
        XCTAssertEqual(advances[0].width, 30, accuracy: 3)
        XCTAssertEqual(CTRunGetTypographicBounds(run, CFRangeMake(0, 0), nil, nil, nil),
                       Double(advances.reduce(0) { $0 + $1.width }), accuracy: 0.01)
        // One glyph from the middle.
        var middle: CGGlyph = 0
        CTRunGetGlyphs(run, CFRangeMake(1, 1), &middle)
        XCTAssertEqual(middle, glyphs[1])
        XCTAssertNil(CTRunGetGlyphsPtr(run), "callers fall back to the copying functions")

        // The font maps characters to the same glyphs.
        let characters: [UniChar] = Array("Hi".utf16)
        var mapped = [CGGlyph](repeating: 0, count: 2)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, characters, &mapped, 2))
        XCTAssertEqual(mapped, Array(glyphs[0..<2]))
        var measured = [CGSize](repeating: .zero, count: 2)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, mapped, &measured, 2)
        // The font's own advances are the outline's, unrounded; a line's are as its layout places them.
        XCTAssertEqual(measured[0].width, advances[0].width, accuracy: 0.5)
        XCTAssertEqual(total, Double(measured[0].width + measured[1].width), accuracy: 1e-9)
        XCTAssertEqual(total, Double(advances[0].width + advances[1].width), accuracy: 1)
    }

    func testAGlyphsOutlineSitsOnTheBaselineYUp() throws {
        let run = try run(of: "H g")
        var glyphs = [CGGlyph](repeating: 0, count: 3)
        CTRunGetGlyphs(run, CFRangeMake(0, 0), &glyphs)
        let h = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyphs[0], nil)).boundingBoxOfPath
        // Upright from the baseline to the cap height (DejaVu Sans: 0.73 em), a little in from the origin.
        XCTAssertEqual(h.minY, 0, accuracy: 0.5)
        XCTAssertEqual(h.maxY, 0.729 * 40, accuracy: 1)
        XCTAssertGreaterThan(h.minX, 0)
        XCTAssertEqual(h.width, 21.5, accuracy: 3)
        XCTAssertNil(CTFontCreatePathForGlyph(font, glyphs[1], nil), "a space has no outline")
        let g = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyphs[2], nil)).boundingBoxOfPath
        XCTAssertLessThan(g.minY, -5, "a g descends below the baseline")
        // Through a matrix: scaled twice.
        var twice = CGAffineTransform(scaleX: 2, y: 2)
        let scaled = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyphs[0], &twice)).boundingBoxOfPath
        XCTAssertEqual(scaled.height, 2 * h.height, accuracy: 0.01)
    }

    func testTextMadeIntoOnePathSpansTheLine() throws {
        let h = try XCTUnwrap(CTFontCreatePathForGlyph(font, try glyph(of: "H"), nil)).boundingBoxOfPath
        let string = NSAttributedString(string: "Hello", attributes: [NSAttributedString.Key(String(kCTFontAttributeName)): font])
        let line = CTLineCreateWithAttributedString(string)
        let width = CTLineGetTypographicBounds(line, nil, nil, nil)
        let letters = CGMutablePath()
        for run in CTLineGetGlyphRuns(line) as! [CTRun] {
            for index in 0..<CTRunGetGlyphCount(run) {
                let range = CFRangeMake(index, 1)
                var glyph: CGGlyph = 0
                var position = CGPoint.zero
                CTRunGetGlyphs(run, range, &glyph)
                CTRunGetPositions(run, range, &position)
                if let letter = CTFontCreatePathForGlyph(font, glyph, nil) {
                    letters.addPath(letter, transform: CGAffineTransform(translationX: position.x, y: position.y))
                }
            }
        }
        let box = letters.boundingBoxOfPath
        XCTAssertGreaterThan(box.minX, 0)
        XCTAssertLessThan(box.minX, 5)
        XCTAssertEqual(box.maxX, CGFloat(width), accuracy: 5)
        XCTAssertEqual(box.minY, 0, accuracy: 1)
        XCTAssertEqual(box.maxY, 0.76 * 40, accuracy: 2, "the l's ascender")

        // Filled in a y-up bitmap: the H's left stem is ink, the space between its stems above the bar is not.
        let context = try XCTUnwrap(CGContext(data: nil, width: 140, height: 50, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
        context.translateBy(x: 0, y: 10)
        context.addPath(letters)
        context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.fillPath()
        let pixels = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt32.self)
        func alpha(_ x: Int, _ yUp: Int) -> UInt32 { pixels[(49 - yUp) * context.bytesPerRow / 4 + x] >> 24 }
        let stem = Int(h.minX) + 2
        XCTAssertEqual(alpha(stem, 10 + 25), 255, "the H's left stem")
        XCTAssertEqual(alpha(Int(h.midX), 10 + 25), 0, "between the H's stems, above its bar")
    }
}
