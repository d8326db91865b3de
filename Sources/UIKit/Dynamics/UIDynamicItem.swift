import CoreGraphics
import Foundation

/// The shape an item collides with, in its own coordinates.
public enum UIDynamicItemCollisionBoundsType: UInt, Sendable {
    /// The item's bounds rectangle (the default).
    case rectangle
    /// The ellipse inscribed in the item's bounds (a circle for a square item).
    case ellipse
    /// The convex polygon of `collisionBoundingPath` (its convex hull, as Chipmunk builds it).
    case path
}

/// An object a dynamic animator can move: its `center` and the rotation of its `transform` are
/// written by the animator each step; its `bounds` give its size (and with its density, its mass).
@preconcurrency @MainActor
public protocol UIDynamicItem: NSObjectProtocol {
    /// The item's centre, in its superview's coordinates (the reference view's for a non-view item).
    var center: CGPoint { get set }
    /// The item's bounds; only the size is read (when the item joins the animator, or on `updateItem`).
    var bounds: CGRect { get }
    /// The item's transform; the animator writes a pure rotation.
    var transform: CGAffineTransform { get set }
    /// The kind of shape the item collides with (`.rectangle` by default).
    var collisionBoundsType: UIDynamicItemCollisionBoundsType { get }
    /// The convex polygon the item collides with when `collisionBoundsType` is `.path`, with (0, 0)
    /// at the item's centre (an empty path by default, which collides as the rectangle).
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    /// `.rectangle`: Objective-C's optional requirement, as a default.
    public var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }
    /// An empty path: Objective-C's optional requirement, as a default.
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}
