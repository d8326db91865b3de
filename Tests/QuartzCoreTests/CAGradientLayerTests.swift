import QuartzCore
import XCTest

/// CAGradientLayer: Apple's defaults, the three types drawn where their points say, locations,
/// colours extended past the ends, animation of the colours; CGGradient's drawing options.
final class CAGradientLayerTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    override func setUp() { CAMediaClock.freeze(at: 1500) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func render(_ gradient: CAGradientLayer) -> CGImage {
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        return renderOffscreen(gradient, width: 100, height: 100)
    }

    func testDefaultsAreApples() {
        let gradient = CAGradientLayer()
        XCTAssertNil(gradient.colors)
        XCTAssertNil(gradient.locations)
        XCTAssertEqual(gradient.startPoint, CGPoint(x: 0.5, y: 0))
        XCTAssertEqual(gradient.endPoint, CGPoint(x: 0.5, y: 1))
        XCTAssertEqual(gradient.type, .axial)
        XCTAssertEqual(CAGradientLayerType.radial.rawValue, "radial")
        XCTAssertEqual(CAGradientLayerType.conic.rawValue, "conic")
        gradient.setValue("conic", forKey: "type")
        XCTAssertEqual(gradient.type, .conic)
    }

    func testAxialRunsFromStartToEnd() {
        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        let image = render(gradient)
        let top = rgba(image, 50, 0), middle = rgba(image, 50, 50), bottom = rgba(image, 50, 99)
        XCTAssertGreaterThan(top[0], 250)
        XCTAssertGreaterThan(bottom[2], 250)
        XCTAssertEqual(Double(middle[0]), 127.5, accuracy: 3)
        XCTAssertEqual(Double(middle[2]), 127.5, accuracy: 3)
        XCTAssertEqual(rgba(image, 0, 50), rgba(image, 99, 50), "constant across the axis")
    }

    func testLocationsAndTheExtendedEnds() {
        let gradient = CAGradientLayer()
        gradient.colors = [red, blue]
        gradient.locations = [0, 0.25]
        gradient.startPoint = CGPoint(x: 0.2, y: 0.5)
        gradient.endPoint = CGPoint(x: 0.6, y: 0.5)
        let image = render(gradient)
        XCTAssertEqual(rgba(image, 5, 50), [255, 0, 0, 255], "before the start: the first colour")
        XCTAssertEqual(rgba(image, 40, 50), [0, 0, 255, 255], "past 25% of the way: the last colour")
        XCTAssertEqual(rgba(image, 95, 50), [0, 0, 255, 255], "past the end: the last colour")
    }

    func testRadialFillsTheEllipseThroughTheEndPoint() {
        let gradient = CAGradientLayer()
        gradient.type = .radial
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 1)
        let image = render(gradient)
        XCTAssertGreaterThan(rgba(image, 50, 50)[0], 245, "the centre: the first colour")
        let halfway = rgba(image, 75, 50)   // half the x radius
        XCTAssertEqual(Double(halfway[0]), 127.5, accuracy: 4)
        XCTAssertEqual(rgba(image, 99, 99), [0, 0, 255, 255], "outside the ellipse: the last colour")
    }

    func testConicSweepsClockwiseFromTheEndPointsDirection() {
        let gradient = CAGradientLayer()
        gradient.type = .conic
        gradient.colors = [red, blue]
        gradient.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let image = render(gradient)
        let right = rgba(image, 95, 51), below = rgba(image, 50, 95), left = rgba(image, 5, 50)
        XCTAssertGreaterThan(right[0], 240, "just past the start direction: red \(right)")
        XCTAssertEqual(Double(below[2]), 255 * 0.25, accuracy: 6, "a quarter turn clockwise \(below)")
        XCTAssertEqual(Double(left[2]), 255 * 0.5, accuracy: 6, "half a turn \(left)")
    }

    func testColorsAnimateColourByColour() throws {
        let gradient = CAGradientLayer()
        gradient.colors = [red, red]
        let change = CABasicAnimation(keyPath: "colors")
        change.fromValue = [red, red]
        change.toValue = [blue, red]
        change.duration = 1
        gradient.add(change, forKey: "colors")
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)
        let colors = try XCTUnwrap(gradient.presentation()?.colors as? [CGColor])
        XCTAssertEqual(colors.count, 2)
        XCTAssertEqual(colors[0].components?[0] ?? 0, 0.5, accuracy: 1e-6)
        XCTAssertEqual(colors[0].components?[2] ?? 0, 0.5, accuracy: 1e-6)
        XCTAssertEqual(colors[1], red)
    }

    func testDrawingOptionsDecideWhatLiesPastTheEnds() throws {
        let gradient = try XCTUnwrap(CGGradient(colorsSpace: nil, colors: [red, blue], locations: [0, 1]))
        for (options, before, after) in [(CGGradientDrawingOptions(), false, false),
                                         ([.drawsBeforeStartLocation], true, false),
                                         ([.drawsAfterEndLocation], false, true)] as [(CGGradientDrawingOptions, Bool, Bool)] {
            let ctx = makeBitmapContext(width: 100, height: 10)
            ctx.drawLinearGradient(gradient, start: CGPoint(x: 30, y: 0), end: CGPoint(x: 70, y: 0), options: options)
            let image = try XCTUnwrap(ctx.makeImage())
            XCTAssertEqual(rgba(image, 10, 5)[3] == 255, before, "\(options): before the start")
            XCTAssertEqual(rgba(image, 90, 5)[3] == 255, after, "\(options): after the end")
            XCTAssertEqual(rgba(image, 50, 5)[3], 255, "\(options): between")
        }
    }
}
