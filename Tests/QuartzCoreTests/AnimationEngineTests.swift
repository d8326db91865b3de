import QuartzCore
import XCTest

/// The animation engine under a frozen media clock: values are checked at exact times against the
/// documented formulas.
final class AnimationEngineTests: XCTestCase {
    private var renderer: CARenderer!
    private var root: CALayer!
    private let t0: CFTimeInterval = 1000

    override func setUp() {
        CAMediaClock.freeze(at: t0)
        root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        renderer = CARenderer(context: makeBitmapContext(width: 4, height: 4))
        renderer.layer = root   // a rendered tree: actions run
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A layer in the rendered tree, committed.
    private func makeLayer() -> CALayer {
        let l = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(l)
        CATransaction.commit()
        return l
    }

    private func add(_ anim: CAAnimation, to layer: CALayer, key: String?) {
        CATransaction.flush()   // an open implicit transaction would enclose this one
        CATransaction.begin()
        layer.add(anim, forKey: key)
        CATransaction.commit()
    }

    private func at(_ seconds: CFTimeInterval) {
        CAMediaClock.freeze(at: t0 + seconds)
    }

    // MARK: Basic animations and timing

    func testEaseInOpacityAtQuarterPoints() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = 0
        a.toValue = 1
        a.duration = 1
        a.timingFunction = CAMediaTimingFunction(name: .easeIn)
        add(a, to: l, key: "fade")
        for (t, expected) in [(0.25, 0.0935), (0.5, 0.3154), (0.75, 0.6219)] {
            at(t)
            XCTAssertEqual(Double(l.presentation()!.opacity), expected, accuracy: 1e-4, "at \(t)")
        }
        XCTAssertEqual(l.opacity, 1, "the model is untouched")
        at(1.5)
        XCTAssertEqual(l.presentation()!.opacity, 1)
        XCTAssertNil(l.animation(forKey: "fade"), "removed on completion")
    }

