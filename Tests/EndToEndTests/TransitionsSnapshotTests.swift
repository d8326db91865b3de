import Foundation
import XCTest

/// `demo transitions` (seed-examples §8, 003 L8.11): the snapshot switches from the anchor to the
/// cone at 0.5 s; the fade lasts the default 0.25 s with linear timing, so at 0.625 s every pixel of
/// the 192-point image view (x 64..256, y 40..232) is the even mix of the two pictures.
final class TransitionsSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ variant: String, at seconds: Double) throws -> PNGPixels {
        try snapshot(demo: "transitions", ["--variant", variant, "--at", String(seconds)],
                     saveAs: "transitions-\(variant)-\(seconds).png")
    }

    func testHalfWayThroughTheFadeEveryPixelIsTheEvenMix() throws {
        let old = try shot("fade", at: 0.4), mid = try shot("fade", at: 0.625), new = try shot("fade", at: 0.8)
        var differing = 0, worst = 0
        for y in 40..<232 {
            for x in 64..<256 {
                let a = old[x, y], b = new[x, y], m = mid[x, y]
                if a != b { differing += 1 }
                for (p, q, r) in [(a.r, b.r, m.r), (a.g, b.g, m.g), (a.b, b.b, m.b)] {
                    worst = max(worst, abs(2 * r - p - q))
                }
            }
        }
        XCTAssertGreaterThan(differing, 5000, "the two pictures differ")
        XCTAssertLessThanOrEqual(worst, 4, "twice the distance from the mean: each pixel within 2 of it")
    }

    /// Push from the left: at half time the old picture has moved half the width to the right and
    /// the new one fills the left half.
    func testPushMovesTheOldPictureOut() throws {
        let old = try shot("push", at: 0.4), mid = try shot("push", at: 0.625)
        for y in stride(from: 45, to: 230, by: 7) {
            for x in 64..<160 {
                XCTAssertEqual(mid[x + 96, y], old[x, y], "(\(x), \(y)) moved 96 points right")
                if mid[x + 96, y] != old[x, y] { return }
            }
        }
    }
}
