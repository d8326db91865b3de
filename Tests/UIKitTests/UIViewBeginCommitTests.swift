import QuartzCore
import UIKit
import XCTest

/// Records the selectors an old-style block's delegate is called with.
@MainActor private final class AnimationDelegateRecorder: UIViewAnimationDelegate {
    var calls: [(selector: String, id: String?, finished: Bool?, context: UnsafeMutableRawPointer?)] = []

    func animationWillStart(_ selector: Selector, animationID: String?, context: UnsafeMutableRawPointer?) {
        calls.append((selector.name, animationID, nil, context))
    }

    func animationDidStop(_ selector: Selector, animationID: String?, finished: Bool, context: UnsafeMutableRawPointer?) {
        calls.append((selector.name, animationID, finished, context))
    }
}

/// The begin/commit animation API (`beginAnimations(_:context:)` … `commitAnimations()`): its
/// settings reach the animations the block adds, its delegate hears the selectors, and
/// `setAnimationsEnabled(false)` turns animation off.
final class UIViewBeginCommitTests: RenderedWindowTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { UIView.setAnimationsEnabled(true) }
        super.tearDown()
    }

    @MainActor private func position(of v: UIView) -> CABasicAnimation? {
        v.layer.animation(forKey: "position") as? CABasicAnimation
    }

    func testDefaults() { MainActor.assumeIsolated { defaultsBody() } }

    @MainActor private func defaultsBody() {
        let v = makeView()
        UIView.setAnimationDuration(5)   // outside a block: nothing
        UIView.beginAnimations(nil, context: nil)
        XCTAssertEqual(UIView.inheritedAnimationDuration, 0.2)
        v.center = CGPoint(x: 50, y: 5)
        UIView.commitAnimations()
        let anim = position(of: v)
        XCTAssertEqual(anim?.duration, 0.2, "the old API's default duration")
        XCTAssertEqual(anim?.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
        XCTAssertEqual(anim?.repeatCount, 0)
        XCTAssertEqual(anim?.autoreverses, false)
        XCTAssertEqual(anim?.beginTime, 0)
        XCTAssertEqual((anim?.fromValue as? CGPoint)?.x, 5)
        XCTAssertEqual(v.layer.position.x, 50, "the model takes the new value")
        XCTAssertEqual(UIView.inheritedAnimationDuration, 0, "outside a block")
    }

    func testSettingsReachTheAnimations() { MainActor.assumeIsolated { settingsBody() } }

    @MainActor private func settingsBody() {
        let v = makeView()
        let now = v.layer.convertTime(CACurrentMediaTime(), from: nil)
        UIView.beginAnimations("move", context: nil)
        UIView.setAnimationDuration(1.5)
        UIView.setAnimationDelay(0.5)
        UIView.setAnimationCurve(.linear)
        UIView.setAnimationRepeatCount(2.5)
        UIView.setAnimationRepeatAutoreverses(true)
        v.center = CGPoint(x: 50, y: 5)
        v.alpha = 0.5
        UIView.commitAnimations()
        for key in ["position", "opacity"] {
            let anim = v.layer.animation(forKey: key)
            XCTAssertEqual(anim?.duration, 1.5, key)
            XCTAssertEqual(anim?.timingFunction, CAMediaTimingFunction(name: .linear), key)
            XCTAssertEqual(anim?.repeatCount, 2.5, key)
            XCTAssertEqual(anim?.autoreverses, true, key)
            XCTAssertEqual(anim?.beginTime ?? 0, now + 0.5, accuracy: 1e-9, key)
            XCTAssertEqual(anim?.fillMode, .backwards, key)
        }

        // A start date is a delay from now; each curve maps to its timing function.
        let w = makeView()
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationStart(Date(timeIntervalSinceNow: 2))
        UIView.setAnimationCurve(.easeOut)
        w.alpha = 0
        UIView.commitAnimations()
        let opacity = w.layer.animation(forKey: "opacity")
        XCTAssertEqual(opacity?.beginTime ?? 0, now + 2, accuracy: 0.05)
        XCTAssertEqual(opacity?.timingFunction, CAMediaTimingFunction(name: .easeOut))
    }

    func testSettingsApplyToLaterChanges() { MainActor.assumeIsolated { laterChangesBody() } }

    @MainActor private func laterChangesBody() {
        let v = makeView(), w = makeView()
        UIView.beginAnimations(nil, context: nil)
        v.alpha = 0
        UIView.setAnimationDuration(3)
        w.alpha = 0
        UIView.commitAnimations()
        XCTAssertEqual(v.layer.animation(forKey: "opacity")?.duration, 0.2, "changed before the setter")
        XCTAssertEqual(w.layer.animation(forKey: "opacity")?.duration, 3)
    }

    func testBeginsFromCurrentState() { MainActor.assumeIsolated { currentStateBody() } }

    @MainActor private func currentStateBody() {
        let v = makeView()
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center = CGPoint(x: 105, y: 5) })
        CATransaction.flush()
        CAMediaClock.advance(by: 0.5)
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationBeginsFromCurrentState(true)
        v.center = CGPoint(x: 5, y: 5)
        UIView.commitAnimations()
        let from = position(of: v)?.fromValue as? CGPoint
        XCTAssertEqual(from?.x ?? 0, 55, accuracy: 1e-6, "starts where the running animation is on screen")
    }

    func testNestedBlocks() { MainActor.assumeIsolated { nestedBody() } }

    @MainActor private func nestedBody() {
        let v = makeView(), w = makeView(), u = makeView()
        UIView.beginAnimations("outer", context: nil)
        UIView.setAnimationDuration(2)
        UIView.setAnimationCurve(.easeIn)
        UIView.beginAnimations("inner", context: nil)
        XCTAssertEqual(UIView.inheritedAnimationDuration, 2, "a nested block starts with the outer's settings")
        u.alpha = 0
        UIView.setAnimationDuration(0.5)
        v.alpha = 0
        UIView.commitAnimations()
        w.alpha = 0
        UIView.commitAnimations()
        XCTAssertEqual(u.layer.animation(forKey: "opacity")?.duration, 2)
        XCTAssertEqual(u.layer.animation(forKey: "opacity")?.timingFunction, CAMediaTimingFunction(name: .easeIn))
        XCTAssertEqual(v.layer.animation(forKey: "opacity")?.duration, 0.5)
        XCTAssertEqual(w.layer.animation(forKey: "opacity")?.duration, 2, "the outer block's own setting again")
        UIView.commitAnimations()   // unbalanced: ignored
    }

    func testDelegateSelectors() { MainActor.assumeIsolated { delegateBody() } }

    @MainActor private func delegateBody() {
        let v = makeView()
        let recorder = AnimationDelegateRecorder()
        let token = UnsafeMutableRawPointer(bitPattern: 0x5eed)!
        UIView.beginAnimations("slide", context: token)
        UIView.setAnimationDelegate(recorder)
        UIView.setAnimationWillStart(Selector("animationWillStart:context:"))
        UIView.setAnimationDidStop(Selector("animationDidStop:finished:context:"))
        UIView.setAnimationDuration(0.4)
        v.center = CGPoint(x: 50, y: 5)
        XCTAssertTrue(recorder.calls.isEmpty, "nothing before the commit")
        UIView.commitAnimations()
        XCTAssertEqual(recorder.calls.map(\.selector), ["animationWillStart:context:"])
        XCTAssertEqual(recorder.calls.first?.id, "slide")
        XCTAssertEqual(recorder.calls.first?.context, token)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.3)
        XCTAssertEqual(recorder.calls.count, 1, "still running")
        CAMediaClock.advance(by: 0.2)
        XCTAssertEqual(recorder.calls.map(\.selector), ["animationWillStart:context:", "animationDidStop:finished:context:"])
        XCTAssertEqual(recorder.calls.last?.id, "slide")
        XCTAssertEqual(recorder.calls.last?.finished, true)
        XCTAssertEqual(recorder.calls.last?.context, token)

        // Removed before its end: did-stop says unfinished; no will-start selector, no call.
        let other = AnimationDelegateRecorder()
        UIView.beginAnimations("fade", context: nil)
        UIView.setAnimationDelegate(other)
        UIView.setAnimationDidStop(Selector("done"))
        v.alpha = 0
        UIView.commitAnimations()
        CATransaction.flush()
        v.layer.removeAllAnimations()
        CAMediaClock.advance(by: 0.01)
        XCTAssertEqual(other.calls.map(\.selector), ["done"])
        XCTAssertEqual(other.calls.first?.finished, false)
        XCTAssertEqual(other.calls.first?.id, "fade")
    }

    func testAnimationsDisabled() { MainActor.assumeIsolated { disabledBody() } }

    @MainActor private func disabledBody() {
        let v = makeView()
        XCTAssertTrue(UIView.areAnimationsEnabled)
        UIView.setAnimationsEnabled(false)
        XCTAssertFalse(UIView.areAnimationsEnabled)
        UIView.beginAnimations(nil, context: nil)
        v.center = CGPoint(x: 50, y: 5)
        UIView.commitAnimations()
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { v.alpha = 0.25 }, completion: { finished = $0 })
        UIView.transition(with: v, duration: 1, options: .transitionFlipFromLeft, animations: { v.backgroundColor = .red })
        XCTAssertNil(v.layer.animationKeys(), "no animation: the changes are immediate")
        XCTAssertEqual(v.layer.position.x, 50)
        XCTAssertEqual(v.layer.presentation()?.opacity, 0.25)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.01)
        XCTAssertEqual(finished, true, "the completion still runs")

        // Off for part of a block only.
        UIView.setAnimationsEnabled(true)
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationsEnabled(false)
        v.alpha = 1
        UIView.setAnimationsEnabled(true)
        v.center = CGPoint(x: 5, y: 5)
        UIView.commitAnimations()
        XCTAssertNil(v.layer.animation(forKey: "opacity"))
        XCTAssertNotNil(v.layer.animation(forKey: "position"))
    }

    func testTransitionForView() { MainActor.assumeIsolated { transitionBody() } }

    @MainActor private func transitionBody() {
        let v = makeView()
        let expected: [(UIView.AnimationTransition, String, CATransitionSubtype?)] = [
            (.flipFromLeft, "oglFlip", .fromLeft), (.flipFromRight, "oglFlip", .fromRight),
            (.curlUp, "pageCurl", nil), (.curlDown, "pageUnCurl", nil),
        ]
        for (kind, type, subtype) in expected {
            UIView.beginAnimations(nil, context: nil)
            UIView.setAnimationTransition(kind, for: v, cache: true)
            UIView.setAnimationDuration(0.7)
            UIView.setAnimationCurve(.easeIn)
            v.backgroundColor = .blue
            UIView.commitAnimations()
            let transition = v.layer.animation(forKey: kCATransition) as? CATransition
            XCTAssertEqual(transition?.type.rawValue, type)
            XCTAssertEqual(transition?.subtype, subtype)
            XCTAssertEqual(transition?.duration, 0.7, "the block's final duration")
            XCTAssertEqual(transition?.timingFunction, CAMediaTimingFunction(name: .easeIn))
            CATransaction.flush()
            v.layer.removeAllAnimations()
        }
        UIView.beginAnimations(nil, context: nil)
        UIView.setAnimationTransition(.none, for: v, cache: false)
        v.backgroundColor = .green
        UIView.commitAnimations()
        XCTAssertNil(v.layer.animation(forKey: kCATransition))
    }

    func testBlockTransitionOptionsPickFlipAndCurl() { MainActor.assumeIsolated { blockTransitionBody() } }

    @MainActor private func blockTransitionBody() {
        let v = makeView()
        let expected: [(UIView.AnimationOptions, String, CATransitionSubtype?)] = [
            (.transitionFlipFromLeft, "oglFlip", .fromLeft), (.transitionFlipFromRight, "oglFlip", .fromRight),
            (.transitionFlipFromTop, "oglFlip", .fromTop), (.transitionFlipFromBottom, "oglFlip", .fromBottom),
            (.transitionCurlUp, "pageCurl", nil), (.transitionCurlDown, "pageUnCurl", nil),
            (.transitionCrossDissolve, "fade", nil), ([], "fade", nil),
        ]
        for (options, type, subtype) in expected {
            UIView.transition(with: v, duration: 0.6, options: options.union(.curveLinear), animations: {
                v.backgroundColor = .blue
            })
            let transition = v.layer.animation(forKey: kCATransition) as? CATransition
            XCTAssertEqual(transition?.type.rawValue, type)
            XCTAssertEqual(transition?.subtype, subtype)
            XCTAssertEqual(transition?.duration, 0.6)
            XCTAssertEqual(transition?.timingFunction, CAMediaTimingFunction(name: .linear))
            CATransaction.flush()
            v.layer.removeAllAnimations()
        }
        UIView.transition(with: v, duration: 0, options: .transitionFlipFromLeft, animations: { v.alpha = 0.5 })
        XCTAssertNil(v.layer.animation(forKey: kCATransition), "no duration: no transition")
    }
}
