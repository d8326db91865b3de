import CoreGraphics
import Foundation

/// Recognizes taps: `numberOfTapsRequired` taps of `numberOfTouchesRequired` fingers each, each
/// lifted without moving more than 10 points, the next beginning within 0.35 s of the last
/// lift (the window's double-tap interval). A discrete gesture: `.possible → .recognized`.
/// A pointer click is a one-finger tap.
@preconcurrency @MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    open var numberOfTapsRequired = 1
    open var numberOfTouchesRequired = 1

    /// How far (points) a touch may move and still tap.
    static let allowableMovement: CGFloat = 10

    private var tapsCompleted = 0
    private var touchesInThisTap = 0
    private var starts: [ObjectIdentifier: CGPoint] = [:]

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        cancelTimeout()
        for touch in touches { starts[ObjectIdentifier(touch)] = touch.locationInWindow }
        touchesInThisTap = max(touchesInThisTap, numberOfTouches)
        if numberOfTouches > numberOfTouchesRequired { state = .failed }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches {
            guard let start = starts[ObjectIdentifier(touch)] else { continue }
            if hypot(touch.locationInWindow.x - start.x, touch.locationInWindow.y - start.y) > Self.allowableMovement {
                state = .failed
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard numberOfTouches == 0 else { return }   // the tap ends when its last finger lifts
        guard touchesInThisTap == numberOfTouchesRequired else { state = .failed; return }
        tapsCompleted += 1
        touchesInThisTap = 0
        if tapsCompleted >= numberOfTapsRequired {
            state = .recognized
        } else {
            scheduleTimeout(after: UIWindow.multiTapInterval, from: event.timestamp)
        }
    }

    override func timeoutDidFire(now: TimeInterval) {
        // No next tap in time.
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        tapsCompleted = 0
        touchesInThisTap = 0
        starts = [:]
    }
}
