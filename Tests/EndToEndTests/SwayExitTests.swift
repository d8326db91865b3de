import Foundation
import XCTest

/// However a demo in a window ends, what the user asked to save is complete: the `--trace` file ends
/// with the last frame committed and the renderer line, every line whole, and the bench prints its
/// summary. Under a headless sway: the compositor killed, SIGHUP, the window closed by the
/// compositor (`swaymsg kill`: xdg_toplevel.close), and SIGKILL (the trace is written as it goes).
final class SwayExitTests: SwayTestCase {
    /// A small scene, drawn in software: enough frames per second in a debug build on a busy machine.
    private let bench = ["bench", "--layers", "50", "--renderer", "software"]

    func testKillingTheCompositorEndsTheBenchWithItsSummaryItsLineAndACompleteTrace() throws {
        let sway = try startSway()
        let (demo, trace) = try startTracedBench(in: sway)
        sway.kill()
        let lines = try assertOrderlyEnd(demo, trace, status: 1)
        let last = demo.stderrLines.last ?? ""
        XCTAssertTrue(last.hasPrefix("demo: ") && ["compositor", "connection"].contains { last.lowercased().contains($0) },
                      "the last line of stderr should say the compositor went away, was: \(last)")
        XCTAssertFalse(lines.isEmpty)
    }

    func testSIGHUPEndsTheBenchWithItsSummaryAndACompleteTrace() throws {
        let sway = try startSway()
        let (demo, trace) = try startTracedBench(in: sway)
        kill(demo.pid, SIGHUP)
        _ = try assertOrderlyEnd(demo, trace, status: 0)
        XCTAssertEqual(demo.stderrLines, [], "a hangup is an ordinary end: nothing on stderr")
    }

    func testTheCompositorClosingTheWindowEndsTheBenchWithItsSummaryAndACompleteTrace() throws {
        let sway = try startSway()
        let (demo, trace) = try startTracedBench(in: sway)
        _ = try sway.swaymsg(["[pid=\(demo.pid)] kill"])
        _ = try assertOrderlyEnd(demo, trace, status: 0)
    }

