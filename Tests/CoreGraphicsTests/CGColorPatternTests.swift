@testable import CoreGraphics
import XCTest

/// Pattern colours (the package-level `CGColor(patternImage:tileSize:)` behind UIKit's
/// `UIColor(patternImage:)`).
final class CGColorPatternTests: XCTestCase {
    /// A 2×1 pixel image: red then blue.
    private func stripe() -> CGImage {
        let context = makeContext(width: 2, height: 1)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        return context.makeImage()!
    }

    func testPatternColourValues() {
        let image = stripe()
        XCTAssertNil(CGColor(patternImage: image, tileSize: .zero))
        let color = CGColor(patternImage: image, tileSize: CGSize(width: 4, height: 2))!
        XCTAssertNil(color.colorSpace)
        XCTAssertEqual(color.components, [1])
        XCTAssertEqual(color.alpha, 1)
        let faded = color.copy(alpha: 0.25)!
        XCTAssertTrue(faded.patternImage === image)
        XCTAssertEqual(faded.alpha, 0.25)
        XCTAssertNotEqual(faded, color)
        XCTAssertEqual(CGColor(patternImage: image, tileSize: CGSize(width: 4, height: 2)), color)
        XCTAssertNotEqual(color, CGColor(gray: 0, alpha: 1))
    }

    func testFillsAndStrokesRepeatTheImage() {
        let color = CGColor(patternImage: stripe(), tileSize: CGSize(width: 4, height: 2))!
        // Nearest-neighbour sampling keeps the magnified pixels exact.
        let context = makeContext(width: 16, height: 4)
        context.interpolationQuality = .none
        context.setFillColor(color)
        context.fill(CGRect(x: 0, y: 0, width: 16, height: 2))
        // Tiles 4 wide from x = 0: red 0-1, blue 2-3, red 4-5 ...
        XCTAssertEqual(pixel(context, x: 0, row: 3), .red)
        XCTAssertEqual(pixel(context, x: 3, row: 3), .blue)
        XCTAssertEqual(pixel(context, x: 13, row: 2), .red)
        XCTAssertEqual(pixel(context, x: 13, row: 1), .clear, "outside the filled rectangle")

        // A rotated fill without antialiasing (normally pixman's aliased path) still paints the pattern.
        let rotated = makeContext(width: 16, height: 16)
        rotated.setShouldAntialias(false)
        rotated.interpolationQuality = .none
        rotated.setFillColor(color)
        rotated.translateBy(x: 8, y: 8)
        rotated.rotate(by: .pi / 2)
        rotated.fill(CGRect(x: -8, y: -8, width: 16, height: 16))
        // The stripes turn with the user space: they alternate down a device column.
        let colours = Set((0..<16).map { pixel(rotated, x: 8, row: $0).description })
        XCTAssertEqual(colours, [RGBA.red.description, RGBA.blue.description])

        let stroked = makeContext(width: 16, height: 4)
        stroked.interpolationQuality = .none
        stroked.setStrokeColor(color)
        stroked.setLineWidth(2)
        stroked.move(to: CGPoint(x: 0, y: 1))
        stroked.addLine(to: CGPoint(x: 16, y: 1))
        stroked.strokePath()
        XCTAssertEqual(pixel(stroked, x: 1, row: 3), .red)
        XCTAssertEqual(pixel(stroked, x: 6, row: 3), .blue)
    }
}
