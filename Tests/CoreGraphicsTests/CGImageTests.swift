import CoreGraphics
import XCTest

final class CGImageTests: XCTestCase {
    func testRawRGBAImageIsConvertedToPremultipliedNativeLayout() {
        let image = makeQuadrantImage()
        XCTAssertEqual(image.width, 2)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.bitsPerComponent, 8)
        XCTAssertEqual(image.bitsPerPixel, 32)
        XCTAssertEqual(image.bytesPerRow, 8)
        XCTAssertEqual(image.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(image.bitmapInfo.rawValue, nativeBitmapInfo)
        XCTAssertEqual(pixel(image, x: 0, y: 0), .red, "row 0 is the top")
        XCTAssertEqual(pixel(image, x: 1, y: 0), .green)
        XCTAssertEqual(pixel(image, x: 0, y: 1), .blue)
        XCTAssertEqual(pixel(image, x: 1, y: 1), .white)
        let bytes = [UInt8](image.dataProvider!.data!)
        XCTAssertEqual(bytes.count, 16)
        XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 255, 255], "B, G, R, A")
    }

    func testStraightAlphaIsPremultipliedAndNativeDataIsKept() {
        let straight = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                               provider: CGDataProvider(data: Data([255, 0, 0, 128]))!, decode: nil,
                               shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertEqual(pixel(straight, x: 0, y: 0), RGBA(128, 0, 0, 128))
        let native = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: nativeBitmapInfo),
                             provider: CGDataProvider(data: Data([10, 20, 30, 40]))!, decode: nil,
                             shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertEqual(pixel(native, x: 0, y: 0), RGBA(30, 20, 10, 40))
    }

    func testRawImageWithTooLittleDataIsNil() {
        XCTAssertNil(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: nativeBitmapInfo),
                             provider: CGDataProvider(data: Data([1, 2, 3]))!, decode: nil,
                             shouldInterpolate: true, intent: .defaultIntent))
    }

    func testCroppingUsesTopLeftOriginPixelCoordinates() {
        let image = makeQuadrantImage()
        let topRight = image.cropping(to: CGRect(x: 1, y: 0, width: 1, height: 1))!
        XCTAssertEqual(topRight.width, 1)
        XCTAssertEqual(pixel(topRight, x: 0, y: 0), .green)
        let clamped = image.cropping(to: CGRect(x: 1, y: 1, width: 10, height: 10))!
        XCTAssertEqual(clamped.width, 1)
        XCTAssertEqual(pixel(clamped, x: 0, y: 0), .white)
        XCTAssertNil(image.cropping(to: CGRect(x: 5, y: 5, width: 1, height: 1)))
    }

    func testImageIsDrawnRightSideUpInYUpUserSpace() {
        let context = makeContext(width: 8, height: 8)
        context.interpolationQuality = .none
        context.draw(makeQuadrantImage(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertEqual(pixel(context, x: 0, row: 0), .red, "the image's top row is the top memory row")
        XCTAssertEqual(pixel(context, x: 7, row: 0), .green)
        XCTAssertEqual(pixel(context, x: 0, row: 7), .blue)
        XCTAssertEqual(pixel(context, x: 7, row: 7), .white)
    }

    func testImageInAFlippedContextAppearsUpsideDownLikeApple() {
        let context = makeContext(width: 8, height: 8)
        context.translateBy(x: 0, y: 8)
        context.scaleBy(x: 1, y: -1)
        context.interpolationQuality = .none
        context.draw(makeQuadrantImage(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertEqual(pixel(context, x: 0, row: 0), .blue)
        XCTAssertEqual(pixel(context, x: 0, row: 7), .red)
    }

    func testInterpolationNoneKeepsHardPixelEdgesWhenScalingUp() {
        let context = makeContext(width: 8, height: 8)
        context.interpolationQuality = .none
        context.draw(makeQuadrantImage(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        for row in 0..<8 {
            for x in 0..<8 {
                let expected: RGBA = row < 4 ? (x < 4 ? .red : .green) : (x < 4 ? .blue : .white)
                XCTAssertEqual(pixel(context, x: x, row: row), expected, "x \(x) row \(row)")
            }
        }
    }

    func testDefaultInterpolationBlendsNeighbouringPixels() {
        let context = makeContext(width: 8, height: 8)
        context.draw(makeQuadrantImage(), in: CGRect(x: 0, y: 0, width: 8, height: 8))
        let nearBoundary = pixel(context, x: 3, row: 0)
        XCTAssertGreaterThan(nearBoundary.g, 0, "\(nearBoundary)")
        XCTAssertEqual(pixel(context, x: 0, row: 0), .red)
    }

    func testImageDrawingHonoursGlobalAlpha() {
        let context = makeContext(width: 2, height: 2)
        context.setAlpha(0.5)
        context.draw(makeQuadrantImage(), in: CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertTrue((127...128).contains(pixel(context, x: 0, row: 0).a))
    }

    func testTiledDrawingRepeatsTheImage() {
        let context = makeContext(width: 8, height: 8)
        context.interpolationQuality = .none
        context.draw(makeQuadrantImage(), in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        // Tiles are anchored at the rect's origin (bottom-left), each right side up.
        XCTAssertEqual(pixel(context, x: 0, row: 0), .red)
        XCTAssertEqual(pixel(context, x: 0, row: 1), .blue)
        XCTAssertEqual(pixel(context, x: 2, row: 2), .red)
        XCTAssertEqual(pixel(context, x: 7, row: 7), .white)
    }

    func testClipToMaskUsesTheImageAlpha() {
        let mask = CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                           space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: nativeBitmapInfo),
                           provider: CGDataProvider(data: Data([0, 0, 0, 255, 0, 0, 0, 0]))!, decode: nil,
                           shouldInterpolate: false, intent: .defaultIntent)!
        let context = makeContext()
        context.interpolationQuality = .none
        context.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10), mask: mask)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(pixel(context, x: 2, row: 5), .red)
        XCTAssertEqual(pixel(context, x: 7, row: 5), .clear)
    }

    func testPNGRoundTripKeepsPixels() {
        let context = makeContext(width: 6, height: 4)
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 4))
        context.setFillColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        context.fill(CGRect(x: 3, y: 0, width: 2, height: 2))
        let original = context.makeImage()!
        let png = original.pngData()!
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let decoded = CGImage(pngDataProviderSource: CGDataProvider(data: png)!, decode: nil,
                              shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertEqual(decoded.width, 6)
        XCTAssertEqual(decoded.height, 4)
        for y in 0..<4 {
            for x in 0..<6 {
                XCTAssertEqual(pixel(decoded, x: x, y: y), pixel(original, x: x, y: y), "x \(x) y \(y)")
            }
        }
    }

    func testCorruptOrTruncatedPNGIsNil() {
        let garbage = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        XCTAssertNil(CGImage(pngDataProviderSource: CGDataProvider(data: garbage)!, decode: nil,
                             shouldInterpolate: true, intent: .defaultIntent))
        let png = makeQuadrantImage().pngData()!
        XCTAssertNil(CGImage(pngDataProviderSource: CGDataProvider(data: png.prefix(png.count / 2))!, decode: nil,
                             shouldInterpolate: true, intent: .defaultIntent))
        XCTAssertNil(CGImage(pngDataProviderSource: CGDataProvider(data: Data())!, decode: nil,
                             shouldInterpolate: true, intent: .defaultIntent))
    }

    func testDataProviderReadsFiles() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cg-provider-\(UUID().uuidString).png")
        try makeQuadrantImage().pngData()!.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = CGDataProvider(url: url)!
        let image = CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertEqual(pixel(image, x: 1, y: 0), .green)
        XCTAssertNotNil(CGDataProvider(filename: url.path))
        XCTAssertNil(CGDataProvider(filename: "/nonexistent/file.png"))
    }
}
