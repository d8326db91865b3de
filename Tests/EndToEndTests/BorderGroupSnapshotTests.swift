import Foundation
import XCTest

/// `demo border-group` (seed-examples §8, 000 L3-4): the white 200-point layer spans x 140..340 of
/// the 480-point picture. Paced keyframes: the width moves at 194/5 = 38.8 points a second, so from
/// 1 it reaches 10 at 9/38.8 = 0.232 s and turns back to 5; the colour is pure red half way, at 2.5 s.
final class BorderGroupSnapshotTests: DemoSnapshotTestCase {
    private func shot(at seconds: Double) throws -> PNGPixels {
        try snapshot(demo: "border-group", ["--at", String(seconds)], saveAs: "border-group-\(seconds).png")
    }

    /// The border's width along the middle row from the layer's left edge: white has full blue, a
    /// border with no blue none, so each pixel counts by its missing blue (antialiased edges by
    /// their coverage).
    private func borderWidth(_ image: PNGPixels) -> Double {
        (140..<200).reduce(0) { $0 + (1 - Double(image[$1, 240].b) / 255) }
    }

    func testTheWidthPeaksAtTenAfterPointTwoThreeTwoSecondsAndTheColourIsRedAtTwoAndAHalf() throws {
        XCTAssertEqual(borderWidth(try shot(at: 0)), 1, accuracy: 0.1, "the first value")
        XCTAssertEqual(borderWidth(try shot(at: 0.232)), 10, accuracy: 0.25, "10 points at 0.232 s")
        XCTAssertEqual(borderWidth(try shot(at: 0.2)), 1 + 38.8 * 0.2, accuracy: 0.25, "still growing at 0.2 s")
        XCTAssertEqual(borderWidth(try shot(at: 0.26)), 10 - 38.8 * 0.028, accuracy: 0.25, "shrinking toward 5 at 0.26 s")
        let half = try shot(at: 2.5)
        XCTAssertEqual(half[141, 240], RGB(r: 255, g: 0, b: 0), "pure red at 2.5 s")
        // 97 of the 194 points of change: 1 point past the 2 on the way to 50.
        XCTAssertEqual((140..<200).reduce(0.0) { $0 + (1 - Double(half[$1, 240].g) / 255) }, 3, accuracy: 0.25)
        let after = try shot(at: 5.2)
        XCTAssertEqual(after[141, 240], RGB(r: 255, g: 255, b: 255), "the model's layer has no border")
    }
}
