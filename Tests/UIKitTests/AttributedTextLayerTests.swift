import QuartzCore
import UIKit
import XCTest

/// CATextLayer drawing an NSAttributedString: runs with their own colour, font size, underline and
/// strikethrough (UIKit's attribute names and types).
final class AttributedTextLayerTests: XCTestCase {
    private func render(_ layer: CALayer, width: Int, height: Int) -> CGImage {
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let renderer = CARenderer(context: ctx)
        renderer.layer = layer
        renderer.beginFrame(atTime: 0)
        renderer.render()
        return ctx.makeImage()!
    }

    /// The columns (x) where some pixel is red-ish / dark in rows `rows`.
    private func columns(_ image: CGImage, rows: Range<Int>, where test: ((r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool) -> [Int] {
        (0..<image.width).filter { x in rows.contains { y in test(image.pixel(x: x, y: y)) } }
    }

    func testARunIsRedAndUnderlinedAndTheRestBlack() {
        let text = NSMutableAttributedString(string: "Lorem ipsum dolor")
        let font = UIFont(name: "Helvetica", size: 20)!
        text.addAttribute(.font, value: font, range: NSRange(location: 0, length: text.length))
        text.addAttribute(.foregroundColor, value: UIColor.black, range: NSRange(location: 0, length: text.length))
        let ipsum = NSRange(location: 6, length: 5)
        text.addAttributes([.foregroundColor: UIColor.red, .underlineStyle: NSUnderlineStyle.single.rawValue], range: ipsum)
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 240, height: 40)
        layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.string = text
        let image = render(layer, width: 240, height: 40)
        func isRed(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { p.r > 150 && p.g < 90 && p.b < 90 }
        func isDark(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Bool { max(p.r, p.g, p.b) < 90 }
        let red = columns(image, rows: 0..<40, where: isRed)
        let dark = columns(image, rows: 0..<40, where: isDark)
        let redSpan = (red.min() ?? 0)...(red.max() ?? 0)
        XCTAssertFalse(red.isEmpty, "no red glyphs")
        XCTAssertTrue(dark.contains { $0 < redSpan.lowerBound }, "\"Lorem\" is black, left of the red run")
        XCTAssertTrue(dark.contains { $0 > redSpan.upperBound }, "\"dolor\" is black, right of it")
        XCTAssertFalse(dark.contains { redSpan.contains($0) && $0 > redSpan.lowerBound + 2 && $0 < redSpan.upperBound - 2 },
                       "no black inside the red run")
        // The underline: one row with red across the run's whole width.
        let underlined = (0..<40).contains { y in
            redSpan.lowerBound + 2 < redSpan.upperBound - 2
                && ((redSpan.lowerBound + 2)...(redSpan.upperBound - 2)).allSatisfy { isRed(image.pixel(x: $0, y: y)) }
        }
        XCTAssertTrue(underlined, "no continuous red line under the run")
    }

    func testAFontRunChangesTheSize() {
        let text = NSMutableAttributedString(string: "aaaa")
        text.addAttribute(.font, value: UIFont(name: "Helvetica", size: 40)!, range: NSRange(location: 2, length: 2))
        let layer = CATextLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        layer.fontSize = 10
        layer.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        layer.string = text
        let image = render(layer, width: 200, height: 60)
        let inked = columns(image, rows: 0..<60) { $0.a > 128 }
        // Two 10-point a's (about 6 points each) then two 40-point ones (about 24 each).
        XCTAssertGreaterThan(inked.max() ?? 0, 50, "the 40-point run is wider: \(inked.max() ?? 0)")
    }
}
