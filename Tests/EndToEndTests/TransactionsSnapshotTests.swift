import Foundation
import XCTest

/// `demo transactions` (seed-examples §8): the guide's nested transactions (000 L5-7) move the
/// 200-point blue layer from the middle of the 480-point root to (0, 0) in the outer transaction's
/// 2 s and fade it out in the inner one's 5 s, both with the default timing function.
final class TransactionsSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ variant: String, at seconds: Double) throws -> PNGPixels {
        try snapshot(demo: "transactions", ["--variant", variant, "--at", String(seconds)],
                     saveAs: "transactions-\(variant)-\(seconds).png")
    }

    /// The right edge of the blue layer along row `y` (the last column tinted blue), nil when none is.
    private func rightEdge(_ image: PNGPixels, row y: Int) -> Int? {
        (0..<image.width).last { x in let p = image[x, y]; return p.b - p.r > 20 }
    }

    func testNestedPositionReachesTheOriginAtTwoSecondsAndOpacityZeroAtFive() throws {
        XCTAssertEqual(rightEdge(try shot("l5-7", at: 0), row: 240), 339, "at rest in the middle")
        // Default timing at half the 2 s: 80.24% of the 240 points from the middle.
        let early = try XCTUnwrap(rightEdge(try shot("l5-7", at: 1.0), row: 50))
        XCTAssertEqual(Double(early), 100 + 240 * (1 - 0.8024), accuracy: 2, "1 s: still on its way")
        let arrived = try shot("l5-7", at: 2.0)
        XCTAssertEqual(rightEdge(arrived, row: 50).map(Double.init) ?? -1, 99, accuracy: 1, "2 s: centred on (0, 0)")
        XCTAssertEqual(arrived[50, 99 + 3].b - arrived[50, 99 + 3].r, 0, "nothing below y = 100")
        XCTAssertGreaterThan(arrived[50, 50].b - arrived[50, 50].r, 40, "2 s: still clearly visible, the fade lasts 5 s")
        let late = try shot("l5-7", at: 4.0)
        XCTAssertGreaterThanOrEqual(late[50, 50].b - late[50, 50].r, 3, "4 s: a trace of blue is left")
        let end = try shot("l5-7", at: 5.0)
        XCTAssertEqual(end[50, 50], RGB(r: 255, g: 255, b: 255), "5 s: opacity 0")
        XCTAssertEqual(try shot("l5-7", at: 6.0)[50, 50], RGB(r: 255, g: 255, b: 255), "and it stays so")
    }

    /// L3-1 fades in the implicit 0.25 s. L3-2 adds its 1-s fade under the key "opacity", then sets
    /// the model on this hosted layer: the implicit fade that change starts is added under the same
    /// key and replaces the explicit one, so here too the layer is gone after 0.25 s.
    func testTheImplicitFadeTakesAQuarterSecondAndReplacesTheExplicitOne() throws {
        let fading = try shot("l3-1", at: 0.1)[240, 240]
        XCTAssertGreaterThan(fading.b - fading.r, 20, "still tinted at 0.1 s")
        XCTAssertEqual(try shot("l3-1", at: 0.25)[240, 240], RGB(r: 255, g: 255, b: 255))
        let replaced = try shot("l3-2", at: 0.3)
        XCTAssertEqual(replaced[240, 240], RGB(r: 255, g: 255, b: 255), "a linear 1-s fade would be at 70% opacity")
    }
}
