import Foundation
import QuartzCore
import UIKit

/// The guide's analog clock as views (Lockwood, chapters 3, 8 and 10; seed-examples §7.1): a window
/// with a 300-point container holding four `UIImageView`s, back to front the face and the hour,
/// minute and second hands, each centred on the face's centre (150, 150). Used by the window
/// (`ClockDemo`) and by offscreen snapshots (`Snapshot`, which renders the window's layer).
///
/// The variants are the book's listings:
/// - A (listing 3.1): `transform` = a rotation about the default anchor (0.5, 0.5): every hand spins
///   about its own middle, half of it sticking out behind the centre;
/// - B (listing 3.2, the default): the same with each hand's `anchorPoint` at (0.5, 0.9), the pivot
///   90% of the way down the hand;
/// - C (listing 8.4): B's anchors; each tick adds a 0.5 s `CABasicAnimation` on `transform` tagged with
///   the hand view under the KVC key "handView"; `animationDidStop` reads the view back and sets its
///   model transform to the animation's `toValue` (the engine applies it in the frame the animation
///   stops contributing, so the hand never flashes back);
/// - D (listing 10.5): the model is set first, the animation starts from the presentation transform
///   with the tick easing (1, 0, 0.75, 1).
///
/// The container is scaled to 80% of the window's shorter side and centred by `layout(for:)`.
@MainActor
final class ClockScene: NSObject, @preconcurrency DemoScene, @preconcurrency CAAnimationDelegate {
    enum Variant: String, CaseIterable {
        case a, b, c, d

        /// The variant of `--variant` or a key: a…d, or 1…4.
        init?(argument: String) {
            let lower = argument.lowercased()
            if let digit = Int(lower), (1...4).contains(digit) {
                self = Self.allCases[digit - 1]
            } else if let variant = Self(rawValue: lower) {
                self = variant
            } else {
                return nil
            }
        }

        /// The names `--variant` accepts, the default (b) first.
        static let arguments = ["b", "a", "c", "d", "1", "2", "3", "4"]
    }

    /// The duration of a hand's tick animation (variants C and D).
    static let tickDuration: CFTimeInterval = 0.5
    /// The tick easing of listing 10.5.
    static let tickEasing = CAMediaTimingFunction(controlPoints: 1, 0, 0.75, 1)

    let window: UIWindow
    var rootLayer: CALayer { window.layer }
    let container = UIView(frame: CGRect(origin: .zero, size: ClockArt.faceSize))
    let face = UIImageView(frame: CGRect(origin: .zero, size: ClockArt.faceSize))
    let hourHand = UIImageView(frame: CGRect(origin: .zero, size: ClockArt.hourSize))
    let minuteHand = UIImageView(frame: CGRect(origin: .zero, size: ClockArt.minuteSize))
    let secondHand = UIImageView(frame: CGRect(origin: .zero, size: ClockArt.secondSize))
    private var hands: [UIImageView] { [hourHand, minuteHand, secondHand] }
    private let clockTime: ClockTime
    private(set) var variant: Variant
    /// Device pixels per point of the surface the window is shown on (the shell window's buffer scale).
    var pixelScale: CGFloat = 1
    private var artScale: CGFloat = 0
    private var hasTicked = false

    /// Builds the clock in `window`; its wall clock starts at `startTimeOfDay` (nil: real time),
    /// counted from the media time of this call.
    init(window: UIWindow, variant: Variant, startTimeOfDay: TimeInterval?) {
        self.window = window
        self.variant = variant
        clockTime = ClockTime(startTimeOfDay: startTimeOfDay)
        super.init()
        window.backgroundColor = UIColor(white: 0.9, alpha: 1)
        window.addSubview(container)
        let center = CGPoint(x: 150, y: 150)
        for view in [face] + hands {
            view.center = center
            container.addSubview(view)
        }
        applyAnchors()
    }

