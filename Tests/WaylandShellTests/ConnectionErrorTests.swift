#if os(Linux)
import WaylandTestSupport
import XCTest
@testable import WaylandShell

final class ConnectionErrorTests: XCTestCase {
    func testConnectingToAMissingAbsoluteSocketThrowsAnErrorNamingTheDisplay() throws {
        let display = "/tmp/waylandshell-no-such-dir-\(getpid())/wayland-nowhere"
        try withEnvironment("WAYLAND_DISPLAY", display) {
            XCTAssertThrowsError(try WaylandWindow(title: "t", appID: "test", width: 10, height: 10)) { error in
                guard let error = error as? WaylandError else { return XCTFail("not a WaylandError: \(error)") }
                XCTAssertEqual(error.description,
                               "cannot connect to Wayland display '\(display)': No such file or directory")
            }
        }
    }

    func testConnectingToAMissingSocketNameThrowsAnErrorNamingTheDisplay() throws {
        let runtime = NSTemporaryDirectory() + "waylandshell-empty-\(getpid())"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(atPath: runtime) }
        try withEnvironment("XDG_RUNTIME_DIR", runtime) {
            try withEnvironment("WAYLAND_DISPLAY", "wayland-nonexistent-test") {
                XCTAssertThrowsError(try WaylandWindow(title: "t", appID: "test", width: 10, height: 10)) { error in
                    XCTAssertTrue("\(error)".hasPrefix("cannot connect to Wayland display 'wayland-nonexistent-test': "),
                                  "\(error)")
                }
            }
        }
    }

    func testDisplayNameDefaultsToWayland0() {
        withEnvironment("WAYLAND_DISPLAY", nil) {
            XCTAssertEqual(WaylandConnection.displayName, "wayland-0")
        }
    }

    func testErrorMessagesNameWhatFailed() {
        XCTAssertEqual(WaylandError.missingGlobal("xdg_wm_base").description,
                       "the compositor does not offer xdg_wm_base (required)")
        XCTAssertEqual(WaylandError.protocolError(interface: "wl_surface", id: 3, code: 0).description,
                       "Wayland protocol error on wl_surface@3: code 0")
        XCTAssertEqual(WaylandError.disconnected(reason: "Broken pipe").description,
                       "lost the connection to the Wayland compositor: Broken pipe")
    }
}
#endif
