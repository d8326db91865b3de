import Foundation
import XCTest

/// The real `demo clock` under a headless sway: shown tiled over the whole output, re-rendered at the new
/// size when sway floats and resizes its window, and ended with a message when sway dies.
final class SwayClockTests: SwayTestCase {
    func testClockIsShownAndReRenderedAtTheNewSizeAfterAResize() throws {
        let sway = try startSway(width: 800, height: 600)
        guard findExecutable("swaybg") != nil else {
            return XCTFail("swaybg is not installed (apt-get install swaybg): without it sway's background is gray and the window cannot be found")
        }
        let (demo, first) = try startClock(["--time", "10:08:30"], in: sway)
        save(first.image, as: "sway-clock-tiled.png")
        var context = "\(first.summary); screenshot: \(artifact("sway-clock-tiled.png"))"

        // Tiled: the window covers the output, the face is centred in it.
        XCTAssertTrue(first.window == (0, 0, 800, 600), "the tiled window should cover the 800x600 output; \(context)")
        assertFace(first, context)
        assertHourAndMinuteHands(first, hourDegrees: 300, minuteDegrees: 48...54, context)
        let face1 = try XCTUnwrap(faceDisc(in: first.image), "no white face found; \(context)")
        assertClose(face1.centerX, 400, "face centre x", context)
        assertClose(face1.centerY, 300, "face centre y", context)
        assertWhiteRadius(face1.radius, faceRadius: first.faceRadius, context)

        // Floating at (0,0), 600x400: the window is configured to the new size and draws the clock again.
        try sway.swaymsg(["[pid=\(demo.pid)] floating enable, resize set 600 400, move position 0 0"])
        let rect = try XCTUnwrap(try sway.windowRect(pid: demo.pid), "sway's tree has no window of pid \(demo.pid)")
        XCTAssertTrue(rect == (0, 0, 600, 400), "sway placed the window at \(rect), expected (0,0) 600x400")
        let second = try waitForClock(demo, in: sway, artifact: "sway-clock-never-resized.png") { picture in
            picture.window == (0, 0, 600, 400)
        }
        save(second.image, as: "sway-clock-resized.png")
        context = "\(second.summary); screenshot: \(artifact("sway-clock-resized.png"))"
        assertFace(second, context)
        assertHourAndMinuteHands(second, hourDegrees: 300, minuteDegrees: 48...54, context)
        let face2 = try XCTUnwrap(faceDisc(in: second.image), "no white face found; \(context)")
        assertClose(face2.centerX, 300, "face centre x after the resize", context)
        assertClose(face2.centerY, 200, "face centre y after the resize", context)
        assertWhiteRadius(face2.radius, faceRadius: second.faceRadius, context)
        XCTAssertEqual(face2.radius / face1.radius, 400.0 / 600, accuracy: 0.02,
                       "the face should shrink with the window's smaller side (600 → 400); \(context)")
        XCTAssertEqual(second.redPixels().outside.count, 0, "red pixels outside the face; \(context)")
        XCTAssertTrue(demo.isRunning, describe(demo))
    }

    func testKillingSwayEndsTheClockWithAMessageWithinASecond() throws {
        let sway = try startSway()
        let (demo, _) = try startClock(["--time", "10:08:30"], in: sway)

        let killed = Date()
        sway.kill()
        let ended = demo.waitForExit(timeout: max(0, 1 - Date().timeIntervalSince(killed)))
        XCTAssertTrue(ended, "demo clock still runs 1 s after sway was killed; \(describe(demo))")
        if !ended { XCTAssertTrue(demo.waitForExit(timeout: 5), "nor 5 s after") }
        guard let termination = demo.termination else { return }
        guard case .exit(let status) = termination else {
            return XCTFail("demo clock died of \(termination) instead of exiting; stderr:\n\(demo.stderr)")
        }
        XCTAssertNotEqual(status, 0, "demo clock should fail when the compositor goes away")
        let lastLine = demo.stderrLines.last ?? ""
        XCTAssertTrue(["compositor", "connection"].contains { lastLine.lowercased().contains($0) },
                      "the last line of stderr should mention the compositor or the connection, was: \(lastLine)")
    }

    // MARK: Helpers

    /// The face found on its own, without trusting the window: the bounding box of the whitish pixels
    /// (the white disc; the hands and ticks lie inside it), as a centre and a radius.
    private func faceDisc(in image: PNGPixels) -> (centerX: Double, centerY: Double, radius: Double)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        image.forEach { x, y, p in
            guard p.isWhitish else { return }
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard maxX >= minX, maxY >= minY else { return nil }
        let w = Double(maxX - minX + 1), h = Double(maxY - minY + 1)
        return (Double(minX) + w / 2, Double(minY) + h / 2, (w + h) / 4)
    }

    /// The white disc ends at the face's rim, a few percent inside the face radius R.
    private func assertWhiteRadius(_ radius: Double, faceRadius: Double, _ context: String,
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue((0.95 * faceRadius)...(faceRadius + 1) ~= radius,
                      "the white face's radius is \(radius), expected 0.95 R...R with R = \(faceRadius); \(context)",
                      file: file, line: line)
    }

    private func assertClose(_ value: Double, _ expected: Double, _ what: String, _ context: String,
                             tolerance: Double = 3, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(abs(value - expected), tolerance, "\(what) is \(value), expected \(expected) ± \(tolerance); \(context)",
                                 file: file, line: line)
    }
}
