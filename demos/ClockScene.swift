import Foundation
import QuartzCore

/// The clock's layers, built without a window: a face and three hands whose `anchorPoint` is moved
/// to (0.5, 0.9) so that they pivot at the centre (Lockwood, chapter 3). Used by the window
/// (`ClockDemo`) and by offscreen snapshots (`Snapshot`).
///
/// The clock keeps the book's 300-point geometry inside `container`; the container is scaled to
/// 80% of the root's shorter side and centred by `layout(for:)`.
final class ClockScene: DemoScene {
    let rootLayer: CALayer
    private let container = CALayer()
    private let face = CALayer()
    private let hourHand = CALayer()
    private let minuteHand = CALayer()
    private let secondHand = CALayer()
    private let clockTime: ClockTime
    /// Device pixels per point of the surface the root is shown on (the window's buffer scale).
    var pixelScale: CGFloat = 1
    private var artScale: CGFloat = 0

    /// Builds the clock inside `root`; its wall clock starts at `startTimeOfDay` (nil: real time),
    /// counted from the media time of this call.
    init(root: CALayer, startTimeOfDay: TimeInterval?) {
        rootLayer = root
        clockTime = ClockTime(startTimeOfDay: startTimeOfDay)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(origin: .zero, size: ClockArt.faceSize)
        root.addSublayer(container)
        let center = CGPoint(x: 150, y: 150)
        for (layer, size) in [(face, ClockArt.faceSize), (hourHand, ClockArt.hourSize),
                              (minuteHand, ClockArt.minuteSize), (secondHand, ClockArt.secondSize)] {
            layer.bounds = CGRect(origin: .zero, size: size)
            layer.position = center
            container.addSublayer(layer)
        }
        // The fix of listing 3.2: pivot 90% of the way down each hand.
        for hand in [hourHand, minuteHand, secondHand] { hand.anchorPoint = CGPoint(x: 0.5, y: 0.9) }
    }

    /// Scales and centres the 300-point clock in a root of `size` points, redrawing the art at
    /// the resulting pixel density so that it stays sharp.
    func layout(for size: CGSize) {
        let side = 0.8 * min(size.width, size.height)
        let k = max(side, 1) / ClockArt.faceSize.width
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        container.setAffineTransform(CGAffineTransform(scaleX: k, y: k))
        let scale = k * pixelScale
        guard scale != artScale else { return }
        artScale = scale
        face.contents = ClockArt.face(scale: scale)
        hourHand.contents = ClockArt.hand(size: ClockArt.hourSize, scale: scale)
        minuteHand.contents = ClockArt.hand(size: ClockArt.minuteSize, scale: scale)
        secondHand.contents = ClockArt.secondHand(scale: scale)
        for layer in [face, hourHand, minuteHand, secondHand] { layer.contentsScale = scale }
    }

    /// Turns the hands to the current time, as listing 3.1 does.
    func tick() {
        let (h, m, s) = clockTime.now()
        // The book's hands are view-backed layers, which jump without implicit animations.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        hourHand.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(h) / 12 * 2 * .pi))
        minuteHand.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(m) / 60 * 2 * .pi))
        secondHand.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(s) / 60 * 2 * .pi))
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
