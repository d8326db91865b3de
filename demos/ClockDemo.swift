import Foundation
import QuartzCore
import UIKit

/// The guide's analog clock (Lockwood, chapter 3): a face and three hands whose `anchorPoint` is
/// moved to (0.5, 0.9) so that they pivot at the centre, turned by a one-second `Timer`.
///
/// The clock keeps the book's 300-point geometry inside `container`; the container is scaled to
/// 80% of the window's shorter side and re-centred when the window changes size.
final class ClockDemo {
    static func run(_ options: DemoOptions) -> Int32 {
        let host: WaylandLayerHost
        do {
            host = try WaylandLayerHost(title: "Clock", size: options.size)
        } catch {
            FileHandle.standardError.write(Data("demo: \(error)\n".utf8))
            return 1
        }
        let clock = ClockDemo(host: host, startTimeOfDay: options.startTimeOfDay)
        clock.start()
        RunLoop.main.run()
        return 0
    }

    private let host: WaylandLayerHost
    private let container = CALayer()
    private let face = CALayer()
    private let hourHand = CALayer()
    private let minuteHand = CALayer()
    private let secondHand = CALayer()
    private let clockTime: ClockTime
    private var timer: Timer?
    private var artScale: CGFloat = 0

    init(host: WaylandLayerHost, startTimeOfDay: TimeInterval?) {
        self.host = host
        self.clockTime = ClockTime(startTimeOfDay: startTimeOfDay)
    }

    func start() {
        host.rootLayer.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(origin: .zero, size: ClockArt.faceSize)
        host.rootLayer.addSublayer(container)
        let center = CGPoint(x: 150, y: 150)
        for (layer, size) in [(face, ClockArt.faceSize), (hourHand, ClockArt.hourSize),
                              (minuteHand, ClockArt.minuteSize), (secondHand, ClockArt.secondSize)] {
            layer.bounds = CGRect(origin: .zero, size: size)
            layer.position = center
            container.addSublayer(layer)
        }
        // The fix of listing 3.2: pivot 90% of the way down each hand.
        for hand in [hourHand, minuteHand, secondHand] { hand.anchorPoint = CGPoint(x: 0.5, y: 0.9) }
        layout(for: host.rootLayer.bounds.size)
        host.didResize = { [weak self] size in self?.layout(for: size) }

        tick()
        let timer = Timer(timeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    /// Scales and centres the 300-point clock in a window of `size` points, redrawing the art at
    /// the resulting pixel density so that it stays sharp.
    private func layout(for size: CGSize) {
        let side = 0.8 * min(size.width, size.height)
        let k = max(side, 1) / ClockArt.faceSize.width
        container.position = CGPoint(x: size.width / 2, y: size.height / 2)
        container.setAffineTransform(CGAffineTransform(scaleX: k, y: k))
        let scale = k * CGFloat(host.window.scale)
        guard scale != artScale else { return }
        artScale = scale
        face.contents = ClockArt.face(scale: scale)
        hourHand.contents = ClockArt.hand(size: ClockArt.hourSize, scale: scale)
        minuteHand.contents = ClockArt.hand(size: ClockArt.minuteSize, scale: scale)
        secondHand.contents = ClockArt.secondHand(scale: scale)
        for layer in [face, hourHand, minuteHand, secondHand] { layer.contentsScale = scale }
    }

    /// Turns the hands to the current time, as listing 3.1 does.
    private func tick() {
        let (h, m, s) = clockTime.now()
        // The book's hands are view-backed layers, which jump without implicit animations.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        defer { CATransaction.commit() }
        hourHand.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(h) / 12 * 2 * .pi))
        minuteHand.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(m) / 60 * 2 * .pi))
        secondHand.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(s) / 60 * 2 * .pi))
    }
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
