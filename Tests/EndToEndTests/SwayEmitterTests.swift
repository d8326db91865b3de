import Foundation
import XCTest

/// `demo explosion` in a window under a headless sway: the particles move without commits, a click
/// moves the emitter there, A switches additive compositing off.
final class SwayEmitterTests: SwayTestCase {
    func testTheExplosionFollowsAClickAndATogglesAdditive() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["explosion"], in: sway, feature: "`demo explosion`")
        let window = try XCTUnwrap(try sway.windowRect(pid: demo.pid))
        Thread.sleep(forTimeInterval: 1.5)
        let first = try sway.screenshot()
        save(first, as: "sway-explosion-centre.png")
        let centre = first.at(Double(window.x + window.width / 2), Double(window.y + window.height / 2))
        XCTAssertGreaterThan(centre.r, 200, "an orange glow at the centre: \(centre)")

        let click = (x: window.x + 150, y: window.y + 150)
        try sway.pointer(["move", "\(click.x)", "\(click.y)", "click", "left"])
        Thread.sleep(forTimeInterval: 2)
        let moved = try sway.screenshot()
        save(moved, as: "sway-explosion-moved.png")
        let added = moved.at(Double(click.x), Double(click.y))
        XCTAssertGreaterThan(added.r, 230, "the glow follows the click, additive: \(added)")
        XCTAssertGreaterThan(added.g, 190, "overlaps saturate towards yellow-white: \(added)")

        try sway.type(["a"])
        Thread.sleep(forTimeInterval: 0.5)
        let flat = try sway.screenshot()
        save(flat, as: "sway-explosion-unordered.png")
        let over = flat.at(Double(click.x), Double(click.y))
        XCTAssertGreaterThan(over.r, 200, "still orange: \(over)")
        XCTAssertLessThan(over.g, 150, "source over: no brighter than the cell's colour (green 0.5): \(over)")

        XCTAssertTrue(demo.isRunning, describe(demo))
        let lines = finishTrace(demo, trace)
        let action = try XCTUnwrap(lines.first { $0.type == "action" }, "the click is traced")
        XCTAssertEqual(action.number("x") ?? -1, 150, accuracy: 1)
        XCTAssertEqual(action.number("y") ?? -1, 150, accuracy: 1)
        // One commit set the scene up and one moved the emitter; the particles moved in every frame.
        XCTAssertGreaterThan(TraceLine.frameTimes(lines).count, 60, "frames kept coming for about 4 s")
    }
}
