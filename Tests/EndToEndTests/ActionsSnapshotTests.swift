import Foundation
import XCTest

/// `demo actions` (seed-examples §8): the 80-point red layer rests centred at (100, 100); a snapshot
/// clicks at 0 s.
final class ActionsSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ variant: String, at seconds: Double) throws -> PNGPixels {
        try snapshot(demo: "actions", ["--variant", variant, "--at", String(seconds)], saveAs: "actions-\(variant)-\(seconds).png")
    }

    /// The red layer's extent along column `x` or row `y` (first and last tinted pixel).
    private func span(_ image: PNGPixels, column x: Int) -> (Int, Int)? {
        let ys = (0..<image.height).filter { let p = image[x, $0]; return p.r - p.g > 30 }
        return ys.first.map { ($0, ys.last!) }
    }

    private func span(_ image: PNGPixels, row y: Int) -> (Int, Int)? {
        let xs = (0..<image.width).filter { let p = image[$0, y]; return p.r - p.g > 30 }
        return xs.first.map { ($0, xs.last!) }
    }

    private func centreY(_ variant: String, at seconds: Double) throws -> Double {
        let s = try XCTUnwrap(span(try shot(variant, at: seconds), column: 100))
        return Double(s.0 + s.1 + 1) / 2
    }

    /// E45: the actions dictionary's animation sets its duration (5 s), which the transaction's
    /// 1 s does not override; it sets no timing function, and the transaction none either, so the
    /// move is linear: half way at 2.5 s.
    func testE45ThePositionActionTakesFiveSecondsDespiteTheOneSecondTransaction() throws {
        XCTAssertEqual(try centreY("e45", at: 0), 100, accuracy: 0.5)
        XCTAssertEqual(try centreY("e45", at: 1), 120, accuracy: 1, "a 1-s move would be over")
        XCTAssertEqual(try centreY("e45", at: 2.5), 150, accuracy: 1)
        XCTAssertEqual(try centreY("e45", at: 4.9), 198, accuracy: 1)
        XCTAssertEqual(try centreY("e45", at: 5.5), 200, accuracy: 0.5)
    }

    /// E48: added at 0 s, the layer fades in over 0.2 s while swelling to 110% at 0.1 s and back.
    func testE48ANewlyAddedLayerSwellsToATenthMoreAtPointOneSeconds() throws {
        let swollen = try shot("e48", at: 0.1)
        let s = try XCTUnwrap(span(swollen, row: 100))
        XCTAssertEqual(s.1 - s.0 + 1, 88, accuracy: 1, "110% of 80 points")
        let half = swollen[100, 100]
        XCTAssertEqual(Double(half.g), 255 - 0.5 * (255 - 25.5), accuracy: 4, "half faded in, got \(half)")
        let settled = try shot("e48", at: 0.2)
        let t = try XCTUnwrap(span(settled, row: 100))
        XCTAssertEqual(t.1 - t.0 + 1, 80, accuracy: 1)
        XCTAssertEqual(settled[100, 100].g, 26, accuracy: 2, "opaque")
    }

    /// E46: the delegate reads the old position from the layer: the move starts at (100, 100) and
    /// curves through points off the straight line to (200, 300).
    func testE46TheDelegateWagglesTheMoveFromTheOldPosition() throws {
        XCTAssertEqual(try centreY("e46", at: 0), 100, accuracy: 0.5, "leaves from the old position")
        let end = try shot("e46", at: 0.3)
        XCTAssertEqual(span(end, column: 200).map { Double($0.0 + $0.1 + 1) / 2 } ?? -1, 300, accuracy: 0.5)
    }
}
