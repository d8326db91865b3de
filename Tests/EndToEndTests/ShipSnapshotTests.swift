import Foundation
import XCTest

/// `demo ship` (seed-examples §8 `ship`, Lockwood listings 8.6, 8.7 and 8.10): the 300-point
/// container's origin is at (40, 40) of the 380-point window, so the curve's midpoint (150, 150) is
/// at (190, 190) and its start (0, 150) at (40, 190).
final class ShipSnapshotTests: DemoSnapshotTestCase {
    /// The centre and heading (degrees, clockwise from +x, in -90...90) of the pixels matching
    /// `color`: their centre of mass and the principal axis of their second moments.
    static func pose(_ image: PNGPixels, color: RGB, tolerance: Int = 8,
                     rows: Range<Int>? = nil) -> (x: Double, y: Double, degrees: Double)? {
        var n = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
        image.forEach { x, y, p in
            if let rows, !rows.contains(y) { return }
            guard abs(p.r - color.r) <= tolerance, abs(p.g - color.g) <= tolerance, abs(p.b - color.b) <= tolerance else { return }
            let fx = Double(x) + 0.5, fy = Double(y) + 0.5
            n += 1; sx += fx; sy += fy; sxx += fx * fx; syy += fy * fy; sxy += fx * fy
        }
        guard n > 0 else { return nil }
        let mx = sx / n, my = sy / n
        let mu20 = sxx / n - mx * mx, mu02 = syy / n - my * my, mu11 = sxy / n - mx * my
        return (mx, my, 0.5 * atan2(2 * mu11, mu20 - mu02) * 180 / .pi)
    }

    /// The ship's silver body (ShipLayerArt.bodyColor).
    private let silver = RGB(r: 204, g: 209, b: 219)

    private func ship(_ variant: String, at seconds: Double) throws -> (x: Double, y: Double, degrees: Double) {
        let image = try snapshot(demo: "ship", ["--variant", variant, "--at", String(seconds)], saveAs: "ship-\(variant)-\(seconds).png")
        return try XCTUnwrap(Self.pose(image, color: silver))
    }

    /// Listing 8.7: at 2 s the ship is at the curve's midpoint, turned along its tangent (33.7°); after
    /// the 4-s animation it is back at the model position, unturned.
    func testRotationModeAutoTurnsTheShipAlongTheCurve() throws {
        let middle = try ship("rotate", at: 2)
        XCTAssertEqual(middle.x, 190, accuracy: 1)
        XCTAssertEqual(middle.y, 190, accuracy: 1)
        XCTAssertEqual(middle.degrees, 33.7, accuracy: 0.5)
        let early = try ship("rotate", at: 0.05)
        XCTAssertEqual(early.degrees, -63.4, accuracy: 3, "nose up-right at the start")
        let after = try ship("rotate", at: 4.1)
        XCTAssertEqual(after.x, 40, accuracy: 1)
        XCTAssertEqual(after.y, 190, accuracy: 1)
        XCTAssertEqual(after.degrees, 0, accuracy: 0.5)
    }

    /// Listing 8.6: without rotationMode the ship keeps pointing right along the path.
    func testWithoutRotationModeTheShipKeepsPointingRight() throws {
        let middle = try ship("path", at: 2)
        XCTAssertEqual(middle.x, 190, accuracy: 1)
        XCTAssertEqual(middle.y, 190, accuracy: 1)
        XCTAssertEqual(middle.degrees, 0, accuracy: 0.5)
    }

    /// Listing 8.10: at 2 s the square is at the midpoint, olive (half way from green to red); after
    /// the group it is green at (0, 150) again.
    func testTheGroupMovesAndColoursTheSquare() throws {
        let middle = try snapshot(demo: "ship", ["--variant", "group", "--at", "2"], saveAs: "ship-group-2.png")
        let olive = try XCTUnwrap(Self.pose(middle, color: RGB(r: 128, g: 128, b: 0), tolerance: 3))
        XCTAssertEqual(olive.x, 190, accuracy: 1)
        XCTAssertEqual(olive.y, 190, accuracy: 1)
        let after = try snapshot(demo: "ship", ["--variant", "group", "--at", "4.1"], saveAs: "ship-group-4.1.png")
        let green = try XCTUnwrap(Self.pose(after, color: RGB(r: 0, g: 255, b: 0), tolerance: 3))
        XCTAssertEqual(green.x, 40, accuracy: 1)
        XCTAssertEqual(green.y, 190, accuracy: 1)
    }
}
