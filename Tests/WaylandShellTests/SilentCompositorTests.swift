#if os(Linux)
import Dispatch
import WaylandTestSupport
import XCTest
@testable import WaylandShell

/// A compositor that accepts the connection and never answers: the start-up roundtrips give up
/// after the timeout with an error naming the display, instead of blocking forever.
final class SilentCompositorTests: XCTestCase {
    func testASilentCompositorEndsTheConnectionWithinTheTimeout() throws {
        let silent = try SilentCompositor()
        defer { silent.stop() }
        try withEnvironment("WAYLAND_DISPLAY", silent.socketPath) {
            let start = DispatchTime.now().uptimeNanoseconds
            XCTAssertThrowsError(try WaylandConnection(timeout: 0.5)) { error in
                XCTAssertEqual("\(error)", "the Wayland display '\(silent.socketPath)' did not answer within 0.5 s (CA_WAYLAND_TIMEOUT)")
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            XCTAssertGreaterThanOrEqual(seconds, 0.5)
            XCTAssertLessThan(seconds, 3, "the wait is bounded by the timeout")
        }
        XCTAssertEqual(silent.acceptPending(), 1, "the client did connect, and the socket stayed silent")
    }

    func testTheTimeoutComesFromTheEnvironmentAndABadValueIsNamed() {
        XCTAssertEqual(WaylandConnection.parseAnswerTimeout(nil), 5)
        XCTAssertEqual(WaylandConnection.parseAnswerTimeout(""), 5)
        XCTAssertEqual(WaylandConnection.parseAnswerTimeout("0.25"), 0.25)
        XCTAssertEqual(WaylandConnection.parseAnswerTimeout("30"), 30)
        for bad in ["0", "-1", "soon", "nan", "inf"] {
            XCTAssertEqual(WaylandConnection.parseAnswerTimeout(bad), 5, bad)
        }
        XCTAssertEqual(WaylandConnection.formatted(5), "5")
        XCTAssertEqual(WaylandConnection.formatted(0.5), "0.5")
    }
}
#endif
