import QuartzCore
import UIKit
import XCTest

/// An animation block that interrupts a running one animates from what is on screen at the
/// moment of the change (the presentation value), whether or not a frame was drawn since.
final class AnimationInterruptionTests: RenderedWindowTestCase {
    func testAnInterruptingBlockStartsFromThePresentationValue() {
        MainActor.assumeIsolated { body() }
    }

    @MainActor private func body() {
        let v = makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { v.center.x = 105 }
        CAMediaClock.advance(by: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear) { v.center.x = 5 }
        XCTAssertEqual(v.layer.presentation()!.position.x, 55, accuracy: 1e-6)
        CAMediaClock.advance(by: 0.25)
        XCTAssertTrue((5...55).contains(v.layer.presentation()!.position.x))
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState]) { v.alpha = 0 }
        CAMediaClock.advance(by: 0.5)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .beginFromCurrentState]) { v.alpha = 1 }
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.5, accuracy: 1e-6)
    }
}
