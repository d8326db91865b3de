import Foundation
import XCTest

/// `demo view-anim --snapshot` (seed-examples §8 `view-anim`): the 60-point square starts centred at
/// (200, 180). E17: right 100 points in 1 s, back in 1 s, and exactly at its start at 2.0 s; E12 with
/// begins-from-current-state: the second block (at 0.5 s) starts where the square is, no jump in x(t);
/// E09: the did-stop selector's reset ends at the start; E11: shrunk, then removed.
final class ViewAnimSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ example: String, at seconds: Double) throws -> PNGPixels {
        try snapshot(demo: "view-anim", ["--variant", example, "--at", String(seconds)],
                     saveAs: "view-anim-\(example)-\(seconds).png")
    }

    /// The blue square's left and right edges along the row y = 180 (nil: not there).
    private func edges(_ image: PNGPixels) -> (left: Int, right: Int)? {
        var xs: [Int] = []
        for x in 0..<image.width {
            let p = image[x, 180]
            if p.b > 150, p.r < 120 { xs.append(x) }
        }
        guard let first = xs.first, let last = xs.last else { return nil }
        return (first, last)
    }

    func testE17GoesRightAndIsBackAtItsStartAtTwoSeconds() throws {
        XCTAssertEqual(edges(try shot("e17", at: 0))?.left, 170)
        XCTAssertEqual(edges(try shot("e17", at: 1))?.left, 270, "100 points right at 1 s")
        XCTAssertEqual(edges(try shot("e17", at: 2))?.left, 170, "back at the start at 2.0 s")
        XCTAssertEqual(edges(try shot("e17", at: 2.5))?.left, 170, "and it stays there")
    }

    func testE12TheSecondBlockContinuesFromWhereTheSquareIs() throws {
        var lefts: [Double] = []
        for t in stride(from: 0.40, through: 0.601, by: 0.05) {
            lefts.append(Double(try XCTUnwrap(edges(try shot("e12", at: t))).left))
        }
        for (a, b) in zip(lefts, lefts.dropFirst()) {
            XCTAssertLessThan(abs(b - a), 12, "no jump between frames 50 ms apart: \(lefts)")
        }
        XCTAssertLessThan(Double(try XCTUnwrap(edges(try shot("e12", at: 1.5))).left), 100, "then on to the left")
    }

    func testE09TheDidStopResetEndsAtTheStart() throws {
        XCTAssertEqual(edges(try shot("e09", at: 1))?.left, 270)
        XCTAssertEqual(edges(try shot("e09", at: 2.1))?.left, 170)
    }

    func testE11ShrinksThenIsRemoved() throws {
        let half = try XCTUnwrap(edges(try shot("e11", at: 0.5)))
        XCTAssertLessThan(half.right - half.left, 40, "shrinking about its centre")
        XCTAssertNil(edges(try shot("e11", at: 1.1)), "removed after the animation")
    }
}
