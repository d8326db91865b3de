#if os(Linux)
import CALinuxWaylandProtocols
import XCTest
@testable import WaylandShell

final class WindowStatesTests: XCTestCase {
    func testConfigureStatesAreReadFromTheXdgValues() {
        let states = WaylandWindowStates(xdgStates: [XDG_TOPLEVEL_STATE_MAXIMIZED.rawValue,
                                                     XDG_TOPLEVEL_STATE_ACTIVATED.rawValue, 9999])
        XCTAssertEqual(states, [.maximized, .activated])
        XCTAssertTrue(states.isConstrained)
    }

    func testOnlyMaximizedFullscreenAndTiledConstrainTheSize() {
        XCTAssertFalse(WaylandWindowStates([.activated, .resizing]).isConstrained)
        XCTAssertTrue(WaylandWindowStates.fullscreen.isConstrained)
        XCTAssertTrue(WaylandWindowStates.tiledLeft.isConstrained)
    }

    func testResizeEdgesMapToTheXdgEnum() {
        XCTAssertEqual(WaylandResizeEdges.top.xdgResizeEdge, XDG_TOPLEVEL_RESIZE_EDGE_TOP.rawValue)
        XCTAssertEqual(WaylandResizeEdges.right.xdgResizeEdge, XDG_TOPLEVEL_RESIZE_EDGE_RIGHT.rawValue)
        XCTAssertEqual(WaylandResizeEdges([.top, .left]).xdgResizeEdge, XDG_TOPLEVEL_RESIZE_EDGE_TOP_LEFT.rawValue)
        XCTAssertEqual(WaylandResizeEdges([.bottom, .right]).xdgResizeEdge, XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
        XCTAssertEqual(WaylandResizeEdges([.bottom, .left]).cursorName, "bottom_left_corner")
    }

    func testSizeLimitsAreClampedToTheProtocolsRange() {
        XCTAssertTrue(WaylandWindow.sizeLimit((-5, 300)) == (0, 300))
        XCTAssertTrue(WaylandWindow.sizeLimit((1_000_000, 0)) == (16384, 0))
    }
}

final class FractionalScaleGeometryTests: XCTestCase {
    func testAFractionalScaleMultipliesTheLogicalSize() {
        let result = SurfaceGeometry.resolve(configuredWidth: 800, configuredHeight: 600,
                                             preferredWidth: 10, preferredHeight: 10, scale: 2, scale120: 180)
        XCTAssertEqual(result.geometry.pixelWidth, 1200)
        XCTAssertEqual(result.geometry.pixelHeight, 900)
        XCTAssertEqual(result.geometry.scale, 1, "the buffer scale stays 1 with a viewport")
        XCTAssertEqual(result.geometry.contentScale, 1.5)
    }

    func testFractionalPixelSizesRoundHalfwayAwayFromZero() {
        // 1.25: 101 × 1.25 = 126.25 → 126; 1.5: 101 × 1.5 = 151.5 → 152; 1.75: 3 × 1.75 = 5.25 → 5.
        XCTAssertEqual(SurfaceGeometry.pixels(101, scale: 1, scale120: 150), 126)
        XCTAssertEqual(SurfaceGeometry.pixels(101, scale: 1, scale120: 180), 152)
        XCTAssertEqual(SurfaceGeometry.pixels(3, scale: 1, scale120: 210), 5)
        XCTAssertEqual(SurfaceGeometry.pixels(101, scale: 2, scale120: 0), 202)
    }

    func testAnIntegerScaleIsUsedWithoutAFractionalOne() {
        let geometry = SurfaceGeometry(width: 800, height: 600, scale: 2)
        XCTAssertFalse(geometry.isFractional)
        XCTAssertEqual(geometry.contentScale, 2)
        XCTAssertEqual(geometry.pixelWidth, 1600)
    }

    func testFractionalSizesAreClampedToTheLargestBuffer() {
        let result = SurfaceGeometry.resolve(configuredWidth: 20_000, configuredHeight: 100,
                                             preferredWidth: 10, preferredHeight: 10, scale: 1, scale120: 180)
        XCTAssertLessThanOrEqual(result.geometry.pixelWidth, SurfaceGeometry.maximumPixelSide)
        XCTAssertEqual(result.geometry.width, 10922)
        XCTAssertNotNil(result.warning)
    }
}
#endif
