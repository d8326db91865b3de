#if os(Linux)
import Foundation
import LayerHost
import WaylandShell
import WaylandTestSupport
import XCTest

/// A window asked for more than the outputs show is limited to them: with one line on standard error
/// when the size was asked for, silently for a default size nobody chose (UIKit's window for an app
/// that gave none).
final class OutputFitTests: XCTestCase {
    /// What `body` writes to standard error (fd 2 pointed at a file meanwhile).
    private func standardError(of body: () throws -> Void) rethrows -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(getpid())-\(UUID().uuidString)").path
        fflush(stderr)
        let saved = dup(STDERR_FILENO)
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        dup2(file, STDERR_FILENO)
        defer {
            fflush(stderr)
            dup2(saved, STDERR_FILENO)
            close(saved)
            close(file)
        }
        try body()
        fflush(stderr)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    func testATooLargeSizeIsLimitedQuietlyOnlyWhenNobodyAskedForIt() throws {
        let weston = try WestonProcess(width: 400, height: 300)
        defer { weston.stop() }
        for quietly in [false, true] {
            var host: WaylandLayerHost?
            let written = try standardError {
                host = try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) {
                    try WaylandLayerHost(title: "fit", size: CGSize(width: 390, height: 844), decorations: false,
                                         renderer: .software, fitsOutputsQuietly: quietly)
                }
            }
            let window = try XCTUnwrap(host?.window)
            XCTAssertLessThanOrEqual(window.height, 300, "limited to the 400x300 output either way")
            if quietly {
                XCTAssertFalse(written.contains("larger than the outputs"), written)
            } else {
                XCTAssertTrue(written.contains("window size 390x844 is larger than the outputs (400x300)"), written)
            }
            host = nil
        }
    }
}
#endif
