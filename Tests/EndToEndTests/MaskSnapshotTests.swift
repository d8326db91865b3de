import Foundation
import XCTest

/// `demo mask` (seed-examples §8 `mask`: Lockwood listing 4.5): a 200-point image view centred in the
/// 480-point window, masked by the cone icon (in its 64-unit drawing: the body from (28, 5)-(36, 5)
/// widening to (14, 52)-(50, 52), the base (8, 52, 48, 7)) stretched over the view. Every pixel
/// outside the silhouette is the background (230 grey); the photo shows inside.
final class MaskSnapshotTests: DemoSnapshotTestCase {
    private let origin = 140.0, unit = 200.0 / 64

    /// Whether the point (in the icon's 64 units) is inside the cone.
    private func inCone(_ x: Double, _ y: Double) -> Bool {
        if (8...56).contains(x), (52...59).contains(y) { return true }
        guard (5...52).contains(y) else { return false }
        let spread = 14 * (y - 5) / 47
        return x >= 28 - spread && x <= 36 + spread
    }

    func testPixelsOutsideTheConeSilhouetteAreTheBackground() throws {
        let image = try snapshot(demo: "mask", [], saveAs: "mask.png")
        var leaks: [String] = [], photo = 0
        image.forEach { px, py, p in
            // The pixel's centre and its neighbours up to 2 pixels away, in the icon's units.
            let x = (Double(px) + 0.5 - origin) / unit, y = (Double(py) + 0.5 - origin) / unit
            let margin = 2 / unit
            let nearCone = [-margin, 0, margin].contains { dx in [-margin, 0, margin].contains { dy in inCone(x + dx, y + dy) } }
            if nearCone {
                if inCone(x, y), !p.isGray(230, tolerance: 6) { photo += 1 }
            } else if !p.isGray(230, tolerance: 1), leaks.count < 10 {
                leaks.append("(\(px), \(py)) \(p)")
            }
        }
        XCTAssertEqual(leaks, [], "pixels outside the cone that are not the background")
        // The cone covers 1 370 square units (about 13 400 pixels); the photo fills it.
        XCTAssertGreaterThan(photo, 12_500, "photo pixels inside the cone")
    }
}
