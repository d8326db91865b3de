import Foundation
import XCTest

/// `demo sprites` (seed-examples §8 `sprites`: Lockwood listing 2.3): four views' layers share one
/// sprite-sheet image (the same image id logged for each), and each view shows only its own
/// quadrant's icon: its signature colour is there, the other three icons' are not.
final class SpritesSnapshotTests: DemoSnapshotTestCase {
    /// Each icon's view frame (x, y, side) and a colour only that icon has.
    private let sprites: [(name: String, frame: (Int, Int, Int), signature: RGB)] = [
        ("igloo", (50, 40, 128), RGB(r: 31, g: 41, b: 71)),     // the door
        ("cone", (300, 60, 128), RGB(r: 250, g: 115, b: 20)),   // the orange body
        ("anchor", (70, 290, 128), RGB(r: 26, g: 51, b: 115)),  // the navy iron
        ("ship", (290, 280, 128), RGB(r: 217, g: 31, b: 31)),   // the red fins
    ]

    func testFourLayersShareOneImageAndEachShowsOnlyItsQuadrant() throws {
        let image = try snapshot(demo: "sprites", [], saveAs: "sprites.png")
        let lines = lastStderr.split(separator: "\n").filter { $0.hasPrefix("sprite ") }
        XCTAssertEqual(lines.count, 4, lastStderr)
        let ids = Set(lines.compactMap { line in line.range(of: "contents image ").map { line[$0.upperBound...].split(separator: " ")[0] } })
        XCTAssertEqual(ids.count, 1, "one image shared: \(lines)")
        for (name, rect) in [("igloo", "(0, 0, 0.5, 0.5)"), ("cone", "(0.5, 0, 0.5, 0.5)"), ("anchor", "(0, 0.5, 0.5, 0.5)"),
                             ("ship", "(0.5, 0.5, 0.5, 0.5)")] {
            XCTAssertTrue(lines.contains { $0.hasPrefix("sprite \(name):") && $0.hasSuffix("contentsRect \(rect)") }, "\(name): \(lines)")
        }

        func near(_ p: RGB, _ q: RGB) -> Bool { abs(p.r - q.r) <= 12 && abs(p.g - q.g) <= 12 && abs(p.b - q.b) <= 12 }
        for view in sprites {
            let (x0, y0, side) = view.frame
            var counts = [String: Int]()
            for y in y0..<(y0 + side) {
                for x in x0..<(x0 + side) {
                    for other in sprites where near(image[x, y], other.signature) { counts[other.name, default: 0] += 1 }
                }
            }
            XCTAssertGreaterThan(counts[view.name] ?? 0, 500, "\(view.name)'s own icon: \(counts)")
            for other in sprites where other.name != view.name {
                XCTAssertEqual(counts[other.name] ?? 0, 0, "\(other.name)'s colour in the \(view.name) view: \(counts)")
            }
        }
    }
}
