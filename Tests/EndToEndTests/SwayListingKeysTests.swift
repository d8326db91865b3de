import Foundation
import XCTest

/// The listing demos' own keys in a window (headless sway): they reach the view controller before
/// the shell's (Space is `color`'s "Change Color", not the shell's pause).
final class SwayListingKeysTests: SwayTestCase {
    /// `demo color`: the blue colour layer; Space changes its colour (0.25 s), so no pure blue is left.
    func testSpaceChangesTheColourInAWindow() throws {
        let sway = try startSway()
        let demo = try runDemo(["color"], in: sway)
        func hasBlue(_ image: PNGPixels) -> Bool {
            var found = false
            image.forEach { _, _, p in if p.r < 8, p.g < 8, p.b > 247 { found = true } }
            return found
        }
        var shown = false
        let deadline = Date() + 10
        while Date() < deadline, !shown {
            if let shot = try? sway.screenshot(), hasBlue(shot) { shown = true; break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        guard shown else { return XCTFail("no blue colour layer within 10 s; \(describe(demo))") }
        try sway.type(["-k", "space"])
        var changed = false
        let later = Date() + 5
        while Date() < later, !changed {
            let shot = try sway.screenshot()
            if !hasBlue(shot) { changed = true; save(shot, as: "sway-color-changed.png") }
            else { Thread.sleep(forTimeInterval: 0.2) }
        }
        XCTAssertTrue(changed, "Space did not change the colour; \(describe(demo))")
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}
