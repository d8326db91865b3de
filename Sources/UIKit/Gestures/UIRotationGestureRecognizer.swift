import CoreGraphics
import Foundation

/// Recognizes two fingers turning about each other. A continuous gesture: `.began` once the line
/// between them turned by 0.05 rad (about 3°), `.changed` as they move, `.ended` when one lifts.
/// `rotation` is in radians, positive clockwise on screen (y down), relative to where the gesture
/// started (settable: set it to 0 after applying it); `velocity` is radians per second.
@preconcurrency @MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The turn (radians) before a rotation begins.
    static let threshold: CGFloat = 0.05

    private var tracker = TwoTouchTracker()

    open var rotation: CGFloat {
        get { tracker.isTracking || tracker.angle != 0 ? tracker.angle - tracker.startAngle : 0 }
        set { tracker.setRotation(newValue) }
    }

    open var velocity: CGFloat { tracker.velocities().radiansPerSecond }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        tracker.update(activeTouches, time: event.timestamp)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        tracker.update(activeTouches, time: event.timestamp)
        switch state {
        case .possible:
            if tracker.isTracking, abs(rotation) >= Self.threshold { state = .began }
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
    }
}
