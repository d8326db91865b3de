import Foundation
import XCTest

/// The view-controller demos in a window under a headless sway, driven by a real (virtual) pointer
/// and keyboard: a click reaches the listing's touch handling, a letter key its own action (before
/// the shell's keys).
final class SwayLayerDemoTests: SwayTestCase {
    /// The first window pixel of `demo` on the output, once mapped.
    private func origin(of demo: ChildProcess, in sway: HeadlessSway) throws -> (x: Int, y: Int) {
        var rect: (x: Int, y: Int, width: Int, height: Int)?
        _ = try poll(timeout: 10) {
            rect = try sway.windowRect(pid: demo.pid)
            return rect != nil || !demo.isRunning
        }
        guard let rect else { throw Failure("no window; \(describe(demo))") }
        return (rect.x, rect.y)
    }

    /// Polls screenshots until `accept` takes one (or the time is up); returns the last one.
    private func screenshot(_ sway: HeadlessSway, until accept: (PNGPixels) -> Bool) throws -> PNGPixels? {
        var last: PNGPixels?
        _ = try poll(timeout: 5, interval: 0.2) {
            last = try sway.screenshot()
            return last.map(accept) ?? false
        }
        return last
    }

    /// `demo zorder`: the green view is drawn over the red one (zPosition 1); Z puts it back to 0 so
    /// the overlap turns red; a click in the overlap is delivered to the red view.
    func testZTogglesTheOrderAndTheOverlapClickReachesRed() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["zorder", "--no-decorations"], in: sway, feature: "`demo zorder`")
        let o = try origin(of: demo, in: sway)
        let overlap = (x: Double(o.x + 240), y: Double(o.y + 240))
        let green = try screenshot(sway) { $0.at(overlap.x, overlap.y).g > 200 && $0.at(overlap.x, overlap.y).r < 40 }
        XCTAssertTrue(green.map { $0.at(overlap.x, overlap.y).g > 200 } ?? false, "overlap at first: \(String(describing: green?.at(overlap.x, overlap.y)))")

        try sway.pointer(["move", "\(Int(overlap.x))", "\(Int(overlap.y))", "click", "left"])
        try sway.type(["z"])
        let red = try screenshot(sway) { $0.at(overlap.x, overlap.y).isRed }
        if let red { save(red, as: "sway-zorder-after-z.png") }
        XCTAssertTrue(red.map { $0.at(overlap.x, overlap.y).isRed } ?? false, "overlap after Z: \(String(describing: red?.at(overlap.x, overlap.y)))")
        XCTAssertTrue(demo.isRunning, "Z is the demo's, not a shell key; \(describe(demo))")

        let logs = finishTrace(demo, trace).filter { $0.type == "log" }.compactMap { $0.fields["text"] as? String }
        XCTAssertEqual(logs, ["touch delivered to the red view"])
    }

    /// `demo layers`: a click in the middle of the window (the blue layer) alerts "Inside Blue
    /// Layer" found with containsPoint:; after K the same click is found with hitTest:.
    func testClicksAlertWithEitherHitTestingMethod() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["layers", "--no-decorations"], in: sway, feature: "`demo layers`")
        guard let rect = try sway.windowRect(pid: demo.pid) else { return XCTFail("no window") }
        let centre = ["\(rect.x + rect.width / 2)", "\(rect.y + rect.height / 2)"]
        _ = try screenshot(sway) { $0.at(Double(centre[0])!, Double(centre[1])!).b > 240 }
        try sway.pointer(["move"] + centre + ["click", "left"])
        try sway.type(["k"])
        try sway.pointer(["move"] + centre + ["click", "left"])
        // The demo logs each alert on standard error as it happens.
        _ = poll(timeout: 5) { demo.stderr.contains("alert (hitTest:)") }
        let logs = finishTrace(demo, trace).filter { $0.type == "log" }.compactMap { $0.fields["text"] as? String }
            .filter { $0.hasPrefix("alert") }
        XCTAssertEqual(logs, ["alert (containsPoint:): Inside Blue Layer", "alert (hitTest:): Inside Blue Layer"])
    }

    /// `demo layers`: A moves the blue layer's anchorPoint to (0, 0) keeping its position (the white
    /// view's centre), so the square moves down and right by half its size.
    func testAMovesTheAnchorPointKeepingThePosition() throws {
        let sway = try startSway()
        let demo = try runDemo(["layers", "--no-decorations"], in: sway)
        let o = try origin(of: demo, in: sway)
        guard let rect = try sway.windowRect(pid: demo.pid) else { return XCTFail("no window") }
        let cx = Double(o.x + rect.width / 2), cy = Double(o.y + rect.height / 2)
        _ = try screenshot(sway) { $0.at(cx - 40, cy - 40).b > 240 }
        try sway.type(["a"])
        let moved = try screenshot(sway) { $0.at(cx + 90, cy + 90).b > 240 && $0.at(cx - 40, cy - 40).isWhitish }
        XCTAssertTrue(moved.map { $0.at(cx + 90, cy + 90).b > 240 && $0.at(cx - 40, cy - 40).isWhitish } ?? false,
                      "after A: \(String(describing: moved?.at(cx + 90, cy + 90))) \(String(describing: moved?.at(cx - 40, cy - 40)))")
        XCTAssertTrue(demo.stderr.contains("anchorPoint (0, 0) (A) · rotation 0° (T) · bounds (0, 0, 100, 100) · position (100, 100) · frame (100, 100, 100, 100)"),
                      demo.stderr)
    }

    /// `demo stretch`: dragging the corner handle of the right button resizes it.
    func testDraggingTheHandleResizesTheButton() throws {
        let sway = try startSway()
        let demo = try runDemo(["stretch", "--no-decorations"], in: sway)
        let o = try origin(of: demo, in: sway)
        let inside = (x: Double(o.x + 440), y: Double(o.y + 190))
        _ = try screenshot(sway) { $0.at(Double(o.x + 200), Double(o.y + 80)).b > 180 }
        try sway.pointer(["drag", "\(o.x + 370)", "\(o.y + 140)", "\(o.x + 450)", "\(o.y + 200)", "--steps", "8"])
        let grown = try screenshot(sway) { $0.at(inside.x, inside.y).b > 180 && $0.at(inside.x, inside.y).r < 150 }
        XCTAssertTrue(grown.map { $0.at(inside.x, inside.y).b > 180 } ?? false,
                      "inside the enlarged button: \(String(describing: grown?.at(inside.x, inside.y)))")
        _ = poll(timeout: 5) { demo.stderr.contains("button2: frame") }
        XCTAssertTrue(demo.stderr.contains("button2: frame (170.0, 30.0, 280.0, 170.0)"), describe(demo))
    }

    /// `demo snowman --variant center`: S (the demo's, not the shell's slow motion) shows the 2×
    /// image at contentsScale 1, twice as big, its hat 200 points above the view's centre; M clips it.
    func testSAndMChangeTheScaleAndTheClipping() throws {
        let sway = try startSway()
        let demo = try runDemo(["snowman", "--variant", "center", "--no-decorations"], in: sway)
        let o = try origin(of: demo, in: sway)
        guard let rect = try sway.windowRect(pid: demo.pid) else { return XCTFail("no window") }
        // The white view is centred above the 40-point caption.
        let cx = Double(o.x + rect.width / 2), cy = Double(o.y + (rect.height - 40) / 2)
        let hat = (x: cx, y: cy - 200)
        // Shown: the white view's corner (left of the picture) is there.
        let before = try screenshot(sway) { $0.at(cx - 97, cy + 97).isWhitish }
        XCTAssertTrue(before.map { $0.at(hat.x, hat.y).isGray(230, tolerance: 3) } ?? false, "no hat up there at scale 2")
        try sway.type(["s"])
        let big = try screenshot(sway) { $0.at(hat.x, hat.y).isDark }
        XCTAssertTrue(big.map { $0.at(hat.x, hat.y).isDark } ?? false, "the hat at scale 1: \(String(describing: big?.at(hat.x, hat.y)))")
        try sway.type(["m"])
        let clipped = try screenshot(sway) { $0.at(hat.x, hat.y).isGray(230, tolerance: 3) }
        XCTAssertTrue(clipped.map { $0.at(hat.x, hat.y).isGray(230, tolerance: 3) } ?? false, "clipped by masksToBounds")
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}
