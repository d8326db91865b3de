import Foundation
import XCTest

/// `demo layers` (seed-examples §8 `layers`: Lockwood listings 1.1, 2.5, 3.4, 3.5): the blue layer
/// sits exactly at (50, 50, 100, 100) in the white view, and a click at white-local (100, 100) is
/// "Inside Blue Layer", at (20, 20) "Inside White Layer", outside the white view nothing, found with
/// containsPoint: and with hitTest: alike.
final class LayersSnapshotTests: DemoSnapshotTestCase {
    /// The white 200-point view is centred in the 480-point window.
    private let white = (x: 140.0, y: 140.0)

    private func isBlue(_ p: RGB) -> Bool { p.b > 240 && p.r < 15 && p.g < 15 }

    func testBlueSquareIsExactlyAtFiftyFiftyInTheWhiteView() throws {
        let image = try snapshot(demo: "layers", [], saveAs: "layers.png")
        let (x0, y0) = white
        // Inside, at every edge and corner pixel of (50, 50, 100, 100).
        for (x, y) in [(50.0, 50.0), (149, 50), (50, 149), (149, 149), (100, 50), (50, 100), (100, 100)] {
            XCTAssertTrue(isBlue(image.at(x0 + x, y0 + y)), "white-local (\(x), \(y)): \(image.at(x0 + x, y0 + y))")
        }
        // Just outside: the white view.
        for (x, y) in [(49.0, 50.0), (50, 49), (150, 149), (149, 150), (100, 49), (100, 150), (10, 10), (190, 190)] {
            XCTAssertTrue(image.at(x0 + x, y0 + y).isWhitish, "white-local (\(x), \(y)): \(image.at(x0 + x, y0 + y))")
        }
        XCTAssertTrue(image.at(x0 - 1, y0 + 100).isGray(230, tolerance: 3), "left of the white view: \(image.at(x0 - 1, y0 + 100))")
        XCTAssertTrue(lastStderr.contains("bounds (0, 0, 100, 100) · position (100, 100) · frame (50, 50, 100, 100)"), lastStderr)
    }

    private func alerts(_ variant: String, clickingWhiteLocal x: Double, _ y: Double) throws -> [String] {
        let point = "\(Int(white.x + x)),\(Int(white.y + y))"
        _ = try snapshot(demo: "layers", ["--variant", variant, "--click", point], saveAs: "layers-\(variant)-\(point).png")
        return lastStderr.split(separator: "\n").filter { $0.hasPrefix("alert") }.map(String.init)
    }

    func testClicksFindTheBlueAndTheWhiteLayerWithContainsPoint() throws {
        XCTAssertEqual(try alerts("contains-point", clickingWhiteLocal: 100, 100), ["alert (containsPoint:): Inside Blue Layer"])
        XCTAssertEqual(try alerts("contains-point", clickingWhiteLocal: 20, 20), ["alert (containsPoint:): Inside White Layer"])
        XCTAssertEqual(try alerts("contains-point", clickingWhiteLocal: -40, 100), [])
    }

    func testClicksFindTheBlueAndTheWhiteLayerWithHitTest() throws {
        XCTAssertEqual(try alerts("hit-test", clickingWhiteLocal: 100, 100), ["alert (hitTest:): Inside Blue Layer"])
        XCTAssertEqual(try alerts("hit-test", clickingWhiteLocal: 20, 20), ["alert (hitTest:): Inside White Layer"])
        XCTAssertEqual(try alerts("hit-test", clickingWhiteLocal: 100, 210), [])
    }

    /// Listing 2.5: the delegate's 10-point circle on the bounds' ellipse keeps only its inner half
    /// (5 points at the top centre); the corners stay blue.
    func testDelegateDrawsTheInnerHalfOfATenPointCircle() throws {
        let image = try snapshot(demo: "layers", ["--variant", "delegate"], saveAs: "layers-delegate.png")
        let (x0, y0) = (white.x + 50, white.y + 50)
        for y in [0.0, 2, 4] { XCTAssertTrue(image.at(x0 + 50, y0 + y).isRed, "top centre y \(y): \(image.at(x0 + 50, y0 + y))") }
        for y in [6.0, 10, 50] { XCTAssertTrue(isBlue(image.at(x0 + 50, y0 + y)), "top centre y \(y): \(image.at(x0 + 50, y0 + y))") }
        for (x, y) in [(1.0, 1.0), (98, 1), (1, 98), (98, 98)] {
            XCTAssertTrue(isBlue(image.at(x0 + x, y0 + y)), "corner (\(x), \(y)): \(image.at(x0 + x, y0 + y))")
        }
    }
}