    /// The demos that open their window through the shell end the same way (here `clock`, with no
    /// summary): the compositor gone, the trace complete up to its renderer line.
    func testKillingTheCompositorEndsTheClockWithACompleteTrace() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["clock", "--renderer", "software"], in: sway, feature: "`--trace`")
        XCTAssertTrue(poll(timeout: 10, interval: 0.1) { frameLines(trace).count >= 1 },
                      "no frame line reached the trace while the clock ran; \(describe(demo))")
        sway.kill()
        XCTAssertTrue(demo.waitForExit(timeout: 5), "demo clock still runs 5 s after sway was killed; \(describe(demo))")
        XCTAssertEqual(demo.termination, .exit(1), describe(demo))
        let lines = try assertCompleteTrace(trace)
        assertFramesNumbered(lines, upTo: lines.filter { $0.type == "frame" }.count)
    }

    /// The trace reaches the file while the demo runs (the render thread writes each turn's lines
    /// before it sleeps): an idle clock, one frame a second, shows its frames within seconds, and a
    /// SIGKILL leaves only whole lines behind.
    func testTheTraceIsWrittenAsTheDemoRunsSoASIGKILLLosesOnlyTheLastFrames() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["clock", "--renderer", "software"], in: sway, feature: "`--trace`")
        XCTAssertTrue(poll(timeout: 6, interval: 0.1) { frameLines(trace).count >= 3 },
                      "fewer than 3 frame lines in the file after 6 s of an idle clock (one frame a second): "
                      + "\(frameLines(trace).count); the lines wait in a buffer")
        let beforeKill = monotonicSeconds()
        kill(demo.pid, SIGKILL)
        XCTAssertTrue(demo.waitForExit(timeout: 5))
        let lines = try assertCompleteTrace(trace, endsWithRenderer: false)
        let lastCommit = try XCTUnwrap(TraceLine.frameTimes(lines).last)
        // A frame's line is written when its feedback comes or is given up (sway: 0.25 s), then at
        // the thread's next sleep; the idle clock draws once a second.
        XCTAssertGreaterThan(lastCommit, beforeKill - 2.5, "the last frame line is older than the frames before the kill")
    }

    // MARK: Helpers

    /// `demo bench` with `--trace`, running until its frame lines reach the file (at least 5).
    private func startTracedBench(in sway: HeadlessSway) throws -> (ChildProcess, URL) {
        let (demo, trace) = try startTraced(bench, in: sway, timeout: 20, feature: "`demo bench`")
        XCTAssertTrue(poll(timeout: 15, interval: 0.1) { frameLines(trace).count >= 5 || !demo.isRunning },
                      "fewer than 5 frame lines reached the trace while the bench ran; \(describe(demo))")
        XCTAssertTrue(demo.isRunning, describe(demo))
        return (demo, trace)
    }

    /// Checks the bench's end: status, its summary on stdout, and a trace whose frame lines run 1...
    /// the frames committed that the summary reports, then the renderer line.
    private func assertOrderlyEnd(_ demo: ChildProcess, _ trace: URL, status: Int32,
                                  file: StaticString = #filePath, line: UInt = #line) throws -> [TraceLine] {
        XCTAssertTrue(demo.waitForExit(timeout: 5), "the bench still runs 5 s later; \(describe(demo))", file: file, line: line)
        XCTAssertEqual(demo.termination, .exit(status), describe(demo), file: file, line: line)
        let summary = demo.stdout
        XCTAssertTrue(summary.contains("bench: 50 layers") && summary.contains("frames presented:"),
                      "no bench summary on stdout: \(summary)", file: file, line: line)
        let committed = try XCTUnwrap(Self.committed(in: summary), "no committed count in the summary: \(summary)",
                                      file: file, line: line)
        let lines = try assertCompleteTrace(trace, file: file, line: line)
        assertFramesNumbered(lines, upTo: committed, file: file, line: line)
        return lines
    }

    /// The trace's lines, checking that each is whole JSON (the file ends with a newline) and, unless
    /// told otherwise, that the last is the renderer line written at the end.
    @discardableResult
    private func assertCompleteTrace(_ trace: URL, endsWithRenderer: Bool = true,
                                     file: StaticString = #filePath, line: UInt = #line) throws -> [TraceLine] {
        let text = try String(contentsOf: trace, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"), "the trace ends inside a line: …\(text.suffix(200))", file: file, line: line)
        let lines = TraceLine.read(trace)
        XCTAssertEqual(lines.count, text.split(separator: "\n").count, "a line of the trace is not JSON", file: file, line: line)
        if endsWithRenderer {
            XCTAssertEqual(lines.last?.type, "renderer", "the trace should end with the renderer line: \(lines.last?.text ?? "")",
                           file: file, line: line)
        }
        return lines
    }

    /// The frame lines are frames 1, 2, … `count`, each once: the trace ends with the last frame committed.
    private func assertFramesNumbered(_ lines: [TraceLine], upTo count: Int, file: StaticString = #filePath, line: UInt = #line) {
        let sequence = lines.filter { $0.type == "frame" }.compactMap { $0.number("seq").map(Int.init) }
        XCTAssertGreaterThan(count, 0, file: file, line: line)
        XCTAssertEqual(sequence.count, count, "frame lines vs frames committed", file: file, line: line)
        XCTAssertEqual(Set(sequence), Set(1...max(count, 1)), "frame lines should be frames 1...\(count); the last ones: "
                       + "\(sequence.suffix(10))", file: file, line: line)
    }

    /// "committed: N" in the bench's summary.
    static func committed(in summary: String) -> Int? {
        guard let range = summary.range(of: #"committed: [0-9]+"#, options: .regularExpression) else { return nil }
        return Int(summary[range].dropFirst("committed: ".count))
    }
}

/// The frame lines of the trace as it is now.
private func frameLines(_ trace: URL) -> [TraceLine] {
    TraceLine.read(trace).filter { $0.type == "frame" }
}
