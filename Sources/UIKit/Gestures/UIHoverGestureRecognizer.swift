import CoreGraphics
import Foundation

/// Follows the pointer over a view while no button is pressed (iOS 13's hover): `.began` when the
/// pointer enters the view (or one of its subviews that lets it through hit testing), `.changed` as
/// it moves inside, `.ended` when it leaves the view, leaves the window, or a button goes down (a
/// pressed button is a touch; hover comes back at the next motion after the release).
/// `location(in:)` is the pointer's position. It takes no touches.
@preconcurrency @MainActor
open class UIHoverGestureRecognizer: UIGestureRecognizer {
    override var receivesTouches: Bool { false }

    /// The pointer is over the view (window points).
    func pointerEntered(at location: CGPoint) {
        lastLocationInWindow = location
        if state == .possible { state = .began }
    }

    /// The pointer moved over the view.
    func pointerMoved(to location: CGPoint) {
        lastLocationInWindow = location
        if state == .began || state == .changed { state = .changed }
    }

    /// The pointer left the view (or hover stopped).
    func pointerExited(at location: CGPoint?) {
        if let location { lastLocationInWindow = location }
        if state == .began || state == .changed { state = .ended }
    }
}
