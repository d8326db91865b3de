import CoreGraphics
import Foundation
import QuartzCore

/// An animation of views' properties that can be started, paused, scrubbed, reversed and stopped.
///
/// The animations blocks run as a `UIView.animate` block does (the model takes the new values at
/// once) when the animator first starts or pauses; the animator then owns one layer animation per
/// changed property ("track", spanning the fractions from its block's start to 1: a block added
/// while active, or with a delay factor, starts later) and re-adds it whenever its state changes:
/// running, with a `beginTime` that puts it at the current fraction (negative speed when
/// reversed); paused, frozen at the fraction with speed 0 and `timeOffset` (linear when
/// `scrubsLinearly`). Invalid calls (starting a stopped animator, finishing an active one) are
/// ignored where UIKit raises.
@preconcurrency @MainActor
open class UIViewPropertyAnimator: NSObject {
    public let duration: TimeInterval
    /// The length of the animator's timeline: `duration`, or a physical spring's settling time
    /// (such a spring takes its own time, as UIKit's does).
    private let timeline: TimeInterval
    public private(set) var delay: TimeInterval = 0
    public let timingParameters: UITimingCurveProvider?

    open var isUserInteractionEnabled = true
    open var isManualHitTestingEnabled = false
    open var isInterruptible = true
    /// A paused animator scrubs its properties linearly (true) or along its curve (false).
    open var scrubsLinearly = true
    /// At the end the animator pauses, active, instead of finishing (and calls no completion).
    open var pausesOnCompletion = false

    public private(set) var state: UIViewAnimatingState = .inactive

    /// Running backwards, towards the start: can be changed while running.
    open var isReversed = false {
        didSet {
            guard oldValue != isReversed, isRunning else { return }
            install(running: true, at: fractionComplete(asOf: CACurrentMediaTime(), reversed: oldValue))
        }
    }

    open var isRunning: Bool { state == .active && run != nil }

    /// How far the animation is, 0...1 in time (before the curve). Settable while paused or inactive
    /// (an inactive animator becomes active and paused); ignored while running.
    open var fractionComplete: CGFloat {
        get { fractionComplete(asOf: CACurrentMediaTime(), reversed: isReversed) }
        set {
            guard state != .stopped, !isRunning else { return }
            if state == .inactive { pauseAnimation() }
            pausedFraction = min(max(newValue, 0), 1)
            install(running: false, at: pausedFraction)
        }
    }

