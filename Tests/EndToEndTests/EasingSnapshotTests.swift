import Foundation
import XCTest

/// `demo easing` (seed-examples §8 `easing`, Lockwood listings 10.1, 10.2, 10.4 and snippet 10.a):
/// the red square starts at (240, 240) of the 480-point window; the snapshot clicks at (400, 400)
/// at 0 s and it moves there in 1 s.
final class EasingSnapshotTests: DemoSnapshotTestCase {
    /// The fraction of the way covered at `seconds`, from the square's centre.
    private func progress(_ variant: String, at seconds: Double) throws -> Double {
        let image = try snapshot(demo: "easing", ["--variant", variant, "--at", String(seconds)], saveAs: "easing-\(variant)-\(seconds).png")
        let shape = ShapeCoverage(image: image, background: RGB(r: 255, g: 255, b: 255), ink: RGB(r: 255, g: 0, b: 0))
        let centre = try XCTUnwrap(shape.centroid(xs: 0..<480, ys: 30..<480))
        XCTAssertEqual(centre.x - 240, centre.y - 240, accuracy: 0.5, "along the diagonal")
        return (centre.x - 240) / 160
    }

    /// Listing 10.1 (a transaction's easeOut) and 10.2 (UIView's curveEaseOut): 68.46% of the way
    /// at 0.5 s.
    func testEaseOutCoversTwoThirdsAtHalfTime() throws {
        XCTAssertEqual(try progress("ease-out", at: 0.5), 0.6846, accuracy: 0.005)
        XCTAssertEqual(try progress("uikit", at: 0.5), 0.6846, accuracy: 0.005)
        XCTAssertEqual(try progress("ease-out", at: 0.25), 0.3781, accuracy: 0.005)
        XCTAssertEqual(try progress("ease-out", at: 1.2), 1, accuracy: 0.005)
    }

    /// The other curves at 0.5 s, the clock tick's slow start among them.
    func testTheOtherCurvesAtHalfTime() throws {
        XCTAssertEqual(try progress("linear", at: 0.5), 0.5, accuracy: 0.005)
        XCTAssertEqual(try progress("ease-in", at: 0.5), 0.3154, accuracy: 0.005)
        XCTAssertEqual(try progress("ease-in-out", at: 0.25), 0.1292, accuracy: 0.005)
        XCTAssertEqual(try progress("default", at: 0.5), 0.8024, accuracy: 0.005)
        XCTAssertEqual(try progress("clock-tick", at: 0.5), 0.1258, accuracy: 0.005)
    }

    /// Listing 10.4: the easeOut graph (200 points, origin bottom left at (20, 460)) passes through
    /// (100, 136.9), well above the diagonal.
    func testTheGraphOfEaseOut() throws {
        let image = try snapshot(demo: "easing", ["--variant", "graph"], saveAs: "easing-graph.png")
        XCTAssertTrue(image.at(120, 460 - 136.9).isRed, "\(image.at(120, 460 - 136.9))")
        XCTAssertFalse(image.at(120, 460 - 100).isRed, "not the diagonal")
        XCTAssertTrue(image.at(22, 457).isRed, "from the bottom-left corner")
        XCTAssertTrue(image.at(215, 258.5).isRed, "to the top-right corner")
    }
}
