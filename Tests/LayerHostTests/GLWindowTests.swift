#if os(Linux)
import Foundation
import LayerHost
@testable import QuartzCore
import WaylandShell
import WaylandTestSupport
import XCTest

/// A window drawn with OpenGL ES through EGL under a private headless weston (Mesa's software
/// rasterizer, through `wl_shm`): GL when asked for, shared memory when not, and a fall back to
/// software in the same window when GL fails while it runs.
final class GLWindowTests: XCTestCase {
    private func openHost(on weston: WestonProcess, renderer: CARenderBackend?) throws -> WaylandLayerHost {
        try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) {
            try withEnvironment("CA_RENDERER", nil) {
                try WaylandLayerHost(title: "GL", size: CGSize(width: 160, height: 120), decorations: false, renderer: renderer)
            }
        }
    }

    /// A square moving across the window for `duration` seconds from now.
    private func animatedSquare(in host: WaylandLayerHost, duration: CFTimeInterval) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        host.rootLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        host.rootLayer.addSublayer(square)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 140
        move.duration = duration
        square.add(move, forKey: "move")
        CATransaction.commit()
        return square
    }

    func testUnaskedTheWindowDrawsWithGLOnAGPUAndInSoftwareOnACPURasterizer() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let host = try openHost(on: weston, renderer: nil)
        host.window.didFail = { XCTFail("window failed: \($0)\n\(weston.log)") }
        let display = try XCTUnwrap(host.window.eglDisplay, "an EGL display on the connection")
        let onCPU = try GLESContext.windowRoot(on: display).isSoftwareRasterizer
        XCTAssertEqual(host.requestedRenderer, onCPU ? .software : .gl)
        _ = animatedSquare(in: host, duration: 0.5)
        XCTAssertTrue(runMainLoop(timeout: 5) { host.window.framesCommitted >= 3 }, "frames\n\(weston.log)")
        XCTAssertEqual(host.window.drawsWithEGL, !onCPU)
        XCTAssertEqual(host.activeRenderer, onCPU ? .software : .gl)
    }

    func testAskedForGLTheWindowDrawsThroughItsEGLSurface() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let host = try openHost(on: weston, renderer: .gl)
        host.window.didFail = { XCTFail("window failed: \($0)\n\(weston.log)") }
        XCTAssertEqual(host.requestedRenderer, .gl)
        _ = animatedSquare(in: host, duration: 0.5)
        XCTAssertTrue(runMainLoop(timeout: 5) { host.window.framesCommitted >= 3 }, "frames\n\(weston.log)")
        XCTAssertTrue(host.window.drawsWithEGL, "the window draws through its EGL surface")
        XCTAssertEqual(host.activeRenderer, .gl)
    }

    func testTheSoftwareRendererDrawsIntoSharedMemory() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let host = try openHost(on: weston, renderer: .software)
        _ = animatedSquare(in: host, duration: 0.3)
        XCTAssertTrue(runMainLoop(timeout: 5) { host.window.framesCommitted >= 3 }, "frames\n\(weston.log)")
        XCTAssertFalse(host.window.drawsWithEGL)
        XCTAssertEqual(host.activeRenderer, .software)
    }

    /// GL failing mid-animation (as a lost context would): the window goes on in shared memory with
    /// the software renderer, the animation keeps drawing frames, nothing else changes.
    func testAGLFailureWhileRunningFallsBackToSoftwareInTheSameWindow() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let host = try openHost(on: weston, renderer: .gl)
        host.window.didFail = { XCTFail("window failed: \($0)\n\(weston.log)") }
        _ = animatedSquare(in: host, duration: 3)
        XCTAssertTrue(runMainLoop(timeout: 5) { host.window.framesCommitted >= 5 }, "GL frames\n\(weston.log)")
        XCTAssertTrue(host.window.drawsWithEGL)

        host.simulateGLFailure()
        XCTAssertTrue(runMainLoop(timeout: 3) { !host.window.drawsWithEGL }, "the window left its EGL surface")
        XCTAssertEqual(host.activeRenderer, .software)
        let afterFallback = host.window.framesCommitted
        XCTAssertTrue(runMainLoop(timeout: 3) { host.window.framesCommitted >= afterFallback + 10 },
                      "the animation goes on in software: \(host.window.framesCommitted - afterFallback) frames\n\(weston.log)")
        XCTAssertFalse(host.window.drawsWithEGL, "GL is not tried again")
    }

    func testCA_GLES_DISABLEKeepsTheWindowInSoftware() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let host = try withEnvironment("CA_GLES_DISABLE", "1") { try openHost(on: weston, renderer: .gl) }
        _ = animatedSquare(in: host, duration: 0.3)
        XCTAssertTrue(runMainLoop(timeout: 5) { host.window.framesCommitted >= 3 }, "frames\n\(weston.log)")
        XCTAssertFalse(host.window.drawsWithEGL)
        XCTAssertEqual(host.activeRenderer, .software)
    }
}
#endif
