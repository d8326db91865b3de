import CoreGraphics
import Foundation

/// Recognizes a press held still: `numberOfTouchesRequired` fingers down for
/// `minimumPressDuration` seconds without moving more than `allowableMovement` points. A
/// continuous gesture: `.began` when the duration is reached, `.changed` as the fingers move,
/// `.ended` when they lift.
@preconcurrency @MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    open var minimumPressDuration: TimeInterval = 0.5
    open var allowableMovement: CGFloat = 10
    open var numberOfTouchesRequired = 1
    /// Taps before the press (0: the press itself). Only 0 is supported.
    open var numberOfTapsRequired = 0

    private var starts: [ObjectIdentifier: CGPoint] = [:]

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.locationInWindow }
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
        } else if numberOfTouches == numberOfTouchesRequired {
            scheduleTimeout(after: minimumPressDuration, from: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible {
            for touch in touches {
                guard let start = starts[ObjectIdentifier(touch)] else { continue }
                if hypot(touch.locationInWindow.x - start.x, touch.locationInWindow.y - start.y) > allowableMovement {
                    state = .failed
                    return
                }
            }
        } else if state == .began || state == .changed {
            state = .changed
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .began || state == .changed {
            state = .ended
        } else if state == .possible {
            state = .failed
        }
    }

    override func timeoutDidFire(now: TimeInterval) {
        guard state == .possible, numberOfTouches == numberOfTouchesRequired else { return }
        state = .began
    }

    open override func reset() {
        super.reset()
        starts = [:]
    }
}
