import QuartzCore
@testable import UIKit
import XCTest

/// Controls against recognizers on their ancestors: a control's default action goes first
/// (Apple's "Attaching gesture recognizers to UIKit controls").
final class ControlGestureTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    @MainActor private final class Counts {
        var actions = 0
        var recognized = 0
    }

    /// A container filling the window with a tap recognizer, and a button at (50, 50, 100, 40) in it.
    @MainActor private func makeButtonInTappableContainer() -> (UIWindow, UIView, UIButton, UITapGestureRecognizer, Counts, CARenderer) {
        let (window, renderer) = makeRenderedWindow()
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 50, width: 100, height: 40)
        container.addSubview(button)
        let counts = Counts()
        button.addAction(UIAction { _ in counts.actions += 1 }, for: .touchUpInside)
        let tap = UITapGestureRecognizer { _ in counts.recognized += 1 }
        container.addGestureRecognizer(tap)
        CATransaction.flush()
        return (window, container, button, tap, counts, renderer)
    }

    func testTapOnAButtonFiresItsActionNotTheAncestorsTap() { MainActor.assumeIsolated {
        let (window, _, _, tap, counts, renderer) = makeButtonInTappableContainer()
        window.tap(100, 70, at: 1)
        XCTAssertEqual(counts.actions, 1)
        XCTAssertEqual(counts.recognized, 0)
        XCTAssertEqual(tap.state, .possible, "the failed recognizer is reset for the next tap")
        _ = renderer
    } }

    func testTapElsewhereInTheAncestorStillRecognizes() { MainActor.assumeIsolated {
        let (window, _, _, _, counts, renderer) = makeButtonInTappableContainer()
        window.tap(200, 200, at: 1)
        XCTAssertEqual(counts.recognized, 1)
        XCTAssertEqual(counts.actions, 0)
        // And again after a tap on the button.
        window.tap(100, 70, at: 2)
        window.tap(200, 200, at: 3)
        XCTAssertEqual(counts.recognized, 2)
        XCTAssertEqual(counts.actions, 1)
        _ = renderer
    } }

    func testTapRecognizerOnTheButtonItselfGoesFirst() { MainActor.assumeIsolated {
        let (window, _, button, _, counts, renderer) = makeButtonInTappableContainer()
        var ownTaps = 0
        button.addGestureRecognizer(UITapGestureRecognizer { _ in ownTaps += 1 })
        window.tap(100, 70, at: 1)
        XCTAssertEqual(ownTaps, 1)
        XCTAssertEqual(counts.actions, 0, "the recognizer took the touch from the button")
        XCTAssertEqual(counts.recognized, 0)
        _ = renderer
    } }

    func testDoubleTapRecognizerOnTheAncestorIsNotRefused() { MainActor.assumeIsolated {
        let (window, _, _, tap, counts, renderer) = makeButtonInTappableContainer()
        tap.numberOfTapsRequired = 2
        window.tap(100, 70, at: 1)
        window.tap(100, 70, at: 1.2)
        XCTAssertEqual(counts.recognized, 1)
        XCTAssertEqual(counts.actions, 1, "the second tap's touch went to the recognizer")
        _ = renderer
    } }

    func testDisabledButtonLeavesTheTapToTheAncestor() { MainActor.assumeIsolated {
        let (window, _, button, _, counts, renderer) = makeButtonInTappableContainer()
        button.isEnabled = false
        window.tap(100, 70, at: 1)
        XCTAssertEqual(counts.recognized, 1)
        XCTAssertEqual(counts.actions, 0)
        _ = renderer
    } }

    func testViewsBetweenTheTouchAndTheRecognizerAreAsked() { MainActor.assumeIsolated {
        final class Refusing: UIView {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
        }
        let (window, renderer) = makeRenderedWindow()
        let outer = UIView(frame: window.bounds)
        let middle = Refusing(frame: CGRect(x: 0, y: 0, width: 150, height: 150))
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(inner)
        var recognized = 0
        outer.addGestureRecognizer(UITapGestureRecognizer { _ in recognized += 1 })
        CATransaction.flush()
        window.tap(50, 50, at: 1)     // on inner, below the refusing view
        XCTAssertEqual(recognized, 0)
        window.tap(250, 250, at: 2)   // on outer only
        XCTAssertEqual(recognized, 1)
        _ = renderer
    } }

    func testSliderDragOfTheThumbIsNotTakenByAnAncestorsPan() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let container = UIView(frame: window.bounds)
        window.addSubview(container)
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 228, height: 31))
        slider.maximumValue = 10
        container.addSubview(slider)
        var panStates: [UIGestureRecognizer.State] = []
        container.addGestureRecognizer(UIPanGestureRecognizer { panStates.append($0.state) })
        CATransaction.flush()
        // Along the slider from the thumb (centre x = 34): the slider's.
        window.touch(0, .began, 34, 115, at: 1)
        window.touch(0, .moved, 134, 115, at: 1.1)
        window.touch(0, .ended, 134, 115, at: 1.2)
        XCTAssertEqual(panStates, [])
        XCTAssertEqual(slider.value, 5, accuracy: 1e-5)
        // Across the slider from the thumb: the pan's.
        window.touch(0, .began, 134, 115, at: 2)
        window.touch(0, .moved, 134, 215, at: 2.1)
        window.touch(0, .ended, 134, 215, at: 2.2)
        XCTAssertEqual(panStates.first, .began)
        XCTAssertEqual(panStates.last, .ended)
        // Along the slider away from the thumb: the slider does not track it, the pan takes it.
        panStates = []
        window.touch(0, .began, 200, 115, at: 3)
        window.touch(0, .moved, 240, 115, at: 3.1)
        window.touch(0, .ended, 240, 115, at: 3.2)
        XCTAssertEqual(panStates.first, .began)
        _ = renderer
    } }
}