    func testFillModesBeforeAndAfterTheActiveInterval() {
        let l = makeLayer()
        l.opacity = 0.5
        CATransaction.flush()
        for (mode, before, after) in [(CAMediaTimingFillMode.removed, Float(0.5), Float(0.5)),
                                      (.backwards, 0.2, 0.5), (.forwards, 0.5, 0.8), (.both, 0.2, 0.8)] {
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = Float(0.2)
            a.toValue = Float(0.8)
            a.duration = 1
            a.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) + 1
            a.fillMode = mode
            a.isRemovedOnCompletion = false
            add(a, to: l, key: "fill")
            at(0.5)
            XCTAssertEqual(l.presentation()!.opacity, before, accuracy: 1e-6, "\(mode.rawValue) before")
            at(1.5)
            XCTAssertEqual(l.presentation()!.opacity, 0.5, accuracy: 1e-6, "\(mode.rawValue) midway")
            at(2.5)
            XCTAssertEqual(l.presentation()!.opacity, after, accuracy: 1e-6, "\(mode.rawValue) after")
            l.removeAnimation(forKey: "fill")
            at(0)
        }
    }

    func testRepeatCountOneAndAHalfWithAutoreverse() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 1
        a.repeatCount = 1.5
        a.autoreverses = true
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        add(a, to: l, key: "x")
        let samples: [(CFTimeInterval, CGFloat)] = [(0.25, 25), (1.25, 75), (1.75, 25), (2.25, 25), (2.75, 75), (4, 100)]
        for (t, x) in samples {
            at(t)
            XCTAssertEqual(l.presentation()!.position.x, x, accuracy: 1e-6, "at \(t)")
        }
    }

    func testThePauseAndResumeRecipe() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 4
        add(a, to: l, key: "move")
        at(1)
        // pause
        let paused = l.convertTime(CACurrentMediaTime(), from: nil)
        l.speed = 0
        l.timeOffset = paused
        CATransaction.flush()
        at(3)
        XCTAssertEqual(l.presentation()!.position.x, 25, accuracy: 1e-6)
        // resume
        let pausedTime = l.timeOffset
        l.speed = 1
        l.timeOffset = 0
        l.beginTime = 0
        l.beginTime = l.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        CATransaction.flush()
        at(4)
        XCTAssertEqual(l.presentation()!.position.x, 50, accuracy: 1e-6)
        at(5.999)
        XCTAssertEqual(l.presentation()!.position.x, 99.975, accuracy: 1e-3)
        at(6.5)
        XCTAssertNil(l.animation(forKey: "move"), "a 4-s animation paused for 2 s ends at 6 s")
    }

    func testScrubbingWithSpeedZeroAndTimeOffset() {
        let l = makeLayer()
        l.speed = 0
        CATransaction.flush()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = Float(0)
        a.toValue = Float(1)
        a.duration = 1
        add(a, to: l, key: "scrub")
        for offset in [0.0, 0.3, 0.9] {
            l.timeOffset = offset
            CATransaction.flush()
            XCTAssertEqual(Double(l.presentation()!.opacity), offset, accuracy: 1e-6)
        }
    }

    // MARK: The animations list and the delegate

    final class Recorder: NSObject, CAAnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ anim: CAAnimation) { events.append("start \(anim.value(forKey: "tag") ?? "")") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            events.append("stop \(anim.value(forKey: "tag") ?? "") \(flag)")
        }
    }

    func testDelegateHearsStartAndStopAndIsHeldStrongly() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.toValue = 0
        a.duration = 1
        a.setValue("fade", forKey: "tag")
        var recorder: Recorder? = Recorder()
        weak let weakRecorder = recorder
        a.delegate = recorder
        recorder = nil
        add(a, to: l, key: "fade")
        XCTAssertEqual(weakRecorder?.events, ["start fade"])
        at(1)
        XCTAssertEqual(weakRecorder?.events, ["start fade", "stop fade true"])
    }

    func testRemovingOrReplacingStopsWithFinishedFalse() {
        let l = makeLayer()
        let recorder = Recorder()
        for tag in ["a", "b"] {
            let anim = CABasicAnimation(keyPath: "opacity")
            anim.toValue = 0
            anim.duration = 1
            anim.delegate = recorder
            anim.setValue(tag, forKey: "tag")
            add(anim, to: l, key: "same")
        }
        XCTAssertEqual(recorder.events, ["start a", "stop a false", "start b"])
        l.removeAnimation(forKey: "same")
        XCTAssertEqual(recorder.events.last, "stop b false")
    }

    func testAddStoresACopyAndKeysKeepTheirOrder() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.duration = 2
        add(a, to: l, key: "one")
        a.duration = 5
        add(CABasicAnimation(keyPath: "position"), to: l, key: "two")
        add(CABasicAnimation(keyPath: "bounds"), to: l, key: nil)
        XCTAssertEqual(l.animationKeys(), ["one", "two"])
        XCTAssertEqual(l.animation(forKey: "one")?.duration, 2)
        XCTAssertFalse(l.animation(forKey: "one") === a)
        XCTAssertEqual(l.animation(forKey: "two")?.duration, 0.25, "duration 0 takes the transaction's")
        l.removeAllAnimations()
        XCTAssertNil(l.animationKeys())
    }

    func testKeyPathDefaultsToTheKeyAndTransitionsUseTheirOwnKey() {
        let l = makeLayer()
        add(CABasicAnimation(), to: l, key: "opacity")
        XCTAssertEqual((l.animation(forKey: "opacity") as? CABasicAnimation)?.keyPath, "opacity")
        add(CATransition(), to: l, key: "anything")
        XCTAssertNotNil(l.animation(forKey: "transition"))
        XCTAssertNil(l.animation(forKey: "anything"))
    }

    // MARK: Transactions

    func testCompletionBlockWaitsForTheTransactionsAnimations() {
        let l = makeLayer()
        var done = false
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setCompletionBlock { done = true }
        l.position = CGPoint(x: 50, y: 50)   // implicit animation, 2 s
        CATransaction.commit()
        XCTAssertFalse(done)
        at(1.9)
        XCTAssertFalse(done)
        at(2)
        XCTAssertTrue(done)
    }

    func testCompletionBlockWaitsOnlyForAnimationsAddedAfterIt() {
        let l = makeLayer()
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        l.position = CGPoint(x: 50, y: 50)   // added before any block: waited for by none
        CATransaction.setCompletionBlock { log.append("first") }
        l.opacity = 0.5                       // 2 s, waited for by "first"
        CATransaction.setCompletionBlock { log.append("second") }
        CATransaction.commit()
        XCTAssertEqual(log, ["second"], "a block with no animation after it runs at the commit")
        at(1.9)
        XCTAssertEqual(log, ["second"])
        at(2)
        XCTAssertEqual(log, ["second", "first"])
    }

    func testCompletionBlockOfAnImplicitTransactionWithNoAnimationRunsAtTheCommit() {
        let l = makeLayer()
        l.position = CGPoint(x: 10, y: 10)   // an implicit animation, before the block
        var done = false
        CATransaction.setCompletionBlock { done = true }
        XCTAssertFalse(done)
        CATransaction.flush()
        XCTAssertTrue(done)
    }

    func testNestedTransactionsAnimateWithTheirOwnDurations() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        l.position = CGPoint(x: 100, y: 0)
        CATransaction.begin()
        CATransaction.setAnimationDuration(5)
        l.opacity = 0
        CATransaction.commit()
        CATransaction.commit()
        XCTAssertEqual(l.animation(forKey: "position")?.duration, 2)
        XCTAssertEqual(l.animation(forKey: "opacity")?.duration, 5)
    }

    // MARK: Actions

    func testImplicitAnimationRunsFromTheOldPresentationValueWithTheDefaults() {
        let l = makeLayer()
        CATransaction.begin()
        l.position = CGPoint(x: 100, y: 50)
        CATransaction.commit()
        let a = l.animation(forKey: "position") as? CABasicAnimation
        XCTAssertNotNil(a)
        XCTAssertEqual(a?.duration, 0.25)
        XCTAssertEqual(a?.timingFunction, CAMediaTimingFunction(name: .default))
        at(0.125)
        // default timing function (0.25, 0.1, 0.25, 1) at x = 0.5 is 0.8024.
        let p = l.presentation()!.position
        XCTAssertEqual(p.x, 5 + (100 - 5) * 0.8024, accuracy: 0.01)
        XCTAssertEqual(p.y, 5 + (50 - 5) * 0.8024, accuracy: 0.01)
    }

    func testNoActionWhenDisabledOrUnchangedOrNotRendered() {
        let l = makeLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 0.5
        CATransaction.commit()
        XCTAssertNil(l.animationKeys())
        CATransaction.begin()
        l.opacity = 0.5
        CATransaction.commit()
        XCTAssertNil(l.animationKeys(), "same value: no action")
        let standalone = CALayer()
        CATransaction.flush()
        CATransaction.begin()
        standalone.opacity = 0.3
        CATransaction.commit()
        XCTAssertNil(standalone.animationKeys(), "not in a rendered tree")
    }

    final class ActionDelegate: NSObject, CALayerDelegate {
        var result: CAAction?
        var asked: [String] = []
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            asked.append(event)
            return result
        }
    }

    func testActionSearchOrderAndNullVersusNil() {
        let l = makeLayer()
        let delegate = ActionDelegate()
        l.delegate = delegate
        let fromDictionary = CABasicAnimation()
        fromDictionary.duration = 3
        l.actions = ["opacity": fromDictionary]
        // Delegate returns nil: the search continues to the dictionary.
        XCTAssertTrue(l.action(forKey: "opacity") as? CABasicAnimation === fromDictionary)
        // Delegate returns NSNull: no action at all.
        delegate.result = NSNull()
        XCTAssertNil(l.action(forKey: "opacity"))
        delegate.result = nil
        // NSNull in the dictionary stops the search before the style and the default.
        l.actions = ["opacity": NSNull()]
        XCTAssertNil(l.action(forKey: "opacity"))
        // The style's actions, then the built-in animation.
        l.actions = nil
        let fromStyle = CABasicAnimation()
        l.style = ["actions": ["opacity": fromStyle]]
        XCTAssertTrue(l.action(forKey: "opacity") as? CABasicAnimation === fromStyle)
        l.style = nil
        XCTAssertTrue(l.action(forKey: "opacity") is CABasicAnimation)
        XCTAssertNil(l.action(forKey: "name"), "not animatable: no built-in action")
    }

    /// The action is looked up before the change (Neuburg's waggle reads the old position from the
    /// layer), and runs after it (the model holds the new value once the setter returns).
    func testTheActionSearchSeesTheOldValue() {
        final class Reader: NSObject, CALayerDelegate {
            var seen: [CGPoint] = []
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                if event == "position" { seen.append(layer.position) }
                return nil
            }
        }
        let l = makeLayer()
        l.position = CGPoint(x: 5, y: 5)
        CATransaction.flush()
        let reader = Reader()
        l.delegate = reader
        CATransaction.begin()
        l.position = CGPoint(x: 200, y: 300)
        XCTAssertEqual(l.position, CGPoint(x: 200, y: 300))
        CATransaction.commit()
        XCTAssertEqual(reader.seen, [CGPoint(x: 5, y: 5)])
        XCTAssertNotNil(l.animation(forKey: "position"), "and the built-in action ran")
    }

    func testPresetActionParametersBeatTheTransaction() {
        let l = makeLayer()
        let slow = CABasicAnimation()
        slow.duration = 5
        l.actions = ["position": slow]
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        l.position = CGPoint(x: 95, y: 5)
        CATransaction.commit()
        XCTAssertEqual(l.animation(forKey: "position")?.duration, 5)
        at(2.5)
        // Linear (nil timing function) from the old value (5) to the new (95): halfway.
        XCTAssertEqual(l.presentation()!.position.x, 50, accuracy: 1e-6)
    }

    func testOrderInRunsWhenALayerJoinsARenderedTree() {
        let l = CALayer()
        let pop = CABasicAnimation(keyPath: "opacity")
        pop.fromValue = 0
        pop.duration = 0.2
        l.actions = [kCAOnOrderIn: pop]
        CATransaction.begin()
        root.addSublayer(l)
        CATransaction.commit()
        XCTAssertNotNil(l.animation(forKey: kCAOnOrderIn))
    }

    // MARK: Values

    func testTransformRotationByAFullTurnSpins() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "transform.rotation.z")
        a.byValue = 2 * CGFloat.pi
        a.duration = 1
        add(a, to: l, key: "spin")
        at(0.5)
        let t = l.presentation()!.transform
        XCTAssertEqual(t.m11, -1, accuracy: 1e-9, "half a turn at half time")
        XCTAssertEqual(l.presentation()!.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0, .pi, accuracy: 1e-9)
    }

    func testNonFiniteValuesAreIgnored() {
        let l = makeLayer()
        let a = CABasicAnimation(keyPath: "opacity")
        a.fromValue = Float.nan
        a.toValue = Float(1)
        a.duration = 1
        add(a, to: l, key: "bad")
        at(0.5)
        XCTAssertEqual(l.presentation()!.opacity, 1)
    }

    func testGroupChildrenRunInTheGroupsTime() {
        let l = makeLayer()
        let first = CABasicAnimation(keyPath: "position.x")
        first.fromValue = 0
        first.toValue = 80
        first.duration = 0.8
        let second = CABasicAnimation(keyPath: "opacity")
        second.fromValue = Float(1)
        second.toValue = Float(0)
        second.beginTime = 0.8
        second.duration = 0.25
        let group = CAAnimationGroup()
        group.animations = [first, second]
        group.duration = 1.05
        add(group, to: l, key: "group")
        at(0.4)
        XCTAssertEqual(l.presentation()!.position.x, 40, accuracy: 1e-6)
        XCTAssertEqual(l.presentation()!.opacity, 1)
        at(0.925)
        XCTAssertEqual(l.presentation()!.opacity, 0.5, accuracy: 1e-6)
        XCTAssertEqual(l.presentation()!.position.x, 5, accuracy: 1e-6, "the first child is over")
    }

    func testChildWithoutDurationTakesTheGroups() {
        let l = makeLayer()
        let child = CABasicAnimation(keyPath: "position.y")
        child.fromValue = 0
        child.toValue = 100
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        add(group, to: l, key: "g")
        at(1)
        XCTAssertEqual(l.presentation()!.position.y, 50, accuracy: 1e-6)
    }

    /// The guide's listing 3-4: paced keyframes of `borderWidth` (CGFloat values) and `borderColor`
    /// in a 5-s group; the width moves at 194/5 points a second, the colour is red half way.
    func testGroupedPacedBorderKeyframes() {
        let l = makeLayer()
        let width = CAKeyframeAnimation(keyPath: "borderWidth")
        width.values = [1.0, 10.0, 5.0, 30.0, 0.5, 15.0, 2.0, 50.0, 0.0] as [CGFloat]
        width.calculationMode = .paced
        let color = CAKeyframeAnimation(keyPath: "borderColor")
        color.values = [CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                        CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        color.calculationMode = .paced
        let group = CAAnimationGroup()
        group.animations = [color, width]
        group.duration = 5
        add(group, to: l, key: "BorderChanges")
        at(9 / 38.8)
        XCTAssertEqual(Double(l.presentation()!.borderWidth), 10, accuracy: 1e-6)
        at(2.5)
        XCTAssertEqual(l.presentation()!.borderColor?.components, [1, 0, 0, 1])
        XCTAssertEqual(Double(l.presentation()!.borderWidth), 3, accuracy: 1e-6)
    }

    /// Lockwood's listing 8.10: a path keyframe animation with rotationMode auto inside a group
    /// moves and turns the layer like the same animation on its own.
    func testKeyframePathInsideAGroupMovesAndTurnsTheLayer() {
        let l = makeLayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 150))
        path.addCurve(to: CGPoint(x: 300, y: 150), control1: CGPoint(x: 75, y: 0), control2: CGPoint(x: 225, y: 300))
        let move = CAKeyframeAnimation(keyPath: "position")
        move.path = path
        move.rotationMode = .rotateAuto
        let group = CAAnimationGroup()
        group.animations = [move]
        group.duration = 4
        add(group, to: l, key: "group")
        at(2)
        XCTAssertEqual(l.presentation()!.position.x, 150, accuracy: 1e-6)
        XCTAssertEqual(l.presentation()!.position.y, 150, accuracy: 1e-6)
        let t = l.presentation()!.transform
        XCTAssertEqual(atan2(Double(t.m12), Double(t.m11)) * 180 / .pi, atan2(225, 337.5) * 180 / .pi, accuracy: 1e-6)
    }

    func testSpringFollowsTheDampedOscillator() {
        let l = makeLayer()
        let a = CASpringAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = a.settlingDuration
        add(a, to: l, key: "spring")
        // mass 1, stiffness 100, damping 10: ω0 = 10, ζ = 0.5, ωd = 10·√0.75.
        // x(t) = 1 − e^(−5t)(cos ωd t + (5/ωd) sin ωd t).
        for t in [0.1, 0.3, 0.6] {
            at(t)
            let wd = 10 * 0.75.squareRoot()
            let expected = 100 * (1 - exp(-5 * t) * (cos(wd * t) + 5 / wd * sin(wd * t)))
            XCTAssertEqual(Double(l.presentation()!.position.x), expected, accuracy: 1e-6, "at \(t)")
        }
    }

    func testKeyframeBouncingBall() {
        let l = makeLayer()
        let a = CAKeyframeAnimation(keyPath: "position")
        a.duration = 1
        a.values = [32, 268, 140, 268, 220, 268, 250, 268].map { CGPoint(x: 150, y: $0) }
        a.keyTimes = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1]
        a.timingFunctions = [.easeIn, .easeOut, .easeIn, .easeOut, .easeIn, .easeOut, .easeIn].map { CAMediaTimingFunction(name: $0) }
        add(a, to: l, key: "bounce")
        at(0.5)
        XCTAssertEqual(l.presentation()!.position.y, 140, accuracy: 1e-6)
        at(0.3)
        XCTAssertEqual(l.presentation()!.position.y, 268, accuracy: 1e-6)
        at(0.15)
        // ease-in at x = 0.5 is 0.3154 of the fall from 32 to 268.
        XCTAssertEqual(Double(l.presentation()!.position.y), 32 + 236 * 0.3154, accuracy: 0.05)
    }

    // MARK: Custom properties

    /// A layer drawing a bar whose width follows a custom, animatable `progress` key.
    final class ProgressLayer: CALayer {
        override class func needsDisplay(forKey key: String) -> Bool {
            key == "progress" || super.needsDisplay(forKey: key)
        }

        override func draw(in ctx: CGContext) {
            let progress = value(forKey: "progress") as? CGFloat ?? 0
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    func testACustomPropertyAnimatesThroughDisplay() {
        let bar = ProgressLayer()
        let ctx = makeBitmapContext(width: 20, height: 4)
        let r = CARenderer(context: ctx)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        bar.frame = CGRect(x: 0, y: 0, width: 20, height: 4)
        bar.setValue(CGFloat(0), forKey: "progress")
        r.layer = bar
        CATransaction.commit()
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = CGFloat(0)
        a.toValue = CGFloat(1)
        a.duration = 1
        add(a, to: bar, key: "progress")
        at(0.5)
        r.beginFrame(atTime: CACurrentMediaTime())
        r.render()
        r.endFrame()
        let image = ctx.makeImage()!
        XCTAssertEqual(rgba(image, 9, 2), [255, 0, 0, 255], "half the bar drawn at half time")
        XCTAssertEqual(rgba(image, 11, 2)[3], 0)
        XCTAssertEqual(bar.value(forKey: "progress") as? CGFloat, 0, "the model keeps its value")
    }
}
