import CoreGraphics
import XCTest

final class CGBitmapFormatTests: XCTestCase {
    func testAlphaInfoAndBitmapInfoUseApplesRawValues() {
        XCTAssertEqual(CGImageAlphaInfo.none.rawValue, 0)
        XCTAssertEqual(CGImageAlphaInfo.premultipliedLast.rawValue, 1)
        XCTAssertEqual(CGImageAlphaInfo.premultipliedFirst.rawValue, 2)
        XCTAssertEqual(CGImageAlphaInfo.last.rawValue, 3)
        XCTAssertEqual(CGImageAlphaInfo.first.rawValue, 4)
        XCTAssertEqual(CGImageAlphaInfo.noneSkipLast.rawValue, 5)
        XCTAssertEqual(CGImageAlphaInfo.noneSkipFirst.rawValue, 6)
        XCTAssertEqual(CGImageAlphaInfo.alphaOnly.rawValue, 7)
        XCTAssertEqual(CGBitmapInfo.byteOrder32Little.rawValue, 0x2000)
        XCTAssertEqual(CGBitmapInfo.byteOrder32Big.rawValue, 0x4000)
        XCTAssertEqual(CGBitmapInfo.byteOrderMask.rawValue, 0x7000)
        XCTAssertEqual(CGBitmapInfo.alphaInfoMask.rawValue, 0x1F)
        XCTAssertEqual(CGBitmapInfo.byteOrder32Host, .byteOrder32Little)
    }

    func testDrawingEnumsUseApplesRawValues() {
        XCTAssertEqual(CGLineCap.square.rawValue, 2)
        XCTAssertEqual(CGLineJoin.bevel.rawValue, 2)
        XCTAssertEqual(CGPathDrawingMode.eoFillStroke.rawValue, 4)
        XCTAssertEqual(CGInterpolationQuality.medium.rawValue, 4)
        XCTAssertEqual(CGBlendMode.clear.rawValue, 16)
        XCTAssertEqual(CGBlendMode.plusLighter.rawValue, 27)
        XCTAssertEqual(CGPathElementType.closeSubpath.rawValue, 4)
    }

    func testOpaqueContextMakesOpaqueImages() {
        let context = CGContext(data: nil, width: 3, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        XCTAssertEqual(context.alphaInfo, .noneSkipFirst)
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        let image = context.makeImage()!
        XCTAssertEqual(image.alphaInfo, .noneSkipFirst)
        XCTAssertEqual(pixel(image, x: 1, y: 1), .blue)
    }

    func testAlphaOnlyContextStoresCoverage() {
        let context = CGContext(data: nil, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue)!
        XCTAssertEqual(context.bitsPerPixel, 8)
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        let image = context.makeImage()!
        XCTAssertEqual(image.alphaInfo, .alphaOnly)
        XCTAssertEqual(image.pixel(x: 0, y: 1).a, 255, "y-up: the bottom memory row")
        XCTAssertEqual(image.pixel(x: 0, y: 0).a, 0)
        XCTAssertEqual(image.pixel(x: 3, y: 1).a, 0)
    }

    func testDrawingAnImageKeepsTheCurrentPath() {
        let context = makeContext()
        context.addRect(CGRect(x: 0, y: 0, width: 2, height: 2))
        context.draw(makeQuadrantImage(), in: CGRect(x: 5, y: 5, width: 2, height: 2))
        XCTAssertEqual(context.path, CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil))
    }
}
