import CoreGraphics
import XCTest

/// Contexts in RGBA byte order (`premultipliedLast`, the usual iOS choice), which cairo cannot draw
/// into directly: the caller's memory must hold R, G, B, A after every drawing operation.
final class CGContextRGBATests: XCTestCase {
    private let rgba = CGImageAlphaInfo.premultipliedLast.rawValue

    func testFillingWritesRGBABytesIntoTheCallersMemory() throws {
        let width = 4, height = 4, rowBytes = 16
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * height, alignment: 4)
        defer { buffer.deallocate() }
        buffer.initializeMemory(as: UInt8.self, repeating: 0, count: rowBytes * height)
        let ctx = try XCTUnwrap(CGContext(data: buffer, width: width, height: height, bitsPerComponent: 8,
                                          bytesPerRow: rowBytes, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
        // Default y-up space: the bottom row of the bitmap is memory row 3.
        ctx.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: bytes + 3 * rowBytes, count: 4)), [255, 128, 0, 255])
        XCTAssertEqual(Array(UnsafeBufferPointer(start: bytes, count: 4)), [0, 0, 0, 0], "top row untouched")
        // Half-transparent blue, premultiplied.
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        ctx.fill(CGRect(x: 0, y: 3, width: 1, height: 1))
        XCTAssertEqual(Int(bytes[2]), 128, accuracy: 1)
        XCTAssertEqual(Int(bytes[3]), 128, accuracy: 1)
        // makeImage sees the same pixels.
        let image = try XCTUnwrap(ctx.makeImage())
        let p = image.pixel(x: 0, y: 3)
        XCTAssertEqual([p.r, p.g, p.b, p.a], [255, 128, 0, 255])
    }

    func testAnRGBABitmapKeepsWhatItAlreadyHeld() throws {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 4)
        defer { buffer.deallocate() }
        let pixels: [UInt8] = [10, 20, 30, 255, 0, 0, 0, 0]
        buffer.copyMemory(from: pixels, byteCount: 8)
        let ctx = try XCTUnwrap(CGContext(data: buffer, width: 2, height: 1, bitsPerComponent: 8, bytesPerRow: 8,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 1, y: 0, width: 1, height: 1))
        let bytes = buffer.assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: bytes, count: 8)), [10, 20, 30, 255, 0, 255, 0, 255])
    }

    func testContextsWithoutCallerMemoryWorkToo() throws {
        let ctx = try XCTUnwrap(CGContext(data: nil, width: 3, height: 3, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 3, height: 3))
        let bytes = try XCTUnwrap(ctx.data).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: bytes, count: 4)), [0, 0, 255, 255])
        XCTAssertEqual(ctx.alphaInfo, .premultipliedLast)
    }
}
