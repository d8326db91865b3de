import CoreGraphics
import CoreText
import Foundation
import XCTest

/// Core Text's lines and frames: metrics, and pixels drawn upright in a y-up context.
final class CoreTextTests: XCTestCase {
    private let font = CTFontCreateWithName("Helvetica-Bold" as CFString, 24, nil)

    private func attributed(_ text: String, color: CGColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)) -> CFAttributedString {
        NSAttributedString(string: text, attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font,
                                                      NSAttributedString.Key(kCTForegroundColorAttributeName as String): color])
    }

    /// A white 1x bitmap context, y up as Core Graphics' default user space.
    private func context(_ width: Int, _ height: Int) -> CGContext {
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        return ctx
    }

    /// The box of blue pixels in image rows (y down).
    private func blueBox(_ ctx: CGContext) -> CGRect? {
        let image = ctx.makeImage()!
        var box: CGRect?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                guard p.b > 150, p.r < 120 else { continue }
                box = (box ?? CGRect(x: x, y: y, width: 1, height: 1)).union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box
    }

    func testFontNamesSizeAndMetrics() {
        XCTAssertEqual(CTFontGetSize(font), 24)
        XCTAssertEqual(CTFontCopyPostScriptName(font) as String, "Helvetica-Bold")
        XCTAssertEqual(CTFontCopyFamilyName(font) as String, "Helvetica")
        XCTAssertEqual(CTFontCopyName(font, kCTFontStyleNameKey).map { $0 as String }, "Bold")
        XCTAssertGreaterThan(CTFontGetAscent(font), 15)
        XCTAssertGreaterThan(CTFontGetDescent(font), 3)
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Menlo" as CFString, 0, nil)), 12, "0 is Core Text's default size")
    }

    func testALineIsMeasuredAndDrawnOnItsBaselineUprightInAYUpSpace() {
        let line = CTLineCreateWithAttributedString(attributed("Hello"))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        XCTAssertGreaterThan(width, 50)
        XCTAssertEqual(ascent, CTFontGetAscent(font), accuracy: 0.5)
        XCTAssertEqual(CTLineGetStringRange(line), CFRange(location: 0, length: 5))
        let ctx = context(160, 60)
        ctx.textPosition = CGPoint(x: 10, y: 20)   // the baseline, 20 points above the bottom
        CTLineDraw(line, ctx)
        guard let box = blueBox(ctx) else { return XCTFail("nothing drawn") }
        XCTAssertGreaterThanOrEqual(box.minX, 10)
        XCTAssertLessThan(box.minX, 14)
        // Rows are y down: the baseline is row 40; capitals stand above it, nothing hangs far below.
        XCTAssertLessThanOrEqual(box.maxY, 41)
        XCTAssertLessThan(box.minY, 40 - 14, "upright: the glyphs rise above the baseline")
        XCTAssertEqual(ctx.textPosition.x, 10 + CGFloat(width), accuracy: 0.01, "the position moves past the line")
    }

    func testAFrameWrapsInItsPathFromTheTop() {
        let framesetter = CTFramesetterCreateWithAttributedString(attributed("Lines of text wrap inside the frame"))
        let path = CGPath(rect: CGRect(x: 10, y: 10, width: 120, height: 180), transform: nil)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        XCTAssertGreaterThan(lines.count, 2)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        XCTAssertEqual(origins.map(\.y), origins.map(\.y).sorted(by: >), "the first line at the top, y up")
        XCTAssertEqual(CTFrameGetVisibleStringRange(frame).length, 35)
        let suggested = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRangeMake(0, 0), nil,
                                                                      CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude), nil)
        XCTAssertLessThanOrEqual(suggested.width, 120)
        XCTAssertGreaterThan(suggested.height, CGFloat(lines.count - 1) * 24)
        let ctx = context(140, 200)
        CTFrameDraw(frame, ctx)
        guard let box = blueBox(ctx) else { return XCTFail("nothing drawn") }
        // The path's top (y 190, up) is row 10 (down): the text starts there.
        XCTAssertEqual(box.minY, 10, accuracy: 6)
        XCTAssertGreaterThanOrEqual(box.minX, 10)
        XCTAssertLessThanOrEqual(box.maxX, 131)
    }

    func testATruncatedLineFitsItsWidth() {
        let line = CTLineCreateWithAttributedString(attributed("A line much too long to fit"))
        guard let truncated = CTLineCreateTruncatedLine(line, 80, .end, nil) else { return XCTFail("no line") }
        XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(truncated, nil, nil, nil), 80)
        XCTAssertGreaterThan(CTLineGetTypographicBounds(line, nil, nil, nil), 200)
    }
}
