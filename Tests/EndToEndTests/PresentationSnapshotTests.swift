import Foundation
import XCTest

/// `demo presentation` (seed-examples §8 `presentation`, Lockwood listing 7.7): the red 100-point
/// square starts at (240, 240); the snapshot clicks at p = (400, 400) at 0 s (a 4-s move with the
/// default timing function), then at 1 s on the middle of the square as drawn.
final class PresentationSnapshotTests: DemoSnapshotTestCase {
    private let white = RGB(r: 255, g: 255, b: 255)

    /// The square's centre and its colour (below the caption).
    private func square(_ variant: String, at seconds: Double) throws -> (x: Double, y: Double, color: RGB) {
        let image = try snapshot(demo: "presentation", ["--variant", variant, "--at", String(seconds)],
                                 saveAs: "presentation-\(variant)-\(seconds).png")
        var ink = white
        image.forEach { _, y, p in if y > 30, p != white { ink = p } }
        let shape = ShapeCoverage(image: image, background: white, ink: ink)
        let centre = try XCTUnwrap(shape.centroid(xs: 0..<480, ys: 30..<480))
        return (centre.x, centre.y, image.at(centre.x, centre.y))
    }

    /// At 2 s the square is 80.24% of the way to p (default timing at half time); the click on it at
    /// 1 s recoloured it (the presentation layer's hit test) without changing its destination.
    func testTheSquareMovesToTheClickAndAClickOnItRecoloursIt() throws {
        let start = try square("presentation", at: 0.5)
        XCTAssertEqual(start.color, RGB(r: 255, g: 0, b: 0), "red before the second click")
        let half = try square("presentation", at: 2)
        XCTAssertEqual(half.x, 240 + 0.8024 * 160, accuracy: 0.5)
        XCTAssertEqual(half.y, 240 + 0.8024 * 160, accuracy: 0.5)
        XCTAssertNotEqual(half.color, RGB(r: 255, g: 0, b: 0), "recoloured by the click at 1 s")
        let end = try square("presentation", at: 4.5)
        XCTAssertEqual(end.x, 400, accuracy: 0.5)
        XCTAssertEqual(end.y, 400, accuracy: 0.5)
        XCTAssertEqual(end.color, half.color)
    }

    /// Hit-testing the model layer instead: it is already at p, so the click on the square as drawn
    /// misses it and moves the square to that point; it stays red.
    func testHitTestingTheModelMissesTheMovingSquare() throws {
        let end = try square("model", at: 6)
        XCTAssertEqual(end.color, RGB(r: 255, g: 0, b: 0))
        XCTAssertEqual(end.x, 240 + 0.4085 * 160, accuracy: 1, "moved to where it was drawn at 1 s")
        XCTAssertEqual(end.y, 240 + 0.4085 * 160, accuracy: 1)
    }
}
