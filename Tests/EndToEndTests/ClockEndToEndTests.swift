import Foundation
import XCTest

/// The real `demo clock`, run as a user runs it: without a compositor, with a wrong demo name, and inside
/// a private headless weston whose screenshots are checked pixel by pixel.
///
/// Every child process is stopped in tearDown (SIGTERM, then SIGKILL), every wait is bounded, and every
/// scratch directory is removed. Screenshots are kept in `<build dir>/end-to-end/` for a person to look at.
final class ClockEndToEndTests: XCTestCase {
    private var children: [ChildProcess] = []
    private var scratches: [ScratchDirectory] = []
    private var weston: HeadlessWeston?

    override func tearDown() {
        for child in children { child.stop() }
        children = []
        weston?.stop()
        weston = nil
        for scratch in scratches { scratch.remove() }
        scratches = []
        super.tearDown()
    }

    // MARK: Helpers

    private func demoExecutable(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        switch DemoBinary.locate() {
        case .success(let url): return url
        case .failure(let failure):
            XCTFail(failure.description, file: file, line: line)
            throw failure
        }
    }

    private func scratch(_ prefix: String) throws -> ScratchDirectory {
        let dir = try ScratchDirectory(prefix)
        scratches.append(dir)
        return dir
    }

    private func runDemo(_ arguments: [String], environment env: [String: String], logs: ScratchDirectory) throws -> ChildProcess {
        let child = try ChildProcess(name: "demo", executable: try demoExecutable(), arguments: arguments,
                                     environment: env, logDirectory: logs.url)
        children.append(child)
        return child
    }

    private func startWeston() throws -> HeadlessWeston {
        guard HeadlessWeston.westonExecutable != nil else {
            throw XCTSkip("weston is not installed (scripts/bootstrap.sh installs it)")
        }
        let started = try HeadlessWeston(width: 800, height: 600)
        weston = started
        return started
    }

    /// Starts `demo clock` with `arguments` under `weston` and waits (at most `timeout` seconds) until a
    /// screenshot shows its face and second hand; returns that screenshot.
    private func startClock(_ arguments: [String], in weston: HeadlessWeston, timeout: TimeInterval = 10,
                            file: StaticString = #filePath, line: UInt = #line) throws -> (ChildProcess, ClockPicture) {
        let logs = try scratch("e2e-demo")
        let demo = try runDemo(["clock"] + arguments, environment: weston.clientEnvironment, logs: logs)
        var last: PNGPixels?
        var picture: ClockPicture?
        _ = try poll(timeout: timeout, interval: 0.25) {
            guard demo.isRunning else { return true }
            let image = try weston.screenshot()
            last = image
            if let found = ClockPicture(image), found.showsFace, found.secondHandAngle() != nil { picture = found }
            return picture != nil
        }
        if let picture { return (demo, picture) }
        if let last { save(last, as: "clock-never-shown.png") }
        let why = demo.isRunning
            ? "no screenshot showed the clock within \(timeout) s (last one: \(artifact("clock-never-shown.png")))"
            : "demo clock ended (\(demo.termination.map { "\($0)" } ?? "?")) before showing the clock"
        let failure = Failure("\(why); demo stderr:\n\(demo.stderr.suffix(2000))\nweston log:\n\(weston.log.suffix(1500))")
        XCTFail(failure.description, file: file, line: line)
        throw failure
    }

    private func artifact(_ name: String) -> String { DemoBinary.artifactsDirectory.appendingPathComponent(name).path }

    private func save(_ image: PNGPixels, as name: String) {
        image.save(to: DemoBinary.artifactsDirectory.appendingPathComponent(name))
    }

    // MARK: Tests

    func testClockWithoutCompositorFailsWithOneLineNamingTheDisplay() throws {
        let runtime = try scratch("e2e-runtime")
        let display = "/nonexistent/wayland-nowhere"
        let demo = try runDemo(["clock"], environment: environment(with: [
            "WAYLAND_DISPLAY": display, "XDG_RUNTIME_DIR": runtime.url.path, "WAYLAND_SOCKET": nil, "DISPLAY": nil,
        ]), logs: runtime)

        XCTAssertTrue(demo.waitForExit(timeout: 10), "demo clock did not exit within 10 s without a compositor")
        XCTAssertEqual(demo.termination, .exit(1), "stderr: \(demo.stderr)")
        XCTAssertEqual(demo.stderrLines.count, 1, "stderr should be exactly one line, was:\n\(demo.stderr)")
        XCTAssertTrue(demo.stderr.contains(display), "stderr should name \(display), was:\n\(demo.stderr)")
    }

    /// A relative display name needs XDG_RUNTIME_DIR: without it the demo says so in one line of its
    /// own (libwayland's "XDG_RUNTIME_DIR is invalid or not set" does not appear).
    func testClockWithoutXDGRuntimeDirFailsWithOneLineNamingTheVariable() throws {
        let logs = try scratch("e2e-no-runtime")
        let demo = try runDemo(["clock"], environment: environment(with: [
            "WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": nil, "WAYLAND_SOCKET": nil, "DISPLAY": nil,
        ]), logs: logs)

        XCTAssertTrue(demo.waitForExit(timeout: 10), "demo clock did not exit within 10 s without XDG_RUNTIME_DIR")
        XCTAssertEqual(demo.termination, .exit(1), "stderr: \(demo.stderr)")
        XCTAssertEqual(demo.stderrLines.count, 1, "stderr should be exactly one line, was:\n\(demo.stderr)")
        XCTAssertTrue(demo.stderr.hasPrefix("demo: ") && demo.stderr.contains("XDG_RUNTIME_DIR is not set"),
                      "stderr should name XDG_RUNTIME_DIR, was:\n\(demo.stderr)")
    }

