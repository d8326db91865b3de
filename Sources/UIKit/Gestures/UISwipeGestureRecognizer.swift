import CoreGraphics
import Foundation

/// Recognizes a swipe: `numberOfTouchesRequired` fingers (or the pointer with its button held)
/// moving quickly in one of the allowed directions. A discrete gesture: `.possible → .recognized`
/// as soon as the touches' centroid has moved `minimumDistance` (50 points) along an allowed
/// direction, within `maximumDuration` (0.5 s) of the touches going down and staying within about
/// 27° of that direction (the sideways movement at most half the forward one). It fails when the
/// touches lift first, take too long, or more touches than required go down, or when they go
/// `minimumDistance` mostly along a direction not allowed.
///
/// The thresholds are this UIKit's (Apple does not document its own); `direction` keeps the
/// directions asked for, as Apple's does, not the one swiped.
@preconcurrency @MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions of a swipe (Apple's raw values).
    public struct Direction: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count: `.right` by default, as Apple's.
    open var direction: Direction = .right
    /// How many fingers swipe together (1 by default).
    open var numberOfTouchesRequired = 1

    /// How far (points) the centroid goes before the swipe is recognized.
    static let minimumDistance: CGFloat = 50
    /// How long (seconds) from the touches going down the swipe may take.
    static let maximumDuration: TimeInterval = 0.5
    /// The largest sideways movement for each point of forward movement (tan 26.6°).
    static let maximumSlope: CGFloat = 0.5

    /// Where the centroid was when the required touches were all down, and when.
    private var start: (centroid: CGPoint, time: TimeInterval)?

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible else { return }
        if numberOfTouches > numberOfTouchesRequired {
            state = .failed
        } else if numberOfTouches == numberOfTouchesRequired {
            // Counted from the last finger down: fingers rarely land together.
            start = (Self.centroid(activeTouches.map(\.locationInWindow)), event.timestamp)
            scheduleTimeout(after: Self.maximumDuration, from: event.timestamp)
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard state == .possible, let start, numberOfTouches == numberOfTouchesRequired else { return }
        if event.timestamp - start.time > Self.maximumDuration {
            state = .failed
            return
        }
        let c = Self.centroid(activeTouches.map(\.locationInWindow))
        let dx = c.x - start.centroid.x, dy = c.y - start.centroid.y
        guard dx.isFinite, dy.isFinite else { return }
        // The direction the touches mostly went, and how far along and across it.
        let horizontal = abs(dx) >= abs(dy)
        let swiped: Direction = horizontal ? (dx > 0 ? .right : .left) : (dy > 0 ? .down : .up)
        let along = horizontal ? abs(dx) : abs(dy), across = horizontal ? abs(dy) : abs(dx)
        guard along >= Self.minimumDistance else { return }
        if !direction.contains(swiped) {
            state = .failed
        } else if across <= along * Self.maximumSlope {
            state = .recognized
        } else {
            state = .failed
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible { state = .failed }
    }

    override func timeoutDidFire(now: TimeInterval) {
        if state == .possible { state = .failed }
    }

    open override func reset() {
        super.reset()
        start = nil
    }
}
