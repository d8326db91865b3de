import QuartzCore
@testable import UIKit
import XCTest

/// Scroll, hover and Ctrl+wheel input from synthetic pointer reports fed to the window's dispatch.
final class PointerInputTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    @MainActor private final class Log {
        var states: [UIGestureRecognizer.State] = []
        var points: [CGPoint] = []
        var values: [CGFloat] = []
    }

    /// A window with a view at (50, 50, 200, 200).
    @MainActor private func makeWindow() -> (UIWindow, UIView, CARenderer) {
        let (window, renderer) = makeRenderedWindow()
        let v = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        window.addSubview(v)
        CATransaction.flush()
        return (window, v, renderer)
    }

    func testWheelStepsDriveAScrollEnabledPanAndEndAfterIdle() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let log = Log()
        let pan = UIPanGestureRecognizer { r in
            log.states.append(r.state)
            log.points.append((r as! UIPanGestureRecognizer).translation(in: v))
            log.values.append(CGFloat(r.numberOfTouches))
        }
        pan.allowedScrollTypesMask = [.discrete]
        v.addGestureRecognizer(pan)
        // Three steps down (toward the user): content moves up, 10 points a step.
        window.dispatchScroll(dx: 0, dy: 1, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.dispatchScroll(dx: 0, dy: 1, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1.05)
        window.dispatchScroll(dx: 0, dy: 1, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1.1)
        XCTAssertEqual(log.states, [.began, .changed, .changed])
        XCTAssertEqual(log.points, [CGPoint(x: 0, y: -10), CGPoint(x: 0, y: -20), CGPoint(x: 0, y: -30)])
        XCTAssertEqual(log.values, [0, 0, 0], "a scroll has no touches")
        XCTAssertEqual(pan.location(in: v), CGPoint(x: 50, y: 50))
        XCTAssertLessThan(pan.velocity(in: v).y, 0)
        window.gestureArbiter.fireDueTimeouts(now: 1.2)
        XCTAssertEqual(log.states, [.began, .changed, .changed], "not idle for 0.15 s yet")
        window.gestureArbiter.fireDueTimeouts(now: 1.3)
        XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
        XCTAssertEqual(log.points.last, CGPoint(x: 0, y: -30))
        XCTAssertEqual(pan.state, .possible, "reset after the end")
        // A step up after that is a new pan; a continuous scroll is not allowed by [.discrete].
        window.dispatchScroll(dx: 0, dy: -0.5, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 2)
        XCTAssertEqual(log.states.last, .began)
        XCTAssertEqual(log.points.last, CGPoint(x: 0, y: 5))
        window.gestureArbiter.fireDueTimeouts(now: 3)
        XCTAssertEqual(log.states.last, .ended)
        let count = log.states.count
        window.dispatchScroll(dx: 0, dy: 4, source: .touchpad, at: CGPoint(x: 100, y: 100), timestamp: 4)
        XCTAssertEqual(log.states.count, count)
        _ = renderer
    } }

    func testThePanIgnoresScrollingByDefaultAndOutsideItsView() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let log = Log()
        let pan = UIPanGestureRecognizer { log.states.append($0.state) }
        XCTAssertEqual(pan.allowedScrollTypesMask, [])
        v.addGestureRecognizer(pan)
        window.dispatchScroll(dx: 0, dy: 3, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.dispatchScroll(dx: 0, dy: 3, source: .touchpad, at: CGPoint(x: 100, y: 100), timestamp: 1.1)
        window.dispatchScrollEnd(timestamp: 1.2)
        XCTAssertEqual(log.states, [])
        pan.allowedScrollTypesMask = .all
        window.dispatchScroll(dx: 0, dy: 3, source: .wheel, at: CGPoint(x: 10, y: 10), timestamp: 2)
        XCTAssertEqual(log.states, [], "the pointer is not over the view")
        _ = renderer
    } }

    func testTouchpadScrollIsContinuousAndEndsOnStop() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let log = Log()
        let pan = UIPanGestureRecognizer { r in
            log.states.append(r.state)
            log.points.append((r as! UIPanGestureRecognizer).translation(in: nil))
        }
        pan.allowedScrollTypesMask = .continuous
        v.addGestureRecognizer(pan)
        // Two fingers moving down with natural scrolling: the compositor scrolls up (negative).
        window.dispatchScroll(dx: 0, dy: -2.5, source: .touchpad, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.dispatchScroll(dx: 1, dy: -4, source: .touchpad, at: CGPoint(x: 100, y: 100), timestamp: 1.01)
        // A touchpad does not end on idle, only on its stop.
        window.gestureArbiter.fireDueTimeouts(now: 2)
        XCTAssertEqual(log.states, [.began, .changed])
        window.dispatchScroll(dx: 0, dy: -1.5, source: .touchpad, at: CGPoint(x: 100, y: 100), timestamp: 2.01)
        window.dispatchScrollEnd(timestamp: 2.02)
        XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
        XCTAssertEqual(log.points, [CGPoint(x: 0, y: 2.5), CGPoint(x: -1, y: 6.5), CGPoint(x: -1, y: 8), CGPoint(x: -1, y: 8)])
        XCTAssertEqual(pan.state, .possible)
        _ = renderer
    } }

    func testAScrollingPanIgnoresTouchesAndSetTranslationKeepsIncrements() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let log = Log()
        let pan = UIPanGestureRecognizer { r in
            let pan = r as! UIPanGestureRecognizer
            log.points.append(pan.translation(in: v))
            pan.setTranslation(.zero, in: v)
        }
        pan.allowedScrollTypesMask = .all
        v.addGestureRecognizer(pan)
        window.dispatchScroll(dx: 0, dy: -1, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1)
        window.touch(0, .began, 100, 100, at: 1.01)
        window.touch(0, .moved, 150, 100, at: 1.02)
        window.dispatchScroll(dx: 0, dy: -2, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1.03)
        window.touch(0, .ended, 150, 100, at: 1.04)
        XCTAssertEqual(log.points, [CGPoint(x: 0, y: 10), CGPoint(x: 0, y: 20)])
        _ = renderer
    } }

    func testHoverBeginsChangesAndEndsWithThePointer() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let inner = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        v.addSubview(inner)
        CATransaction.flush()
        let log = Log()
        let hover = UIHoverGestureRecognizer { r in
            log.states.append(r.state)
            log.points.append(r.location(in: v))
        }
        v.addGestureRecognizer(hover)
        window.dispatchPointerMotion(to: CGPoint(x: 10, y: 10), timestamp: 1)
        XCTAssertEqual(log.states, [], "outside the view")
        window.dispatchPointerMotion(to: CGPoint(x: 60, y: 70), timestamp: 1.1)
        window.dispatchPointerMotion(to: CGPoint(x: 80, y: 90), timestamp: 1.2)
        // Over a subview the view is still hovered.
        window.dispatchPointerMotion(to: CGPoint(x: 160, y: 160), timestamp: 1.3)
        window.dispatchPointerMotion(to: CGPoint(x: 20, y: 30), timestamp: 1.4)
        XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
        XCTAssertEqual(log.points, [CGPoint(x: 10, y: 20), CGPoint(x: 30, y: 40), CGPoint(x: 110, y: 110), CGPoint(x: -30, y: -20)], "ended where the pointer went")
        XCTAssertEqual(hover.state, .possible)
        // Back in, then the pointer leaves the window.
        window.dispatchPointerMotion(to: CGPoint(x: 100, y: 100), timestamp: 2)
        window.dispatchPointerExit(timestamp: 2.1)
        XCTAssertEqual(Array(log.states.suffix(2)), [.began, .ended])
        XCTAssertEqual(log.points.last, CGPoint(x: 50, y: 50))
        XCTAssertNil(window.pointerLocation)
        _ = renderer
    } }

    func testHoverTakesNoTouches() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let log = Log()
        let hover = UIHoverGestureRecognizer { log.states.append($0.state) }
        v.addGestureRecognizer(hover)
        window.tap(100, 100, at: 1)
        XCTAssertEqual(log.states, [])
        XCTAssertEqual(hover.state, .possible)
        _ = renderer
    } }

    func testCtrlWheelPinchesByATenthPerStep() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let log = Log()
        let pinch = UIPinchGestureRecognizer { r in
            log.states.append(r.state)
            log.values.append((r as! UIPinchGestureRecognizer).scale)
            log.points.append(r.location(in: v))
        }
        v.addGestureRecognizer(pinch)
        let pan = UIPanGestureRecognizer { _ in XCTFail("Ctrl+wheel goes to the pinch") }
        pan.allowedScrollTypesMask = .all
        v.addGestureRecognizer(pan)
        // Three steps up (away from the user) zoom in.
        for i in 0..<3 {
            window.dispatchScroll(dx: 0, dy: -1, source: .wheel, at: CGPoint(x: 150, y: 120), modifierFlags: .control,
                                  timestamp: 1 + 0.05 * Double(i))
        }
        XCTAssertEqual(log.states, [.began, .changed, .changed])
        XCTAssertEqual(log.values[0], 1.1, accuracy: 1e-9)
        XCTAssertEqual(log.values[2], 1.1 * 1.1 * 1.1, accuracy: 1e-9)
        XCTAssertEqual(log.points.last, CGPoint(x: 100, y: 70))
        XCTAssertGreaterThan(pinch.velocity, 0)
        window.gestureArbiter.fireDueTimeouts(now: 1.5)
        XCTAssertEqual(log.states, [.began, .changed, .changed, .ended])
        XCTAssertEqual(log.values.last!, 1.331, accuracy: 1e-9)
        XCTAssertEqual(pinch.scale, 1, "reset after the end")
        // Three steps down zoom out.
        for i in 0..<3 {
            window.dispatchScroll(dx: 0, dy: 1, source: .wheel, at: CGPoint(x: 150, y: 120), modifierFlags: .control,
                                  timestamp: 2 + 0.05 * Double(i))
        }
        XCTAssertEqual(log.values.last!, 1 / 1.331, accuracy: 1e-9)
        _ = renderer
    } }

    func testCtrlReleaseEndsTheWheelPinch() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeWindow()
        let log = Log()
        let pinch = UIPinchGestureRecognizer { r in
            log.states.append(r.state)
            log.values.append((r as! UIPinchGestureRecognizer).scale)
        }
        v.addGestureRecognizer(pinch)
        let ctrl = UIKey(keyCode: .keyboardLeftControl, characters: "", charactersIgnoringModifiers: "", modifierFlags: [])
        window.dispatchKey(ctrl, isDown: true, timestamp: 1)
        window.dispatchScroll(dx: 0, dy: -2, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1.1)
        XCTAssertEqual(log.states, [.began])
        XCTAssertEqual(log.values[0], 1.21, accuracy: 1e-9)
        window.dispatchKey(ctrl, isDown: false, timestamp: 1.12)
        XCTAssertEqual(log.states, [.began, .ended])
        // Without Ctrl the wheel does not pinch.
        window.dispatchScroll(dx: 0, dy: -2, source: .wheel, at: CGPoint(x: 100, y: 100), timestamp: 1.2)
        XCTAssertEqual(log.states, [.began, .ended])
        _ = renderer
    } }
}