    /// Scales and centres the 300-point clock in a window of `size` points, redrawing the art at
    /// the resulting pixel density so that it stays sharp.
    func layout(for size: CGSize) {
        let side = 0.8 * min(size.width, size.height)
        let k = max(side, 1) / ClockArt.faceSize.width
        container.center = CGPoint(x: size.width / 2, y: size.height / 2)
        container.transform = CGAffineTransform(scaleX: k, y: k)
        let scale = k * pixelScale
        guard scale != artScale else { return }
        artScale = scale
        func image(_ cgImage: CGImage?) -> UIImage? { cgImage.map { UIImage(cgImage: $0, scale: scale, orientation: .up) } }
        face.image = image(ClockArt.face(scale: scale))
        hourHand.image = image(ClockArt.hand(size: ClockArt.hourSize, scale: scale))
        minuteHand.image = image(ClockArt.hand(size: ClockArt.minuteSize, scale: scale))
        secondHand.image = image(ClockArt.secondHand(scale: scale))
    }

    /// Switches to `variant` at once: running animations are dropped, the anchors set and the
    /// hands turned to the current time without animation.
    func switchTo(_ variant: Variant) {
        self.variant = variant
        for hand in hands { hand.layer.removeAllAnimations() }
        applyAnchors()
        updateHands(animated: false)
        print("clock: variant \(variant.rawValue.uppercased())")
        fflush(stdout)
    }

    /// The fix of listing 3.2 (every variant but A): pivot 90% of the way down each hand. The
    /// position stays (150, 150), so the frame moves up.
    private func applyAnchors() {
        let anchor = variant == .a ? CGPoint(x: 0.5, y: 0.5) : CGPoint(x: 0.5, y: 0.9)
        for hand in hands { hand.layer.anchorPoint = anchor }
    }

    /// One timer tick: the first is never animated (listing 8.4's initial call), the others are in
    /// variants C and D.
    func tick() {
        updateHands(animated: hasTicked)
        hasTicked = true
    }

    /// Listing 8.4's `updateHandsAnimated:` (and listing 3.1's `tick` when not animated).
    func updateHands(animated: Bool) {
        let (h, m, s) = clockTime.now()
        let angles = [CGFloat(h) / 12 * 2 * .pi, CGFloat(m) / 60 * 2 * .pi, CGFloat(s) / 60 * 2 * .pi]
        for (hand, angle) in zip(hands, angles) {
            switch variant {
            case .a, .b:
                hand.transform = CGAffineTransform(rotationAngle: angle)
            case .c, .d:
                let transform = CATransform3DMakeRotation(angle, 0, 0, 1)
                if animated {
                    setAngle(transform, for: hand)
                } else {
                    hand.layer.transform = transform
                }
            }
        }
    }

    /// Listing 8.4 (C) and 10.5 (D): the tagged animation to `transform`.
    private func setAngle(_ transform: CATransform3D, for hand: UIView) {
        let animation = CABasicAnimation(keyPath: "transform")
        animation.toValue = transform
        animation.duration = Self.tickDuration
        animation.delegate = self
        animation.setValue(hand, forKey: "handView")
        if variant == .d {
            animation.fromValue = hand.layer.presentation()?.transform ?? hand.layer.transform
            animation.timingFunction = Self.tickEasing
            // Model first: nothing to snap back to.
            hand.layer.transform = transform
        }
        hand.layer.add(animation, forKey: nil)
    }

    /// Listing 8.4: the delegate receives a copy of the animation; the view comes back through KVC.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let hand = anim.value(forKey: "handView") as? UIView,
              let transform = (anim as? CABasicAnimation)?.toValue as? CATransform3D else { return }
        hand.layer.transform = transform
    }

    // MARK: DemoScene

    /// The window ticks once a second from its start: at media times start + 0, 1, 2, ...
    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] {
        guard seconds >= 0 else { return [] }
        return (0...Int(seconds.rounded(.down))).map(CFTimeInterval.init)
    }

    func fireTimers() { tick() }
}

/// The demo's wall clock: the real local time, or a given time of day advancing with media time.
struct ClockTime {
    let startTimeOfDay: TimeInterval?
    let startMediaTime = CACurrentMediaTime()

    /// Hour (0-23), minute and second of the clock's current time.
    func now() -> (hour: Int, minute: Int, second: Int) {
        if let start = startTimeOfDay {
            // A few milliseconds of slack so that a timer firing on the second boundary reads the new second.
            let t = Int((start + CACurrentMediaTime() - startMediaTime + 0.005).rounded(.down)) % 86_400
            return (t / 3600, t / 60 % 60, t % 60)
        }
        let c = Calendar.current.dateComponents([.hour, .minute, .second], from: Date())
        return (c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
