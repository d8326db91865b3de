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
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    open var minimumNumberOfTouches = 1
    open var maximumNumberOfTouches = Int.max

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

    open override func reset() {
        super.reset()
        originInWindow = .zero
        lastCentroid = .zero
        lastTouchCount = 0
        samples = []
    }
}
