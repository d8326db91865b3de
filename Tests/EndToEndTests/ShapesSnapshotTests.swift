import Foundation
import XCTest

/// `demo shapes --snapshot` (seed-examples §8 `shapes`): the four examples' acceptance checks, in the
/// 300-point container at the snapshot's origin.
final class ShapesSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ variant: String) throws -> PNGPixels {
        try snapshot(demo: "shapes", ["--variant", variant], saveAs: "shapes-\(variant).png")
    }

    func testStickFigureIsStrokedRedAndNotFilled() throws {
        let image = try shot("stick-figure")
        XCTAssertTrue(image.at(150, 150).isRed, "arms cross the body: \(image.at(150, 150))")
        XCTAssertTrue(image.at(150, 100).isWhitish, "the head is not filled: \(image.at(150, 100))")
        XCTAssertTrue(image.at(100, 150).isRed && image.at(200, 150).isRed, "round caps cover the arms' ends")
        XCTAssertTrue(image.at(175, 100).isRed, "the head's circle")
    }

    func testOnlyTheTopLeftCornerIsSharp() throws {
        let image = try shot("rounded-corners")
        XCTAssertFalse(image.at(51, 51).isWhitish, "top-left: sharp, filled")
        for (x, y) in [(148.0, 51.0), (148, 148), (51, 148)] {
            XCTAssertTrue(image.at(x, y).isWhitish, "(\(x), \(y)): rounded, empty: \(image.at(x, y))")
        }
        XCTAssertFalse(image.at(100, 100).isWhitish)
    }

    func testTheShapeRoundedRectLooksLikeACornerRadius() throws {
        let image = try shot("rounded-rect")
        XCTAssertEqual(image.at(100, 100), RGB(r: 0, g: 0, b: 255))
        XCTAssertTrue(image.at(51, 51).isWhitish, "the corner is cut")
        XCTAssertEqual(image.at(100, 51), RGB(r: 0, g: 0, b: 255), "the top edge is straight")
    }

    func testTheDelegatesCurveDipsTo191() throws {
        let image = try shot("curve")
        XCTAssertTrue(image.at(155, 191).isDark, "the lowest point (155, 191.25): \(image.at(155, 191))")
        XCTAssertTrue(image.at(155, 200).isWhitish && image.at(155, 180).isWhitish, "a 5-point line")
        XCTAssertTrue(image.at(16, 17).isDark, "it starts at (15, 15)")
    }
}
