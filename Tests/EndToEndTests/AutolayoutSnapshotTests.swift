import Foundation
import XCTest

/// `demo autolayout` (Neuburg, Animation and Autolayout, 001 E37-E43): an 80-point blue square
/// placed by constraints (leading 40, top 80); a layout forced 1.5 s after each example logs the
/// leading constant and the square's x before and after.
final class AutolayoutSnapshotTests: DemoSnapshotTestCase {
    /// E40: the constraint itself is animated; after 1 s the constant is +100 and the forced
    /// layout leaves the square where the animation took it.
    func testE40AnimatesTheConstraintAndAForcedLayoutDoesNotMoveTheView() throws {
        let half = try snapshot(demo: "autolayout", ["--variant", "e40", "--at", "0.5"], saveAs: "autolayout-e40-0.5.png")
        XCTAssertEqual(squareLeft(half) ?? -1, 90, accuracy: 1.5, "ease-in-out: half way at 0.5 s")
        let done = try snapshot(demo: "autolayout", ["--variant", "e40", "--at", "1.2"], saveAs: "autolayout-e40-1.2.png")
        XCTAssertEqual(squareLeft(done) ?? -1, 140, accuracy: 0.5)
        let after = try snapshot(demo: "autolayout", ["--variant", "e40", "--at", "2"], saveAs: "autolayout-e40-2.png")
        XCTAssertTrue(lastStderr.contains("e40: forced layout: leading constant 140.0, x 140.0 -> 140.0"), lastStderr)
        XCTAssertEqual(squareLeft(after) ?? -1, 140, accuracy: 0.5)
    }

    /// E37, the trap: the square moved without its constraint jumps back at the forced layout.
    func testE37JumpsBackAtTheNextLayout() throws {
        let moved = try snapshot(demo: "autolayout", ["--variant", "e37", "--at", "1.2"], saveAs: "autolayout-e37-1.2.png")
        XCTAssertEqual(squareLeft(moved) ?? -1, 140, accuracy: 0.5)
        let after = try snapshot(demo: "autolayout", ["--variant", "e37", "--at", "2"], saveAs: "autolayout-e37-2.png")
        XCTAssertTrue(lastStderr.contains("e37: forced layout: leading constant 40.0, x 140.0 -> 40.0"), lastStderr)
        XCTAssertEqual(squareLeft(after) ?? -1, 40, accuracy: 0.5)
    }

    /// E38 and E39 keep the constraint in step with the move.
    func testE38AndE39KeepTheConstraintInStep() throws {
        for variant in ["e38", "e39"] {
            let after = try snapshot(demo: "autolayout", ["--variant", variant, "--at", "2"], saveAs: "autolayout-\(variant)-2.png")
            XCTAssertTrue(lastStderr.contains("\(variant): forced layout: leading constant 140.0, x 140.0 -> 140.0"), lastStderr)
            XCTAssertEqual(squareLeft(after) ?? -1, 140, accuracy: 0.5, variant)
        }
    }

    /// E42: the layer's transform throbs to 110% at 0.3 s and back at 0.6 s; the layout is untouched.
    func testE42ThrobsWithCoreAnimation() throws {
        let peak = try snapshot(demo: "autolayout", ["--variant", "e42", "--at", "0.3"], saveAs: "autolayout-e42-0.3.png")
        XCTAssertEqual(squareLeft(peak) ?? -1, 36, accuracy: 0.6, "88 points wide about the centre (80)")
        let back = try snapshot(demo: "autolayout", ["--variant", "e42", "--at", "0.6"], saveAs: "autolayout-e42-0.6.png")
        XCTAssertEqual(squareLeft(back) ?? -1, 40, accuracy: 0.5)
    }

    /// The left edge of the blue square along its middle row (y 120), counting an antialiased
    /// edge pixel by its coverage; nil when there is none.
    private func squareLeft(_ image: PNGPixels) -> Double? {
        let y = 120.0
        guard let first = (0..<image.width).first(where: { image.at(Double($0), y).r < 250 }) else { return nil }
        // White is (255,255,255), the square's red is 0.2 × 255: the coverage of the edge pixel.
        let coverage = Double(255 - image.at(Double(first), y).r) / (255 - 51)
        return Double(first) + 1 - min(1, coverage)
    }
}

/// `demo autolayout` in a window: keys choose the example, Space runs it; the forced layout's log
/// tells whether the square jumped.
final class SwayAutolayoutTests: SwayTestCase {
    func testKeysChooseAndSpaceRuns() throws {
        let sway = try startSway()
        let demo = try runDemo(["autolayout", "--no-decorations"], in: sway)
        // The default example (E40) runs once the window shows.
        XCTAssertTrue(poll(timeout: 10) { demo.stderr.contains("e40: forced layout") }, describe(demo))
        try sway.type(["1"])
        try sway.type(["-k", "space"])
        XCTAssertTrue(poll(timeout: 10) { demo.stderr.contains("e37: forced layout: leading constant 40.0, x 140.0 -> 40.0") },
                      describe(demo))
        try sway.type(["3"])
        try sway.type(["-k", "space"])
        XCTAssertTrue(poll(timeout: 10) { demo.stderr.contains("e39: forced layout: leading constant 140.0, x 140.0 -> 140.0") },
                      describe(demo))
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}
