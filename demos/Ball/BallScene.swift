import Foundation
import QuartzCore
import UIKit

/// The guide's bouncing ball as views (Lockwood, chapters 10 and 11; seed-examples §7.3): a window
/// with a white 300x300 container view and the ball, a 64x64 `UIImageView` whose centre runs from
/// (150, 32), its top touching the container's top, to (150, 268), its bottom on the floor. Used by
/// the window (`BallDemo`) and by offscreen snapshots (`Snapshot`).
///
/// `animate()` is the book's: the centre goes back to the top, then the variant runs: a keyframe
/// animation under the key "bounce" (variants 1–3), or the centre stepped along bounceEaseOut by a
/// 1/60 s `Timer` (4) or a `CADisplayLink` with the measured frame time (5). A tap on the container
/// replays it (the book's `touchesBegan`); a press on the moving ball catches it: it freezes where it
/// is drawn, which only works because the window hit-tests the presentation tree (the model of the
/// keyframe variants is at rest elsewhere).
///
/// The container keeps the book's 300-point geometry; `layout(for:)` scales it to 80% of the window's
/// shorter side and centres it, as the clock does.
@MainActor
final class BallScene: NSObject, @preconcurrency DemoScene, UIGestureRecognizerDelegate {
    enum Variant: String, CaseIterable {
        /// Listing 10.6 (§7.3.1): eight keyframes with key times and an ease per segment; the model
        /// rests at the bottom.
        case keyframes
        /// Listing 10.7 (§7.3.2): 60 keyframes interpolated linearly; the model stays at the top,
        /// so the ball jumps back there when the animation ends.
        case linear
        /// Listing 10.8 (§7.3.3): the same 60 keyframes through Penner's bounceEaseOut.
        case easing
        /// Listing 11.1 (§7.3.4): a 1/60 s repeating timer steps the model along bounceEaseOut.
        case timer
        /// Listing 11.2 (§7.3.5): a display link steps it by the measured frame duration.
        case displayLink = "display-link"

        /// The variant of `--variant` or a key: its name, or 1…5.
        init?(argument: String) {
            if let digit = Int(argument), (1...5).contains(digit) {
                self = Self.allCases[digit - 1]
            } else if let variant = Self(rawValue: argument.lowercased()) {
                self = variant
            } else {
                return nil
            }
        }

        /// The names `--variant` accepts, the default first.
        static let arguments = allCases.map(\.rawValue) + ["1", "2", "3", "4", "5"]

        /// Whether the model is stepped by a timer or display link instead of a keyframe animation.
        var isStepped: Bool { self == .timer || self == .displayLink }
    }

    static let containerSize = CGSize(width: 300, height: 300)
    static let top = CGPoint(x: 150, y: 32)
    static let bottom = CGPoint(x: 150, y: 268)
    static let duration: CFTimeInterval = 1
    /// The timer variant's fixed step (listing 11.1).
    static let timerStep: CFTimeInterval = 1.0 / 60

    // MARK: The book's animations

