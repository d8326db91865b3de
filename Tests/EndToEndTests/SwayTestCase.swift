import Foundation
import XCTest

/// Shared set-up of the end-to-end tests under a headless sway (`HeadlessSway`): starting sway (the tests
/// skip only when sway is not installed), running the real `demo` inside it, reading its `--trace` file.
///
/// Every child process is stopped in tearDown (SIGTERM, then SIGKILL), every wait is bounded, and every
/// scratch directory is removed. Screenshots are kept in `<build dir>/end-to-end/` for a person to look at.
class SwayTestCase: XCTestCase {
    private var children: [ChildProcess] = []
    private var scratches: [ScratchDirectory] = []
    private(set) var sway: HeadlessSway?

    override func tearDown() {
        for child in children { child.stop() }
        children = []
        sway?.stop()
        sway = nil
        for scratch in scratches { scratch.remove() }
        scratches = []
        super.tearDown()
    }

    // MARK: Processes

    func startSway(width: Int = 800, height: Int = 600) throws -> HeadlessSway {
        guard HeadlessSway.swayExecutable != nil else {
            throw XCTSkip("sway is not installed (scripts/bootstrap.sh tests installs it)")
        }
        let started = try HeadlessSway(width: width, height: height)
        sway = started
        return started
    }

    func scratch(_ prefix: String) throws -> ScratchDirectory {
        let dir = try ScratchDirectory(prefix)
        scratches.append(dir)
        return dir
    }

    func demoExecutable(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        switch DemoBinary.locate() {
        case .success(let url): return url
        case .failure(let failure):
            XCTFail(failure.description, file: file, line: line)
            throw failure
        }
    }

    /// Starts `demo` (or `executable`) with `arguments` as a client of `sway`.
    func runDemo(_ arguments: [String], in sway: HeadlessSway, executable: URL? = nil,
                 extraEnvironment: [String: String] = [:], workingDirectory: URL? = nil) throws -> ChildProcess {
        let logs = try scratch("e2e-demo")
        let env = sway.clientEnvironment.merging(extraEnvironment) { $1 }
        let child = try ChildProcess(name: "demo", executable: try executable ?? demoExecutable(), arguments: arguments,
                                     environment: env, workingDirectory: workingDirectory, logDirectory: logs.url)
        children.append(child)
        return child
    }

    /// Starts a client program other than the demo (e.g. a reference client), found on PATH.
    func runClient(_ executable: URL, _ arguments: [String], in sway: HeadlessSway) throws -> ChildProcess {
        let logs = try scratch("e2e-client")
        let child = try ChildProcess(name: executable.lastPathComponent, executable: executable, arguments: arguments,
                                     environment: sway.clientEnvironment, logDirectory: logs.url)
        children.append(child)
        return child
    }

    func describe(_ child: ChildProcess) -> String {
        "\(child.name) \(child.termination.map { "ended with \($0)" } ?? "runs"); stderr:\n\(child.stderr.suffix(1500))"
    }

    // MARK: Clock

    /// Starts `demo clock` with `arguments` under `sway` and waits (at most `timeout` seconds) until a
    /// screenshot shows its face and second hand; returns the demo and that picture.
    func startClock(_ arguments: [String], in sway: HeadlessSway, timeout: TimeInterval = 10,
                    file: StaticString = #filePath, line: UInt = #line) throws -> (ChildProcess, ClockPicture) {
        let demo = try runDemo(["clock"] + arguments, in: sway)
        let picture = try waitForClock(demo, in: sway, timeout: timeout, artifact: "sway-clock-never-shown.png", file: file, line: line)
        return (demo, picture)
    }

    /// Polls screenshots until one shows the clock (and `accept` takes it).
    func waitForClock(_ demo: ChildProcess, in sway: HeadlessSway, timeout: TimeInterval = 10, artifact name: String,
                      file: StaticString = #filePath, line: UInt = #line,
                      accept: (ClockPicture) -> Bool = { _ in true }) throws -> ClockPicture {
        var last: PNGPixels?
        var picture: ClockPicture?
        _ = try poll(timeout: timeout, interval: 0.2) {
            guard demo.isRunning else { return true }
            let image = try sway.screenshot()
            last = image
            if let found = ClockPicture(image), found.showsFace, found.secondHandAngle() != nil, accept(found) {
                picture = found
            }
            return picture != nil
        }
        if let picture { return picture }
        if let last { save(last, as: name) }
        let why = demo.isRunning
            ? "no screenshot showed the expected clock within \(timeout) s (last one: \(artifact(name)))"
            : "demo clock ended (\(demo.termination.map { "\($0)" } ?? "?")) before showing the clock"
        let failure = Failure("\(why); demo stderr:\n\(demo.stderr.suffix(2000))\nsway log:\n\(sway.log.suffix(1500))")
        XCTFail(failure.description, file: file, line: line)
        throw failure
    }

    func artifact(_ name: String) -> String { DemoBinary.artifactsDirectory.appendingPathComponent(name).path }

