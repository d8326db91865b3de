#if os(Linux)
import Foundation
import LayerHost
import WaylandShell
import WaylandTestSupport
import XCTest

/// Two layer trees in two windows of one process, under a private headless weston: each window
/// draws its own tree's frames, only when its own tree changes; in software (shared memory) and
/// with OpenGL ES (an EGL display and root context per window's connection).
final class TwoWindowsTests: XCTestCase {
    private func openHost(on weston: WestonProcess, title: String, renderer: CARenderBackend) throws -> WaylandLayerHost {
        try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) {
            try WaylandLayerHost(title: title, size: CGSize(width: 120, height: 90), decorations: false, renderer: renderer)
        }
    }

    private func addSquare(to host: WaylandLayerHost) -> CALayer {
        host.rootLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        square.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        host.rootLayer.addSublayer(square)
        return square
    }

    func testTwoWindowsInOneProcessAnimateIndependently() throws {
        try twoWindowsAnimateIndependently(renderer: .software)
    }

    func testTwoGLWindowsInOneProcessAnimateIndependently() throws {
        try twoWindowsAnimateIndependently(renderer: .gl)
    }

    private func twoWindowsAnimateIndependently(renderer: CARenderBackend) throws {
        let weston = try WestonProcess(width: 400, height: 300)
        defer { weston.stop() }
        let a = try openHost(on: weston, title: "A", renderer: renderer), b = try openHost(on: weston, title: "B", renderer: renderer)
        for host in [a, b] { host.window.didFail = { XCTFail("window failed: \($0)\n\(weston.log)") } }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let squareA = addSquare(to: a), squareB = addSquare(to: b)
        CATransaction.commit()
        XCTAssertTrue(runMainLoop(timeout: 5) { a.window.framesCommitted >= 1 && b.window.framesCommitted >= 1 },
                      "both windows show their first frame\n\(weston.log)")
        runMainLoop(timeout: 0.3) { false }

        // A animates; B, whose tree did not change, draws nothing.
        let idleB = b.window.framesCommitted, startA = a.window.framesCommitted
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 100
        move.duration = 0.6
        squareA.add(move, forKey: "move")
        CATransaction.flush()
        runMainLoop(timeout: 1.2) { false }
        XCTAssertGreaterThan(a.window.framesCommitted - startA, 10, "A's animation drew frames")
        XCTAssertEqual(b.window.framesCommitted, idleB, "B drew nothing while A animated")

        // A change to B's tree redraws B alone, and only where its square is.
        let stillA = a.window.framesCommitted, damageB = b.window.frameStatistics.damagedPixels
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        squareB.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.commit()
        XCTAssertTrue(runMainLoop(timeout: 3) { b.window.framesCommitted > idleB }, "B redrew\n\(weston.log)")
        runMainLoop(timeout: 0.3) { false }
        XCTAssertEqual(b.window.framesCommitted, idleB + 1)
        XCTAssertEqual(a.window.framesCommitted, stillA, "A drew nothing for B's commit")
        // The square (20x20 points at scale 1) and the 2-pixel antialiasing margin around it; an EGL
        // surface without eglSwapBuffersWithDamage (Mesa's software path here) damages all of it.
        let damaged = b.window.frameStatistics.damagedPixels - damageB
        if b.window.drawsWithEGL {
            XCTAssertTrue(damaged == 24 * 24 || damaged == 120 * 90, "damaged \(damaged) pixels")
        } else {
            XCTAssertEqual(damaged, 24 * 24)
        }
        for host in [a, b] {
            XCTAssertEqual(host.activeRenderer, renderer, "\(host.window.title) draws with \(host.activeRenderer)\n\(weston.log)")
            XCTAssertEqual(host.window.drawsWithEGL, renderer == .gl)
        }
    }
}
#endif
