import Foundation
import XCTest

/// `demo ball` and `demo clock` as views under a headless sway, with real pointer input from
/// `wl-pointer-tool` and keys from `wtype`: a click away from the ball replays the bounce, a click on
/// the moving ball catches it where it is drawn (which only works with presentation hit testing: the
/// keyframe variant's model rests on the floor all along), and keys 1–4 switch the clock's variant.
final class SwayBallTests: SwayTestCase {
    /// The ball's warm pixels (red well above blue): centroid in screen pixels and count.
    private func ball(in image: PNGPixels) -> (x: Double, y: Double, count: Int)? {
        var sx = 0.0, sy = 0.0, n = 0
        image.forEach { x, y, p in
            if p.r > 150, p.r - p.b > 60 { sx += Double(x) + 0.5; sy += Double(y) + 0.5; n += 1 }
        }
        guard n > 50 else { return nil }
        return (sx / Double(n), sy / Double(n), n)
    }

    /// Waits until the demo's standard output contains `text`.
    private func waitForOutput(_ demo: ChildProcess, _ text: String, timeout: TimeInterval = 5) -> Bool {
        poll(timeout: timeout, interval: 0.05) { demo.stdout.contains(text) || !demo.isRunning } && demo.stdout.contains(text)
    }

    /// Slow motion (S) makes the bounce last 10 s; a click away from the ball replays it (a `replay`
    /// action, no `caught`); Space pauses it mid-fall; a click on the ball where the screenshot shows
    /// it writes `{"type":"action","target":"ball","event":"caught"}` at that place, and after resuming
    /// the ball stays there.
    func testClickAwayReplaysAndClickOnTheMovingBallCatchesIt() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["ball", "--no-decorations"], in: sway, feature: "`--trace`")
        guard let rect = try sway.windowRect(pid: demo.pid) else { return XCTFail("no window; \(describe(demo))") }
        // The 300-point container, scaled to 80% of the shorter side and centred in the window.
        let k = 0.8 * Double(min(rect.width, rect.height)) / 300
        let originX = Double(rect.x) + Double(rect.width) / 2 - 150 * k
        let originY = Double(rect.y) + Double(rect.height) / 2 - 150 * k
        func screen(_ x: Double, _ y: Double) -> (Int, Int) { (Int((originX + k * x).rounded()), Int((originY + k * y).rounded())) }
        Thread.sleep(forTimeInterval: 1.2) // the first bounce is over: the ball rests on the floor

        try sway.type(["s"])
        XCTAssertTrue(waitForOutput(demo, "slow motion"), "S did not slow the demo down; \(describe(demo))")
        let away = screen(40, 150)
        try sway.pointer(["move", "\(away.0)", "\(away.1)", "click", "left"])
        XCTAssertTrue(waitForOutput(demo, "ball: replay"), "a click away from the ball did not replay; \(describe(demo))")
        Thread.sleep(forTimeInterval: 1.0) // about 0.1 s into the slowed bounce: falling
        try sway.type(["-k", "space"])
        XCTAssertTrue(waitForOutput(demo, "demo: paused"), "Space did not pause; \(describe(demo))")
        Thread.sleep(forTimeInterval: 0.2)

        let paused = try sway.screenshot()
        save(paused, as: "sway-ball-paused.png")
        guard let seen = ball(in: paused) else { return XCTFail("no ball on screen (sway-ball-paused.png); \(describe(demo))") }
        let restY = originY + k * 268
        XCTAssertGreaterThan(abs(seen.y - restY), 20 * k,
                             "the ball should be in flight, away from the floor where its model rests (y \(seen.y), floor \(restY))")
        XCTAssertFalse(demo.stdout.contains("caught"), "caught before the click on the ball; \(describe(demo))")
        try sway.pointer(["move", "\(Int(seen.x.rounded()))", "\(Int(seen.y.rounded()))", "click", "left"])
        XCTAssertTrue(waitForOutput(demo, "ball: caught"), "a click on the ball did not catch it; \(describe(demo))")

        // Resumed, the caught ball stays where it was caught.
        try sway.type(["-k", "space"])
        XCTAssertTrue(waitForOutput(demo, "demo: resumed"), "Space did not resume; \(describe(demo))")
        Thread.sleep(forTimeInterval: 0.5)
        let after = try sway.screenshot()
        save(after, as: "sway-ball-caught.png")
        if let still = ball(in: after) {
            XCTAssertEqual(still.x, seen.x, accuracy: 2, "caught ball x after resuming")
            XCTAssertEqual(still.y, seen.y, accuracy: 2, "caught ball y after resuming")
        } else {
            XCTFail("no ball after resuming (sway-ball-caught.png)")
        }

        let lines = finishTrace(demo, trace)
        let actions = lines.filter { $0.type == "action" }
        let context = "action lines:\n" + actions.map(\.text).joined(separator: "\n")
        let replays = actions.filter { $0.fields["event"] as? String == "replay" }
        let caught = actions.filter { $0.fields["event"] as? String == "caught" }
        XCTAssertEqual(replays.count, 1, "one replay (the click away); \(context)")
        XCTAssertEqual(replays.first?.fields["target"] as? String, "container", context)
        XCTAssertEqual(caught.count, 1, "one catch (the click on the ball); \(context)")
        guard let line = caught.first else { return }
        XCTAssertEqual(line.fields["target"] as? String, "ball", context)
        // Caught where it was drawn: the centre of the ball seen on screen, in container points.
        XCTAssertEqual(line.number("x") ?? -1, (seen.x - originX) / k, accuracy: 3, context)
        XCTAssertEqual(line.number("y") ?? -1, (seen.y - originY) / k, accuracy: 3, context)
    }

    /// Keys 1–4 switch the clock's variant live: with 1 (A) the second hand spins about its own
    /// middle, so its red pixels' centroid sits on the face's centre; with 2 (B) it pivots at 90% of
    /// its length, the centroid well out along the hand.
    func testKeysSwitchTheClockVariant() throws {
        let sway = try startSway()
        let (demo, _) = try startClock(["--no-decorations"], in: sway)
        func redCentroidDistance(_ clock: ClockPicture) -> Double? {
            let red = clock.redPixels().inside
            guard !red.isEmpty else { return nil }
            let dx = red.map { Double($0.x) + 0.5 - clock.centerX }.reduce(0, +) / Double(red.count)
            let dy = red.map { Double($0.y) + 0.5 - clock.centerY }.reduce(0, +) / Double(red.count)
            return (dx * dx + dy * dy).squareRoot()
        }
        try sway.type(["1"])
        XCTAssertTrue(waitForOutput(demo, "clock: variant A"), "key 1 did not switch to A; \(describe(demo))")
        let a = try waitForClock(demo, in: sway, artifact: "sway-clock-variant-a.png") { clock in
            (redCentroidDistance(clock) ?? 1e9) < 0.06 * clock.side
        }
        save(a.image, as: "sway-clock-variant-a.png")
        try sway.type(["2"])
        XCTAssertTrue(waitForOutput(demo, "clock: variant B"), "key 2 did not switch to B; \(describe(demo))")
        let b = try waitForClock(demo, in: sway, artifact: "sway-clock-variant-b.png") { clock in
            (redCentroidDistance(clock) ?? 0) > 0.15 * clock.side
        }
        save(b.image, as: "sway-clock-variant-b.png")
        demo.stop()
    }
}
