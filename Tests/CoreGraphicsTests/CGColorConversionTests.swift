import CoreGraphics
import XCTest

/// `CGColor.converted(to:intent:options:)` between the RGB and gray spaces.
final class CGColorConversionTests: XCTestCase {
    private func space(_ name: String) -> CGColorSpace { CGColorSpace(name: name)! }

    private func assertComponents(_ color: CGColor?, _ expected: [CGFloat], accuracy: CGFloat = 1e-4,
                                  file: StaticString = #filePath, line: UInt = #line) {
        guard let components = color?.components else { return XCTFail("no color", file: file, line: line) }
        XCTAssertEqual(components.count, expected.count, "\(components)", file: file, line: line)
        for (c, e) in zip(components, expected) { XCTAssertEqual(c, e, accuracy: accuracy, "\(components)", file: file, line: line) }
    }

    func testRGBAndGrayConvert() {
        let srgbGray = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 0.25)
        let gray = srgbGray.converted(to: space(CGColorSpace.extendedGray), intent: .defaultIntent, options: nil)
        assertComponents(gray, [0.5, 0.25])
        XCTAssertEqual(gray?.colorSpace?.model, .monochrome)
        // Pure green carries 0.7152 of the luminance.
        let green = CGColor(srgbRed: 0, green: 1, blue: 0, alpha: 1)
        let greenGray = green.converted(to: space(CGColorSpace.linearGray), intent: .perceptual, options: nil)
        assertComponents(greenGray, [0.7152, 1])
        // Gray to RGB: equal components; white and black are exact.
        let white = CGColor(gray: 1, alpha: 1).converted(to: space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil)
        assertComponents(white, [1, 1, 1, 1])
        let black = CGColor(gray: 0, alpha: 0.5).converted(to: space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil)
        assertComponents(black, [0, 0, 0, 0.5])
        // Generic gray has a 2.2 gamma: its middle is a little lighter in sRGB.
        let mid = CGColor(gray: 0.5, alpha: 1).converted(to: space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil)
        assertComponents(mid, [0.5039, 0.5039, 0.5039, 1], accuracy: 1e-3)
    }

    func testExtendedRangeIsKeptOrClamped() {
        let wide = space(CGColorSpace.extendedSRGB)
        let over = CGColor(colorSpace: wide, components: [1.2, -0.1, 0.5, 1])!
        assertComponents(over.converted(to: space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil), [1, 0, 0.5, 1])
        let back = CGColor(srgbRed: 0.2, green: 0.4, blue: 0.6, alpha: 1)
            .converted(to: wide, intent: .defaultIntent, options: nil)
        assertComponents(back, [0.2, 0.4, 0.6, 1])
        XCTAssertEqual(back?.colorSpace?.name, CGColorSpace.extendedSRGB)
        // Into linear: the sRGB curve undone; an extended linear space keeps the negative value.
        let linear = over.converted(to: space(CGColorSpace.extendedLinearSRGB), intent: .defaultIntent, options: nil)
        assertComponents(linear, [1.5168, -0.0100, 0.2140, 1], accuracy: 1e-3)
    }

    func testDisplayP3sPrimariesAreConverted() {
        let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)
        let p3 = red.converted(to: space(CGColorSpace.displayP3), intent: .defaultIntent, options: nil)
        // sRGB red is inside P3: about (0.9175, 0.2003, 0.1386).
        assertComponents(p3, [0.9175, 0.2003, 0.1386, 1], accuracy: 2e-3)
        let roundTrip = p3?.converted(to: space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil)
        assertComponents(roundTrip, [1, 0, 0, 1], accuracy: 2e-3)
    }

    func testUnconvertibleColorsAreNil() {
        let pattern = CGColor(patternImage: makeQuadrantImage(), tileSize: CGSize(width: 2, height: 2))!
        XCTAssertNil(pattern.converted(to: space(CGColorSpace.sRGB), intent: .defaultIntent, options: nil))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        assertComponents(red.converted(to: CGColorSpaceCreateDeviceGray(), intent: .defaultIntent, options: nil),
                         [0.4984, 1], accuracy: 1e-3)
    }
}