    /// Blocks added before the start, with their delay factors.
    private var pendingAnimations: [(animations: () -> Void, delayFactor: CGFloat)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var tracks: [PropertyAnimatorTrack] = []
    private var pausedFraction: CGFloat = 0
    /// While running: the media time and fraction the current run started from.
    private var run: (time: CFTimeInterval, fraction: CGFloat)?
    /// The running animations' speed: 1, or what `continueAnimation(…durationFactor:)` asks for to
    /// cover the rest in its time.
    private var rate: Double = 1
    /// Counts installs, so that the stop of an animation replaced by a later install is ignored.
    private var generation = 0
    private var tracksRunning = 0

    // `required`: `runningPropertyAnimator` makes an instance of the class it is called on.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = max(duration, 0)
        timeline = parameters.springTimingParameters?.settlingDuration ?? max(duration, 0)
        timingParameters = parameters
        super.init()
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator started at once (after `delay`); `options` give its curve.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let curve = UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 0xF)) ?? .easeInOut
        let animator = self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// Adds an animations block: run when the animator starts, or at once (at the current
    /// fraction) when it is already active.
    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds an animations block whose changes start `delayFactor` (0...1) of the remaining time
    /// later and end with the animator's.
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = min(max(delayFactor, 0), 1)
        if state == .inactive {
            pendingAnimations.append((animation, factor))
        } else if state == .active {
            let fraction = fractionComplete
            tracks += collectTracks(of: animation, start: fraction + factor * (1 - fraction))
            install(running: isRunning, at: fraction)
        }
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped, !isRunning else { return }
        activate()
        self.delay = max(delay, 0)
        install(running: true, at: pausedFraction, delay: self.delay)
    }

    open func pauseAnimation() {
        guard state != .stopped else { return }
        if state == .inactive {
            activate()
        } else {
            pausedFraction = fractionComplete
        }
        install(running: false, at: pausedFraction)
    }

    /// Runs a paused animator on from where it is, over `durationFactor` × `duration` (0: the time
    /// left at the original pace). New timing parameters are not honoured: the animator keeps its
    /// own curve or spring.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state == .active, !isRunning else { return }
        let left = isReversed ? pausedFraction : 1 - pausedFraction
        if durationFactor > 0, left > 0 {
            rate = Double(left) / Double(durationFactor)
        }
        install(running: true, at: pausedFraction)
    }

    /// Stops where the animation is: the properties keep their current values. Without finishing
    /// the animator becomes inactive at once (no completion); otherwise it waits, stopped, for
    /// `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        let now = CACurrentMediaTime()
        pausedFraction = fractionComplete(asOf: now, reversed: isReversed)
        freezeModelAtPresentation()
        removeTracks()
        if withoutFinishing {
            reset()
        } else {
            state = .stopped
        }
    }

    /// Ends a stopped animator: the properties take their end, start or current values and the
    /// completions run with `finalPosition`.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        setModel(to: finalPosition)
        finish(at: finalPosition)
    }

    // MARK: Tracks

    private func activate() {
        guard state == .inactive else { return }
        state = .active
        pausedFraction = isReversed ? 1 : pausedFraction
        let blocks = pendingAnimations
        pendingAnimations = []
        tracks = blocks.flatMap { collectTracks(of: $0.animations, start: $0.delayFactor) }
    }

    /// Runs `animations` as an animation block and takes over the animations it added, as tracks
    /// that begin at fraction `start`.
    private func collectTracks(of animations: () -> Void, start: CGFloat) -> [PropertyAnimatorTrack] {
        let block = UIViewAnimationBlock(options: [], parent: nil)
        var context = UIViewAnimationContext(duration: max(duration, 0.001), delay: 0, options: .curveLinear, spring: nil)
        context.block = block
        CATransaction.begin()
        UIViewAnimationContext.stack.append(context)
        animations()
        UIViewAnimationContext.stack.removeLast()
        let layers = block.changedLayers
        block.close()
        CATransaction.commit()
        var collected: [PropertyAnimatorTrack] = []
        for layer in layers {
            for key in layer.animationKeys() ?? [] {
                guard let animation = layer.animation(forKey: key) as? CABasicAnimation, animation.delegate === block,
                      let keyPath = animation.keyPath else { continue }
                collected.append(PropertyAnimatorTrack(layer: layer, key: key, keyPath: keyPath, start: start,
                                                       fromValue: animation.fromValue,
                                                       toValue: layer.value(forKeyPath: keyPath)))
            }
        }
        return collected
    }

    /// Puts every track's animation on its layer for the state: running from `fraction` (after
    /// `delay`), or paused at it.
    private func install(running: Bool, at fraction: CGFloat, delay: TimeInterval = 0) {
        generation += 1
        let current = generation
        let now = CACurrentMediaTime()
        run = running ? (now + delay, fraction) : nil
        if !running { pausedFraction = fraction }
        tracksRunning = running ? tracks.count : 0
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for track in tracks {
            // A track spans fractions start...1 of the animator: its own duration is the rest.
            let trackDuration = max((1 - Double(track.start)) * timeline, 1e-6)
            let position = (Double(fraction) - Double(track.start)) * timeline
            let animation = makeAnimation(for: track, duration: trackDuration, linear: !running && scrubsLinearly)
            animation.duration = trackDuration
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            let layerNow = track.layer.convertTime(now, from: nil)
            if running {
                // Forward, position = (t − begin) × rate; backwards (speed −rate), Dt − (t − begin) × rate.
                let elapsed = isReversed ? trackDuration - position : position
                animation.beginTime = layerNow + delay - elapsed / rate
                animation.speed = Float(isReversed ? -rate : rate)
                animation.delegate = PropertyAnimatorTrackDelegate(allowsUserInteraction: isUserInteractionEnabled) {
                    [weak self] finished in self?.trackDidStop(finished: finished, generation: current)
                }
            } else {
                animation.beginTime = layerNow
                animation.speed = 0
                animation.delegate = PropertyAnimatorTrackDelegate(allowsUserInteraction: isUserInteractionEnabled) { _ in }
                // The offset wraps at the duration: the end shows just before it.
                animation.timeOffset = min(max(position, 0), trackDuration.nextDown)
            }
            track.layer.add(animation, forKey: track.key)
        }
        CATransaction.commit()
        if running, tracks.isEmpty {
            // Nothing to animate: nothing to wait for (UIKit would wait out the duration).
            reachedEnd()
        }
    }

    private func makeAnimation(for track: PropertyAnimatorTrack, duration: TimeInterval, linear: Bool) -> CABasicAnimation {
        let animation: CABasicAnimation
        if !linear, let spring = timingParameters?.springTimingParameters {
            animation = spring.makeAnimation(keyPath: track.keyPath, duration: duration)
        } else {
            animation = CABasicAnimation(keyPath: track.keyPath)
            animation.timingFunction = linear ? CAMediaTimingFunction(name: .linear)
                : (timingParameters?.cubicTimingParameters ?? UICubicTimingParameters()).timingFunction
        }
        animation.fromValue = track.fromValue
        animation.toValue = track.toValue
        return animation
    }

    private func trackDidStop(finished: Bool, generation stopped: Int) {
        guard stopped == generation, finished, isRunning else { return }
        tracksRunning -= 1
        if tracksRunning == 0 { reachedEnd() }
    }

    /// The running animation got to its end (the start, reversed).
    private func reachedEnd() {
        let position: UIViewAnimatingPosition = isReversed ? .start : .end
        if pausesOnCompletion {
            install(running: false, at: isReversed ? 0 : 1)
            return
        }
        removeTracks()
        setModel(to: position)
        finish(at: position)
    }

    private func finish(at position: UIViewAnimatingPosition) {
        let toCall = completions
        reset()
        completions = []
        for completion in toCall { completion(position) }
    }

    private func reset() {
        state = .inactive
        rate = 1
        run = nil
        tracks = []
        pausedFraction = 0
        generation += 1
    }

    /// (In an explicit transaction: outside one, removing would open an implicit transaction that
    /// holds back the animator's next changes until the run loop's flush.)
    private func removeTracks() {
        generation += 1
        CATransaction.begin()
        for track in tracks { track.layer.removeAnimation(forKey: track.key) }
        CATransaction.commit()
    }

    /// The model takes what is on screen (before the animations are removed).
    private func freezeModelAtPresentation() {
        let values = tracks.map { $0.layer.presentation()?.value(forKeyPath: $0.keyPath) }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (track, value) in zip(tracks, values) { track.layer.setValue(value, forKeyPath: track.keyPath) }
        CATransaction.commit()
    }

    private func setModel(to position: UIViewAnimatingPosition) {
        guard position != .current else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for track in tracks {
            track.layer.setValue(position == .end ? track.toValue : track.fromValue, forKeyPath: track.keyPath)
        }
        CATransaction.commit()
    }

    private func fractionComplete(asOf now: CFTimeInterval, reversed: Bool) -> CGFloat {
        guard let run else { return pausedFraction }
        guard timeline > 0 else { return reversed ? 0 : 1 }
        let elapsed = CGFloat(max(now - run.time, 0) * rate / timeline)
        return min(max(reversed ? run.fraction - elapsed : run.fraction + elapsed, 0), 1)
    }
}

/// One property a property animator animates.
struct PropertyAnimatorTrack {
    let layer: CALayer
    let key: String
    let keyPath: String
    /// The fraction of the animator at which the track begins (its block's delay factor).
    let start: CGFloat
    let fromValue: Any?
    let toValue: Any?
}

/// Tells a property animator that one of its running animations stopped.
final class PropertyAnimatorTrackDelegate: CAAnimationDelegate {
    /// The animator's `isUserInteractionEnabled` (hit testing reads it, as a block's option).
    let allowsUserInteraction: Bool
    private let didStop: @MainActor (Bool) -> Void

    init(allowsUserInteraction: Bool, didStop: @escaping @MainActor (Bool) -> Void) {
        self.allowsUserInteraction = allowsUserInteraction
        self.didStop = didStop
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        MainActor.assumeIsolated { didStop(flag) }
    }
}
