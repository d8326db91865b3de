import QuartzCore
import UIKit
import XCTest

/// A view that lays out its one subview to fill its bounds inset by 10 (for `.layoutSubviews`).
private final class InsetLayoutView: UIView {
    let child = UIView(frame: .zero)   // added by the test
    override func layoutSubviews() { child.frame = bounds.insetBy(dx: 10, dy: 10) }
}

/// Each `UIView.animate…` option's effect on the `CAAnimation`s a block adds, under a frozen media
/// clock with the views in a `CARenderer`'s tree (so actions run). XCTest on Linux cannot discover
/// `@MainActor` classes: the class is nonisolated and each test runs its body with
/// `MainActor.assumeIsolated` (see UIViewTests).
final class UIViewAnimationOptionTests: RenderedWindowTestCase {
    @MainActor private func positionAnimation(of v: UIView) -> CABasicAnimation? {
        v.layer.animation(forKey: "position") as? CABasicAnimation
    }

    // MARK: Curves, repeat, autoreverse, delay, duration

    func testCurveOptionsSetTheTimingFunction() { MainActor.assumeIsolated { curveBody() } }

    @MainActor private func curveBody() {
        let cases: [(UIView.AnimationOptions, CAMediaTimingFunctionName)] = [
            ([], .easeInEaseOut), (.curveEaseInOut, .easeInEaseOut), (.curveEaseIn, .easeIn),
            (.curveEaseOut, .easeOut), (.curveLinear, .linear),
        ]
        for (options, name) in cases {
            let v = makeView()
            UIView.animate(withDuration: 1.5, delay: 0, options: options, animations: { v.center = CGPoint(x: 50, y: 5) })
            let anim = positionAnimation(of: v)
            XCTAssertEqual(anim?.timingFunction, CAMediaTimingFunction(name: name), "\(name)")
            XCTAssertEqual(anim?.duration, 1.5, "the block's duration")
            XCTAssertEqual(anim?.repeatCount, 0)
            XCTAssertEqual(anim?.autoreverses, false)
            XCTAssertEqual(anim?.beginTime, 0, "no delay: starts at the commit")
        }
    }

    func testRepeatAndAutoreverse() { MainActor.assumeIsolated { repeatBody() } }

    @MainActor private func repeatBody() {
        let v = makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .repeat, animations: { v.alpha = 0 })
        XCTAssertEqual(v.layer.animation(forKey: "opacity")?.repeatCount, .infinity, "repeat forever (HUGE_VALF)")
        XCTAssertEqual(v.layer.animation(forKey: "opacity")?.autoreverses, false)

