import CoreGraphics
import Foundation
import XCTest

/// A gray PNG decodes to a gray image, as ImageIO reports it: device gray, 8 bits per component,
/// 8 bits per pixel (16 with alpha, `.last`), and data bytes in that layout; drawing it is unchanged.
final class CGImageGrayPNGTests: XCTestCase {
    private func decode(_ png: Data, file: StaticString = #filePath, line: UInt = #line) throws -> CGImage {
        try XCTUnwrap(CGImage(pngDataProviderSource: CGDataProvider(data: png)!, decode: nil,
                              shouldInterpolate: true, intent: .defaultIntent), file: file, line: line)
    }

    private func bytes(_ image: CGImage) throws -> [UInt8] {
        [UInt8](try XCTUnwrap(image.dataProvider?.data))
    }

    func testAGrayPNGDecodesToAGrayImage() throws {
        let image = try decode(HandMadeImageFiles.png(width: 3, colorType: 0, rows: [[0, 128, 255], [10, 20, 30]]))
        XCTAssertEqual(image.colorSpace?.model, .monochrome)
        XCTAssertEqual(image.colorSpace?.numberOfComponents, 1)
        XCTAssertEqual(image.bitsPerComponent, 8)
        XCTAssertEqual(image.bitsPerPixel, 8)
        XCTAssertEqual(image.bytesPerRow, 3)
        XCTAssertEqual(image.alphaInfo, .none)
        XCTAssertEqual(image.bitmapInfo.rawValue, 0)
        XCTAssertEqual(try bytes(image), [0, 128, 255, 10, 20, 30])
    }

    func testAGrayAndAlphaPNGDecodesToGrayWithAlphaLast() throws {
        let image = try decode(HandMadeImageFiles.png(width: 3, colorType: 4, rows: [[200, 255, 100, 0, 60, 128]]))
        XCTAssertEqual(image.colorSpace?.model, .monochrome)
        XCTAssertEqual(image.bitsPerComponent, 8)
        XCTAssertEqual(image.bitsPerPixel, 16)
        XCTAssertEqual(image.bytesPerRow, 6)
        XCTAssertEqual(image.alphaInfo, .last)
        let data = try bytes(image)
        XCTAssertEqual(data.count, 6)
        XCTAssertEqual(Array(data[0...1]), [200, 255])
        XCTAssertEqual(data[3], 0, "a transparent pixel")
        XCTAssertEqual(Double(data[4]), 60, accuracy: 1, "not premultiplied")
        XCTAssertEqual(data[5], 128)
    }

    func testAGrayPNGWithATransparentGrayHasAlpha() throws {
        // tRNS for gray: the 16-bit sample value that is transparent (here 0).
        let png = HandMadeImageFiles.png(width: 2, colorType: 0, rows: [[0, 90]], chunks: [("tRNS", [0, 0])])
        let image = try decode(png)
        XCTAssertEqual(image.colorSpace?.model, .monochrome)
        XCTAssertEqual(image.bitsPerPixel, 16)
        XCTAssertEqual(image.alphaInfo, .last)
        XCTAssertEqual(try bytes(image), [0, 0, 90, 255])
    }

    func testAnRGBPNGStaysRGB() throws {
        let image = try decode(HandMadeImageFiles.png(width: 1, colorType: 2, rows: [[10, 20, 30]]))
        XCTAssertEqual(image.colorSpace?.model, .rgb)
        XCTAssertEqual(image.bitsPerPixel, 32)
        XCTAssertEqual(image.alphaInfo, .noneSkipFirst)
    }

    func testAGrayPNGDrawsAsItsGray() throws {
        let image = try decode(HandMadeImageFiles.png(width: 2, colorType: 4, rows: [[128, 255, 255, 0]]))
        let context = makeContext(width: 2, height: 1)
        context.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 1))
        XCTAssertEqual(pixel(context, x: 0, row: 0), RGBA(128, 128, 128, 255))
        XCTAssertEqual(pixel(context, x: 1, row: 0), RGBA(0, 0, 0, 0))
    }

    func testTheDataOfAGrayImageMakesTheSameImageAgain() throws {
        let image = try decode(HandMadeImageFiles.png(width: 3, colorType: 4, rows: [[200, 255, 70, 255, 60, 128]]))
        let copy = try XCTUnwrap(CGImage(width: image.width, height: image.height, bitsPerComponent: image.bitsPerComponent,
                                         bitsPerPixel: image.bitsPerPixel, bytesPerRow: image.bytesPerRow,
                                         space: try XCTUnwrap(image.colorSpace), bitmapInfo: image.bitmapInfo,
                                         provider: try XCTUnwrap(image.dataProvider), decode: nil,
                                         shouldInterpolate: true, intent: .defaultIntent))
        XCTAssertEqual(copy.colorSpace?.model, .monochrome)
        XCTAssertEqual(copy.bitsPerPixel, 16)
        XCTAssertEqual(try bytes(copy), try bytes(image))
    }

    func testAnImageMadeFromGrayBytesIsGray() throws {
        let image = try XCTUnwrap(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
                                          space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(rawValue: 0),
                                          provider: CGDataProvider(data: Data([5, 6, 0, 0, 7, 8, 0, 0]))!, decode: nil,
                                          shouldInterpolate: true, intent: .defaultIntent))
        XCTAssertEqual(image.colorSpace?.model, .monochrome)
        XCTAssertEqual(image.bitsPerPixel, 8)
        XCTAssertEqual(image.bytesPerRow, 2)
        XCTAssertEqual(try bytes(image), [5, 6, 7, 8])
        XCTAssertEqual(pixel(image, x: 1, y: 1), RGBA(8, 8, 8, 255), "drawn as its gray")
    }
}
