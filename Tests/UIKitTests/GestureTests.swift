import QuartzCore
@testable import UIKit
import XCTest

/// Each recognizer's state sequence from synthetic touch streams fed to the window's dispatch.
final class GestureTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }


    @MainActor private final class StateLog {
        var states: [UIGestureRecognizer.State] = []
        var values: [CGFloat] = []
    }

    @MainActor private func makeViewInWindow() -> (UIWindow, RecordingView, CARenderer) {
        let (window, renderer) = makeRenderedWindow()
        let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        CATransaction.flush()
        return (window, v, renderer)
    }

    func testTapRecognizesAndCancelsTheViewsTouches() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let log = StateLog()
        let tap = UITapGestureRecognizer { log.states.append($0.state); log.values.append($0.location(in: v).x) }
        v.addGestureRecognizer(tap)
        XCTAssertTrue(tap.view === v)
        window.tap(100, 100, at: 1)
        XCTAssertEqual(log.states, [.recognized])
        XCTAssertEqual(log.values, [100])
        XCTAssertEqual(v.log, ["began", "cancelled"])
        XCTAssertEqual(tap.state, .possible, "reset once its touches are up")
        // A touch that moves too far is no tap; the view gets its touches.
        window.touch(0, .began, 100, 100, at: 2)
        window.touch(0, .moved, 130, 100, at: 2.1)
        window.touch(0, .ended, 130, 100, at: 2.2)
        XCTAssertEqual(log.states, [.recognized])
        XCTAssertEqual(v.log, ["began", "cancelled", "began", "moved", "ended"])
        _ = renderer
    } }

    func testCancelsTouchesInViewFalseLeavesTheViewItsTouches() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let log = StateLog()
        let tap = UITapGestureRecognizer { log.states.append($0.state) }
        tap.cancelsTouchesInView = false
        v.addGestureRecognizer(tap)
        window.tap(100, 100, at: 1)
        XCTAssertEqual(log.states, [.recognized])
        XCTAssertEqual(v.log, ["began", "ended"])
        _ = renderer
    } }

    func testTargetActionCallsTheTargetWithTheSelector() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        final class Target: UIGestureRecognizerTarget {
            var actions: [String] = []
            func gestureRecognizerDidFire(_ gestureRecognizer: UIGestureRecognizer, action: Selector) { actions.append(action.name) }
        }
        let target = Target()
        v.addGestureRecognizer(UITapGestureRecognizer(target: target, action: "handleTap:"))
        window.tap(10, 10, at: 1)
        XCTAssertEqual(target.actions, ["handleTap:"])
        _ = renderer
    } }

    func testTwoFingerTapNeedsTwoTouches() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let log = StateLog()
        let tap = UITapGestureRecognizer { log.states.append($0.state) }
        tap.numberOfTouchesRequired = 2
        v.addGestureRecognizer(tap)
        window.tap(100, 100, at: 1)
        XCTAssertEqual(log.states, [])
        window.dispatchTouches([.init(id: 1, phase: .began, location: CGPoint(x: 100, y: 100)),
                                .init(id: 2, phase: .began, location: CGPoint(x: 150, y: 100))], timestamp: 2)
        window.dispatchTouches([.init(id: 1, phase: .ended, location: CGPoint(x: 100, y: 100)),
                                .init(id: 2, phase: .ended, location: CGPoint(x: 150, y: 100))], timestamp: 2.1)
        XCTAssertEqual(log.states, [.recognized])
        _ = renderer
    } }

    func testSingleTapRequiringDoubleTapToFailWaitsForIt() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        var fired: [String] = []
        let single = UITapGestureRecognizer { _ in fired.append("single") }
        let double = UITapGestureRecognizer { _ in fired.append("double") }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        // Two quick taps: the double tap, and no single tap.
        window.tap(100, 100, at: 1)
        XCTAssertEqual(fired, [])
        window.tap(102, 100, at: 1.2)
        XCTAssertEqual(fired, ["double"])
        window.gestureArbiter.fireDueTimeouts(now: 5)
        XCTAssertEqual(fired, ["double"])
        // One tap: the single tap once the double tap's interval has passed.
        window.tap(100, 100, at: 10)
        window.gestureArbiter.fireDueTimeouts(now: 10.2)
        XCTAssertEqual(fired, ["double"])
        window.gestureArbiter.fireDueTimeouts(now: 10.5)
        XCTAssertEqual(fired, ["double", "single"])
        XCTAssertEqual(single.state, .possible)
        XCTAssertEqual(double.state, .possible)
        _ = renderer
    } }

    func testPanBeginsPastTheThresholdAndReportsTranslationAndVelocity() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let log = StateLog()
        var translations: [CGPoint] = []
        var velocity = CGPoint.zero
        let pan = UIPanGestureRecognizer {
            let pan = $0 as! UIPanGestureRecognizer
            log.states.append(pan.state)
            translations.append(pan.translation(in: v))
            velocity = pan.velocity(in: v)
        }
        v.addGestureRecognizer(pan)
        window.touch(0, .began, 100, 100, at: 1)
        window.touch(0, .moved, 105, 100, at: 1.01)
        XCTAssertEqual(log.states, [], "under the 10 pt threshold")
        window.touch(0, .moved, 120, 100, at: 1.02)
        window.touch(0, .moved, 140, 110, at: 1.04)
        window.touch(0, .ended, 140, 110, at: 1.05)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertEqual(translations, [CGPoint(x: 20, y: 0), CGPoint(x: 40, y: 10), CGPoint(x: 40, y: 10)])
        XCTAssertEqual(velocity.x, 40 / 0.04, accuracy: 1)   // 40 pt in the last 40 ms
        XCTAssertEqual(v.log, ["began", "moved", "cancelled"])
        _ = renderer
    } }

    func testPanSetTranslationResetsTheAccumulatedTranslation() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        var translations: [CGPoint] = []
        let pan = UIPanGestureRecognizer { r in
            let pan = r as! UIPanGestureRecognizer
            translations.append(pan.translation(in: v))
            pan.setTranslation(.zero, in: v)
        }
        v.addGestureRecognizer(pan)
        window.touch(0, .began, 100, 100, at: 1, type: .indirectPointer)
        window.touch(0, .moved, 104, 100, at: 1.01, type: .indirectPointer)   // a pointer's threshold is 3 pt
        window.touch(0, .moved, 110, 103, at: 1.02, type: .indirectPointer)
        window.touch(0, .ended, 110, 103, at: 1.03, type: .indirectPointer)
        XCTAssertEqual(translations, [CGPoint(x: 4, y: 0), CGPoint(x: 6, y: 3), .zero])
        _ = renderer
    } }

    func testPanTranslationIsInTheGivenViewsCoordinates() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let turned = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2)
        v.addSubview(turned)
        CATransaction.flush()
        var t = CGPoint.zero
        let pan = UIPanGestureRecognizer { t = ($0 as! UIPanGestureRecognizer).translation(in: turned) }
        v.addGestureRecognizer(pan)
        window.touch(0, .began, 150, 150, at: 1)
        window.touch(0, .moved, 150, 170, at: 1.1)   // down the screen: +x in the turned view
        XCTAssertEqual(t.x, 20, accuracy: 1e-9)
        XCTAssertEqual(t.y, 0, accuracy: 1e-9)
        _ = renderer
    } }

    func testLongPressBeginsAfterTheMinimumDuration() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let log = StateLog()
        let press = UILongPressGestureRecognizer { log.states.append($0.state) }
        v.addGestureRecognizer(press)
        XCTAssertEqual(press.minimumPressDuration, 0.5)
        XCTAssertEqual(press.allowableMovement, 10)
        window.touch(0, .began, 100, 100, at: 1)
        window.gestureArbiter.fireDueTimeouts(now: 1.3)
        XCTAssertEqual(log.states, [])
        window.gestureArbiter.fireDueTimeouts(now: 1.5)
        XCTAssertEqual(log.states, [.began])
        window.touch(0, .moved, 150, 100, at: 1.6)
        window.touch(0, .ended, 150, 100, at: 1.7)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertEqual(v.log, ["began", "cancelled"])
        // Moving too far first, or lifting early, fails it.
        window.touch(0, .began, 100, 100, at: 3)
        window.touch(0, .moved, 115, 100, at: 3.1)
        window.gestureArbiter.fireDueTimeouts(now: 4)
        window.touch(0, .ended, 115, 100, at: 4.1)
        window.tap(100, 100, at: 5)
        window.gestureArbiter.fireDueTimeouts(now: 6)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        _ = renderer
    } }

    func testPinchReportsScale() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let log = StateLog()
        let pinch = UIPinchGestureRecognizer { log.states.append($0.state); log.values.append(($0 as! UIPinchGestureRecognizer).scale) }
        v.addGestureRecognizer(pinch)
        window.dispatchTouches([.init(id: 1, phase: .began, location: CGPoint(x: 100, y: 150)),
                                .init(id: 2, phase: .began, location: CGPoint(x: 200, y: 150))], timestamp: 1)
        window.touch(2, .moved, 250, 150, at: 1.05)
        window.touch(2, .moved, 300, 150, at: 1.1)
        window.touch(2, .ended, 300, 150, at: 1.15)
        window.touch(1, .ended, 100, 150, at: 1.2)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertEqual(log.values, [1.5, 2, 2])
        XCTAssertEqual(pinch.state, .possible)
        _ = renderer
    } }

    func testRotationReportsTheAngleClockwise() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let log = StateLog()
        let rotation = UIRotationGestureRecognizer {
            log.states.append($0.state)
            log.values.append(($0 as! UIRotationGestureRecognizer).rotation)
        }
        v.addGestureRecognizer(rotation)
        window.dispatchTouches([.init(id: 1, phase: .began, location: CGPoint(x: 100, y: 150)),
                                .init(id: 2, phase: .began, location: CGPoint(x: 200, y: 150))], timestamp: 1)
        window.touch(2, .moved, 100 + 100 * cos(0.5), 150 + 100 * sin(0.5), at: 1.05)
        window.touch(2, .moved, 100 + 100 * cos(3.5), 150 + 100 * sin(3.5), at: 1.1)   // past π: keeps counting
        window.touch(2, .ended, 100 + 100 * cos(3.5), 150 + 100 * sin(3.5), at: 1.15)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertEqual(log.values[0], 0.5, accuracy: 1e-9)
        XCTAssertEqual(log.values[1], 3.5, accuracy: 1e-9)
        _ = renderer
    } }

    func testTheFirstRecognizerToBeginMakesTheOthersFail() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        v.addSubview(child)
        CATransaction.flush()
        var fired: [String] = []
        child.addGestureRecognizer(UITapGestureRecognizer { _ in fired.append("tap") })
        v.addGestureRecognizer(UIPanGestureRecognizer { fired.append("pan \($0.state)") })
        window.touch(0, .began, 100, 100, at: 1)
        window.touch(0, .moved, 130, 100, at: 1.1)   // the tap fails, the pan begins
        window.touch(0, .ended, 130, 100, at: 1.2)
        window.tap(100, 100, at: 2)   // the tap: the pan never begins
        XCTAssertEqual(fired, ["pan began", "pan ended", "tap"])
        _ = renderer
    } }

    func testDisabledRecognizersGetNoTouches() { MainActor.assumeIsolated {
        let (window, v, renderer) = makeViewInWindow()
        var count = 0
        let tap = UITapGestureRecognizer { _ in count += 1 }
        tap.isEnabled = false
        v.addGestureRecognizer(tap)
        window.tap(10, 10, at: 1)
        XCTAssertEqual(count, 0)
        XCTAssertEqual(v.log, ["began", "ended"])
        v.removeGestureRecognizer(tap)
        XCTAssertNil(v.gestureRecognizers)
        XCTAssertNil(tap.view)
        _ = renderer
    } }
}