        let w = makeView()
        UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: { w.alpha = 0 })
        XCTAssertEqual(w.layer.animation(forKey: "opacity")?.repeatCount, .infinity)
        XCTAssertEqual(w.layer.animation(forKey: "opacity")?.autoreverses, true)

        let u = makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .autoreverse, animations: { u.alpha = 0 })
        XCTAssertEqual(u.layer.animation(forKey: "opacity")?.autoreverses, true, "works without .repeat too")
        XCTAssertEqual(u.layer.animation(forKey: "opacity")?.repeatCount, 0)
    }

    func testDelayBeginsLaterAndFillsBackwards() { MainActor.assumeIsolated { delayBody() } }

    @MainActor private func delayBody() {
        let v = makeView()
        let now = v.layer.convertTime(CACurrentMediaTime(), from: nil)
        var finished: Bool?
        UIView.animate(withDuration: 2, delay: 0.5, options: .curveLinear, animations: { v.center = CGPoint(x: 105, y: 5) },
                       completion: { finished = $0 })
        let anim = positionAnimation(of: v)
        XCTAssertEqual(anim?.beginTime ?? 0, now + 0.5, accuracy: 1e-9, "layer time now + delay")
        XCTAssertEqual(anim?.fillMode, .backwards)
        XCTAssertEqual(anim?.duration, 2)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.25)
        XCTAssertEqual(v.layer.presentation()!.position.x, 5, accuracy: 1e-6, "held at the start during the delay")
        CAMediaClock.advance(by: 1.25)   // 1 s into the animation
        XCTAssertEqual(v.layer.presentation()!.position.x, 55, accuracy: 1e-6)
        XCTAssertNil(finished)
        CAMediaClock.advance(by: 1.1)
        XCTAssertEqual(finished, true)
    }

    // MARK: Starting state

    func testBlocksStartFromThePresentationValue() { MainActor.assumeIsolated { beginFromCurrentStateBody() } }

    @MainActor private func beginFromCurrentStateBody() {
        for options: UIView.AnimationOptions in [.beginFromCurrentState, []] {
            let v = makeView()
            var first: Bool?
            var second: Bool?
            UIView.animate(withDuration: 2, delay: 0, options: .curveLinear, animations: { v.center = CGPoint(x: 105, y: 5) },
                           completion: { first = $0 })
            XCTAssertEqual(positionAnimation(of: v)?.fromValue as? CGPoint, CGPoint(x: 5, y: 5),
                           "nothing in flight: the previous value")
            CATransaction.flush()
            CAMediaClock.advance(by: 1)
            XCTAssertEqual(v.layer.presentation()!.position.x, 55, accuracy: 1e-6)
            UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear),
                           animations: { v.center = CGPoint(x: 5, y: 55) }, completion: { second = $0 })
            let from = positionAnimation(of: v)?.fromValue as? CGPoint
            XCTAssertEqual(from?.x ?? .nan, 55, accuracy: 1e-6, "the in-flight presentation value (\(options))")
            XCTAssertEqual(from?.y ?? .nan, 5, accuracy: 1e-6)
            XCTAssertEqual(first, false, "the replaced animation's block completes unfinished")
            CATransaction.flush()
            XCTAssertEqual(v.layer.presentation()!.position.x, 55, accuracy: 1e-6, "no jump")
            CAMediaClock.advance(by: 1.1)
            XCTAssertEqual(second, true)
        }
    }

    // MARK: Nested blocks

    func testNestedBlocksInheritUnlessOverridden() { MainActor.assumeIsolated { nestedBody() } }

    @MainActor private func nestedBody() {
        let a = makeView(), b = makeView(), c = makeView(), d = makeView(), e = makeView()
        UIView.animate(withDuration: 4, delay: 0, options: [.curveLinear, .repeat], animations: {
            UIView.animate(withDuration: 1, delay: 0, options: .curveEaseIn, animations: { a.alpha = 0 })
            UIView.animate(withDuration: 1, delay: 0, options: [.overrideInheritedDuration, .curveEaseIn],
                           animations: { b.alpha = 0 })
            UIView.animate(withDuration: 1, delay: 0, options: [.overrideInheritedCurve, .curveEaseIn],
                           animations: { c.alpha = 0 })
            UIView.animate(withDuration: 1, delay: 0, options: [.overrideInheritedOptions, .curveEaseOut],
                           animations: { d.alpha = 0 })
            UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0,
                           options: [], animations: { e.alpha = 0 })
        })
        func check(_ v: UIView, _ duration: CFTimeInterval, _ curve: CAMediaTimingFunctionName, _ repeats: Bool,
                   line: UInt = #line) {
            let anim = v.layer.animation(forKey: "opacity")
            XCTAssertEqual(anim?.duration, duration, line: line)
            XCTAssertEqual(anim?.timingFunction, CAMediaTimingFunction(name: curve), line: line)
            XCTAssertEqual(anim?.repeatCount, repeats ? .infinity : 0, line: line)
        }
        check(a, 4, .linear, true)     // all inherited
        check(b, 1, .linear, true)     // own duration
        check(c, 4, .easeIn, true)     // own curve
        check(d, 4, .easeOut, false)   // own options (curve and repeat), inherited duration
        XCTAssertFalse(e.layer.animation(forKey: "opacity") is CASpringAnimation,
                       "a spring block inside a curve block takes the outer curve")
    }

    // MARK: Layout

    func testLayoutSubviewsOptionAnimatesTheFramesLayoutSets() { MainActor.assumeIsolated { layoutBody() } }

    @MainActor private func layoutBody() {
        for animatesLayout in [true, false] {
            let v = InsetLayoutView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            v.addSubview(v.child)
            window.addSubview(v)
            CATransaction.flush()
            XCTAssertEqual(v.child.frame, CGRect(x: 10, y: 10, width: 80, height: 80))
            UIView.animate(withDuration: 1, delay: 0, options: animatesLayout ? .layoutSubviews : [],
                           animations: { v.frame = CGRect(x: 0, y: 0, width: 200, height: 200) })
            XCTAssertNotNil(v.layer.animation(forKey: "bounds"))
            CATransaction.flush()
            XCTAssertEqual(v.child.frame, CGRect(x: 10, y: 10, width: 180, height: 180))
            let childBounds = v.child.layer.animation(forKey: "bounds") as? CABasicAnimation
            if animatesLayout {
                XCTAssertEqual(childBounds?.duration, 1, "layout inside the block animates")
                XCTAssertEqual((childBounds?.fromValue as? CGRect)?.size, CGSize(width: 80, height: 80))
                XCTAssertNotNil(v.child.layer.animation(forKey: "position"))
            } else {
                XCTAssertNil(childBounds, "layout at the commit, outside the block, jumps")
                XCTAssertNil(v.child.layer.animation(forKey: "position"))
            }
            v.removeFromSuperview()
        }
    }

    // MARK: User interaction

    func testAnimatingViewsAreHittableOnlyWithAllowUserInteraction() { MainActor.assumeIsolated { interactionBody() } }

    @MainActor private func interactionBody() {
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let inner = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        v.addSubview(inner)
        window.addSubview(v)
        CATransaction.flush()
        let p = CGPoint(x: 75, y: 75)
        XCTAssertTrue(window.hitTest(p, with: nil) === v)

        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { v.alpha = 0.5 }, completion: { finished = $0 })
        XCTAssertTrue(window.hitTest(p, with: nil) === window, "animating without .allowUserInteraction: not hittable")
        XCTAssertTrue(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === window, "nor are its subviews")
        CATransaction.flush()
        CAMediaClock.advance(by: 1.1)
        XCTAssertEqual(finished, true)
        XCTAssertTrue(window.hitTest(p, with: nil) === v, "hittable again once the animation ended")

        UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction, animations: { v.alpha = 1 })
        XCTAssertNotNil(v.layer.animation(forKey: "opacity"))
        XCTAssertTrue(window.hitTest(p, with: nil) === v, ".allowUserInteraction: hittable while animating")
        XCTAssertTrue(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === inner)

        // Explicit layer animations (not from a block) do not block touches.
        let move = CABasicAnimation(keyPath: "opacity")
        move.duration = 5
        inner.layer.add(move, forKey: "fade")
        XCTAssertTrue(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === inner)
    }

    // MARK: Springs

    func testSpringBlocksMakeSpringAnimations() { MainActor.assumeIsolated { springBody() } }

    @MainActor private func springBody() {
        let v = makeView()
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 2, options: [],
                       animations: { v.center = CGPoint(x: 105, y: 5) })
        guard let spring = v.layer.animation(forKey: "position") as? CASpringAnimation else {
            return XCTFail("a spring block adds a CASpringAnimation")
        }
        XCTAssertEqual(spring.duration, 0.5)
        XCTAssertEqual(spring.mass, 1)
        // Undamped period = the duration; damping = 2ζ√(k m).
        XCTAssertEqual(spring.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 4 * .pi * 0.4 / 0.5, accuracy: 1e-9)
        XCTAssertEqual(spring.damping, 2 * 0.4 * spring.stiffness.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(spring.initialVelocity, 2)
        XCTAssertEqual(spring.fromValue as? CGPoint, CGPoint(x: 5, y: 5))
    }

    // MARK: Completion

    func testCompletionReportsWhetherTheAnimationsFinished() { MainActor.assumeIsolated { completionBody() } }

    @MainActor private func completionBody() {
        let v = makeView()
        var results: [Bool] = []
        UIView.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { results.append($0) })
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)
        XCTAssertEqual(results, [])
        v.layer.removeAllAnimations()
        XCTAssertEqual(results, [false], "removed early")

        UIView.animate(withDuration: 1, animations: {
            v.alpha = 1
            v.center = CGPoint(x: 50, y: 50)
        }, completion: { results.append($0) })
        CATransaction.flush()
        v.layer.removeAnimation(forKey: "opacity")
        XCTAssertEqual(results, [false], "waits for the other animation")
        CAMediaClock.advance(by: 1.1)
        XCTAssertEqual(results, [false, false], "one of the block's animations was removed")

        UIView.animate(withDuration: 1, animations: { v.alpha = 0.5 }, completion: { results.append($0) })
        CATransaction.flush()
        CAMediaClock.advance(by: 1.1)
        XCTAssertEqual(results, [false, false, true])

        UIView.animate(withDuration: 1, animations: {}, completion: { results.append($0) })
        CATransaction.flush()
        XCTAssertEqual(results, [false, false, true, true], "nothing animated: finished at the commit")
    }

    // MARK: Transitions

    func testTransitionWithViewAddsACrossDissolve() { MainActor.assumeIsolated { transitionWithBody() } }

    @MainActor private func transitionWithBody() {
        let v = makeView()
        var finished: Bool?
        UIView.transition(with: v, duration: 0.8, options: [.transitionCrossDissolve, .curveEaseIn], animations: {
            v.backgroundColor = .red
            v.alpha = 0.5
        }, completion: { finished = $0 })
        guard let transition = v.layer.animation(forKey: "transition") as? CATransition else {
            return XCTFail("a CATransition under \"transition\"")
        }
        XCTAssertEqual(transition.type, .fade)
        XCTAssertEqual(transition.duration, 0.8)
        XCTAssertEqual(transition.timingFunction, CAMediaTimingFunction(name: .easeIn))
        XCTAssertNil(v.layer.animation(forKey: "opacity"), "the changes themselves are not animated")
        XCTAssertNil(v.layer.animation(forKey: "backgroundColor"))
        XCTAssertEqual(v.alpha, 0.5)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.9)
        XCTAssertEqual(finished, true)
    }

    func testTransitionFromViewToViewSwapsThem() { MainActor.assumeIsolated { transitionFromToBody() } }

    @MainActor private func transitionFromToBody() {
        let parent = makeView()
        let below = UIView(frame: .zero), from = UIView(frame: .zero), above = UIView(frame: .zero)
        [below, from, above].forEach(parent.addSubview)
        let to = UIView(frame: .zero)
        var finished: Bool?
        UIView.transition(from: from, to: to, duration: 0.5, options: .transitionCrossDissolve,
                          completion: { finished = $0 })
        XCTAssertTrue(parent.subviews.elementsEqual([below, to, above], by: ===), "to takes from's place")
        XCTAssertNil(from.superview)
        XCTAssertEqual((parent.layer.animation(forKey: "transition") as? CATransition)?.type, .fade)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.6)
        XCTAssertEqual(finished, true)

        let shown = UIView(frame: .zero), hidden = UIView(frame: .zero)
        hidden.isHidden = true
        parent.addSubview(shown)
        parent.addSubview(hidden)
        UIView.transition(from: shown, to: hidden, duration: 0.5, options: [.showHideTransitionViews])
        XCTAssertTrue(shown.isHidden)
        XCTAssertFalse(hidden.isHidden)
        XCTAssertTrue(shown.superview === parent && hidden.superview === parent, "both stay")
        XCTAssertNotNil(parent.layer.animation(forKey: "transition"))
    }

    // MARK: performWithoutAnimation

    func testABlockOfDurationZeroAppliesItsChangesAtOnce() { MainActor.assumeIsolated { durationZeroBody() } }

    @MainActor private func durationZeroBody() {
        let v = makeView()
        var finished: Bool?
        UIView.animate(withDuration: 0, animations: { v.center = CGPoint(x: 80, y: 5) }, completion: { finished = $0 })
        XCTAssertNil(v.layer.animationKeys())
        CATransaction.flush()
        XCTAssertEqual(v.layer.presentation()?.position, CGPoint(x: 80, y: 5))
        XCTAssertEqual(finished, true)
    }

    func testPerformWithoutAnimationAddsNothing() { MainActor.assumeIsolated { withoutAnimationBody() } }

    @MainActor private func withoutAnimationBody() {
        let v = makeView()
        UIView.performWithoutAnimation {
            v.center = CGPoint(x: 50, y: 50)
            v.alpha = 0.3
            v.backgroundColor = .blue
        }
        XCTAssertNil(v.layer.animationKeys())
        UIView.animate(withDuration: 1) {
            UIView.performWithoutAnimation { v.alpha = 1 }
        }
        XCTAssertNil(v.layer.animationKeys(), "not even inside a block")
        XCTAssertEqual(v.alpha, 1)
    }
}
