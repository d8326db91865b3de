import Foundation
import QuartzCore

/// Coordinates a window's gesture recognizers: gives them their touches ahead of the views,
/// decides between them (require(toFail:), one recognizer at a time unless a delegate allows
/// simultaneous recognition), cancels view touches a recognizer takes, resets finished
/// recognizers, and fires their timeouts (double-tap windows, long-press durations).
///
/// Timeouts are kept in media time (`CACurrentMediaTime()`): a run-loop timer fires them on a
/// running clock; every touch dispatch first fires those due at its timestamp, so a frozen
/// clock (tests) sees them fire when the next event or `fireDueTimeouts(now:)` comes.
@MainActor
final class GestureArbiter {
    private unowned let window: UIWindow
    /// The recognizers that received touches and have not been reset since, in first-touch order.
    private(set) var involved: [UIGestureRecognizer] = []
    /// The event being delivered (nil between events, e.g. when a timeout fires).
    private(set) var currentEvent: UIEvent?
    private var timer: Timer?

    init(window: UIWindow) {
        self.window = window
    }

    // MARK: Touches

    /// Gives a new touch to `recognizers` (nearest view first) that accept it; returns those.
    func attach(_ touch: UITouch, to recognizers: [UIGestureRecognizer]) -> [UIGestureRecognizer] {
        var accepted: [UIGestureRecognizer] = []
        for r in recognizers where r.isEnabled && r.pendingState == nil && r.receivesTouches && !r.isFollowingPointerInput {
            guard r.currentState == .possible || r.currentState == .began || r.currentState == .changed else { continue }
            guard r.allowedTouchTypes.contains(where: { $0.intValue == touch.type.rawValue }) else { continue }
            if let delegate = r.delegate, !delegate.gestureRecognizer(r, shouldReceive: touch) { continue }
            r.trackedTouches.append(touch)
            r.arbiter = self
            if !involved.contains(where: { $0 === r }) { involved.append(r) }
            accepted.append(r)
        }
        return accepted
    }

