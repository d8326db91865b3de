import QuartzCore
import UIKit
import XCTest

/// The Apple-style environment controller of this target: traits, fonts, device, notifications,
/// accessibility, gestures and Core Graphics additions, used as an iOS app uses them.
final class EnvironmentSampleSourceTests: XCTestCase {
    override func setUp() { CAMediaClock.freeze(at: 900) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testTheEnvironmentAsAnIOSAppSeesIt() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 700))
        let controller = EnvironmentViewController()
        window.rootViewController = controller
        window.layoutIfNeeded()
        XCTAssertEqual(controller.titleLabel.text, "iPad layout")
        XCTAssertEqual(controller.titleLabel.font.pointSize, 17)
        XCTAssertTrue(controller.bodyLabel.text!.hasPrefix("Linux "))
        XCTAssertTrue(controller.isCompact)
        window.frame = CGRect(x: 0, y: 0, width: 800, height: 700)
        XCTAssertEqual(controller.sizeClassChanges, 1)
        XCTAssertFalse(controller.isCompact)

        NotificationCenter.default.post(name: UIApplication.didBecomeActiveNotification, object: nil)
        XCTAssertEqual(controller.activations, 1)

        XCTAssertEqual(controller.actionButton.accessibilityLabel, "Continue")
        XCTAssertTrue(controller.actionButton.accessibilityTraits.contains(.button))
        XCTAssertEqual(controller.photoView.accessibilityTraits, [.image, .button])
        XCTAssertEqual(controller.photoView.contentMode, .scaleAspectFill)
        XCTAssertNil(controller.loadSettings(), "no Settings asset here")

        let context = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                    | CGBitmapInfo.byteOrder32Little.rawValue)!
        XCTAssertTrue(controller.strokeOutlineContains(CGPoint(x: 12, y: 50), in: context))
        XCTAssertFalse(controller.strokeOutlineContains(CGPoint(x: 50, y: 50), in: context))
        XCTAssertEqual(controller.titleGray()?.numberOfComponents, 2)
    }
}
