import CoreGraphics
import Foundation

/// A pan that starts at an edge of the window (Apple's: of the screen; a Wayland client sees only its
/// window): it fails unless its first touch goes down within `edgeWidth` (20 points) of one of
/// `edges`, and then behaves as `UIPanGestureRecognizer` (`translation(in:)`, `velocity(in:)`).
/// With no `edges` (the default, as Apple's) it never begins. Scrolling does not drive it.
@preconcurrency @MainActor
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a pan may start from (none by default).
    open var edges: UIRectEdge = []

    /// How near (points) an edge the first touch must go down.
    static let edgeWidth: CGFloat = 20

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, numberOfTouches == touches.count {
            // The first touches of the sequence: each must start at an allowed edge.
            guard let window = view?.window,
                  touches.allSatisfy({ Self.isNearEdge($0.locationInWindow, of: window.bounds, edges: edges) }) else {
                state = .failed
                return
            }
        }
        super.touchesBegan(touches, with: event)
    }

    /// Whether `point` is within `edgeWidth` of one of `edges` of `bounds`.
    static func isNearEdge(_ point: CGPoint, of bounds: CGRect, edges: UIRectEdge) -> Bool {
        (edges.contains(.left) && point.x - bounds.minX <= edgeWidth)
            || (edges.contains(.right) && bounds.maxX - point.x <= edgeWidth)
            || (edges.contains(.top) && point.y - bounds.minY <= edgeWidth)
            || (edges.contains(.bottom) && bounds.maxY - point.y <= edgeWidth)
    }
}
