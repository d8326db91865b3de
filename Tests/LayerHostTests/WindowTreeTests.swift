#if os(Linux)
import Foundation
@testable import LayerHost
import QuartzCore
import WaylandShell
import WaylandTestSupport
import XCTest

/// A window is one layer tree: the content area placed below the title bar the host draws
/// (weston leaves decorations to the client), the decorations over it, one render server.
final class WindowTreeTests: XCTestCase {
    func testADecoratedWindowIsOneTreeWithTheContentBelowTheTitleBar() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let host = try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) {
            try WaylandLayerHost(title: "Tree", size: CGSize(width: 240, height: 160), decorations: true, renderer: .software)
        }
        host.window.didFail = { XCTFail("window failed: \($0)\n\(weston.log)") }
        XCTAssertTrue(runMainLoop(timeout: 5) { host.window.framesCommitted >= 1 }, "a frame\n\(weston.log)")
        let names = host.windowLayer.sublayers?.map { $0.name ?? "" }
        XCTAssertEqual(names, ["content", "decorations"], "the content, then the decorations over it")
        XCTAssertTrue(host.rootLayer.superlayer?.superlayer === host.windowLayer)
        let inset = DecorationLayout.titleBarHeight
        XCTAssertEqual(host.rootLayer.frame.origin, .zero, "the root's frame keeps its origin at zero")
        XCTAssertEqual(host.rootLayer.convert(CGPoint(x: 10, y: inset + 5), from: host.windowLayer), CGPoint(x: 10, y: 5))
        XCTAssertEqual(host.contentSize.height, host.windowLayer.bounds.height - inset)
        XCTAssertEqual(host.rootLayer.presentation()?.bounds.size, host.contentSize,
                       "presentation() of the root reads the window's tree")
    }

    func testTheRendererPossibilitiesAreTriedInOrder() {
        XCTAssertEqual(WindowRendererChoice.possibilities(asked: nil), [.gl(onGPUOnly: true), .software])
        XCTAssertEqual(WindowRendererChoice.possibilities(asked: .gl), [.gl(onGPUOnly: false), .software])
        XCTAssertEqual(WindowRendererChoice.possibilities(asked: .software), [.software])
    }
}
#endif
