import CoreGraphics
import Foundation
import QuartzCore

/// A scroll or hover event (`UIEvent.EventType.scroll`/`.hover`) with what the window needs to
/// deliver it.
final class UIPointerInputEvent: UIEvent {
    /// The pointer's position in the window.
    var location: CGPoint?
    /// For a scroll: the compositor's scroll (positive: down/right), in wheel steps for a wheel,
    /// else in points.
    var scrollDelta: CGVector = .zero
    var scrollSource: UIWindow.ScrollSource = .wheel
    /// The scroll sequence ended (touchpad fingers lifted, pointer gone), or the pointer left.
    var isEnd = false
}

extension UIWindow {
    /// What scrolled (a Linux addition; the Wayland binding maps `wl_pointer.axis_source`).
    public enum ScrollSource: Sendable, Equatable {
        /// A mouse wheel (also tilted): `.discrete` steps; the sequence ends after a short idle.
        case wheel
        /// Fingers on a touchpad: `.continuous` points; the sequence ends when they lift
        /// (`dispatchScrollEnd`).
        case touchpad
        /// Another smooth source without an end report: `.continuous`; ends after a short idle.
        case continuous

        public var scrollType: UIScrollType { self == .wheel ? .discrete : .continuous }
    }

    /// The translation of one wheel step, in points.
    static let wheelStepPoints: CGFloat = 10
    /// A wheel's (or endless continuous source's) sequence ends this long after its last scroll.
    static let scrollIdleInterval: TimeInterval = 0.15

    /// Reports a scroll (a Linux addition; the Wayland binding calls it for `wl_pointer.axis`
    /// frames, and tests can call it by hand). `dx`/`dy` follow the compositor: positive scrolls
    /// right/down (a wheel turned toward the user); for a `.wheel` they are steps (fractions for
    /// high-resolution wheels), else points. `location` is the pointer in window points;
    /// `modifierFlags` nil takes the modifier keys held in this window (`dispatchKey`).
    ///
    /// With Ctrl held, a vertical scroll drives the nearest `UIPinchGestureRecognizer` of the view
    /// under the pointer (or its ancestors), if any; otherwise the nearest `UIPanGestureRecognizer`
    /// whose `allowedScrollTypesMask` allows the source's type. A sequence stays with its recognizer
    /// until it ends. Gesture timeouts due before `timestamp` are handled first.
    public func dispatchScroll(dx: CGFloat, dy: CGFloat, source: ScrollSource, at location: CGPoint,
                               modifierFlags: UIKeyModifierFlags? = nil, timestamp: TimeInterval = CACurrentMediaTime()) {
        gestureArbiter.fireDueTimeouts(now: timestamp)
        let event = UIPointerInputEvent(type: .scroll, timestamp: timestamp)
        event.modifierFlags = modifierFlags ?? heldModifierFlags
        event.location = location
        event.scrollDelta = CGVector(dx: dx, dy: dy)
        event.scrollSource = source
        pointerLocation = location
        sendEvent(event)
    }

    /// Reports the end of a scroll sequence (`wl_pointer.axis_stop`: the touchpad fingers lifted).
    public func dispatchScrollEnd(timestamp: TimeInterval = CACurrentMediaTime()) {
        gestureArbiter.fireDueTimeouts(now: timestamp)
        guard scrollTarget != nil else { return }
        let event = UIPointerInputEvent(type: .scroll, timestamp: timestamp)
        event.modifierFlags = heldModifierFlags
        event.location = pointerLocation
        event.isEnd = true
        sendEvent(event)
    }

    /// Reports the pointer over the window at `location` with no button pressed (a Linux addition;
    /// the Wayland binding calls it on enter and motion): hover recognizers of the view under it
    /// and its ancestors begin or change, the others end.
    public func dispatchPointerMotion(to location: CGPoint, timestamp: TimeInterval = CACurrentMediaTime()) {
        gestureArbiter.fireDueTimeouts(now: timestamp)
        pointerLocation = location
        let event = UIPointerInputEvent(type: .hover, timestamp: timestamp)
        event.modifierFlags = heldModifierFlags
        event.location = location
        sendEvent(event)
    }

    /// Reports that hover stopped: the pointer left the window (`left` true), or a button went down.
    /// Every hover recognizer in progress ends; with `left`, a scroll sequence ends too.
    public func dispatchPointerExit(left: Bool = true, timestamp: TimeInterval = CACurrentMediaTime()) {
        gestureArbiter.fireDueTimeouts(now: timestamp)
        if left, scrollTarget != nil { dispatchScrollEnd(timestamp: timestamp) }
        let event = UIPointerInputEvent(type: .hover, timestamp: timestamp)
        event.modifierFlags = heldModifierFlags
        event.location = pointerLocation
        event.isEnd = true
        if left { pointerLocation = nil }
        sendEvent(event)
    }

    /// The modifier keys held in this window, from the key codes of its held presses.
    var heldModifierFlags: UIKeyModifierFlags {
        var flags: UIKeyModifierFlags = []
        for (code, _) in heldPresses {
            switch code.rawValue {
            case 0xE0, 0xE4: flags.insert(.control)
            case 0xE1, 0xE5: flags.insert(.shift)
            case 0xE2, 0xE6: flags.insert(.alternate)
            case 0xE3, 0xE7: flags.insert(.command)
            default: break
            }
        }
        return flags
    }

