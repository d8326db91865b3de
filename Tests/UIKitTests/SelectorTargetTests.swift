@testable import UIKit
import XCTest

/// A plain view as a gesture recognizer's target, as Apple's sample code writes it.
final class TappableView: UIView {
    var taps: [String] = []
    func handleTap(_ recognizer: UITapGestureRecognizer) { taps.append("tap \(recognizer.numberOfTapsRequired)") }
    func handlePan() { taps.append("pan") }
}

final class ButtonOwner: NSObject {
    var sent: [String] = []
    func buttonTapped(sender: UIButton) { sent.append("tapped \(sender.tag)") }
}

/// Target-action with targets of any class: recognizers and controls call the method the selector
/// names (no Objective-C runtime, no protocol to adopt).
final class SelectorTargetTests: XCTestCase {
    func testAGestureRecognizerCallsAPlainViewTarget() {
        MainActor.assumeIsolated {
            let view = TappableView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let tap = UITapGestureRecognizer(target: view, action: Selector("handleTap:"))
            tap.addTarget(view, action: Selector("handlePan"))
            view.addGestureRecognizer(tap)
            tap.sendActions()
            XCTAssertEqual(view.taps, ["tap 1", "pan"])
            tap.removeTarget(view, action: Selector("handlePan"))
            tap.sendActions()
            XCTAssertEqual(view.taps, ["tap 1", "pan", "tap 1"])
        }
    }

    func testAControlCallsATargetOfAnyClass() {
        MainActor.assumeIsolated {
            let owner = ButtonOwner()
            let button = UIButton(type: .system)
            button.tag = 4
            button.addTarget(owner, action: Selector("buttonTappedWithSender:"), for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            XCTAssertEqual(owner.sent, ["tapped 4"])
        }
    }
}