    func save(_ image: PNGPixels, as name: String) {
        image.save(to: DemoBinary.artifactsDirectory.appendingPathComponent(name))
    }

    // MARK: Trace

    /// Starts `demo` with `arguments + ["--trace", file]` and waits (at most `timeout` seconds) until its
    /// window is mapped (or a frame line is written). Skips, naming the missing feature, when the demo
    /// rejects `--trace` (or the demo name): those land with the render thread.
    ///
    /// The demo writes its trace as it runs (each render-thread turn's lines before it sleeps) and
    /// completes it when it ends; tests that count frames read it once the demo has ended:
    /// `finishTrace` stops it (SIGTERM) or waits for it to end by itself.
    func startTraced(_ arguments: [String], in sway: HeadlessSway, executable: URL? = nil, timeout: TimeInterval = 10,
                     extraEnvironment: [String: String] = [:], feature: String,
                     file: StaticString = #filePath, line: UInt = #line) throws -> (ChildProcess, URL) {
        let dir = try scratch("e2e-trace")
        let trace = dir.url.appendingPathComponent("trace.jsonl")
        let demo = try runDemo(arguments + ["--trace", trace.path], in: sway, executable: executable,
                               extraEnvironment: extraEnvironment)
        var shown = false
        _ = try poll(timeout: timeout, interval: 0.05) {
            let mapped = try sway.windowRect(pid: demo.pid) != nil
            shown = mapped || TraceLine.read(trace).contains { $0.type == "frame" }
            return !demo.isRunning || shown
        }
        if shown, demo.isRunning { return (demo, trace) }
        if !demo.isRunning {
            let said = (demo.stderr + demo.stdout)
            if case .exit(let status) = demo.termination, status != 0,
               said.lowercased().contains("unknown option") || said.contains("unknown demo") {
                throw XCTSkip("\(feature) is not there yet: `demo \(arguments.joined(separator: " ")) --trace FILE` said: "
                              + said.split(separator: "\n").prefix(2).joined(separator: " / "))
            }
        }
        let failure = Failure("`demo \(arguments.joined(separator: " ")) --trace` showed no window within \(timeout) s; \(describe(demo))")
        XCTFail(failure.description, file: file, line: line)
        throw failure
    }

    /// Ends a traced demo (SIGTERM, or waits up to `waitForExit` seconds when it ends by itself) and
    /// returns its trace's lines; fails when there is no frame line at all.
    func finishTrace(_ demo: ChildProcess, _ trace: URL, waitForExit: TimeInterval = 0,
                     file: StaticString = #filePath, line: UInt = #line) -> [TraceLine] {
        if waitForExit > 0, !demo.waitForExit(timeout: waitForExit) {
            XCTFail("the demo did not end by itself within \(waitForExit) s", file: file, line: line)
        }
        demo.stop()
        let lines = TraceLine.read(trace)
        if !lines.contains(where: { $0.type == "frame" }) {
            let exists = FileManager.default.fileExists(atPath: trace.path)
            XCTFail("no frame line in the trace \(exists ? "" : "(the demo never created it) ")after the demo ended "
                    + "(\(demo.termination.map { "\($0)" } ?? "?")): the demo must write its trace out when it ends "
                    + "on SIGTERM; stdout:\n\(demo.stdout.suffix(500))stderr:\n\(demo.stderr.suffix(1000))", file: file, line: line)
        }
        return lines
    }

    /// HEADLESS-1's refresh rate in Hz, from `swaymsg -t get_outputs` (mHz there).
    func refreshRate(of sway: HeadlessSway) throws -> Double {
        let json = try sway.swaymsg(["-t", "get_outputs", "-r"])
        let outputs = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let mode = try XCTUnwrap(outputs.first?["current_mode"] as? [String: Any], "no current mode in \(json)")
        let millihertz = try XCTUnwrap((mode["refresh"] as? NSNumber)?.doubleValue, "no refresh in \(mode)")
        XCTAssertGreaterThan(millihertz, 0)
        return millihertz / 1000
    }

    /// CLOCK_MONOTONIC in seconds: the clock of CACurrentMediaTime() and so of the trace.
    func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// One line of a `--trace` file: `{"type":"frame","seq":…,"target":…,"commit":…,"presented":…}` and the like.
struct TraceLine {
    let fields: [String: Any]
    let text: String
    var type: String? { fields["type"] as? String }
    func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }

    /// The commit times (else target times) of the frame lines, in order.
    static func frameTimes(_ lines: [TraceLine]) -> [Double] {
        lines.filter { $0.type == "frame" }.compactMap { $0.number("commit") ?? $0.number("target") }
    }

    /// The complete lines of the file (a line still being written is left out).
    static func read(_ url: URL) -> [TraceLine] {
        guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast() // after the last newline: empty, or a partial line
        return lines.compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return TraceLine(fields: object, text: line)
        }
    }
}
