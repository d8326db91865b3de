import Foundation
import XCTest

/// The demo shell keys (issue 5), typed with wtype (a virtual keyboard) into the focused demo window
/// under a headless sway.
///
/// The shell keys have landed, so `shellKeysLanded` is true and a key that does nothing is a failure. Set
/// it to false on a tree without them: the tests then skip, saying which is missing (keyboard input, seen
/// in the demo's own Wayland traffic as `wl_seat.get_keyboard` with WAYLAND_DEBUG=client, or the keys),
/// and the block test uses the bench's SIGUSR1 hook instead of key B.
final class SwayKeyTests: SwayTestCase {
    static let shellKeysLanded = true

    func testQAndEscapeQuitTheDemo() throws {
        let sway = try startSway()
        for key in [["q"], ["-k", "Escape"]] {
            let demo = try runDemo(["clock"], in: sway, extraEnvironment: ["WAYLAND_DEBUG": "client"])
            _ = try waitForClock(demo, in: sway, artifact: "sway-clock-before-key.png")
            try sway.type(key)
            let quit = demo.waitForExit(timeout: 2)
            let name = key.last!
            if !quit { try skipUnlessShellKeysLanded(demo, what: "\(name) did not quit the demo") }
            XCTAssertTrue(quit, "demo clock still runs 2 s after \(name); \(describe(demo))")
            if !quit { demo.stop(); continue }
            XCTAssertEqual(demo.termination, .exit(0), "\(name) should quit normally; \(describe(demo))")
        }
    }

    /// A recording started with V is written when the demo ends any other way than a second V: here
    /// SIGTERM, and the window closed by the compositor.
    func testARecordingIsWrittenWhenTheDemoEndsWithoutASecondV() throws {
        let sway = try startSway()
        for (index, end) in ["SIGTERM", "close"].enumerated() {
            let folder = try scratch("record-end-\(end)")
            let demo = try runDemo(["clock"], in: sway, workingDirectory: folder.url)
            _ = try waitForClock(demo, in: sway, artifact: "sway-clock-recording-\(index).png")
            try sway.type(["v"])
            XCTAssertTrue(poll(timeout: 5) { demo.stdout.contains("recording to clock-1.webp") }, describe(demo))
            Thread.sleep(forTimeInterval: 0.5)
            if end == "SIGTERM" {
                kill(demo.pid, SIGTERM)
            } else {
                _ = try sway.swaymsg(["[pid=\(demo.pid)]", "kill"])
            }
            XCTAssertTrue(demo.waitForExit(timeout: 10), "\(end): the demo did not end; \(describe(demo))")
            XCTAssertEqual(demo.termination, .exit(0), describe(demo))
            // About 15 frames in half a second (the file merges equal frames: the clock ticks once a second).
            let saved = demo.stdout.components(separatedBy: "saved clock-1.webp (").dropFirst().first
            let frames = saved.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
            XCTAssertGreaterThanOrEqual(frames, 10, "\(end): \(demo.stdout)")
            let data = try Data(contentsOf: folder.url.appendingPathComponent("clock-1.webp"))
            XCTAssertGreaterThan(try AnimatedImageFrames.webp(data).frames.count, 0)
        }
    }

    /// A blocked main thread does not stop the render thread: while the bench's main thread sleeps for a
    /// second (key B; without the shell keys, the bench's SIGUSR1 test hook), frames are still committed
    /// at the refresh rate. The bench writes `{"type":"block","start":…,"end":…}` for that second.
    /// Counted on `demo bench --layers 100`; like the 1000-layer test, the debug build skips (printing the
    /// count) when it is too slow, since the bound is a release-build property.
    func testBenchKeepsTheRefreshRateWhileTheMainThreadIsBlocked() throws {
        let sway = try startSway()
        let refresh = try refreshRate(of: sway)
        let debugDemo = try demoExecutable()
        let release = SwayTraceTests.currentReleaseDemo(comparedWith: debugDemo)
        let (demo, trace) = try startTraced(["bench", "--layers", "100", "--seconds", "4"], in: sway,
                                            executable: release ?? debugDemo, timeout: 20, feature: "`demo bench`")
        Thread.sleep(forTimeInterval: 1) // warm-up
        if Self.shellKeysLanded {
            try sway.type(["b"])
        } else {
            kill(demo.pid, SIGUSR1)
        }
        let lines = finishTrace(demo, trace, waitForExit: 15)
        guard let block = lines.first(where: { $0.type == "block" }),
              let start = block.number("start"), let end = block.number("end") else {
            return XCTFail("no {\"type\":\"block\",\"start\",\"end\"} line in the trace; the last lines:\n"
                           + lines.suffix(5).map(\.text).joined(separator: "\n"))
        }
        XCTAssertGreaterThanOrEqual(end - start, 0.9, "the main thread was blocked only \(end - start) s")
        let blocked = (start + 0.05)..<(end - 0.05)
        let frames = TraceLine.frameTimes(lines).filter { blocked.contains($0) }.count
        let expected = (blocked.upperBound - blocked.lowerBound) * refresh
        let message = "\(frames) frames committed in the \(blocked.upperBound - blocked.lowerBound) s the main thread was blocked "
            + "(\(release == nil ? "debug" : "release") build); \(refresh) Hz gives \(expected)"
        print(message)
        if release == nil, Double(frames) < expected * 0.95 {
            throw XCTSkip("\(message). The bound is for release builds: build one with `swift build -c release --product demo`.")
        }
        XCTAssertGreaterThanOrEqual(Double(frames), expected * 0.95, message)
    }

    // MARK: Helpers

    private func skipUnlessShellKeysLanded(_ demo: ChildProcess, what: String) throws {
        if Self.shellKeysLanded { return }
        if !demo.stderr.contains(".get_keyboard(") {
            throw XCTSkip("keyboard input is not there yet (\(what); the demo never sent wl_seat.get_keyboard)")
        }
        throw XCTSkip("the demo shell keys are not there yet (\(what), though the demo has a keyboard); "
                      + "set SwayKeyTests.shellKeysLanded once they land")
    }
}
