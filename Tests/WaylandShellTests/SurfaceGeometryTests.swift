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

    func testThePreferredSizeIsLimitedToTheLargestOutputWithOneLineSayingSo() {
        let limited = SurfaceGeometry.limitPreferred(width: 16384, height: 16384, outputs: (1920, 1080))
        XCTAssertEqual(limited.width, 1920)
        XCTAssertEqual(limited.height, 1080)
        XCTAssertEqual(limited.warning, "window size 16384x16384 is larger than the outputs (1920x1080); using 1920x1080")

        let oneSide = SurfaceGeometry.limitPreferred(width: 800, height: 5000, outputs: (1920, 1080))
        XCTAssertEqual(oneSide.width, 800)
        XCTAssertEqual(oneSide.height, 1080)

        let fits = SurfaceGeometry.limitPreferred(width: 1920, height: 1080, outputs: (1920, 1080))
        XCTAssertEqual(fits.width, 1920)
        XCTAssertNil(fits.warning)
    }

    func testWithoutOutputSizesThePreferredSizeHasAnAbsoluteLimit() {
        let limited = SurfaceGeometry.limitPreferred(width: 16384, height: 300, outputs: nil)
        XCTAssertEqual(limited.width, SurfaceGeometry.maximumSideWithoutOutputs)
        XCTAssertEqual(limited.height, 300)
        XCTAssertEqual(limited.warning,
                       "window size 16384x300 is larger than 4096x4096 points (no output tells its size); using 4096x300")
        XCTAssertNil(SurfaceGeometry.limitPreferred(width: 4096, height: 4096, outputs: nil).warning)
    }
}
#endif
