import Foundation
import XCTest

/// `demo tabs --snapshot` (seed-examples §8 `tabs`, Lockwood listing 8.12): the snapshot starts on
/// the other tab and clicks the chosen one on the bar at 0.5 s; the tab bar controller's delegate
/// adds a fade, so 0.125 s later a pixel of the screen is the 50/50 mix of the two screens'
/// colours, and from 0.25 s on the new screen alone shows.
final class TabsSnapshotTests: DemoSnapshotTestCase {
    /// The screens' colours (TabsArt.firstColor and secondColor).
    private let sun = RGB(r: 240, g: 140, b: 50)
    private let moon = RGB(r: 40, g: 110, b: 210)

    private func shot(_ variant: String, at seconds: Double) throws -> PNGPixels {
        try snapshot(demo: "tabs", ["--variant", variant, "--at", String(seconds)], saveAs: "tabs-\(variant)-\(seconds).png")
    }

    private func assertColor(_ p: RGB, _ expected: RGB, tolerance: Int = 2, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(abs(p.r - expected.r) <= tolerance && abs(p.g - expected.g) <= tolerance
                      && abs(p.b - expected.b) <= tolerance, "\(message): \(p), expected \(expected)", file: file, line: line)
    }

    private func mix(_ a: RGB, _ b: RGB) -> RGB {
        RGB(r: (a.r + b.r) / 2, g: (a.g + b.g) / 2, b: (a.b + b.b) / 2)
    }

    /// Points inside the screen (above the 49-point bar of the 320×480 window), away from the emblem.
    private let screenPoints: [(Double, Double)] = [(20, 20), (300, 400), (160, 60)]

    func testClickingTheSecondTabCrossfadesOverAQuarterSecond() throws {
        let before = try shot("2", at: 0.4)
        for (x, y) in screenPoints { assertColor(before.at(x, y), sun, "before the click, the first screen") }
        let halfway = try shot("2", at: 0.625)
        for (x, y) in screenPoints { assertColor(halfway.at(x, y), mix(sun, moon), "0.125 s after the click") }
        for t in [0.75, 1.5] {
            let after = try shot("2", at: t)
            for (x, y) in screenPoints { assertColor(after.at(x, y), moon, "\(t - 0.5) s after the click") }
            // The selected tab (the right half of the bar) is tinted blue, the other grey.
            let moonIcon = after.darkest(near: 240, 449, radius: 6), sunIcon = after.darkest(near: 80, 449, radius: 6)
            XCTAssertTrue(moonIcon.b > 200 && moonIcon.r < 60, "selected tab: \(moonIcon)")
            XCTAssertTrue(abs(sunIcon.r - sunIcon.b) < 20 && sunIcon.r < 200, "other tab: \(sunIcon)")
        }
    }

    func testClickingTheFirstTabCrossfadesBack() throws {
        let before = try shot("1", at: 0)
        assertColor(before.at(20, 20), moon, "the snapshot starts on the other tab")
        let halfway = try shot("1", at: 0.625)
        assertColor(halfway.at(20, 20), mix(sun, moon), "0.125 s after the click")
        let after = try shot("1", at: 0.75)
        assertColor(after.at(20, 20), sun, "0.25 s after the click")
    }
}
