import Foundation
import XCTest

/// `demo zorder` (seed-examples §8 `zorder`: Lockwood listing 3.3): green (110, 110, 160, 160) comes
/// first among the siblings, red (210, 210, 160, 160) second. With the green layer's zPosition 1 the
/// overlap is green, with 0 red; a click in the overlap is delivered to the red view either way.
final class ZOrderSnapshotTests: DemoSnapshotTestCase {
    private func isGreen(_ p: RGB) -> Bool { p.g > 240 && p.r < 15 && p.b < 15 }

    private func overlap(_ image: PNGPixels) -> [RGB] {
        [(211.0, 211.0), (240, 240), (269, 269), (211, 269), (269, 211)].map { image.at($0.0, $0.1) }
    }

    func testRaisedGreenCoversTheOverlapButTheClickGoesToRed() throws {
        let image = try snapshot(demo: "zorder", ["--click", "240,240"], saveAs: "zorder-raised.png")
        for p in overlap(image) { XCTAssertTrue(isGreen(p), "overlap: \(p)") }
        XCTAssertTrue(image.at(300, 300).isRed, "red outside the overlap: \(image.at(300, 300))")
        XCTAssertTrue(isGreen(image.at(150, 150)), "green outside the overlap: \(image.at(150, 150))")
        XCTAssertEqual(lastStderr.split(separator: "\n").filter { $0.hasPrefix("touch") }, ["touch delivered to the red view"])
    }

    func testFlatOrderDrawsRedOnTop() throws {
        let image = try snapshot(demo: "zorder", ["--variant", "flat", "--click", "150,150"], saveAs: "zorder-flat.png")
        for p in overlap(image) { XCTAssertTrue(p.isRed && p.g < 15, "overlap: \(p)") }
        XCTAssertEqual(lastStderr.split(separator: "\n").filter { $0.hasPrefix("touch") }, ["touch delivered to the green view"])
    }
}
