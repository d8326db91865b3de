import CoreGraphics
@testable import UIKit
import XCTest

/// `UIColor(red:green:blue:alpha:)` as Apple's UIKit has made it since iOS 10: extended sRGB, the
/// components never clamped (alpha is), and drawing clamps what a bitmap cannot hold.
final class UIColorRangeTests: XCTestCase {
    func testComponentsOutsideTheUnitRangeAreKept() {
        let color = UIColor(red: 1.2, green: -0.5, blue: 0.25, alpha: 1.7)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        XCTAssertTrue(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        XCTAssertEqual(r, 1.2)
        XCTAssertEqual(g, -0.5)
        XCTAssertEqual(b, 0.25)
        XCTAssertEqual(a, 1, "alpha is clamped")
        XCTAssertEqual(color.cgColor.colorSpace?.name, CGColorSpace.extendedSRGB)
        XCTAssertEqual(color.cgColor.components, [1.2, -0.5, 0.25, 1])
        XCTAssertEqual(UIColor(white: 1.5, alpha: 0.5).cgColor.components, [1.5, 0.5])
    }

    func testDrawingClampsAnExtendedColour() {
        let color = UIColor(red: 2, green: -1, blue: 0.5, alpha: 1).cgColor
        XCTAssertEqual(color.rgba.r, 1)
        XCTAssertEqual(color.rgba.g, 0)
        XCTAssertEqual(color.rgba.b, 0.5)
    }

    func testDeviceColoursStillClamp() {
        XCTAssertEqual(CGColor(red: 1.5, green: -1, blue: 0, alpha: 1).components, [1, 0, 0, 1])
        let spaces: Set<CGColorSpace> = [CGColorSpace(name: CGColorSpace.sRGB)!, CGColorSpace(name: CGColorSpace.sRGB)!]
        XCTAssertEqual(spaces.count, 1, "CGColorSpace is Hashable")
    }

    func testAViewIsOpaqueByDefaultAndSettingItReachesTheLayer() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            XCTAssertTrue(view.isOpaque)
            XCTAssertFalse(view.layer.isOpaque)
            view.isOpaque = false
            XCTAssertFalse(view.isOpaque)
            view.isOpaque = true
            XCTAssertTrue(view.layer.isOpaque)
        }
    }
}