    /// Delivers `event`'s touches to the recognizers that receive them, by phase.
    func deliver(_ event: UIEvent) {
        currentEvent = event
        var order: [UIGestureRecognizer] = []
        for touch in event.touchList {
            for r in touch.gestureRecognizers ?? [] where !order.contains(where: { $0 === r }) { order.append(r) }
        }
        for r in order {
            let mine = event.touchList.filter { t in r.trackedTouches.contains { $0 === t } }
            for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
                guard r.isEnabled, r.pendingState == nil,
                      r.currentState == .possible || r.currentState == .began || r.currentState == .changed else { break }
                let touches = mine.filter { $0.phase == phase }
                guard !touches.isEmpty else { continue }
                switch phase {
                case .began: r.touchesBegan(Set(touches), with: event)
                case .moved: r.touchesMoved(Set(touches), with: event)
                case .ended: r.touchesEnded(Set(touches), with: event)
                default: r.touchesCancelled(Set(touches), with: event)
                }
            }
        }
    }

    /// Delivers a pointer event (scroll, hover) to recognizers chosen by the window: each one joins
    /// the arbitration (its state changes are arbitrated, its timeouts fire) and `deliver` runs
    /// for it; then the event ends as a touch event does (finished recognizers reset).
    func deliverPointerEvent(_ event: UIEvent, to deliveries: [(recognizer: UIGestureRecognizer, deliver: () -> Void)]) {
        currentEvent = event
        for (r, deliver) in deliveries {
            r.arbiter = self
            if !involved.contains(where: { $0 === r }) { involved.append(r) }
            deliver()
        }
        eventDidEnd()
    }

    /// After the views had the event: lifted touches leave the recognizers, recognizers left
    /// possible with no touches and nothing to wait for fail, finished ones reset.
    func eventDidEnd() {
        for r in involved {
            r.trackedTouches.removeAll { $0.phase == .ended || $0.phase == .cancelled }
        }
        settle()
        currentEvent = nil
        timeoutsChanged()
    }

    private func settle() {
        for r in involved where r.currentState == .possible && r.trackedTouches.isEmpty
            && r.pendingState == nil && r.timeoutDeadline == nil {
            request(.failed, for: r)
        }
        for r in involved where r.trackedTouches.isEmpty
            && (r.currentState == .ended || r.currentState == .cancelled || r.currentState == .failed) {
            r.reset()
            r.arbiter = nil
        }
        involved.removeAll { $0.arbiter == nil }
    }

    // MARK: State changes

    /// Moves `r` to `newState`, arbitrating a begin or recognition.
    func request(_ newState: UIGestureRecognizer.State, for r: UIGestureRecognizer) {
        let old = r.currentState
        guard old != newState || newState == .changed else { return }
        if old == .possible && (newState == .began || newState == .ended) {
            if !mayBegin(r) {
                fail(r)
                return
            }
            let requirements = self.requirements(of: r)
            if requirements.contains(where: { $0.currentState == .possible && isInPlay($0) }) {
                r.pendingState = newState
                return
            }
            if requirements.contains(where: { $0.currentState == .began || $0.currentState == .changed || $0.currentState == .ended }) {
                fail(r)
                return
            }
            r.pendingState = nil
            r.cancelTimeout()
            r.applyState(newState)
            didRecognize(r)
            return
        }
        if newState == .failed {
            fail(r)
        } else {
            r.applyState(newState)
        }
    }

    /// Whether `r` may leave `.possible`: its delegate and the views it covers agree, and no
    /// recognizer that shares its touches is already recognizing (unless they may recognize together).
    private func mayBegin(_ r: UIGestureRecognizer) -> Bool {
        if let delegate = r.delegate, !delegate.gestureRecognizerShouldBegin(r) { return false }
        for view in viewsAsked(about: r) where !view.gestureRecognizerShouldBegin(r) { return false }
        for other in involved where other !== r && (other.currentState == .began || other.currentState == .changed) {
            if sharesTouches(r, other), !simultaneous(r, other), other.canPrevent(r), r.canBePrevented(by: other) { return false }
        }
        return true
    }

    /// The views whose `gestureRecognizerShouldBegin(_:)` decides for `r`: each view its touches
    /// landed on and the ancestors up to `r`'s view, then that view. Asking the touched views lets
    /// a control keep its default action from a recognizer on an ancestor (UIKit's rule).
    private func viewsAsked(about r: UIGestureRecognizer) -> [UIView] {
        guard let own = r.view else { return [] }
        var views: [UIView] = []
        // A touch whose view has since left `r`'s subtree has no views between to ask.
        for touch in r.trackedTouches where touch.view?.isDescendant(of: own) == true {
            var view = touch.view
            while let v = view, v !== own {
                if !views.contains(where: { $0 === v }) { views.append(v) }
                view = v.superview
            }
        }
        views.append(own)
        return views
    }

    private func didRecognize(_ r: UIGestureRecognizer) {
        if r.cancelsTouchesInView {
            window.cancelViewDelivery(of: r.trackedTouches)
        }
        for other in involved where other !== r && other.currentState == .possible {
            if requirements(of: other).contains(where: { $0 === r }) {
                fail(other)
            } else if sharesTouches(r, other), !simultaneous(r, other), r.canPrevent(other), other.canBePrevented(by: r) {
                fail(other)
            }
        }
    }

    private func fail(_ r: UIGestureRecognizer) {
        r.pendingState = nil
        r.cancelTimeout()
        r.applyState(.failed)
        // Recognizers waiting on this one may now go ahead.
        for other in involved where other.pendingState != nil && other.currentState == .possible {
            let reqs = requirements(of: other)
            guard reqs.contains(where: { $0 === r }) else { continue }
            if reqs.allSatisfy({ $0.currentState == .failed || !isInPlay($0) }) {
                let pending = other.pendingState!
                other.pendingState = nil
                request(pending, for: other)
            }
        }
    }

    /// The recognizers `r` must wait for: `require(toFail:)` and the subclass and delegate hooks.
    private func requirements(of r: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result = r.failureRequirements.compactMap(\.recognizer)
        for other in involved where other !== r && !result.contains(where: { $0 === other }) {
            if r.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: r)
                || r.delegate?.gestureRecognizer(r, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: r) == true {
                result.append(other)
            }
        }
        return result
    }

    /// A required recognizer that never received touches of this sequence cannot recognize it.
    private func isInPlay(_ r: UIGestureRecognizer) -> Bool {
        r.isEnabled && involved.contains { $0 === r }
    }

    private func sharesTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.trackedTouches.contains { t in b.trackedTouches.contains { $0 === t } }
    }

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    // MARK: Timeouts

    /// Fires every timeout due at `now` (media time), then settles the recognizers.
    func fireDueTimeouts(now: CFTimeInterval = CACurrentMediaTime()) {
        var fired = false
        for r in involved {
            guard let deadline = r.timeoutDeadline, deadline <= now else { continue }
            r.timeoutDeadline = nil
            r.timeoutDidFire(now: now)
            fired = true
        }
        if fired, currentEvent == nil {
            for r in involved { r.trackedTouches.removeAll { $0.phase == .ended || $0.phase == .cancelled } }
            settle()
        }
        timeoutsChanged()
    }

    /// Re-arms the run-loop timer for the earliest timeout (a running clock only).
    func timeoutsChanged() {
        timer?.invalidate()
        timer = nil
        guard !CAMediaClock.isFrozen,
              let next = involved.compactMap(\.timeoutDeadline).min() else { return }
        let delay = max(0, next - CACurrentMediaTime())
        let t = Timer(timeInterval: delay, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated { self?.fireDueTimeouts() }
        }
        RunLoop.main.add(t, forMode: .common)
        timer = t
    }
}
