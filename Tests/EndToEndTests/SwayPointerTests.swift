import Foundation
import XCTest

/// Real pointer input under a headless sway, from `wl-pointer-tool` (a wlroots virtual pointer: sway's
/// headless seat has no pointer until a client creates one).
final class SwayPointerTests: SwayTestCase {
    /// The tool moves, clicks, scrolls and drags, and a Wayland client receives exactly that: weston's
    /// event demo (a reference client that prints its pointer events) when installed; without it, at least
    /// that every request reached sway without error.
    func testPointerToolMovesClicksScrollsAndDragsInAClient() throws {
        let sway = try startSway()
        var client: ChildProcess?
        if let eventdemo = findExecutable("weston-eventdemo"), let stdbuf = findExecutable("stdbuf") {
            let started = try runClient(stdbuf, ["-oL", eventdemo.path, "--log-focus", "--log-button", "--log-axis",
                                                 "--log-motion"], in: sway)
            client = started
            let mapped = try poll(timeout: 10, interval: 0.1) { try sway.windowRect(pid: started.pid) != nil || !started.isRunning }
            XCTAssertTrue(mapped && started.isRunning, "weston-eventdemo's window never appeared; \(describe(started))")
            Thread.sleep(forTimeInterval: 0.3) // its first frame
        }

        try sway.pointer(["move", "400", "300", "click", "left", "scroll", "0", "10", "--wheel",
                          "drag", "100", "100", "200", "150", "--steps", "4", "click", "right"])

        guard let client else {
            throw XCTSkip("wl-pointer-tool ran without error, but weston-eventdemo (weston) or stdbuf is not installed to see its events")
        }
        var log = ""
        let all = poll(timeout: 3) {
            log = client.stdout
            return log.contains("button: 273, state: released")
        }
        let context = "weston-eventdemo printed:\n\(log.suffix(3000))"
        XCTAssertTrue(all, "the last event (right button released) never arrived; \(context)")
        for expected in ["motion time: ", "x: 400.000000, y: 300.000000",
                         "button: 272, state: pressed, x: 400, y: 300", "button: 272, state: released, x: 400, y: 300",
                         "axis source: wheel", "axis: vertical, value: 10.000000",
                         "button: 272, state: pressed, x: 100, y: 100", "x: 150.000000, y: 125.000000",
                         "button: 272, state: released, x: 200, y: 150",
                         "button: 273, state: pressed, x: 200, y: 150"] {
            XCTAssertTrue(log.contains(expected), "missing `\(expected)`; \(context)")
        }
    }

    /// A click and a wheel click in the demo's window reach the demo: its trace gets pointer lines
    /// (`{"type":"pointer","kind":"…+button","x","y","buttons":[{"code":272,"pressed":true}],…}`, and
    /// `steps_y`/`v120_y` for the wheel) at the place clicked, in surface points (the tiled window
    /// covers the output at scale 1, so they are the output's coordinates).
    /// Skips while the demo does not know `--trace`, or binds no wl_pointer yet (input not landed).
    func testClickAndWheelReachTheDemoAndAreTraced() throws {
        let sway = try startSway()
        // WAYLAND_DEBUG shows whether the demo asks the seat for a pointer at all.
        let (demo, trace) = try startTraced(["clock"], in: sway, extraEnvironment: ["WAYLAND_DEBUG": "client"],
                                            feature: "`--trace`")
        try sway.pointer(["move", "400", "300", "click", "left", "scroll", "0", "10", "--wheel"])
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertTrue(demo.isRunning, describe(demo))
        let lines = finishTrace(demo, trace)
        guard lines.contains(where: { $0.type == "frame" }) else { return } // finishTrace said why
        let pointer = lines.filter { $0.type == "pointer" }
        if pointer.isEmpty, !demo.stderr.contains(".get_pointer(") {
            throw XCTSkip("pointer input is not there yet: the demo never sent wl_seat.get_pointer, and its trace has no pointer line")
        }
        let context = "pointer lines:\n" + pointer.map(\.text).joined(separator: "\n")
        func button(pressed: Bool) -> TraceLine? {
            pointer.first { line in
                let buttons = line.fields["buttons"] as? [[String: Any]] ?? []
                return buttons.contains { ($0["code"] as? NSNumber)?.intValue == 272 && ($0["pressed"] as? Bool) == pressed }
            }
        }
        for pressed in [true, false] {
            guard let line = button(pressed: pressed) else {
                XCTFail("no pointer line with the left button (272) \(pressed ? "pressed" : "released"); \(context)")
                continue
            }
            XCTAssertEqual(line.number("x") ?? -1, 400, accuracy: 1, "x of \(line.text)")
            XCTAssertEqual(line.number("y") ?? -1, 300, accuracy: 1, "y of \(line.text)")
        }
        XCTAssertTrue(pointer.contains { $0.number("steps_y") == 1 || $0.number("v120_y") == 120 },
                      "no pointer line with one wheel click down (steps_y 1 or v120_y 120); \(context)")
    }

    /// Without a compositor, or with one that offers no virtual pointers (weston), the tool fails with
    /// one line that says why.
    func testPointerToolExplainsWhyItCannotRun() throws {
        let tool = try PointerTool.locate().get()
        let logs = try scratch("e2e-pointer-tool")
        let nowhere = "/nonexistent/wayland-nowhere"
        let lost = try ChildProcess(name: "wl-pointer-tool", executable: tool, arguments: ["move", "1", "1"],
                                    environment: environment(with: ["WAYLAND_DISPLAY": nowhere, "XDG_RUNTIME_DIR": logs.url.path]),
                                    logDirectory: logs.url)
        XCTAssertTrue(lost.waitForExit(timeout: 5))
        XCTAssertEqual(lost.termination, .exit(1), lost.stderr)
        XCTAssertEqual(lost.stderrLines.count, 1, lost.stderr)
        XCTAssertTrue(lost.stderr.contains(nowhere), lost.stderr)

        let usage = try ChildProcess(name: "wl-pointer-tool-usage", executable: tool, arguments: ["jump", "1", "1"],
                                     environment: environment(with: ["WAYLAND_DISPLAY": nowhere]), logDirectory: logs.url)
        XCTAssertTrue(usage.waitForExit(timeout: 5))
        XCTAssertEqual(usage.termination, .exit(2), usage.stderr)
        XCTAssertTrue(usage.stderr.contains("unknown action 'jump'"), usage.stderr)

        guard HeadlessWeston.westonExecutable != nil else { return }
        let weston = try HeadlessWeston(width: 320, height: 240)
        defer { weston.stop() }
        let refused = try ChildProcess(name: "wl-pointer-tool-weston", executable: tool, arguments: ["move", "1", "1"],
                                       environment: weston.clientEnvironment, logDirectory: logs.url)
        XCTAssertTrue(refused.waitForExit(timeout: 5))
        XCTAssertEqual(refused.termination, .exit(1), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("zwlr_virtual_pointer_manager_v1"), refused.stderr)
    }
}
