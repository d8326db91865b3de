import CoreGraphics
import XCTest

final class CGColorTests: XCTestCase {
    func testRGBColorHasFourComponentsWithAlphaLast() {
        let color = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
        XCTAssertEqual(color.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(color.numberOfComponents, 4)
        XCTAssertEqual(color.alpha, 0.4)
        XCTAssertEqual(color.colorSpace?.model, .rgb)
    }

    func testGrayColorHasGrayAndAlphaComponentsOnly() {
        let color = CGColor(gray: 0.5, alpha: 1)
        XCTAssertEqual(color.components, [0.5, 1])
        XCTAssertEqual(color.numberOfComponents, 2)
        XCTAssertEqual(color.colorSpace?.model, .monochrome)
    }

    func testSRGBColorIsInTheSRGBSpace() {
        let color = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        XCTAssertEqual(color.colorSpace?.name, CGColorSpace.sRGB)
        XCTAssertEqual(color.components, [1, 0.5, 0, 1])
    }

    func testCopyWithAlphaReplacesOnlyAlpha() {
        XCTAssertEqual(CGColor(gray: 0.5, alpha: 1).copy(alpha: 0.25)?.components, [0.5, 0.25])
        XCTAssertEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1).copy(alpha: 0.5)?.components, [1, 0, 0, 0.5])
    }

    func testStaticColorsAreGray() {
        XCTAssertEqual(CGColor.black.components, [0, 1])
        XCTAssertEqual(CGColor.white.components, [1, 1])
        XCTAssertEqual(CGColor.clear.components, [0, 0])
    }

    func testColorsAreEqualComponentWise() {
        XCTAssertEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertNotEqual(CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5))
        XCTAssertNotEqual(CGColor(gray: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 0, alpha: 1))
    }

    func testComponentsAreClampedToTheUnitRange() {
        XCTAssertEqual(CGColor(red: 2, green: -1, blue: .nan, alpha: 1).components, [1, 0, 0, 1])
    }

    func testColorSpacesByNameAndDevice() {
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.sRGB)?.model, .rgb)
        XCTAssertEqual(CGColorSpace(name: CGColorSpace.genericRGBLinear)?.numberOfComponents, 3)
        XCTAssertNil(CGColorSpace(name: "no such space"))
        XCTAssertEqual(CGColorSpaceCreateDeviceRGB().numberOfComponents, 3)
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().numberOfComponents, 1)
    }
}
