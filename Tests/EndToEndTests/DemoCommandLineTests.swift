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
