import QuartzCore
import UIKit
import XCTest

/// UIViewPropertyAnimator under a frozen media clock: running, pausing and scrubbing, reversing,
/// stopping and finishing (see UIViewTests for the nonisolated + `MainActor.assumeIsolated` pattern).
final class UIViewPropertyAnimatorTests: RenderedWindowTestCase {
    @MainActor private func x(_ v: UIView) -> CGFloat { v.layer.presentation()!.position.x }

    func testRunsToTheEnd() { MainActor.assumeIsolated { testRunsToTheEndBody() } }

    @MainActor private func testRunsToTheEndBody() {
        let v = makeView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { v.center.x = 105 }
        animator.addCompletion { positions.append($0) }
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertEqual(v.center.x, 5, "the block runs when the animator starts")
        animator.startAnimation()
        XCTAssertEqual(animator.state, .active)
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(v.center.x, 105, "the model takes the new value at once")
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-9)
        XCTAssertEqual(x(v), 30, accuracy: 1e-6)
        XCTAssertEqual(positions, [])
        CAMediaClock.advance(by: 1.6)
        CATransaction.flush()
        XCTAssertEqual(positions, [.end])
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertNil(v.layer.animation(forKey: "position"))
        XCTAssertEqual(x(v), 105)
    }

    func testPausedAnimatorScrubs() { MainActor.assumeIsolated { testPausedAnimatorScrubsBody() } }

    @MainActor private func testPausedAnimatorScrubsBody() {
        let v = makeView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { v.alpha = 0 }
        animator.addCompletion { positions.append($0) }
        animator.fractionComplete = 0.5   // an inactive animator becomes active and paused
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.5, accuracy: 1e-6, "scrubs linearly by default")
        CAMediaClock.advance(by: 0.4)
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.5, accuracy: 1e-6, "paused")
        animator.scrubsLinearly = false
        animator.fractionComplete = 0.5
        XCTAssertEqual(Double(v.layer.presentation()!.opacity), 1 - 0.3154, accuracy: 1e-3, "along the ease-in curve")
        animator.fractionComplete = 1
        XCTAssertEqual(v.layer.presentation()!.opacity, 0, accuracy: 1e-6, "the end, not wrapped to the start")
        animator.fractionComplete = 0.2
        animator.startAnimation()
        CAMediaClock.advance(by: 0.3)
        XCTAssertEqual(animator.fractionComplete, 0.5, accuracy: 1e-9, "continues from where it was scrubbed")
        CAMediaClock.advance(by: 0.6)
        CATransaction.flush()
        XCTAssertEqual(positions, [.end])
    }

    func testReversingWhileRunning() { MainActor.assumeIsolated { testReversingWhileRunningBody() } }

    @MainActor private func testReversingWhileRunningBody() {
        let v = makeView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 105 }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        CAMediaClock.advance(by: 0.4)
        XCTAssertEqual(x(v), 45, accuracy: 1e-6)
        animator.isReversed = true
        XCTAssertEqual(x(v), 45, accuracy: 1e-6, "no jump")
        CAMediaClock.advance(by: 0.1)
        XCTAssertEqual(animator.fractionComplete, 0.3, accuracy: 1e-9)
        XCTAssertEqual(x(v), 35, accuracy: 1e-6, "going back")
        CAMediaClock.advance(by: 0.35)
        CATransaction.flush()
        XCTAssertEqual(positions, [.start])
        XCTAssertEqual(v.center.x, 5, "the model is back at the start")
        XCTAssertEqual(x(v), 5)
    }

    func testStopAndFinish() { MainActor.assumeIsolated { testStopAndFinishBody() } }

    @MainActor private func testStopAndFinishBody() {
        let v = makeView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 105 }
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        CAMediaClock.advance(by: 0.3)
        animator.stopAnimation(false)
        XCTAssertEqual(animator.state, .stopped)
        XCTAssertEqual(v.center.x, 35, accuracy: 1e-6, "the model holds what was on screen")
        XCTAssertNil(v.layer.animation(forKey: "position"))
        XCTAssertEqual(positions, [])
        animator.finishAnimation(at: .current)
        XCTAssertEqual(positions, [.current])
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertEqual(v.center.x, 35, accuracy: 1e-6)

        let back = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0.2 }
        back.addCompletion { positions.append($0) }
        back.startAnimation()
        CAMediaClock.advance(by: 0.5)
        back.stopAnimation(false)
        back.finishAnimation(at: .start)
        XCTAssertEqual(v.alpha, 1, "back to the start")
        XCTAssertEqual(positions, [.current, .start])

        let dropped = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0.5 }
        dropped.addCompletion { positions.append($0) }
        dropped.startAnimation()
        CAMediaClock.advance(by: 0.5)
        dropped.stopAnimation(true)
        XCTAssertEqual(dropped.state, .inactive)
        XCTAssertEqual(v.alpha, 0.75, accuracy: 1e-6)
        CAMediaClock.advance(by: 1)
        CATransaction.flush()
        XCTAssertEqual(positions, [.current, .start], "stopping without finishing calls no completion")
    }

    func testRunningAnimatorWithDelayAndCurveOption() { MainActor.assumeIsolated { testRunningAnimatorBody() } }

    @MainActor private func testRunningAnimatorBody() {
        let v = makeView()
        var position: UIViewAnimatingPosition?
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: .curveLinear,
                                                                      animations: { v.center.x = 105 },
                                                                      completion: { position = $0 })
        XCTAssertTrue(animator.isRunning)
        CAMediaClock.advance(by: 0.25)
        XCTAssertEqual(x(v), 5, accuracy: 1e-6, "waiting out the delay")
        XCTAssertEqual(animator.fractionComplete, 0)
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(x(v), 30, accuracy: 1e-6)
        CAMediaClock.advance(by: 0.8)
        CATransaction.flush()
        XCTAssertEqual(position, .end)
    }

    func testSpringAndControlPointTiming() { MainActor.assumeIsolated { testSpringAndControlPointTimingBody() } }

    @MainActor private func testSpringAndControlPointTimingBody() {
        let v = makeView(), w = makeView()
        let spring = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.3) { v.center.x = 105 }
        let cubic = UIViewPropertyAnimator(duration: 1, controlPoint1: CGPoint(x: 0.42, y: 0),
                                           controlPoint2: CGPoint(x: 1, y: 1)) { w.center.x = 105 }
        XCTAssertEqual(spring.timingParameters?.timingCurveType, .spring)
        XCTAssertEqual(cubic.timingParameters?.timingCurveType, .cubic)
        spring.startAnimation()
        cubic.startAnimation()
        XCTAssertTrue(v.layer.animation(forKey: "position") is CASpringAnimation)
        CAMediaClock.advance(by: 0.5)
        XCTAssertGreaterThan(x(v), 105, "an underdamped spring overshoots by half its period")
        XCTAssertEqual(Double(x(w)), 5 + 100 * 0.3154, accuracy: 0.1, "ease-in by its control points")
    }

    func testPausesOnCompletion() { MainActor.assumeIsolated { testPausesOnCompletionBody() } }

    @MainActor private func testPausesOnCompletionBody() {
        let v = makeView()
        var positions: [UIViewAnimatingPosition] = []
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 105 }
        animator.pausesOnCompletion = true
        animator.addCompletion { positions.append($0) }
        animator.startAnimation()
        CAMediaClock.advance(by: 1.5)
        CATransaction.flush()
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(animator.fractionComplete, 1)
        XCTAssertEqual(x(v), 105, accuracy: 1e-6)
        XCTAssertEqual(positions, [])
        animator.isReversed = true
        animator.startAnimation()
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(x(v), 55, accuracy: 1e-6, "played back from the end")
    }

    func testAnimationsAddedWhileRunning() { MainActor.assumeIsolated { testAnimationsAddedWhileRunningBody() } }

    @MainActor private func testAnimationsAddedWhileRunningBody() {
        let v = makeView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 105 }
        animator.startAnimation()
        CAMediaClock.advance(by: 0.5)
        animator.addAnimations { v.alpha = 0 }
        XCTAssertNotNil(v.layer.animation(forKey: "opacity"))
        XCTAssertEqual(x(v), 55, accuracy: 1e-6, "the running track goes on")
        CAMediaClock.advance(by: 0.25)
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.5, accuracy: 1e-6, "over the remaining half")
        CAMediaClock.advance(by: 0.35)
        CATransaction.flush()
        XCTAssertEqual(v.layer.presentation()!.opacity, 0)
        XCTAssertEqual(animator.state, .inactive)
    }

    func testContinueWithADurationFactor() { MainActor.assumeIsolated { testContinueWithADurationFactorBody() } }

    @MainActor private func testContinueWithADurationFactorBody() {
        let v = makeView()
        var position: UIViewAnimatingPosition?
        let animator: UIViewImplicitlyAnimating = UIViewPropertyAnimator(duration: 2, curve: .linear) { v.center.x = 105 }
        animator.addCompletion { position = $0 }
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.25)   // the rest in 0.5 s
        XCTAssertTrue(animator.isRunning)
        CAMediaClock.advance(by: 0.25)
        XCTAssertEqual(animator.fractionComplete, 0.75, accuracy: 1e-9)
        XCTAssertEqual(x(v), 80, accuracy: 1e-6)
        CAMediaClock.advance(by: 0.3)
        CATransaction.flush()
        XCTAssertEqual(position, .end)
    }

    func testUserInteractionWhileAnimating() { MainActor.assumeIsolated { testUserInteractionWhileAnimatingBody() } }

    @MainActor private func testUserInteractionWhileAnimatingBody() {
        let v = makeView()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0.5 }
        animator.startAnimation()
        XCTAssertTrue(window.hitTest(CGPoint(x: 5, y: 5), with: nil) === v, "interactive by default")
        animator.stopAnimation(true)
        let blocking = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.alpha = 0.25 }
        blocking.isUserInteractionEnabled = false
        blocking.startAnimation()
        XCTAssertTrue(window.hitTest(CGPoint(x: 5, y: 5), with: nil) === window)
    }

    func testDelayFactor() { MainActor.assumeIsolated { testDelayFactorBody() } }

    @MainActor private func testDelayFactorBody() {
        let v = makeView()
        var position: UIViewAnimatingPosition?
        let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { v.center.x = 105 }
        animator.addAnimations({ v.alpha = 0 }, delayFactor: 0.5)
        animator.addCompletion { position = $0 }
        animator.startAnimation()
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(x(v), 30, accuracy: 1e-6)
        XCTAssertEqual(v.layer.presentation()!.opacity, 1, "not begun")
        CAMediaClock.advance(by: 1)
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.5, accuracy: 1e-6, "halfway through its second")
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        XCTAssertEqual(v.layer.presentation()!.opacity, 1, "scrubbed back before its start")
        animator.fractionComplete = 0.875
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.25, accuracy: 1e-6)
        animator.isReversed = true
        animator.startAnimation()
        CAMediaClock.advance(by: 0.5)   // back at 0.625
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.75, accuracy: 1e-6)
        XCTAssertEqual(x(v), 67.5, accuracy: 1e-6)
        CAMediaClock.advance(by: 1.5)
        CATransaction.flush()
        XCTAssertEqual(position, .start)
        XCTAssertEqual(v.alpha, 1)
        XCTAssertEqual(v.center.x, 5)
    }

    func testPhysicalSpringTakesItsOwnTime() { MainActor.assumeIsolated { testPhysicalSpringTakesItsOwnTimeBody() } }

    @MainActor private func testPhysicalSpringTakesItsOwnTimeBody() {
        let v = makeView()
        var position: UIViewAnimatingPosition?
        let parameters = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector())
        let settling = CASpringAnimation()
        settling.mass = 1
        settling.stiffness = 100
        settling.damping = 10
        let animator = UIViewPropertyAnimator(duration: 0.1, timingParameters: parameters)
        animator.addAnimations { v.center.x = 105 }
        animator.addCompletion { position = $0 }
        XCTAssertEqual(animator.duration, 0.1)
        animator.startAnimation()
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(Double(animator.fractionComplete), 0.5 / settling.settlingDuration, accuracy: 1e-9)
        CATransaction.flush()
        XCTAssertNil(position, "still settling after the animator's nominal duration")
        CAMediaClock.advance(by: settling.settlingDuration)
        CATransaction.flush()
        XCTAssertEqual(position, .end)
        XCTAssertEqual(x(v), 105)

        let reference = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        let bouncy = UIViewPropertyAnimator(duration: 10, timingParameters: UISpringTimingParameters(duration: 0.5, bounce: 0.3))
        bouncy.addAnimations { v.alpha = 0 }
        bouncy.startAnimation()
        CAMediaClock.advance(by: reference.settlingDuration / 2)
        XCTAssertEqual(bouncy.fractionComplete, 0.5, accuracy: 1e-9, "the spring's own time, not the 10 s given")
    }
}
