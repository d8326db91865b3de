import CoreGraphics
import Foundation

/// The span between a recognizer's first two touches, for pinch and rotation: the distance and
/// the angle of the line from the first to the second (radians, unwrapped so that turning past
/// ±π keeps counting), with recent samples for velocities.
@MainActor
struct TwoTouchTracker {
    private(set) var startDistance: CGFloat = 0
    private(set) var distance: CGFloat = 0
    private(set) var startAngle: CGFloat = 0
    /// The unwrapped angle.
    private(set) var angle: CGFloat = 0
    private(set) var isTracking = false
    private var samples: [(time: TimeInterval, distance: CGFloat, angle: CGFloat)] = []

    /// Follows `touches` (the first two): starts when two are down, stops when fewer are.
    mutating func update(_ touches: [UITouch], time: TimeInterval) {
        guard touches.count >= 2 else { isTracking = false; samples = []; return }
        let a = touches[0].locationInWindow, b = touches[1].locationInWindow
        let d = hypot(b.x - a.x, b.y - a.y)
        let raw = atan2(b.y - a.y, b.x - a.x)
        if !isTracking {
            isTracking = true
            startDistance = d
            distance = d
            startAngle = raw
            angle = raw
        } else {
            var delta = raw - angle.truncatingRemainder(dividingBy: 2 * .pi)
            delta = delta.truncatingRemainder(dividingBy: 2 * .pi)
            if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
            angle += delta
            distance = d
        }
        samples.append((time, distance, angle))
        samples.removeAll { time - $0.time > 0.15 }
    }

    /// Changes per second over the last 0.1 s: (distance ratio relative to `distance`, angle).
    func velocities() -> (scalePerSecond: CGFloat, radiansPerSecond: CGFloat) {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 0.1 }),
              last.time > first.time, first.distance > 0 else { return (0, 0) }
        let dt = CGFloat(last.time - first.time)
        return ((last.distance / first.distance - 1) / dt, (last.angle - first.angle) / dt)
    }

    /// Moves the reference so that the current span reads as `scale` (pinch's settable scale).
    mutating func setScale(_ scale: CGFloat) {
        guard scale > 0, distance > 0 else { return }
        startDistance = distance / scale
    }

    /// Moves the reference so that the current angle reads as `rotation`.
    mutating func setRotation(_ rotation: CGFloat) {
        startAngle = angle - rotation
    }
}
