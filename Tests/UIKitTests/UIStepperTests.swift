import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIStepper`: defaults, clamping, stepping by taps on its halves, wrapping, and when
/// `.valueChanged` is sent.
final class UIStepperTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    @MainActor private func tap(_ window: UIWindow, _ x: CGFloat, _ y: CGFloat, at t: TimeInterval) {
        window.touch(1, .began, x, y, at: t)
        window.touch(1, .ended, x, y, at: t + 0.05)
    }

    func testDefaultsAndClamping() { MainActor.assumeIsolated {
        let stepper = UIStepper()
        XCTAssertEqual(stepper.bounds.size, CGSize(width: 94, height: 32))
        XCTAssertEqual(stepper.value, 0)
        XCTAssertEqual(stepper.minimumValue, 0)
        XCTAssertEqual(stepper.maximumValue, 100)
        XCTAssertEqual(stepper.stepValue, 1)
        XCTAssertFalse(stepper.wraps)
        XCTAssertTrue(stepper.autorepeat)
        XCTAssertTrue(stepper.isContinuous)
        stepper.value = 150
        XCTAssertEqual(stepper.value, 100)
        stepper.maximumValue = 10
        XCTAssertEqual(stepper.value, 10, "kept within the new range")
        stepper.minimumValue = 20
        XCTAssertEqual(stepper.maximumValue, 20, "no crash: the maximum follows")
        stepper.stepValue = 0
        XCTAssertEqual(stepper.stepValue, 1, "a step must be above zero")
        stepper.stepValue = -3
        XCTAssertEqual(stepper.stepValue, 1)
    } }

    func testTapsOnTheHalvesStepAndSendValueChanged() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.autorepeat = false
        stepper.value = 5
        window.addSubview(stepper)
        CATransaction.flush()
        var values: [Double] = []
        var primary = 0
        stepper.addAction(UIAction { _ in values.append(stepper.value) }, for: .valueChanged)
        stepper.addAction(UIAction { _ in primary += 1 }, for: .primaryActionTriggered)
        tap(window, 90, 25, at: 1)     // +
        tap(window, 90, 25, at: 2)     // +
        tap(window, 30, 25, at: 3)     // −
        XCTAssertEqual(values, [6, 7, 6])
        XCTAssertEqual(primary, 3)
        stepper.value = 0
        tap(window, 30, 25, at: 4)
        XCTAssertEqual(values, [6, 7, 6], "nothing below the minimum, nothing sent")
        _ = renderer
    } }

    func testWrapsGoesOnFromTheOtherEnd() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.autorepeat = false
        stepper.maximumValue = 3
        stepper.value = 3
        window.addSubview(stepper)
        CATransaction.flush()
        tap(window, 90, 25, at: 1)
        XCTAssertEqual(stepper.value, 3, "stays at the end without wrapping")
        stepper.wraps = true
        tap(window, 90, 25, at: 2)
        XCTAssertEqual(stepper.value, 0)
        tap(window, 30, 25, at: 3)
        XCTAssertEqual(stepper.value, 3)
        _ = renderer
    } }

    func testNotContinuousSendsOnceAtTheEnd() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        stepper.autorepeat = false
        stepper.isContinuous = false
        window.addSubview(stepper)
        CATransaction.flush()
        var sent = 0
        stepper.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        window.touch(1, .began, 90, 25, at: 1)
        XCTAssertEqual(stepper.value, 1, "the value steps on touch down")
        XCTAssertEqual(sent, 0)
        window.touch(1, .ended, 90, 25, at: 1.1)
        XCTAssertEqual(sent, 1)
        _ = renderer
    } }

    func testHoldingAHalfRepeats() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 0, height: 0))
        window.addSubview(stepper)
        CATransaction.flush()
        var sent = 0
        stepper.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        window.touch(1, .began, 90, 25, at: 1)
        XCTAssertEqual(stepper.value, 1)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.3))
        XCTAssertEqual(stepper.value, 1, "no repeat before half a second")
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.5))
        XCTAssertGreaterThanOrEqual(stepper.value, 3, "then a step every tenth of a second")
        XCTAssertEqual(Double(sent), stepper.value, "each step sent")
        window.touch(1, .ended, 90, 25, at: 2)
        let held = stepper.value
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.3))
        XCTAssertEqual(stepper.value, held, "it stops when the touch ends")
        _ = renderer
    } }

    func testTheGlyphsAreDrawn() { MainActor.assumeIsolated {
        let stepper = UIStepper()
        stepper.backgroundColor = .white
        let left = CGRect(x: 0, y: 0, width: 47, height: 32), right = CGRect(x: 47, y: 0, width: 47, height: 32)
        let black: ([Int]) -> Bool = { $0[0] < 60 }, grey: ([Int]) -> Bool = { $0[0] < 215 }
        var pixels = renderedPixels(of: stepper)
        XCTAssertGreaterThan(pixels.count(in: right, where: black), 20, "+ in black")
        XCTAssertEqual(pixels.count(in: left, where: black), 0, "− dimmed at the minimum")
        XCTAssertGreaterThan(pixels.count(in: left, where: grey), 10, "but drawn")
        stepper.value = 50
        pixels = renderedPixels(of: stepper)
        let minus = pixels.count(in: left, where: black), plus = pixels.count(in: right, where: black)
        XCTAssertGreaterThan(minus, 10)
        XCTAssertGreaterThan(plus, minus, "+ has two bars")
    } }
}
