import CoreGraphics
import XCTest

/// `CGImage.copy(colorSpace:)` to device gray and `CGImage.masking(_:)` with a gray image mask
/// (Lockwood listing 14.7's hybrid image: a JPEG's colours, a PNG's mask).
final class CGImageMaskingTests: XCTestCase {
    /// An opaque image of `width`×`height` whose pixel (x, y) is `color(x, y)`.
    private func opaqueImage(width: Int, height: Int, _ color: (Int, Int) -> CGColor) -> CGImage {
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        for y in 0..<height {
            for x in 0..<width {
                ctx.setFillColor(color(x, y))
                // Bitmap contexts are y-up: row y from the top is at height - 1 - y.
                ctx.fill(CGRect(x: x, y: height - 1 - y, width: 1, height: 1))
            }
        }
        return ctx.makeImage()!
    }

    func testACopyInDeviceGrayHoldsTheLuminance() throws {
        let colour = opaqueImage(width: 2, height: 1) { x, _ in
            x == 0 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        }
        XCTAssertEqual(colour.colorSpace, CGColorSpaceCreateDeviceRGB())
        let gray = try XCTUnwrap(colour.copy(colorSpace: CGColorSpaceCreateDeviceGray()))
        XCTAssertEqual(gray.colorSpace, CGColorSpaceCreateDeviceGray())
        XCTAssertTrue(gray.pixel(x: 0, y: 0) == (76, 76, 76, 255), "0.299 of full red: \(gray.pixel(x: 0, y: 0))")
        XCTAssertTrue(gray.pixel(x: 1, y: 0) == (255, 255, 255, 255))
        XCTAssertTrue(gray.copy(colorSpace: CGColorSpaceCreateDeviceGray()) === gray)
        XCTAssertNil(gray.copy(colorSpace: CGColorSpaceCreateDeviceRGB()), "gray has one component, RGB three")
    }

    func testAnImageWithAlphaHasNoGrayCopy() {
        let ctx = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        XCTAssertNil(ctx.makeImage()!.copy(colorSpace: CGColorSpaceCreateDeviceGray()))
    }

    /// The mask's samples are the alpha: white lets the image through, black blocks it, grey halves it.
    func testAGrayMaskSetsTheAlpha() throws {
        let colour = opaqueImage(width: 3, height: 1) { _, _ in CGColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
        let mask = try XCTUnwrap(opaqueImage(width: 3, height: 1) { x, _ in
            CGColor(gray: [1.0, 0.0, 128.0 / 255][x], alpha: 1)
        }.copy(colorSpace: CGColorSpaceCreateDeviceGray()))
        let masked = try XCTUnwrap(colour.masking(mask))
        XCTAssertEqual(masked.alphaInfo, .premultipliedFirst)
        XCTAssertTrue(masked.pixel(x: 0, y: 0) == (255, 128, 0, 255), "\(masked.pixel(x: 0, y: 0))")
        XCTAssertTrue(masked.pixel(x: 1, y: 0) == (0, 0, 0, 0), "\(masked.pixel(x: 1, y: 0))")
        XCTAssertTrue(masked.pixel(x: 2, y: 0) == (128, 64, 0, 128), "premultiplied: \(masked.pixel(x: 2, y: 0))")
    }

    /// A mask of another size is scaled to the image's.
    func testAMaskIsScaledToTheImage() throws {
        let colour = opaqueImage(width: 4, height: 4) { _, _ in CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        let mask = try XCTUnwrap(opaqueImage(width: 2, height: 2) { x, y in CGColor(gray: x == y ? 1 : 0, alpha: 1) }
            .copy(colorSpace: CGColorSpaceCreateDeviceGray()))
        let masked = try XCTUnwrap(colour.masking(mask))
        XCTAssertEqual(masked.pixel(x: 1, y: 1).a, 255)
        XCTAssertEqual(masked.pixel(x: 3, y: 0).a, 0)
        XCTAssertEqual(masked.pixel(x: 0, y: 3).a, 0)
        XCTAssertEqual(masked.pixel(x: 2, y: 3).a, 255)
    }

    func testOnlyAGrayImageMasks() {
        let colour = opaqueImage(width: 1, height: 1) { _, _ in CGColor(red: 1, green: 1, blue: 1, alpha: 1) }
        XCTAssertNil(colour.masking(colour), "an RGB mask")
    }
}
