import CoreGraphics
import XCTest

/// Cairo's native layout: 32-bit premultiplied ARGB, memory bytes B, G, R, A.
let nativeBitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue

func makeContext(width: Int = 10, height: Int = 10, file: StaticString = #filePath, line: UInt = #line) -> CGContext {
    guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: nativeBitmapInfo) else {
        XCTFail("could not create a \(width)x\(height) context", file: file, line: line)
        fatalError()
    }
    return context
}

struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: UInt8
    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) { (self.r, self.g, self.b, self.a) = (r, g, b, a) }
    var description: String { "(\(r), \(g), \(b), \(a))" }
    static let clear = RGBA(0, 0, 0, 0)
    static let red = RGBA(255, 0, 0, 255)
    static let green = RGBA(0, 255, 0, 255)
    static let blue = RGBA(0, 0, 255, 255)
    static let white = RGBA(255, 255, 255, 255)
    static let black = RGBA(0, 0, 0, 255)
}

/// The premultiplied pixel at column `x` of memory row `row` (row 0 = first bytes in memory = top).
func pixel(_ context: CGContext, x: Int, row: Int) -> RGBA {
    context.flush()
    let bytes = context.data!.assumingMemoryBound(to: UInt8.self) + row * context.bytesPerRow + x * 4
    return RGBA(bytes[2], bytes[1], bytes[0], bytes[3])
}

func pixel(_ image: CGImage, x: Int, y: Int) -> RGBA {
    let p = image.pixel(x: x, y: y)
    return RGBA(p.r, p.g, p.b, p.a)
}

/// Memory rows (top first) in which column `x` is not transparent.
func paintedRows(_ context: CGContext, x: Int) -> [Int] {
    (0..<context.height).filter { pixel(context, x: x, row: $0).a != 0 }
}

func XCTAssertEqualPoints(_ p: CGPoint, _ q: CGPoint, accuracy: CGFloat = 1e-9,
                          file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x of \(p) vs \(q)", file: file, line: line)
    XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y of \(p) vs \(q)", file: file, line: line)
}

func XCTAssertEqualRects(_ r: CGRect, _ s: CGRect, accuracy: CGFloat = 1e-9,
                         file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(r.minX, s.minX, accuracy: accuracy, "minX of \(r) vs \(s)", file: file, line: line)
    XCTAssertEqual(r.minY, s.minY, accuracy: accuracy, "minY of \(r) vs \(s)", file: file, line: line)
    XCTAssertEqual(r.width, s.width, accuracy: accuracy, "width of \(r) vs \(s)", file: file, line: line)
    XCTAssertEqual(r.height, s.height, accuracy: accuracy, "height of \(r) vs \(s)", file: file, line: line)
}

/// A 2x2 image from RGBA bytes (straight alpha, `.last`): top-left red, top-right green,
/// bottom-left blue, bottom-right white.
func makeQuadrantImage() -> CGImage {
    let bytes: [UInt8] = [255, 0, 0, 255,   0, 255, 0, 255,
                          0, 0, 255, 255,   255, 255, 255, 255]
    return CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                   provider: CGDataProvider(data: Data(bytes))!, decode: nil, shouldInterpolate: true,
                   intent: .defaultIntent)!
}
