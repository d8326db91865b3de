#if os(Linux)
import Foundation
import WaylandTestSupport
import XCTest
@testable import WaylandShell

/// The check of XDG_RUNTIME_DIR before connecting: libwayland needs it only for a relative display
/// name, and would print its own line before failing.
final class RuntimeDirectoryTests: XCTestCase {
    private func problem(_ variables: [String: String]) -> String? {
        WaylandError.runtimeDirectoryProblem { variables[$0] }?.message
    }

    func testARelativeDisplayWithoutTheDirectoryIsRefusedNamingTheVariable() {
        XCTAssertEqual(problem([:]), "cannot connect to Wayland display 'wayland-0': XDG_RUNTIME_DIR is not set "
                       + "(set it, or WAYLAND_DISPLAY to the socket's absolute path)")
        XCTAssertEqual(problem(["WAYLAND_DISPLAY": "wayland-3", "XDG_RUNTIME_DIR": ""])?.hasPrefix(
            "cannot connect to Wayland display 'wayland-3': XDG_RUNTIME_DIR is not set"), true, "empty counts as unset")
    }

    func testADirectoryThatIsNotOneIsRefused() {
        XCTAssertEqual(problem(["XDG_RUNTIME_DIR": "/etc/passwd"]),
                       "cannot connect to Wayland display 'wayland-0': XDG_RUNTIME_DIR '/etc/passwd' is not a directory")
        XCTAssertNotNil(problem(["XDG_RUNTIME_DIR": "relative/dir"]), "libwayland wants an absolute path")
        XCTAssertNotNil(problem(["XDG_RUNTIME_DIR": "/nonexistent-runtime-\(getpid())"]))
    }

    func testNoDirectoryIsNeededForAnAbsoluteSocketOrAnInheritedOne() {
        XCTAssertNil(problem(["WAYLAND_DISPLAY": "/run/user/1000/wayland-0"]))
        XCTAssertNil(problem(["WAYLAND_SOCKET": "5"]))
        XCTAssertNil(problem(["XDG_RUNTIME_DIR": NSTemporaryDirectory()]))
    }

    func testAWindowWithoutTheDirectoryThrowsTheClearError() throws {
        try withEnvironment("WAYLAND_SOCKET", nil) {
            try withEnvironment("WAYLAND_DISPLAY", "wayland-nonexistent-test") {
                try withEnvironment("XDG_RUNTIME_DIR", nil) {
                    XCTAssertThrowsError(try WaylandWindow(title: "t", appID: "test", width: 10, height: 10)) { error in
                        XCTAssertTrue("\(error)".contains("XDG_RUNTIME_DIR is not set"), "\(error)")
                    }
                }
            }
        }
    }
}
#endif
