import QuartzCore
import UIKit
import XCTest

/// Keyframe blocks and nested animation blocks under a frozen media clock (see UIViewTests for the
/// nonisolated + `MainActor.assumeIsolated` pattern).
final class UIViewKeyframeTests: RenderedWindowTestCase {
    private let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)

    func testKeyframesMakeOneAnimationPerProperty() { MainActor.assumeIsolated { testKeyframesMakeOneAnimationPerPropertyBody() } }

    @MainActor private func testKeyframesMakeOneAnimationPerPropertyBody() {
        let v = makeView()
        var finished: Bool?
        UIView.animateKeyframes(withDuration: 4, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { v.center = CGPoint(x: 105, y: 5) }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.center = CGPoint(x: 105, y: 105) }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { v.alpha = 0 }
        }, completion: { finished = $0 })
        XCTAssertEqual(v.center, CGPoint(x: 105, y: 105), "the model takes the last values at once")
        let position = v.layer.animation(forKey: "position") as? CAKeyframeAnimation
        XCTAssertEqual(position?.keyTimes?.map(\.doubleValue), [0, 0.25, 0.5, 1])
        XCTAssertEqual(position?.values?.count, 4)
        XCTAssertEqual(position?.duration, 4)
        XCTAssertEqual(position?.calculationMode, .linear)
        XCTAssertEqual((v.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)?.keyTimes?.map(\.doubleValue),
                       [0, 0.25, 0.75, 1])

        func check(_ x: CGFloat, _ y: CGFloat, _ alpha: Float, _ line: UInt = #line) {
            let p = v.layer.presentation()!
            XCTAssertEqual(p.position.x, x, accuracy: 1e-6, line: line)
            XCTAssertEqual(p.position.y, y, accuracy: 1e-6, line: line)
            XCTAssertEqual(p.opacity, alpha, accuracy: 1e-6, line: line)
        }
        CAMediaClock.advance(by: 0.5)   // 1/8: halfway through the first keyframe
        check(55, 5, 1)
        CAMediaClock.advance(by: 1)     // 3/8: position held, opacity a quarter down
        check(105, 5, 0.75)
        CAMediaClock.advance(by: 1.5)   // 6/8
        check(105, 55, 0)
        XCTAssertNil(finished)
        CAMediaClock.advance(by: 1.1)
        XCTAssertEqual(finished, true)
        CATransaction.flush()
        XCTAssertEqual(v.layer.presentation()!.position, CGPoint(x: 105, y: 105))
    }

    func testKeyframesRunEaseInOutByDefaultAndChangesOutsideKeyframesSpanTheBlock() {
        MainActor.assumeIsolated { testKeyframesDefaultsBody() }
    }

    @MainActor private func testKeyframesDefaultsBody() {
        let v = makeView()
        UIView.animateKeyframes(withDuration: 2, delay: 0, animations: { v.alpha = 0.5 })
        let opacity = v.layer.animation(forKey: "opacity") as? CAKeyframeAnimation
        XCTAssertEqual(opacity?.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
        XCTAssertEqual(opacity?.keyTimes?.map(\.doubleValue), [0, 1])
        CAMediaClock.advance(by: 1)
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.75, accuracy: 1e-4, "ease-in-out midpoint")
    }

    func testDiscreteKeyframesJumpAtTheirStart() { MainActor.assumeIsolated { testDiscreteKeyframesJumpAtTheirStartBody() } }

    @MainActor private func testDiscreteKeyframesJumpAtTheirStartBody() {
        let v = makeView()
        UIView.animateKeyframes(withDuration: 4, delay: 0, options: linear.union(.calculationModeDiscrete), animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { v.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = 0.2 }
        })
        XCTAssertEqual((v.layer.animation(forKey: "opacity") as? CAKeyframeAnimation)?.calculationMode, .discrete)
        CAMediaClock.advance(by: 0.9)
        XCTAssertEqual(v.layer.presentation()!.opacity, 1, accuracy: 1e-6)
        CAMediaClock.advance(by: 0.2)
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.5, accuracy: 1e-6)
        CAMediaClock.advance(by: 1)
        XCTAssertEqual(v.layer.presentation()!.opacity, 0.2, accuracy: 1e-6)
    }

    func testKeyframeOptionsMapToCalculationModes() {
        XCTAssertEqual(UIView.KeyframeAnimationOptions.calculationModePaced.rawValue, 2 << 10)
        XCTAssertEqual(UIView.KeyframeAnimationOptions.calculationModeCubicPaced.rawValue, 4 << 10)
        MainActor.assumeIsolated {
            let v = makeView()
            UIView.animateKeyframes(withDuration: 1, delay: 0.5, options: [.calculationModeCubic, .repeat, .autoreverse],
                                    animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { v.center = CGPoint(x: 50, y: 50) }
            })
            let anim = v.layer.animation(forKey: "position") as? CAKeyframeAnimation
            XCTAssertEqual(anim?.calculationMode, .cubic)
            XCTAssertEqual(anim?.repeatCount, .infinity)
            XCTAssertEqual(anim?.autoreverses, true)
            XCTAssertEqual(anim?.fillMode, .backwards, "delayed")
        }
    }

    func testNestedBlocksInheritDurationAndCurve() { MainActor.assumeIsolated { testNestedBlocksInheritDurationAndCurveBody() } }

    @MainActor private func testNestedBlocksInheritDurationAndCurveBody() {
        let v = makeView()
        UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear, .repeat], animations: {
            UIView.animate(withDuration: 10, delay: 0, options: [.curveEaseIn], animations: { v.alpha = 0.5 })
            UIView.animate(withDuration: 10, delay: 0, options: [.overrideInheritedDuration, .overrideInheritedCurve,
                                                                 .overrideInheritedOptions, .curveEaseIn],
                           animations: { v.center = CGPoint(x: 20, y: 20) })
        })
        let opacity = v.layer.animation(forKey: "opacity") as? CABasicAnimation
        XCTAssertEqual(opacity?.duration, 2)
        XCTAssertEqual(opacity?.timingFunction, CAMediaTimingFunction(name: .linear))
        XCTAssertEqual(opacity?.repeatCount, .infinity, "options are inherited")
        let position = v.layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertEqual(position?.duration, 10)
        XCTAssertEqual(position?.timingFunction, CAMediaTimingFunction(name: .easeIn))
        XCTAssertEqual(position?.repeatCount, 0)
    }
}
