import CoreGraphics
import Foundation

/// Recognizes two fingers moving apart or together. A continuous gesture: `.began` once the
/// distance between them changed by 3 points, `.changed` as they move, `.ended` when one lifts.
/// `scale` is the distance relative to where the gesture started (settable: set it to 1 after
/// applying it to keep increments); `velocity` is the scale's change per second.
///
/// Ctrl+wheel (a desktop addition, as browsers zoom): with Ctrl held, a wheel over the view
/// drives the pinch with no touches: each step up (away from the user) multiplies `scale` by 1.1,
/// each step down divides it by 1.1 (high-resolution wheels in fractions of a step; a continuous
/// scroll counts 10 points a step). `.began` on the first step, `.changed` on each further one,
/// `.ended` 0.15 s after the last or when Ctrl is released; `location(in:)` is the pointer's position.
/// Touchpad pinch needs `zwp_pointer_gestures_v1`, which the Wayland client does not bind: it is not
/// delivered.
@preconcurrency @MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The distance change (points) before a pinch begins.
    static let threshold: CGFloat = 3
    /// The scale factor of one wheel step up.
    static let wheelStepFactor: CGFloat = 1.1

    private var tracker = TwoTouchTracker()
    private var scaleValue: CGFloat = 1
    /// A Ctrl+wheel sequence is driving the pinch.
    private(set) var isWheelPinch = false
    private var wheelSamples: [(time: TimeInterval, scale: CGFloat)] = []
    override var isFollowingPointerInput: Bool { isWheelPinch }

    open var scale: CGFloat {
        get { scaleValue }
        set { scaleValue = newValue; tracker.setScale(newValue) }
    }

    open var velocity: CGFloat {
        if isWheelPinch {
            guard let last = wheelSamples.last, let first = wheelSamples.first(where: { last.time - $0.time <= 0.1 }),
                  last.time > first.time else { return 0 }
            return (last.scale - first.scale) / CGFloat(last.time - first.time)
        }
        return tracker.velocities().scalePerSecond * scaleValue
    }

    // MARK: Ctrl+wheel (from the window)

    /// `steps` wheel steps (positive: down, as the compositor counts) with the pointer at `location`.
    func wheelZoom(steps: CGFloat, at location: CGPoint, time: TimeInterval, idleEnd: TimeInterval) {
        if !isWheelPinch {
            isWheelPinch = true
            wheelSamples = [(time, scaleValue)]
        }
        scaleValue *= pow(Self.wheelStepFactor, -steps)
        lastLocationInWindow = location
        wheelSamples.append((time, scaleValue))
        wheelSamples.removeAll { time - $0.time > 0.15 }
        switch state {
        case .possible: state = .began
        case .began, .changed: state = .changed
        default: break
        }
        if state == .began || state == .changed { scheduleTimeout(after: idleEnd, from: time) }
    }

    /// The Ctrl+wheel sequence ended (idle, Ctrl released, pointer gone).
    func endWheelPinch() {
        guard isWheelPinch else { return }
        cancelTimeout()
        if state == .began || state == .changed { state = .ended }
    }

    override func timeoutDidFire(now: TimeInterval) {
        endWheelPinch()
    }

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
        isWheelPinch = false
        wheelSamples = []
    }
}
