import CoreGraphics
import XCTest

final class CGGradientTests: XCTestCase {
    /// Colours and alpha interpolate straight, then premultiply (as Core Graphics does): halfway
    /// from clear (transparent black) to opaque white is half-transparent mid gray, not half-
    /// transparent white.
    func testAClearToWhiteGradientPassesThroughGray() {
        let ctx = makeContext(width: 101, height: 1)
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 0, green: 0, blue: 0, alpha: 0),
                                                            CGColor(red: 1, green: 1, blue: 1, alpha: 1)], locations: nil)!
        ctx.drawLinearGradient(gradient, start: CGPoint(x: 0.5, y: 0), end: CGPoint(x: 100.5, y: 0), options: [])
        let middle = pixel(ctx, x: 50, row: 0)
        XCTAssertEqual(Int(middle.a), 128, accuracy: 1)
        XCTAssertEqual(Int(middle.r), 64, accuracy: 1, "premultiplied 0.5 × 0.5")
        XCTAssertEqual(middle.r, middle.g)
        XCTAssertEqual(middle.g, middle.b)
    }

    func testTheColourBetweenStopsIsStraight() {
        let gradient = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 0.2),
                                                            CGColor(red: 0, green: 0, blue: 1, alpha: 1)], locations: [0.2, 0.6])!
        let c = gradient.color(at: 0.4)
        XCTAssertEqual(c.r, 0.5, accuracy: 1e-9)
        XCTAssertEqual(c.b, 0.5, accuracy: 1e-9)
        XCTAssertEqual(c.a, 0.6, accuracy: 1e-9)
        XCTAssertEqual(gradient.color(at: 0).a, 0.2, accuracy: 1e-9, "before the first stop: its colour")
        XCTAssertEqual(gradient.color(at: 1).b, 1, accuracy: 1e-9, "after the last: its colour")
    }
}
