import Foundation
@testable import UIKit
import XCTest

/// `UIColor.getWhite(_:alpha:)` and `getHue(_:saturation:brightness:alpha:)`.
final class UIColorComponentsTests: XCTestCase {
    private var pattern: UIColor {
        let ctx = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        return UIColor(patternImage: UIImage(cgImage: ctx.makeImage()!))
    }

    func testGetWhiteAnswersForGreysOnly() {
        var white: CGFloat = -1, alpha: CGFloat = -1
        XCTAssertTrue(UIColor(white: 0.25, alpha: 0.5).getWhite(&white, alpha: &alpha))
        XCTAssertEqual(white, 0.25, accuracy: 1e-6)
        XCTAssertEqual(alpha, 0.5, accuracy: 1e-6)
        XCTAssertTrue(UIColor.black.getWhite(&white, alpha: nil))
        XCTAssertEqual(white, 0)
        white = -1
        XCTAssertFalse(UIColor.red.getWhite(&white, alpha: &alpha), "an RGB colour is not converted, as Apple's")
        XCTAssertEqual(white, -1, "left alone")
        XCTAssertFalse(pattern.getWhite(&white, alpha: &alpha))
    }

    func testGetHue() {
        var h: CGFloat = -1, s: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        XCTAssertTrue(UIColor.red.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        XCTAssertEqual([h, s, b, a], [0, 1, 1, 1])
        XCTAssertTrue(UIColor(red: 0, green: 0.5, blue: 0.5, alpha: 0.8).getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        XCTAssertEqual(h, 0.5, accuracy: 1e-6)
        XCTAssertEqual(s, 1, accuracy: 1e-6)
        XCTAssertEqual(b, 0.5, accuracy: 1e-6)
        XCTAssertEqual(a, 0.8, accuracy: 1e-6)
        XCTAssertTrue(UIColor(white: 0.4, alpha: 1).getHue(&h, saturation: &s, brightness: &b, alpha: nil))
        XCTAssertEqual([h, s], [0, 0])
        XCTAssertEqual(b, 0.4, accuracy: 1e-6)
        // A round trip through init(hue:saturation:brightness:alpha:).
        let made = UIColor(hue: 0.7, saturation: 0.6, brightness: 0.9, alpha: 1)
        XCTAssertTrue(made.getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        XCTAssertEqual(h, 0.7, accuracy: 1e-6)
        XCTAssertEqual(s, 0.6, accuracy: 1e-6)
        XCTAssertEqual(b, 0.9, accuracy: 1e-6)
        h = -1
        XCTAssertFalse(pattern.getHue(&h, saturation: nil, brightness: nil, alpha: nil))
        XCTAssertEqual(h, -1)
    }
}
