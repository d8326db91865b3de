import CoreGraphics
import Foundation
import QuartzCore

/// One finger on a touch screen, or the pointer while its primary button is held.
///
/// A touch lives from `.began` to `.ended`/`.cancelled` and is the same object in every event of
/// that sequence. Its view is the one hit at `.began` (later moves go to that view wherever they
/// are). Locations are kept in the window's coordinates (points) and converted on demand through
/// the geometry the window hit-tested with: with `UIWindow.hitTestsPresentation` (the default) that
/// is what was on screen when the event arrived, so a point on a moving view stays on it.
@preconcurrency @MainActor
open class UITouch: NSObject {
    /// Where a touch is in its life.
    public enum Phase: Int, Sendable {
        case began, moved, stationary, ended, cancelled
        // Apple's regionEntered/regionMoved/regionExited are hover phases; hover is not delivered yet.
    }

    /// What made the touch.
    public enum TouchType: Int, Sendable {
        /// A finger on the screen.
        case direct
        /// An indirect, non-screen touch (Apple's remote touch surfaces); unused on Linux.
        case indirect
        /// A stylus.
        case pencil
        /// A mouse or touchpad pointer whose primary button is held.
        case indirectPointer
    }

    open internal(set) var phase: Phase = .began
    /// Taps within a short time and distance of each other: 2 for the second click of a double click.
    open internal(set) var tapCount: Int = 1
    /// When the touch last changed, in seconds of `CACurrentMediaTime()`'s clock.
    open internal(set) var timestamp: TimeInterval = 0
    open internal(set) var type: TouchType = .direct
    /// The view hit when the touch began (nil when nothing in the window was hit).
    open internal(set) weak var view: UIView?
    /// The window the touch happens in.
    open internal(set) weak var window: UIWindow?
    /// The gesture recognizers that receive this touch (the hit view's and its ancestors', at `.began`).
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    /// Force is not reported by Wayland; always 0 (as on devices without 3D Touch).
    open var force: CGFloat { 0 }
    open var maximumPossibleForce: CGFloat { 0 }
    /// The contact's radius in points (half the major axis when the compositor reports a shape).
    open internal(set) var majorRadius: CGFloat = 0
    open internal(set) var majorRadiusTolerance: CGFloat = 0

    /// Position in the window's coordinates (points), now and at the previous event.
    var locationInWindow: CGPoint = .zero
    var previousLocationInWindow: CGPoint = .zero
    /// Where the touch began, in the window's coordinates.
    var startLocationInWindow: CGPoint = .zero
    /// The geometry of the event that last changed the touch (presentation or model).
    var geometry: HitTestGeometry?
    /// False once a gesture recognizer cancelled the touch for its view (`cancelsTouchesInView`).
    var isDeliveredToView = true
    /// Whether the view got `touchesBegan` for the touch (so a cancel must tell it).
    var viewHasBegun = false

    override init() { super.init() }

    /// The touch's position in `view`'s coordinates (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        convert(locationInWindow, to: view)
    }

    /// The position at the previous event, in `view`'s coordinates (nil: the window's).
    open func previousLocation(in view: UIView?) -> CGPoint {
        convert(previousLocationInWindow, to: view)
    }

    /// Same as `location(in:)`: there is no sub-point precision beyond Wayland's 1/256.
    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
    open func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    private func convert(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let window, let view, view !== window else { return p }
        let geometry = self.geometry ?? HitTestGeometry(window: window)
        return geometry.convert(p, from: window, to: view)
    }
}