    /// After a key release: a Ctrl+wheel pinch ends when Ctrl is no longer held.
    func modifierKeysChanged(timestamp: TimeInterval) {
        guard let pinch = scrollTarget as? UIPinchGestureRecognizer, !heldModifierFlags.contains(.control) else { return }
        scrollTarget = nil
        let event = UIPointerInputEvent(type: .scroll, timestamp: timestamp)
        event.location = pointerLocation
        event.isEnd = true
        gestureArbiter.deliverPointerEvent(event, to: [(pinch, { pinch.endWheelPinch() })])
    }

    // MARK: Delivery

    /// The view under `location` and its ancestors' recognizers, nearest first.
    private func recognizersUnderPointer(at location: CGPoint, event: UIEvent) -> [UIGestureRecognizer] {
        event.hitTestGeometry = HitTestGeometry(window: self)
        let hit = hitTest(location, with: event)
        var recognizers: [UIGestureRecognizer] = []
        var view = hit
        while let v = view {
            recognizers.append(contentsOf: v.gestureRecognizers ?? [])
            view = v.superview
        }
        return recognizers
    }

    func deliverScroll(_ event: UIPointerInputEvent) {
        let time = event.timestamp
        // The sequence in progress, if its recognizer still follows it.
        if let target = scrollTarget, !target.isFollowingPointerInput || !(target.state == .began || target.state == .changed) {
            scrollTarget = nil
        }
        if event.isEnd {
            guard let target = scrollTarget else { return }
            scrollTarget = nil
            gestureArbiter.deliverPointerEvent(event, to: [(target, { Self.end(target) })])
            return
        }
        guard let location = event.location else { return }
        let zooming = event.modifierFlags.contains(.control) && event.scrollDelta.dy != 0
        if let target = scrollTarget, (target is UIPinchGestureRecognizer) != zooming {
            // Ctrl went down or up mid-sequence: end it, start the other kind.
            scrollTarget = nil
            gestureArbiter.deliverPointerEvent(event, to: [(target, { Self.end(target) })])
        }
        let source = event.scrollSource
        if scrollTarget == nil {
            let candidates = recognizersUnderPointer(at: location, event: event).filter {
                $0.isEnabled && $0.state == .possible && $0.trackedTouches.isEmpty && $0.pendingState == nil
            }
            if zooming {
                scrollTarget = candidates.first { $0 is UIPinchGestureRecognizer }
            }
            if scrollTarget == nil {
                scrollTarget = candidates.first { ($0 as? UIPanGestureRecognizer)?.allowedScrollTypesMask.allows(source.scrollType) == true }
            }
        }
        guard let target = scrollTarget else { return }
        let idle: TimeInterval? = source == .touchpad ? nil : Self.scrollIdleInterval
        if let pinch = target as? UIPinchGestureRecognizer {
            let steps = source == .wheel ? event.scrollDelta.dy : event.scrollDelta.dy / Self.wheelStepPoints
            gestureArbiter.deliverPointerEvent(event, to: [(pinch, {
                pinch.wheelZoom(steps: steps, at: location, time: time, idleEnd: Self.scrollIdleInterval)
            })])
        } else if let pan = target as? UIPanGestureRecognizer {
            let k = source == .wheel ? Self.wheelStepPoints : 1
            let delta = CGPoint(x: -event.scrollDelta.dx * k, y: -event.scrollDelta.dy * k)
            gestureArbiter.deliverPointerEvent(event, to: [(pan, {
                pan.scrollType = source.scrollType
                pan.scroll(by: delta, at: location, time: time, idleEnd: idle)
            })])
        }
        if let target = scrollTarget, !(target.isFollowingPointerInput && (target.state == .began || target.state == .changed)) {
            scrollTarget = nil
        }
    }

    private static func end(_ recognizer: UIGestureRecognizer) {
        if let pinch = recognizer as? UIPinchGestureRecognizer { pinch.endWheelPinch() }
        if let pan = recognizer as? UIPanGestureRecognizer { pan.endScroll() }
    }

    func deliverHover(_ event: UIPointerInputEvent) {
        var now: [UIHoverGestureRecognizer] = []
        if !event.isEnd, let location = event.location {
            now = recognizersUnderPointer(at: location, event: event).compactMap { $0 as? UIHoverGestureRecognizer }
                .filter { $0.isEnabled }
        }
        let location = event.location
        var deliveries: [(recognizer: UIGestureRecognizer, deliver: () -> Void)] = []
        for r in hoveredRecognizers where !now.contains(where: { $0 === r }) {
            deliveries.append((r, { r.pointerExited(at: location) }))
        }
        for r in now {
            if hoveredRecognizers.contains(where: { $0 === r }) {
                deliveries.append((r, { if let location { r.pointerMoved(to: location) } }))
            } else {
                deliveries.append((r, { if let location { r.pointerEntered(at: location) } }))
            }
        }
        hoveredRecognizers = now
        if !deliveries.isEmpty { gestureArbiter.deliverPointerEvent(event, to: deliveries) }
    }
}
