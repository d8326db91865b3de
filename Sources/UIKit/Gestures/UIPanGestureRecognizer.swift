import CoreGraphics
import Foundation

/// Recognizes a drag: between `minimumNumberOfTouches` and `maximumNumberOfTouches` fingers (or
/// the pointer with its button held) moving past a small threshold (10 points for fingers, 3 for
/// a pointer). A continuous gesture: `.began`, `.changed` on each move, `.ended` when the touches lift.
///
/// `translation(in:)` is measured from where the touches went down (so a dragged view follows the
/// finger exactly) and can be reset with `setTranslation(_:in:)`; `velocity(in:)` is in points per
/// second over the last 0.1 s of movement. Touches joining or leaving move the centroid without
/// changing the translation.
///
/// Scrolling (iOS 13.4's pointer support): with `allowedScrollTypesMask` set, a mouse wheel
/// (`.discrete`) or two fingers on a touchpad (`.continuous`) over the view drive the pan with no
/// touches: `.began` on the first scroll, `.changed` on each further one, `.ended` when the touchpad
/// fingers lift (`wl_pointer.axis_stop`) or, for a wheel or a source without a stop, 0.15 s after the
/// last scroll. The translation accumulates the scroll so that content follows the fingers: it is
/// the compositor's scroll value negated (a two-finger scroll down with natural scrolling, or a wheel
/// turned up, gives a positive `translation.y`), a wheel step counting 10 points and a continuous
/// scroll the compositor's points. `location(in:)` is the pointer's position; `numberOfTouches` is 0.
@preconcurrency @MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

    /// The kinds of scrolling that drive the pan; none by default (Apple's default too).
    open var allowedScrollTypesMask: UIScrollTypeMask = []

    /// A scroll sequence is driving the pan.
    private(set) var isScrolling = false
    /// The kind of device driving the scroll sequence (set by the window with each scroll).
    var scrollType: UIScrollType = .continuous
    override var isFollowingPointerInput: Bool { isScrolling }

    /// The movement (points) before a pan begins, for fingers and for a pointer.
    static let directThreshold: CGFloat = 10
    static let pointerThreshold: CGFloat = 3

    /// The centroid's origin, in window coordinates: translation = centroid − origin.
    private var originInWindow: CGPoint = .zero
    private var lastCentroid: CGPoint = .zero
    private var lastTouchCount = 0
    /// Recent (time, translation in window coordinates) samples for the velocity.
    private var samples: [(time: TimeInterval, translation: CGPoint)] = []

    /// How far the touches moved since they went down (or since `setTranslation`), in `view`'s
    /// coordinate system (nil: the window's).
    open func translation(in view: UIView?) -> CGPoint {
        convertVectorFromWindow(windowTranslation, at: originInWindow, to: view)
    }

    /// Sets the translation as seen in `view` (usually `.zero`, after applying it to a view).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let before = windowTranslation
        let w = convertVectorToWindow(translation, at: lastCentroid, from: view)
        originInWindow = CGPoint(x: lastCentroid.x - w.x, y: lastCentroid.y - w.y)
        // Shift the samples with it: the velocity does not jump.
        let dx = windowTranslation.x - before.x, dy = windowTranslation.y - before.y
        samples = samples.map { ($0.time, CGPoint(x: $0.translation.x + dx, y: $0.translation.y + dy)) }
    }

    /// The speed of the drag in points per second, in `view`'s coordinate system.
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last, let first = samples.first(where: { last.time - $0.time <= 0.1 }),
              last.time > first.time else { return .zero }
        let dt = CGFloat(last.time - first.time)
        let v = CGPoint(x: (last.translation.x - first.translation.x) / dt, y: (last.translation.y - first.translation.y) / dt)
        return convertVectorFromWindow(v, at: lastCentroid, to: view)
    }

    private var windowTranslation: CGPoint {
        CGPoint(x: lastCentroid.x - originInWindow.x, y: lastCentroid.y - originInWindow.y)
    }

    private func updateCentroid(time: TimeInterval) {
        let touches = activeTouches
        guard !touches.isEmpty else { return }
        let c = Self.centroid(touches.map(\.locationInWindow))
        if touches.count != lastTouchCount {
            // A finger joined or left: keep the translation continuous.
            if lastTouchCount == 0 {
                originInWindow = c
            } else {
                originInWindow.x += c.x - lastCentroid.x
                originInWindow.y += c.y - lastCentroid.y
            }
            lastTouchCount = touches.count
        }
        lastCentroid = c
        samples.append((time, windowTranslation))
        samples.removeAll { time - $0.time > 0.15 }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        updateCentroid(time: event.timestamp)
        if numberOfTouches > maximumNumberOfTouches {
            if state == .possible { state = .failed }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        updateCentroid(time: event.timestamp)
        switch state {
        case .possible:
            guard numberOfTouches >= minimumNumberOfTouches, numberOfTouches <= maximumNumberOfTouches else { return }
            let threshold = activeTouches.allSatisfy { $0.type == .indirectPointer } ? Self.pointerThreshold : Self.directThreshold
            let t = windowTranslation
            if hypot(t.x, t.y) >= threshold { state = .began }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = numberOfTouches
        if state == .began || state == .changed {
            if remaining < minimumNumberOfTouches { state = .ended } else { updateCentroid(time: event.timestamp) }
        } else if state == .possible && remaining == 0 {
            state = .failed
        } else {
            updateCentroid(time: event.timestamp)
        }
    }

    // MARK: Scrolling (from the window)

    /// One scroll: `delta` is the translation it adds (window points, content-follows-fingers sign),
    /// the pointer at `location`; `idleEnd` asks for the end after that many seconds without scrolling.
    func scroll(by delta: CGPoint, at location: CGPoint, time: TimeInterval, idleEnd: TimeInterval?) {
        if !isScrolling {
            isScrolling = true
            originInWindow = location
            lastCentroid = location
            samples = [(time, .zero)]
        }
        lastCentroid.x += delta.x
        lastCentroid.y += delta.y
        lastLocationInWindow = location
        samples.append((time, windowTranslation))
        samples.removeAll { time - $0.time > 0.15 }
        switch state {
        case .possible: state = .began
        case .began, .changed: state = .changed
        default: break
        }
        if let idleEnd, state == .began || state == .changed { scheduleTimeout(after: idleEnd, from: time) }
    }

    /// The scroll sequence ended (touchpad fingers lifted, idle, pointer gone).
    func endScroll() {
        guard isScrolling else { return }
        cancelTimeout()
        if state == .began || state == .changed { state = .ended }
    }

    override func timeoutDidFire(now: TimeInterval) {
        endScroll()
    }

    open override func reset() {
        super.reset()
        isScrolling = false
        scrollType = .continuous
        originInWindow = .zero
        lastCentroid = .zero
        lastTouchCount = 0
        samples = []
    }
}
