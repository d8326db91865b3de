import Foundation
import WaylandTestSupport
import XCTest

/// A compositor socket that accepts the connection and never answers: the demo gives up after
/// `CA_WAYLAND_TIMEOUT` seconds (5 unless set) with one line naming the display, and exit status 1.
final class SilentCompositorEndToEndTests: XCTestCase {
    private func runClock(against silent: SilentCompositor, timeout: String?) throws
        -> (termination: ChildProcess.Termination?, stderrLines: [String], seconds: TimeInterval) {
        let logs = try ScratchDirectory("e2e-silent")
        defer { logs.remove() }
        let env = environment(with: ["WAYLAND_DISPLAY": silent.socketName, "XDG_RUNTIME_DIR": silent.runtimeDirectory,
                                     "CA_WAYLAND_TIMEOUT": timeout, "WAYLAND_SOCKET": nil])
        let start = Date()
        let demo = try ChildProcess(name: "demo", executable: try DemoBinary.locate().get(), arguments: ["clock"],
                                    environment: env, logDirectory: logs.url)
        let ended = demo.waitForExit(timeout: 15)
        let seconds = Date().timeIntervalSince(start)
        if !ended { demo.stop() }
        XCTAssertTrue(ended, "demo clock still waits on a silent compositor after 15 s")
        return (demo.termination, demo.stderrLines, seconds)  // read before the log directory goes
    }

    func testTheDemoEndsWithOneLineWhenTheCompositorNeverAnswers() throws {
        let silent = try SilentCompositor()
        defer { silent.stop() }
        let demo = try runClock(against: silent, timeout: "1")
        XCTAssertEqual(demo.termination, .exit(1), "\(demo.stderrLines)")
        XCTAssertEqual(demo.stderrLines, ["demo: the Wayland display '\(silent.socketName)' did not answer within 1 s (CA_WAYLAND_TIMEOUT)"])
        XCTAssertLessThan(demo.seconds, 5, "the wait is bounded by CA_WAYLAND_TIMEOUT")
        XCTAssertEqual(silent.acceptPending(), 1, "the demo connected; the socket never answered")
    }

    func testTheDefaultTimeoutIsFiveSeconds() throws {
        let silent = try SilentCompositor()
        defer { silent.stop() }
        let demo = try runClock(against: silent, timeout: nil)
        XCTAssertEqual(demo.termination, .exit(1), "\(demo.stderrLines)")
        XCTAssertEqual(demo.stderrLines, ["demo: the Wayland display '\(silent.socketName)' did not answer within 5 s (CA_WAYLAND_TIMEOUT)"])
        XCTAssertGreaterThanOrEqual(demo.seconds, 5)
        XCTAssertLessThan(demo.seconds, 10)
    }
}
