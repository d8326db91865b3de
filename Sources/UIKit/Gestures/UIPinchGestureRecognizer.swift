import CoreGraphics
import Foundation

/// Recognizes two fingers moving apart or together. A continuous gesture: `.began` once the
/// distance between them changed by 3 points, `.changed` as they move, `.ended` when one lifts.
/// `scale` is the distance relative to where the gesture started (settable: set it to 1 after
/// applying it to keep increments); `velocity` is the scale's change per second.
///
/// Ctrl+wheel and touchpad pinch are not delivered yet.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The distance change (points) before a pinch begins.
    static let threshold: CGFloat = 3

    private var tracker = TwoTouchTracker()
    private var scaleValue: CGFloat = 1

    open var scale: CGFloat {
        get { scaleValue }
        set { scaleValue = newValue; tracker.setScale(newValue) }
    }

    open var velocity: CGFloat { tracker.velocities().scalePerSecond * scaleValue }

    private func update(time: TimeInterval) {
        tracker.update(activeTouches, time: time)
        if tracker.isTracking, tracker.startDistance > 0 { scaleValue = tracker.distance / tracker.startDistance }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        update(time: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        update(time: event.timestamp)
        switch state {
        case .possible:
            if tracker.isTracking, abs(tracker.distance - tracker.startDistance) >= Self.threshold { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            if numberOfTouches < 2 { state = .ended }
        } else if state == .possible && numberOfTouches == 0 {
            state = .failed
        }
    }

    open override func reset() {
        super.reset()
        tracker = TwoTouchTracker()
        scaleValue = 1
    }
}
