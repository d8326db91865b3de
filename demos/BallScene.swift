import Foundation
import QuartzCore

/// The guide's bouncing ball (Lockwood, chapter 10; seed-examples §7.3), built from layers: a white
/// 300x300 container and a 64x64 ball whose centre runs from (150, 32), its top touching the
/// container's top, to (150, 268), its bottom on the floor. Used by the window (`BallDemo`) and by
/// offscreen snapshots (`Snapshot`).
///
/// `bounce()` is the book's `animate`: it sets the model position with actions disabled (the ball is
/// a view in the book, whose layer does not animate implicitly) and adds the variant's keyframe
/// animation under the key "bounce", replacing a running one. The animation starts when the scene
/// does and is replayed every `replayInterval` seconds (the book replays it on a tap).
///
/// The container keeps the book's 300-point geometry; `layout(for:)` scales it to 80% of the root's
/// shorter side and centres it, as the clock does.
final class BallScene: DemoScene {
    enum Variant: String, CaseIterable {
        /// Listing 10.6 (§7.3.1): eight keyframes with key times and an ease per segment; the model
        /// rests at the bottom.
        case keyframes
        /// Listing 10.7 (§7.3.2): 60 keyframes interpolated linearly; the model stays at the top,
        /// so the ball jumps back there when the animation ends.
        case linear
        /// Listing 10.8 (§7.3.3): the same 60 keyframes through Penner's bounceEaseOut.
        case easing
    }

    static let containerSize = CGSize(width: 300, height: 300)
    static let top = CGPoint(x: 150, y: 32)
    static let bottom = CGPoint(x: 150, y: 268)
    static let duration: CFTimeInterval = 1
    /// Seconds between replays (the first bounce starts with the scene).
    static let replayInterval: CFTimeInterval = 2

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
    static func interpolate(from: CGPoint, to: CGPoint, time: CGFloat) -> CGPoint {
        CGPoint(x: (to.x - from.x) * time + from.x, y: (to.y - from.y) * time + from.y)
    }

    /// Robert Penner's bounceEaseOut, as listing 10.8 writes it.
    static func bounceEaseOut(_ t: Double) -> Double {
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

    /// The variant's animation and the model position it leaves the ball at.
    static func animation(for variant: Variant) -> (animation: CAKeyframeAnimation, model: CGPoint) {
        switch variant {
        case .keyframes: return (keyframeBounce(), bottom)
        case .linear: return (generatedBounce { $0 }, top)
        case .easing: return (generatedBounce(ease: bounceEaseOut), top)
        }
    }

    // MARK: The scene

    let rootLayer: CALayer
    let container = CALayer()
    let ball = CALayer()
    let variant: Variant
    /// Device pixels per point of the surface the root is shown on (the window's buffer scale).
    var pixelScale: CGFloat = 1
    private var artScale: CGFloat = 0

    init(root: CALayer, variant: Variant) {
        rootLayer = root
        self.variant = variant
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(origin: .zero, size: Self.containerSize)
        container.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(container)
        ball.bounds = CGRect(origin: .zero, size: BallArt.size)
        ball.position = Self.top
        container.addSublayer(ball)
        CATransaction.commit()
    }

    /// Scales and centres the 300-point container in a root of `size` points, redrawing the ball
    /// at the resulting pixel density.
    func layout(for size: CGSize) {
        let side = 0.8 * min(size.width, size.height)
        let k = max(side, 1) / Self.containerSize.width
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        container.setAffineTransform(CGAffineTransform(scaleX: k, y: k))
        let scale = k * pixelScale
        guard scale != artScale else { return }
        artScale = scale
        ball.contents = BallArt.ball(scale: scale)
        ball.contentsScale = scale
    }

    /// The book's `animate`: reset the model, then (re)start the variant's animation.
    func bounce() {
        let (animation, model) = Self.animation(for: variant)
        CATransaction.flush()   // an open implicit transaction would enclose this one
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ball.position = model
        ball.add(animation, forKey: "bounce")
        CATransaction.commit()
    }

    // MARK: DemoScene

    /// The bounce starts with the scene and replays every `replayInterval` seconds: 0, 2, 4, ...
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        guard seconds >= 0 else { return [] }
        return (0...Int((seconds / Self.replayInterval).rounded(.down))).map { CFTimeInterval($0) * Self.replayInterval }
    }

    func fireTimers() { bounce() }
}
