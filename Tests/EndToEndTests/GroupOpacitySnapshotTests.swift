import Foundation
import XCTest

/// `demo group-opacity` (seed-examples §8 `group-opacity`: Lockwood listing 4.7): the half-transparent
/// button's frame is (245, 125, 150, 50) in the window, its white label at (20, 10, 110, 30) inside.
/// Rasterized, the button fades as one: a pixel of the label's rectangle away from the text equals a
/// pixel of the button's body. Blended layer by layer, the label's rectangle is more opaque (75%).
final class GroupOpacitySnapshotTests: DemoSnapshotTestCase {
    /// Label-local (3, 3) and (107, 27): corners of the label, clear of the centred text.
    private let labelPoints = [(268.0, 138.0), (352.0, 162.0)]
    /// Button-local (8, 25) and (142, 25): the body beside the label.
    private let bodyPoints = [(253.0, 150.0), (387.0, 150.0)]

    private func close(_ p: RGB, _ q: RGB, _ tolerance: Int) -> Bool {
        abs(p.r - q.r) <= tolerance && abs(p.g - q.g) <= tolerance && abs(p.b - q.b) <= tolerance
    }

    func testRasterizedButtonFadesAsOne() throws {
        let image = try snapshot(demo: "group-opacity", [], saveAs: "group-opacity.png")
        let body = image.at(bodyPoints[0].0, bodyPoints[0].1), background = image.at(20, 20)
        // The body is half white over the background.
        XCTAssertTrue(close(body, RGB(r: (background.r + 255) / 2, g: (background.g + 255) / 2, b: (background.b + 255) / 2), 2),
                      "body \(body) over background \(background)")
        for (x, y) in labelPoints + bodyPoints {
            XCTAssertTrue(close(image.at(x, y), body, 1), "(\(x), \(y)): \(image.at(x, y)), body \(body)")
        }
    }

    func testUnrasterizedLabelShowsThrough() throws {
        let image = try snapshot(demo: "group-opacity", ["--variant", "plain"], saveAs: "group-opacity-plain.png")
        let body = image.at(bodyPoints[0].0, bodyPoints[0].1), background = image.at(20, 20)
        // Three quarters white where the label lies over the button.
        let expected = RGB(r: (background.r + 3 * 255) / 4, g: (background.g + 3 * 255) / 4, b: (background.b + 3 * 255) / 4)
        for (x, y) in labelPoints {
            XCTAssertTrue(close(image.at(x, y), expected, 2), "(\(x), \(y)): \(image.at(x, y)), expected \(expected)")
            XCTAssertGreaterThan(image.at(x, y).r - body.r, 20, "label brighter than the body \(body)")
        }
    }
}