    /// Listing 10.6: `position` through y = 32, 268, 140, 268, 220, 268, 250, 268 (x = 150) at key
    /// times 0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0, easing in on each fall and out on each rise.
    /// The listing passes eight timing functions for seven segments; the eighth is ignored.
    static func keyframeBounce() -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.duration = duration
        animation.values = [32, 268, 140, 268, 220, 268, 250, 268].map { CGPoint(x: 150, y: $0) }
        animation.keyTimes = [0.0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0]
        let fall = CAMediaTimingFunction(name: .easeIn), rise = CAMediaTimingFunction(name: .easeOut)
        animation.timingFunctions = [fall, rise, fall, rise, fall, rise, fall, fall]
        return animation
    }

    /// Listing 10.7's `interpolate` for points: (to - from) * time + from, per component.
    nonisolated static func interpolate(from: CGPoint, to: CGPoint, time: CGFloat) -> CGPoint {
        CGPoint(x: (to.x - from.x) * time + from.x, y: (to.y - from.y) * time + from.y)
    }

    /// Robert Penner's bounceEaseOut, as listing 10.8 writes it.
    nonisolated static func bounceEaseOut(_ t: Double) -> Double {
        if t < 4.0 / 11.0 { return (121 * t * t) / 16 }
        if t < 8.0 / 11.0 { return (363.0 / 40 * t * t) - (99.0 / 10 * t) + 17.0 / 5 }
        if t < 9.0 / 10.0 { return (4356.0 / 361 * t * t) - (35442.0 / 1805 * t) + 16061.0 / 1805 }
        return (54.0 / 5 * t * t) - (513.0 / 25 * t) + 268.0 / 25
    }

    /// Listings 10.7 and 10.8: `duration * 60` keyframes, keyframe i interpolated at `ease(i / 60)`
    /// (the last one at 59/60, not 1), no key times (so they are spread evenly over the second).
    static func generatedBounce(ease: (Double) -> Double) -> CAKeyframeAnimation {
        let frames = Int(duration * 60)
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.duration = duration
        animation.values = (0..<frames).map { i in
            interpolate(from: top, to: bottom, time: CGFloat(ease(Double(i) / Double(frames))))
        }
        return animation
    }

    /// A keyframe variant's animation and the model position it leaves the ball at.
    static func animation(for variant: Variant) -> (animation: CAKeyframeAnimation, model: CGPoint)? {
        switch variant {
        case .keyframes: return (keyframeBounce(), bottom)
        case .linear: return (generatedBounce { $0 }, top)
        case .easing: return (generatedBounce(ease: bounceEaseOut), top)
        case .timer, .displayLink: return nil
        }
    }

    // MARK: The scene

    let window: UIWindow
    var rootLayer: CALayer { window.layer }
    let container = UIView(frame: CGRect(origin: .zero, size: containerSize))
    let ball = BallView(frame: CGRect(origin: .zero, size: BallArt.size))
    private(set) var variant: Variant
    /// Device pixels per point of the surface the window is shown on (the shell window's buffer scale).
    var pixelScale: CGFloat = 1
    private var artScale: CGFloat = 0
    /// Where `{"type":"action",…}` lines go (the demo's `--trace`).
    var trace: ((_ event: String, _ at: CGPoint) -> Void)?
    /// Whether the timers and the display link run on the main run loop (a window), or are stepped by
    /// `fireTimers()` on a frozen media clock (a snapshot).
    private let runsOnRunLoop: Bool

    // Listings 11.1 and 11.2's state.
    private var timeOffset: CFTimeInterval = 0
    private var lastStep: CFTimeInterval = 0
    private var timer: Timer?
    private var displayLink: CADisplayLink?
    private var isStepping = false
    private var hasStarted = false

    init(window: UIWindow, variant: Variant, runsOnRunLoop: Bool) {
        self.window = window
        self.variant = variant
        self.runsOnRunLoop = runsOnRunLoop
        super.init()
        window.backgroundColor = UIColor(white: 0.9, alpha: 1)
        container.backgroundColor = UIColor(white: 1, alpha: 1)
        container.accessibilityIdentifier = "container"
        window.addSubview(container)
        ball.center = Self.top
        ball.accessibilityIdentifier = "ball"
        container.addSubview(ball)

        // A tap anywhere on the container replays; a press on the ball catches it.
        let tap = UITapGestureRecognizer(handler: { [weak self] recognizer in
            guard recognizer.state == .ended else { return }
            self?.replay(at: recognizer.location(in: self?.container))
        })
        tap.delegate = self
        container.addGestureRecognizer(tap)
        ball.isUserInteractionEnabled = true
        ball.didTouchDown = { [weak self] in self?.catchBall() }
    }

    /// Scales and centres the 300-point container in a window of `size` points, redrawing the ball
    /// at the resulting pixel density.
    func layout(for size: CGSize) {
        let side = 0.8 * min(size.width, size.height)
        let k = max(side, 1) / Self.containerSize.width
        container.center = CGPoint(x: size.width / 2, y: size.height / 2)
        container.transform = CGAffineTransform(scaleX: k, y: k)
        let scale = k * pixelScale
        guard scale != artScale else { return }
        artScale = scale
        ball.image = BallArt.ball(scale: scale).map { UIImage(cgImage: $0, scale: scale, orientation: .up) }
    }

    /// Switches to `variant` and plays it.
    func switchTo(_ variant: Variant) {
        self.variant = variant
        print("ball: variant \(variant.rawValue)")
        fflush(stdout)
        animate()
    }

    /// The book's `animate`: reset the centre to the top, then start the variant.
    func animate() {
        hasStarted = true
        stopStepping()
        ball.layer.removeAnimation(forKey: "bounce")
        ball.center = Self.top
        if let (animation, model) = Self.animation(for: variant) {
            // Listing 10.6 moves the model to the bottom before adding; 10.7/10.8 leave it at the top.
            ball.center = model
            ball.layer.add(animation, forKey: "bounce")
            return
        }
        // Listings 11.1 and 11.2.
        timeOffset = 0
        lastStep = CACurrentMediaTime()
        isStepping = true
        guard runsOnRunLoop else { return }
        if variant == .timer {
            let timer = Timer(fire: Date(timeIntervalSinceNow: Self.timerStep), interval: Self.timerStep, repeats: true) { [weak self] timer in
                // Steps end with the scene too (the shell's R, or the gallery showing another demo).
                guard let self else { return timer.invalidate() }
                MainActor.assumeIsolated { self.step() }
            }
            RunLoop.main.add(timer, forMode: .default)
            self.timer = timer
        } else {
            let link = CADisplayLink(handler: { [weak self] link in
                guard let self else { return link.invalidate() }
                MainActor.assumeIsolated { self.step() }
            })
            link.add(to: .main, forMode: .default)
            displayLink = link
        }
    }

    /// One step of listing 11.1 (a fixed 1/60 s) or 11.2 (the time since the last step).
    func step() {
        guard isStepping else { return }
        let advance: CFTimeInterval
        if variant == .displayLink {
            let now = CACurrentMediaTime()
            advance = now - lastStep
            lastStep = now
        } else {
            advance = Self.timerStep
        }
        timeOffset = min(timeOffset + advance, Self.duration)
        let time = timeOffset / Self.duration
        ball.center = Self.interpolate(from: Self.top, to: Self.bottom, time: CGFloat(Self.bounceEaseOut(time)))
        if timeOffset >= Self.duration { stopStepping() }
    }

    private func stopStepping() {
        isStepping = false
        timer?.invalidate()
        timer = nil
        displayLink?.invalidate()
        displayLink = nil
    }

    /// A tap away from the ball: the book's replay.
    private func replay(at point: CGPoint) {
        trace?("replay", point)
        print("ball: replay")
        fflush(stdout)
        animate()
    }

    /// A press on the ball where it is drawn: it stays there (model = presentation, animation and
    /// stepping stopped).
    private func catchBall() {
        let drawn = ball.layer.presentation()?.position ?? ball.center
        stopStepping()
        ball.layer.removeAnimation(forKey: "bounce")
        ball.center = drawn
        trace?("caught", drawn)
        print("ball: caught at (\(Int(drawn.x.rounded())), \(Int(drawn.y.rounded())))")
        fflush(stdout)
    }

    /// The container's tap does not see touches on the ball (those catch it).
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        touch.view !== ball
    }

    // MARK: DemoScene

    /// The bounce starts with the scene (at 0); the stepped variants then step every 1/60 s (the
    /// display link at a steady 60 Hz) until the second is over.
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        guard seconds >= 0 else { return [] }
        guard variant.isStepped else { return [0] }
        // One step more than the second's 60: sixty sums of 1/60 may fall just short of 1.
        let steps = Int((min(seconds, Self.duration + Self.timerStep) * 60 + 1e-9).rounded(.down))
        return [0] + (0..<steps).map { CFTimeInterval($0 + 1) / 60 }
    }

    func fireTimers() {
        if !hasStarted { animate() } else { step() }
    }
}

/// The ball: an image view that reports a touch going down on it (where it is drawn: the window
/// hit-tests the presentation tree).
@MainActor
final class BallView: UIImageView {
    var didTouchDown: (() -> Void)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        didTouchDown?()
    }
}