    func testUnknownDemoExitsWithStatus2AndListsTheDemos() throws {
        let logs = try scratch("e2e-unknown")
        let demo = try runDemo(["no-such-demo"], environment: environment(with: [
            "WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere", "XDG_RUNTIME_DIR": logs.url.path,
        ]), logs: logs)

        XCTAssertTrue(demo.waitForExit(timeout: 10), "demo no-such-demo did not exit within 10 s")
        XCTAssertEqual(demo.termination, .exit(2))
        XCTAssertTrue((demo.stdout + demo.stderr).contains("clock"),
                      "the list of demos should contain clock; stdout:\n\(demo.stdout)\nstderr:\n\(demo.stderr)")
    }

    func testClockShowsFaceAndHandsAtTheGivenTimeAndTheSecondHandMoves() throws {
        let weston = try startWeston()
        // Bare: the picture analysis takes the whole window for the clock (weston leaves decorations to the client).
        let (demo, first) = try startClock(["--time", "10:08:30", "--size", "800x600", "--no-decorations"], in: weston)
        save(first.image, as: "clock-first.png")
        Thread.sleep(forTimeInterval: 1.5) // from the end of the first screenshot: a second hand tick happens
        let secondImage = try weston.screenshot()
        save(secondImage, as: "clock-second.png")
        XCTAssertTrue(demo.isRunning, "demo clock ended (\(demo.termination.map { "\($0)" } ?? "?")): \(demo.stderr)")
        let context = "\(first.summary); screenshots: \(artifact("clock-first.png")), \(artifact("clock-second.png"))"

        assertFace(first, context)
        assertHourAndMinuteHands(first, hourDegrees: 300, minuteDegrees: 48...54, context)

        // The second hand: 10:08:30 points straight down; a few ticks may have passed before the screenshot.
        guard let s1 = first.secondHandAngle() else { return XCTFail("no red second hand; \(context)") }
        XCTAssertGreaterThan(s1.count, 100, "too few red pixels for a second hand; \(context)")
        let sinceStart = normalizedDegrees(s1.degrees - 180 + 3) - 3 // in [-3, 357)
        XCTAssertTrue((-3...63).contains(sinceStart),
                      "second hand at \(s1.degrees)°, expected 180° + k×6° for a few k; \(context)")
        XCTAssertLessThanOrEqual(distanceToMultiple(of: 6, sinceStart), 2,
                                 "second hand at \(s1.degrees)° is between seconds; \(context)")

        guard let second = ClockPicture(secondImage), let s2 = second.secondHandAngle() else {
            return XCTFail("the second screenshot shows no clock; \(context)")
        }
        let moved = normalizedDegrees(s2.degrees - s1.degrees)
        XCTAssertTrue((4.5...60).contains(moved),
                      "the second hand should move by at least one second (6°) in 1.5 s: \(s1.degrees)° → \(s2.degrees)°; \(context)")

        XCTAssertEqual(first.redPixels().outside.count, 0, "red pixels outside the face; \(context)")
        XCTAssertEqual(second.redPixels().outside.count, 0, "red pixels outside the face (second screenshot); \(context)")
    }

    func testASizeLargerThanTheOutputIsLimitedToItWithOneLine() throws {
        let weston = try startWeston()
        let (demo, picture) = try startClock(["--time", "10:08:30", "--size", "16384x16384", "--no-decorations"], in: weston)
        // weston sends no configure bounds: without the limit the window would be 16384x16384 (1 GiB a buffer).
        XCTAssertEqual(demo.stderrLines, ["demo: warning: window size 16384x16384 is larger than the outputs (800x600); using 800x600"])
        let window = picture.window
        XCTAssertTrue(window.x == 0 && window.y == 0 && window.width == 800 && window.height == 600,
                      "the window covers \(window), not the 800x600 output")
        let status = (try? String(contentsOfFile: "/proc/\(demo.pid)/status", encoding: .utf8)) ?? ""
        let peakKiB = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        XCTAssertGreaterThan(peakKiB, 0, "no VmHWM for the demo")
        XCTAssertLessThan(peakKiB, 400 * 1024, "the demo's peak memory is \(peakKiB / 1024) MB")
    }

    func testClockExitsWithAMessageWhenTheCompositorGoesAway() throws {
        let weston = try startWeston()
        let (demo, _) = try startClock(["--time", "10:08:30", "--size", "800x600"], in: weston)

        weston.kill()
        XCTAssertTrue(demo.waitForExit(timeout: 2), "demo clock still runs 2 s after the compositor died")
        guard let termination = demo.termination else { return }
        if case .exit(let status) = termination {
            XCTAssertNotEqual(status, 0, "demo clock should fail when the compositor goes away")
        } else {
            XCTFail("demo clock died of \(termination) instead of exiting; stderr:\n\(demo.stderr)")
        }
        let lastLine = demo.stderrLines.last ?? ""
        XCTAssertTrue(["compositor", "connection"].contains { lastLine.lowercased().contains($0) },
                      "the last line of stderr should mention the compositor or the connection, was: \(lastLine)")
    }
}

/// The distance from `value` to the nearest multiple of `step`.
func distanceToMultiple(of step: Double, _ value: Double) -> Double {
    let r = abs(value).truncatingRemainder(dividingBy: step)
    return min(r, step - r)
}
