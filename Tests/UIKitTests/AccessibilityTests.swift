import Foundation
@testable import UIKit
import XCTest

/// The accessibility properties of views, their defaults for UIKit's classes, and UIAccessibility.
final class AccessibilityTests: XCTestCase {
    func testAPlainViewIsNoElementUntilToldSo() { MainActor.assumeIsolated {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertFalse(view.isAccessibilityElement)
        XCTAssertNil(view.accessibilityLabel)
        XCTAssertNil(view.accessibilityValue)
        XCTAssertNil(view.accessibilityHint)
        XCTAssertEqual(view.accessibilityTraits, .none)
        XCTAssertFalse(view.accessibilityElementsHidden)
        XCTAssertFalse(view.accessibilityViewIsModal)
        XCTAssertNil(view.accessibilityIdentifier)

        view.isAccessibilityElement = true
        view.accessibilityLabel = "Volume"
        view.accessibilityValue = "50%"
        view.accessibilityHint = "Adjusts the volume"
        view.accessibilityTraits = [.adjustable, .updatesFrequently]
        view.accessibilityIdentifier = "volume"
        XCTAssertTrue(view.isAccessibilityElement)
        XCTAssertEqual(view.accessibilityLabel, "Volume")
        XCTAssertEqual(view.accessibilityValue, "50%")
        XCTAssertEqual(view.accessibilityHint, "Adjusts the volume")
        XCTAssertTrue(view.accessibilityTraits.contains(.adjustable))
        XCTAssertFalse(view.accessibilityTraits.contains(.button))
        XCTAssertEqual(view.accessibilityIdentifier, "volume")
    } }

    func testTheFrameIsTheViewsInItsWindowUnlessSet() { MainActor.assumeIsolated {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let outer = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 200))
        let inner = UIView(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
        window.addSubview(outer)
        outer.addSubview(inner)
        XCTAssertEqual(inner.accessibilityFrame, CGRect(x: 15, y: 26, width: 30, height: 40))
        inner.accessibilityFrame = CGRect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(inner.accessibilityFrame, CGRect(x: 1, y: 2, width: 3, height: 4))
    } }

    func testLabelsButtonsAndImageViewsHaveUIKitsDefaults() { MainActor.assumeIsolated {
        let label = UILabel()
        label.text = "Hello"
        XCTAssertTrue(label.isAccessibilityElement)
        XCTAssertEqual(label.accessibilityLabel, "Hello")
        XCTAssertEqual(label.accessibilityTraits, .staticText)
        label.text = "Changed"
        XCTAssertEqual(label.accessibilityLabel, "Changed", "the default follows the text")
        label.isEnabled = false
        XCTAssertEqual(label.accessibilityTraits, [.staticText, .notEnabled])
        label.accessibilityLabel = "Greeting"
        XCTAssertEqual(label.accessibilityLabel, "Greeting")
        label.accessibilityLabel = nil
        XCTAssertNil(label.accessibilityLabel, "a label set to nil stays nil")
        label.isAccessibilityElement = false
        XCTAssertFalse(label.isAccessibilityElement)

        let button = UIButton(type: .system)
        button.setTitle("Send", for: .normal)
        XCTAssertTrue(button.isAccessibilityElement)
        XCTAssertEqual(button.accessibilityLabel, "Send")
        XCTAssertEqual(button.accessibilityTraits, .button)
        button.isEnabled = false
        XCTAssertEqual(button.accessibilityTraits, [.button, .notEnabled])
        button.accessibilityTraits = .link
        XCTAssertEqual(button.accessibilityTraits, .link)

        let image = UIImageView()
        XCTAssertFalse(image.isAccessibilityElement)
        XCTAssertEqual(image.accessibilityTraits, .image)
    } }

    func testTraitsHaveApplesRawValues() {
        XCTAssertEqual(UIAccessibilityTraits.none.rawValue, 0)
        XCTAssertEqual(UIAccessibilityTraits.button.rawValue, 1)
        XCTAssertEqual(UIAccessibilityTraits.staticText.rawValue, 64)
        XCTAssertEqual(UIAccessibilityTraits.notEnabled.rawValue, 256)
        XCTAssertEqual(UIAccessibilityTraits.adjustable.rawValue, 4096)
        XCTAssertEqual(UIAccessibilityTraits.header.rawValue, 65536)
        let all: [UIAccessibilityTraits] = [.button, .link, .image, .selected, .staticText, .header, .adjustable,
                                            .notEnabled, .updatesFrequently, .allowsDirectInteraction,
                                            .causesPageTurn, .playsSound, .keyboardKey, .searchField,
                                            .summaryElement, .startsMediaSession, .tabBar]
        XCTAssertEqual(Set(all.map(\.rawValue)).count, all.count, "each trait is its own bit")
    }

    func testTheSystemStateIsQuiet() {
        XCTAssertFalse(UIAccessibility.isVoiceOverRunning)
        XCTAssertEqual(UIAccessibility.isReduceMotionEnabled,
                       ProcessInfo.processInfo.environment["CA_REDUCE_MOTION"] == "1")
        UIAccessibility.post(notification: .announcement, argument: "Saved")
        UIAccessibility.post(notification: .layoutChanged, argument: nil)
        XCTAssertEqual(UIAccessibility.Notification.screenChanged.rawValue, 1000)
        XCTAssertEqual(UIAccessibility.Notification.announcement.rawValue, 1008)
    }

    func testContentModeIsNestedAndKeepsItsOldName() { MainActor.assumeIsolated {
        let view = UIView()
        view.contentMode = UIView.ContentMode.scaleAspectFit
        let old: UIViewContentMode = view.contentMode
        XCTAssertEqual(old, .scaleAspectFit)
        XCTAssertEqual(view.layer.contentsGravity, .resizeAspect)
        XCTAssertEqual(UIView.ContentMode.redraw.rawValue, 3)
        XCTAssertEqual(UIView.ContentMode.bottomRight.rawValue, 12)
    } }
}
