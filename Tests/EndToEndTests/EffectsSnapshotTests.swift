import Foundation
import XCTest

/// `demo effects` (seed-examples §8 `effects`: Lockwood listings 4.1-4.4): white 150-point views at
/// (50, 120) and (280, 120) on light grey (230), each with a red 60-point subview at (-20, -20).
final class EffectsSnapshotTests: DemoSnapshotTestCase {
    private let left = (x: 50.0, y: 120.0), right = (x: 280.0, y: 120.0)
    private let background = 230

    /// Whether view-local (x, y) (a pixel's centre) is inside the 150-point square with 20-point
    /// corners, `margin` points of anti-aliasing allowed.
    private func insideRoundedRect(_ x: Double, _ y: Double, margin: Double = 1) -> Bool {
        guard x >= -margin, y >= -margin, x <= 150 + margin, y <= 150 + margin else { return false }
        let cx = min(max(x, 20), 130), cy = min(max(y, 20), 130)
        return hypot(x - cx, y - cy) <= 20 + margin
    }

    /// Listing 4.1: the right red square is clipped to the white view's rounded rectangle; the left
    /// one sticks out.
    func testRightRedSquareHasNoPixelOutsideTheRoundedRect() throws {
        let image = try snapshot(demo: "effects", ["--variant", "corners"], saveAs: "effects-corners.png")
        var outside = 0, inside = 0
        for py in Int(right.y) - 25..<Int(right.y) + 45 {
            for px in Int(right.x) - 25..<Int(right.x) + 45 where image[px, py].isRed {
                let x = Double(px) + 0.5 - right.x, y = Double(py) + 0.5 - right.y
                if insideRoundedRect(x, y) { inside += 1 } else { outside += 1 }
            }
        }
        XCTAssertEqual(outside, 0, "red pixels outside the right view's rounded rectangle")
        XCTAssertGreaterThan(inside, 1000, "the clipped red square is drawn inside")
        XCTAssertTrue(image.at(left.x - 10, left.y - 10).isRed, "the left red square sticks out: \(image.at(left.x - 10, left.y - 10))")
        XCTAssertTrue(image.at(right.x + 2, right.y + 148).isGray(background, tolerance: 3),
                      "rounded corner at the bottom left: \(image.at(right.x + 2, right.y + 148))")
    }

    /// Listing 4.4: a square shadow path on view 1, a circle on view 2, both offset 3 points up
    /// (the default (0, -3)) with the default 3-point blur.
    func testShadowPathsAreASquareAndACircleThreePointsUp() throws {
        let image = try snapshot(demo: "effects", ["--variant", "shadow-path"], saveAs: "effects-shadow-path.png")
        func local(_ view: (x: Double, y: Double), _ x: Double, _ y: Double) -> RGB { image.at(view.x + x, view.y + y) }
        // Inside the corner of the bounds (no picture there): shadowed under the square, not the circle.
        for (x, y) in [(8.0, 8.0), (141, 8), (8, 138), (141, 138)] {
            XCTAssertLessThan(local(left, x, y).r, 160, "square shadow at (\(x), \(y)): \(local(left, x, y))")
            XCTAssertTrue(local(right, x, y).isGray(background, tolerance: 3), "no circle shadow at (\(x), \(y)): \(local(right, x, y))")
        }
        // The circle's shadow reaches the middle of each edge.
        XCTAssertLessThan(local(right, 4, 75).r, 160, "circle shadow at the left edge: \(local(right, 4, 75))")
        // Upward: above the top edge shadowed, below the bottom edge not, for both.
        for view in [left, right] {
            XCTAssertLessThan(local(view, 75, -1).r, 200, "above the top of \(view): \(local(view, 75, -1))")
            XCTAssertGreaterThan(local(view, 75, 152).r, 220, "below the bottom of \(view): \(local(view, 75, 152))")
        }
    }
}
