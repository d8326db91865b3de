#if os(Linux)
import XCTest
@testable import WaylandShell

final class SurfaceGeometryTests: XCTestCase {
    func testAZeroConfigureChoosesThePreferredSize() {
        let result = SurfaceGeometry.resolve(configuredWidth: 0, configuredHeight: 0,
                                             preferredWidth: 200, preferredHeight: 150, scale: 1)
        XCTAssertEqual(result.geometry, SurfaceGeometry(width: 200, height: 150, scale: 1))
        XCTAssertNil(result.warning)
    }

    func testAConfiguredSizeWins() {
        let result = SurfaceGeometry.resolve(configuredWidth: 640, configuredHeight: 0,
                                             preferredWidth: 200, preferredHeight: 150, scale: 2)
        XCTAssertEqual(result.geometry, SurfaceGeometry(width: 640, height: 150, scale: 2))
        XCTAssertEqual(result.geometry.pixelWidth, 1280)
    }

    func testThePreferredSizeIsLimitedByTheConfigureBounds() {
        let result = SurfaceGeometry.resolve(configuredWidth: 0, configuredHeight: 0,
                                             preferredWidth: 2000, preferredHeight: 150,
                                             boundsWidth: 1000, boundsHeight: 800, scale: 1)
        XCTAssertEqual(result.geometry, SurfaceGeometry(width: 1000, height: 150, scale: 1))
    }

    func testAbsurdSizesAreClampedWithAWarning() {
        let result = SurfaceGeometry.resolve(configuredWidth: 100_000, configuredHeight: 20_000,
                                             preferredWidth: 10, preferredHeight: 10, scale: 2)
        XCTAssertEqual(result.geometry, SurfaceGeometry(width: 8192, height: 8192, scale: 2))
        XCTAssertNotNil(result.warning)

        let tiny = SurfaceGeometry.resolve(configuredWidth: 0, configuredHeight: 0,
                                           preferredWidth: 0, preferredHeight: -5, scale: 1)
        XCTAssertEqual(tiny.geometry, SurfaceGeometry(width: 1, height: 1, scale: 1))
        XCTAssertNotNil(tiny.warning)
    }
}
#endif
