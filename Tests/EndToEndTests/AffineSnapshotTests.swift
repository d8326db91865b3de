import Foundation
import XCTest

/// `demo affine` (seed-examples §8 `affine`, Lockwood listings 5.1-5.3): the 200-point white snowman
/// view in the middle of the 480-point window on grey (204), transformed by its layer's
/// `affineTransform`.
final class AffineSnapshotTests: DemoSnapshotTestCase {
    private let grey = RGB(r: 204, g: 204, b: 204), white = RGB(r: 255, g: 255, b: 255)
    /// Below the caption.
    private let ys = 30..<480

    private func shape(_ variant: String) throws -> ShapeCoverage {
        ShapeCoverage(image: try snapshot(demo: "affine", ["--variant", variant], saveAs: "affine-\(variant).png"),
                      background: grey, ink: white)
    }

    /// Listing 5.2: scale 0.5, rotate 30°, translate 200: the view's centre moves by the translation
    /// rotated and halved, (86.6, 50.0), and it is a quarter of its area.
    func testTheCompoundTransformMovesTheCentreByTheRotatedHalvedTranslation() throws {
        let view = try shape("compound")
        let centre = try XCTUnwrap(view.centroid(xs: 0..<480, ys: ys))
        XCTAssertEqual(centre.x - 240, 86.6, accuracy: 0.5)
        XCTAssertEqual(centre.y - 240, 50.0, accuracy: 0.5)
        let area = ys.reduce(0.0) { $0 + view.rowLength($1, xs: 0..<480) }
        XCTAssertEqual(area, 100 * 100, accuracy: 100, "half the size each way")
    }

    /// Listing 5.1: rotated 45° about its centre: a diamond 282.8 points across, centre unchanged.
    func testTheRotationMakesADiamondAboutTheSameCentre() throws {
        let view = try shape("rotate")
        let centre = try XCTUnwrap(view.centroid(xs: 0..<480, ys: ys))
        XCTAssertEqual(centre.x, 240, accuracy: 0.5)
        XCTAssertEqual(centre.y, 240, accuracy: 0.5)
        // Rows are measured through their middles (y + 0.5), half a point from the centre line.
        XCTAssertEqual(view.rowLength(240, xs: 0..<480), 282.8 - 1, accuracy: 3)
        XCTAssertEqual(view.rowLength(240 - 100, xs: 0..<480), 282.8 - 199, accuracy: 3, "narrower towards the top corner")
    }

    /// Listing 5.3: x' = x - y: the top edge moves right by 100, the bottom edge left by 100.
    func testTheShearSlantsTheSides() throws {
        let view = try shape("shear")
        for (y, left) in [(150, 230), (240, 140), (330, 50)] {
            let row = (0..<480).first { view.coverage($0, y) > 0.5 } ?? -1
            XCTAssertEqual(Double(row), Double(left), accuracy: 1.5, "left edge of row \(y)")
        }
    }
}
