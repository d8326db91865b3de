import CoreGraphics
@testable import UIKit
import XCTest

/// String drawing and measuring as UIKit's `NSStringDrawing`: sizes, bounding rectangles, and the
/// attributes and paragraph styles seen in the pixels drawn.
final class StringDrawingTests: XCTestCase {
    private let font = UIFont.systemFont(ofSize: 20)

    /// Draws with `body` into a 1x image of `size` points, white underneath.
    private func draw(_ size: CGSize, _ body: () -> Void) -> CGImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: size, format: format).image { context in
            UIColor.white.setFill()
            context.fill(CGRect(origin: .zero, size: size))
            body()
        }.cgImage!
    }

    /// The box of the pixels that are not white, or nil.
    private func inked(_ image: CGImage, where test: ((r: UInt8, g: UInt8, b: UInt8)) -> Bool = { $0.r < 200 || $0.g < 200 || $0.b < 200 })
        -> CGRect? {
        var box: CGRect?
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                guard test((p.r, p.g, p.b)) else { continue }
                box = (box ?? CGRect(x: x, y: y, width: 1, height: 1)).union(CGRect(x: x, y: y, width: 1, height: 1))
            }
        }
        return box
    }

    private func count(_ image: CGImage, where test: ((r: UInt8, g: UInt8, b: UInt8)) -> Bool) -> Int {
        var n = 0
        for y in 0..<image.height { for x in 0..<image.width { let p = image.pixel(x: x, y: y); if test((p.r, p.g, p.b)) { n += 1 } } }
        return n
    }

    // MARK: Measuring

    func testSizeGrowsWithKernAndLines() {
        let plain = "Hello".size(withAttributes: [.font: font])
        XCTAssertGreaterThan(plain.width, 30)
        XCTAssertEqual(plain.height, font.lineHeight, accuracy: 1)
        let kerned = "Hello".size(withAttributes: [.font: font, .kern: 4])
        XCTAssertEqual(kerned.width, plain.width + 4 * 4, accuracy: 1.5, "4 points between each pair of 5 characters")
        let twoLines = ("Hello\nworld" as NSString).size(withAttributes: [.font: font])
        XCTAssertEqual(twoLines.height, 2 * plain.height, accuracy: 1)
        XCTAssertEqual(NSAttributedString(string: "Hello", attributes: [.font: font]).size(), plain)
    }

    func testBoundingRectWrapsWithLineFragmentsAndSitsOnTheBaselineWithout() {
        let text = "The quick brown fox jumps over the lazy dog"
        let wrapped = text.boundingRect(with: CGSize(width: 120, height: CGFloat.greatestFiniteMagnitude),
                                        options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        XCTAssertEqual(wrapped.origin, CGPoint.zero)
        XCTAssertLessThanOrEqual(wrapped.width, 120)
        XCTAssertGreaterThanOrEqual(wrapped.height, 3 * font.lineHeight - 1)
        let limited = text.boundingRect(with: CGSize(width: 120, height: font.lineHeight * 2 + 1),
                                        options: .usesLineFragmentOrigin, attributes: [.font: font], context: nil)
        XCTAssertEqual(limited.height, 2 * font.lineHeight, accuracy: 1, "only the lines that fit")
        let oneLine = text.boundingRect(with: CGSize(width: 120, height: 100), options: [], attributes: [.font: font], context: nil)
        XCTAssertEqual(oneLine.minY, -font.ascender, accuracy: 1, "the origin is the baseline")
        XCTAssertGreaterThan(oneLine.width, 120, "not wrapped")
    }

    func testParagraphSpacingAndLineSpacingAddHeight() {
        let style = NSMutableParagraphStyle()
        let plain = NSAttributedString(string: "One\nTwo", attributes: [.font: font]).size()
        style.paragraphSpacing = 20
        let spaced = NSAttributedString(string: "One\nTwo", attributes: [.font: font, .paragraphStyle: style]).size()
        XCTAssertEqual(spaced.height, plain.height + 20, accuracy: 1, "after each paragraph but the last")
        let lines = NSMutableParagraphStyle()
        lines.lineSpacing = 10
        let text = "aaaa bbbb cccc dddd"
        let tight = text.boundingRect(with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin,
                                      attributes: [.font: font], context: nil)
        let loose = text.boundingRect(with: CGSize(width: 60, height: 1000), options: .usesLineFragmentOrigin,
                                      attributes: [.font: font, .paragraphStyle: lines], context: nil)
        let lineCount = (tight.height / font.lineHeight).rounded()
        XCTAssertGreaterThan(lineCount, 1)
        XCTAssertEqual(loose.height, tight.height + (lineCount - 1) * 10, accuracy: 1.5)
    }

    // MARK: Drawing

    func testDrawAtAPointPaintsTheForegroundColourFromThere() {
        let image = draw(CGSize(width: 120, height: 60)) {
            "Hi!".draw(at: CGPoint(x: 30, y: 20), withAttributes: [.font: font, .foregroundColor: UIColor.red])
        }
        guard let box = inked(image) else { return XCTFail("nothing drawn") }
        XCTAssertGreaterThanOrEqual(box.minX, 30)
        XCTAssertLessThan(box.minX, 34)
        XCTAssertGreaterThanOrEqual(box.minY, 20)
        XCTAssertLessThan(box.maxY, 20 + font.lineHeight + 1)
        XCTAssertGreaterThan(count(image) { $0.r > 200 && $0.g < 60 && $0.b < 60 }, 20, "red glyphs")
    }

    func testAlignmentAndIndentsPlaceTheLines() {
        func box(_ configure: (NSMutableParagraphStyle) -> Void) -> CGRect? {
            let style = NSMutableParagraphStyle()
            configure(style)
            let image = draw(CGSize(width: 200, height: 40)) {
                ("ab" as NSString).draw(in: CGRect(x: 0, y: 0, width: 200, height: 40),
                                        withAttributes: [.font: font, .paragraphStyle: style])
            }
            return inked(image)
        }
        guard let left = box({ _ in }), let center = box({ $0.alignment = .center }),
              let right = box({ $0.alignment = .right }), let indented = box({ $0.firstLineHeadIndent = 50 }) else {
            return XCTFail("nothing drawn")
        }
        XCTAssertLessThan(left.minX, 3)
        XCTAssertEqual(center.midX, 100, accuracy: 3)
        XCTAssertGreaterThan(right.maxX, 196)
        XCTAssertEqual(indented.minX, left.minX + 50, accuracy: 1)
    }

    func testTruncatingTailKeepsOneLineInARect() {
        let style = NSMutableParagraphStyle()
        style.lineBreakMode = .byTruncatingTail
        let image = draw(CGSize(width: 100, height: 80)) {
            "The quick brown fox jumps over".draw(in: CGRect(x: 0, y: 0, width: 100, height: 80),
                                                  withAttributes: [.font: font, .paragraphStyle: style])
        }
        guard let box = inked(image) else { return XCTFail("nothing drawn") }
        XCTAssertLessThan(box.maxY, font.lineHeight + 1, "one line")
        XCTAssertLessThanOrEqual(box.maxX, 100)
    }

    func testAStrokeWidthOutlinesOrFillsAndStrokes() {
        let big = UIFont.boldSystemFont(ofSize: 80)
        func drawn(_ width: CGFloat) -> CGImage {
            draw(CGSize(width: 80, height: 100)) {
                "I".draw(at: CGPoint(x: 20, y: 0), withAttributes: [.font: big, .foregroundColor: UIColor.blue,
                                                                   .strokeWidth: width, .strokeColor: UIColor.red])
            }
        }
        func isBlue(_ p: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { p.b > 150 && p.r < 100 }
        func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { p.r > 150 && p.b < 100 }
        let filled = drawn(0), outline = drawn(3), both = drawn(-3)
        guard let stem = inked(filled) else { return XCTFail("nothing drawn") }
        // The middle of the stem: filled blue, hollow in the outline, blue inside the stroke.
        let mid = filled.pixel(x: Int(stem.midX), y: Int(stem.midY))
        XCTAssertTrue(isBlue((mid.r, mid.g, mid.b)))
        let hollow = outline.pixel(x: Int(stem.midX), y: Int(stem.midY))
        XCTAssertTrue(hollow.r > 200 && hollow.g > 200 && hollow.b > 200, "an outline only: \(hollow)")
        XCTAssertGreaterThan(count(outline, where: isRed), 50, "the outline in the stroke colour")
        XCTAssertEqual(count(outline, where: isBlue), 0)
        XCTAssertGreaterThan(count(both, where: isBlue), 50, "filled and stroked")
        XCTAssertGreaterThan(count(both, where: isRed), 50)
        XCTAssertEqual(count(filled, where: isRed), 0)
    }

    func testAShadowIsDrawnAtItsOffset() {
        let shadow = NSShadow()
        shadow.shadowOffset = CGSize(width: 20, height: 10)
        shadow.shadowColor = UIColor.green
        let image = draw(CGSize(width: 120, height: 70)) {
            "Hi".draw(at: CGPoint(x: 10, y: 10), withAttributes: [.font: font, .foregroundColor: UIColor.black, .shadow: shadow])
        }
        guard let glyphs = inked(image, where: { $0.r < 60 && $0.g < 60 && $0.b < 60 }),
              let green = inked(image, where: { $0.g > 100 && $0.r < 100 }) else { return XCTFail("no glyphs or no shadow") }
        XCTAssertEqual(green.maxX, glyphs.maxX + 20, accuracy: 2, "shadowOffset.width moves it right")
        XCTAssertEqual(green.maxY, glyphs.maxY + 10, accuracy: 2, "shadowOffset.height moves it down")
    }

    func testBackgroundColourAndUnderlineOfARun() {
        let text = NSMutableAttributedString(string: "plain marked", attributes: [.font: font])
        text.addAttributes([.backgroundColor: UIColor.yellow, .underlineStyle: NSUnderlineStyle.single.rawValue],
                           range: NSRange(location: 6, length: 6))
        let image = draw(CGSize(width: 200, height: 40)) { text.draw(at: .zero) }
        guard let yellow = inked(image, where: { $0.r > 200 && $0.g > 200 && $0.b < 80 }) else { return XCTFail("no background") }
        let plainWidth = "plain ".size(withAttributes: [.font: font]).width
        XCTAssertEqual(yellow.minX, plainWidth, accuracy: 2, "the background starts at the run")
        XCTAssertEqual(yellow.height, font.lineHeight, accuracy: 2)
    }
}
