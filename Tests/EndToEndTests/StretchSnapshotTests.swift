import Foundation
import XCTest

/// `demo stretch` (seed-examples §8 `stretch`: Lockwood listings 2.4 and 15.2): the two buttons share
/// a stretchable image with contentsCenter (0.25, 0.25, 0.5, 0.5), so their 10×10-point corners are
/// the same pixels at any size, also after the right one is resized by a drag of its corner handle.
final class StretchSnapshotTests: DemoSnapshotTestCase {
    /// The buttons' frames at the start: (30, 40, 110, 44) and (170, 30, 200, 110).
    private let button1 = (x: 30, y: 40, width: 110, height: 44)

    private func assertSameCorners(_ image: PNGPixels, button2: (x: Int, y: Int, width: Int, height: Int),
                                   file: StaticString = #filePath, line: UInt = #line) {
        // Top-left and bottom-left 10×10 corners, pixel by pixel (the handle covers the bottom-right one).
        for (corner, offset1, offset2) in [("top-left", (0, 0), (0, 0)),
                                           ("bottom-left", (0, button1.height - 10), (0, button2.height - 10))] {
            var differing = 0
            for dy in 0..<10 {
                for dx in 0..<10 {
                    let p = image[button1.x + offset1.0 + dx, button1.y + offset1.1 + dy]
                    let q = image[button2.x + offset2.0 + dx, button2.y + offset2.1 + dy]
                    if abs(p.r - q.r) > 1 || abs(p.g - q.g) > 1 || abs(p.b - q.b) > 1 { differing += 1 }
                }
            }
            XCTAssertEqual(differing, 0, "\(corner) corners differ in \(differing) pixels", file: file, line: line)
        }
        // The corner holds the dark border.
        let border = image.darkest(near: Double(button2.x) + 5, Double(button2.y) + 5, radius: 4)
        XCTAssertTrue(border.brightness < 200, "border in the corner: \(border)", file: file, line: line)
    }

    func testCornersOfBothButtonsAreIdentical() throws {
        let image = try snapshot(demo: "stretch", [], saveAs: "stretch.png")
        assertSameCorners(image, button2: (170, 30, 200, 110))
        // Listing 15.2: the stretched circle is a rounded rectangle: its corner is clear, its edge blue.
        let corner = image[191, 281], edge = image[240, 281]
        XCTAssertTrue(corner.isWhitish, "rounded corner: \(corner)")
        XCTAssertTrue(edge.b > 240 && edge.r < 20, "top edge: \(edge)")
    }

    func testCornersStayIdenticalAfterDraggingTheHandle() throws {
        let image = try snapshot(demo: "stretch", ["--drag", "370,140,450,200"], saveAs: "stretch-dragged.png")
        XCTAssertTrue(lastStderr.contains("button2: frame (170.0, 30.0, 280.0, 170.0)"), lastStderr)
        assertSameCorners(image, button2: (170, 30, 280, 170))
        let inside = image[440, 185]
        XCTAssertTrue(inside.b > 180 && inside.r < 150, "inside the enlarged button: \(inside)")
    }
}
