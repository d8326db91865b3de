import QuartzCore
import UIKit
import XCTest

/// The Apple-style Auto Layout controller of this target: its stack view placed by anchors, a
/// notification delivered by selector, a constraint's constant animated.
final class ProfileViewControllerSourceTests: XCTestCase {
    private let t0: CFTimeInterval = 700

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testStackViewAnchorsAndANotificationObserver() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8,
                                                     bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                         | CGBitmapInfo.byteOrder32Little.rawValue)!)
        renderer.layer = window.layer
        let controller = ProfileViewController()
        window.rootViewController = controller
        window.layoutIfNeeded()
        CATransaction.flush()

        let stack = controller.stackView
        let name = controller.nameLabel, detail = controller.detailLabel, button = controller.followButton
        XCTAssertEqual(stack.frame.origin, CGPoint(x: 20, y: 20), "pinned to the safe area")
        XCTAssertEqual(name.frame.origin, .zero)
        XCTAssertEqual(name.frame.size, name.intrinsicContentSize)
        XCTAssertEqual(detail.frame.minY, name.frame.maxY + 8)
        XCTAssertEqual(button.frame.minY, detail.frame.maxY + 16, "the custom spacing after the detail label")
        XCTAssertEqual(stack.frame.height, button.frame.maxY)
        XCTAssertEqual(stack.frame.width, max(name.frame.width, detail.frame.width, button.frame.width))

        NotificationCenter.default.post(name: .profileDidChange, object: nil,
                                        userInfo: ["name": "Ada King, Countess of Lovelace"])
        XCTAssertEqual(controller.changesSeen, 1)
        XCTAssertEqual(name.text, "Ada King, Countess of Lovelace")
        window.layoutIfNeeded()
        XCTAssertGreaterThan(name.intrinsicContentSize.width, 292, "too long for the window")
        XCTAssertEqual(stack.frame.maxX, 312, "the trailing inequality keeps the stack inside the margins")
        XCTAssertEqual(name.frame.width, stack.frame.width, "the label gets what the stack has")

        controller.slideIn(by: 40)
        XCTAssertEqual(stack.frame.minX, 60)
        XCTAssertNotNil(stack.layer.animation(forKey: "position"), "the constant's change animates")
        CATransaction.flush()

        NotificationCenter.default.removeObserver(controller)
        NotificationCenter.default.post(name: .profileDidChange, object: nil)
        XCTAssertEqual(controller.changesSeen, 1, "removed")
        _ = renderer
    }
}
