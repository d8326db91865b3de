import CoreGraphics
import Foundation
import QuartzCore

extension UIWindow {
    /// One touch point's report to the window: what a finger on a touch screen, or the pointer
    /// with its primary button held, did in one frame of input (a Linux addition; the Wayland
    /// binding makes these, and tests can build them by hand).
    public struct TouchInput: Sendable, Equatable {
        /// Identifies the point from `.began` to `.ended`/`.cancelled` (ids may be reused afterwards).
        public var id: Int
        /// `.began`, `.moved`, `.ended` or `.cancelled`; `.stationary` reports are ignored (touches
        /// not reported are stationary).
        public var phase: UITouch.Phase
        /// The position in the window's coordinates, in points.
        public var location: CGPoint
        public var type: UITouch.TouchType
        /// The contact's radius in points, when known.
        public var majorRadius: CGFloat

        public init(id: Int, phase: UITouch.Phase, location: CGPoint, type: UITouch.TouchType = .direct,
                    majorRadius: CGFloat = 0) {
            self.id = id
            self.phase = phase
            self.location = location
            self.type = type
            self.majorRadius = majorRadius
        }
    }

    /// Two taps within this time (seconds between one touch up and the next down)…
    static let multiTapInterval: TimeInterval = 0.35
    /// …and this distance (points) count as one double tap.
    static let multiTapDistance: CGFloat = 8

    /// Turns one frame of touch reports into a `UIEvent` and sends it (`sendEvent(_:)`).
    ///
    /// A `.began` report hit-tests the window (on the presentation geometry unless
    /// `hitTestsPresentation` is off) to find the touch's view and its gesture recognizers; later
    /// reports of the same id go to that view wherever they are. `timestamp` is in seconds of
    /// `CACurrentMediaTime()`'s clock. Gesture timeouts that fell due before it are handled first.
    public func dispatchTouches(_ inputs: [TouchInput], timestamp: TimeInterval = CACurrentMediaTime(),
                                modifierFlags: UIKeyModifierFlags = []) {
        gestureArbiter.fireDueTimeouts(now: timestamp)
        let geometry = HitTestGeometry(window: self)
        let event = UIEvent(type: .touches, timestamp: timestamp)
        event.modifierFlags = modifierFlags
        for entry in activeTouches where entry.touch.phase != .ended && entry.touch.phase != .cancelled {
            entry.touch.phase = .stationary
            entry.touch.previousLocationInWindow = entry.touch.locationInWindow
        }
        for input in inputs {
            switch input.phase {
            case .began:
                if activeTouches.contains(where: { $0.id == input.id }) { continue }   // duplicate down
                let touch = beginTouch(input, timestamp: timestamp, geometry: geometry, event: event)
                activeTouches.append((input.id, touch))
            case .moved, .ended, .cancelled:
                guard let touch = activeTouches.first(where: { $0.id == input.id })?.touch else { continue }
                touch.phase = input.phase
                touch.locationInWindow = input.location
                touch.timestamp = timestamp
                if input.majorRadius > 0 { touch.majorRadius = input.majorRadius }
            case .stationary:
                continue
            }
        }
        for entry in activeTouches { entry.touch.geometry = geometry }
        event.touchList = activeTouches.map(\.touch)
        if event.touchList.contains(where: { $0.type == .indirectPointer }) { event.buttonMask = .primary }
        sendEvent(event)
        // Touches that ended leave; a touch up close to where it went down is a tap.
        for entry in activeTouches where entry.touch.phase == .ended || entry.touch.phase == .cancelled {
            let touch = entry.touch
            if touch.phase == .ended, distance(touch.locationInWindow, touch.startLocationInWindow) <= Self.multiTapDistance {
                lastTap = (touch.locationInWindow, timestamp, touch.tapCount, touch.type)
            } else {
                lastTap = nil
            }
        }
        activeTouches.removeAll { $0.touch.phase == .ended || $0.touch.phase == .cancelled }
    }

    /// Cancels every touch that is down (as when the compositor takes the sequence over).
    public func cancelAllTouches(timestamp: TimeInterval = CACurrentMediaTime()) {
        let inputs = activeTouches.map { TouchInput(id: $0.id, phase: .cancelled, location: $0.touch.locationInWindow, type: $0.touch.type) }
        if !inputs.isEmpty { dispatchTouches(inputs, timestamp: timestamp) }
    }

    private func beginTouch(_ input: TouchInput, timestamp: TimeInterval, geometry: HitTestGeometry, event: UIEvent) -> UITouch {
        let touch = UITouch()
        touch.window = self
        touch.type = input.type
        touch.phase = .began
        touch.timestamp = timestamp
        touch.locationInWindow = input.location
        touch.previousLocationInWindow = input.location
        touch.startLocationInWindow = input.location
        touch.majorRadius = input.majorRadius
        if let last = lastTap, last.type == input.type, timestamp - last.time <= Self.multiTapInterval,
           distance(last.location, input.location) <= Self.multiTapDistance {
            touch.tapCount = last.count + 1
        }
        event.hitTestGeometry = geometry
        touch.view = hitTest(input.location, with: event)
        // The recognizers of the hit view and its ancestors, nearest first.
        var recognizers: [UIGestureRecognizer] = []
        var view = touch.view
        while let v = view {
            recognizers.append(contentsOf: v.gestureRecognizers ?? [])
            view = v.superview
        }
        touch.gestureRecognizers = gestureArbiter.attach(touch, to: recognizers)
        return touch
    }

    private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        hypot(a.x - b.x, a.y - b.y)
    }
}
