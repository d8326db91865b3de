import Foundation
import XCTest

/// The `demo` command line (swift-argument-parser): a demo's `--help` lists the options that apply to
/// it, and a bad option is named on one line with status 2.
final class DemoCommandLineTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> ChildProcess {
        let exe = try DemoBinary.locate().get()
        let demo = try ChildProcess(name: "demo", executable: exe, arguments: arguments,
                                    environment: environment(with: ["WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere"]),
                                    logDirectory: FileManager.default.temporaryDirectory)
        XCTAssertTrue(demo.waitForExit(timeout: 10), "demo \(arguments.joined(separator: " ")) did not end")
        return demo
    }

    func testADemosHelpListsItsOwnOptionsOnly() throws {
        let lcd = try run(["lcd-clock", "--help"])
        XCTAssertEqual(lcd.termination, .exit(0))
        XCTAssertTrue(lcd.stdout.contains("--filter <filter>"), lcd.stdout)
        XCTAssertTrue(lcd.stdout.contains("--snapshot <file.png>"), "the options of every demo")
        XCTAssertFalse(lcd.stdout.contains("--layers"), "bench's option is not lcd-clock's")
        let ball = try run(["ball", "--help"])
        XCTAssertTrue(ball.stdout.contains("variants: keyframes"), ball.stdout)
        XCTAssertTrue(ball.stdout.contains("--easing"), ball.stdout)
        XCTAssertFalse(ball.stdout.contains("--filter"), ball.stdout)
        let bench = try run(["bench", "-h"])
        XCTAssertTrue(bench.stdout.contains("--layers <n>"), bench.stdout)
        XCTAssertFalse(bench.stdout.contains("--variant"), "bench has no variants")
    }

    /// With standard error and output gone (pipes nobody reads any more), a demo's messages fail
    /// quietly: an unknown demo still ends with status 2, a snapshot with 0 and its picture written,
    /// not with a trap or SIGPIPE.
    func testClosedStandardStreamsNeitherKillNorTrap() throws {
        let exe = try DemoBinary.locate().get()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("closed-streams-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = dir.appendingPathComponent("actions.png")
        for (arguments, status) in [(["nosuchdemo"], Int32(2)), (["actions", "--snapshot", picture.path], 0)] {
            let process = Process()
            process.executableURL = exe
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["WAYLAND_DISPLAY"] = "/nonexistent/wayland-nowhere"
            process.environment = environment
            let output = Pipe(), errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            // Nobody reads either stream: every write fails (EPIPE).
            try output.fileHandleForReading.close()
            try errors.fileHandleForReading.close()
            try process.run()
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "demo \(arguments): killed by signal \(process.terminationStatus)")
            XCTAssertEqual(process.terminationStatus, status, "demo \(arguments)")
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: picture.path))
    }

    func testBadOptionsAreNamedOnOneLineWithStatus2() throws {
        for (arguments, named) in [(["clock", "--frob"], "--frob"), (["clock", "--size", "0x1"], "--size"),
                                   (["clock", "--filter", "linear"], "--filter applies only to lcd-clock"),
                                   (["lcd-clock", "--filter", "cubic"], "--filter"), (["clock", "--snapshot"], "--snapshot"),
                                   (["clock", "--fps", "30"], "--fps"), (["bench", "--layers", "0"], "--layers")] {
            let demo = try run(arguments)
            let what = "demo \(arguments.joined(separator: " "))"
            XCTAssertEqual(demo.termination, .exit(2), "\(what): \(demo.stderr)")
            XCTAssertEqual(demo.stderrLines.count, 1, "\(what): \(demo.stderr)")
            XCTAssertTrue(demo.stderr.contains(named), "\(what) should name \(named): \(demo.stderr)")
        }
    }

    func testTheGeneralHelpListsEveryOptionAndTheDemos() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.termination, .exit(0))
        for option in ["--record <file>", "--layers <n>", "--filter <filter>", "--renderer <renderer>"] {
            XCTAssertTrue(help.stdout.contains(option), "\(option) in:\n\(help.stdout)")
        }
        XCTAssertTrue(help.stdout.contains("  clock "), help.stdout)
    }
}
