import CoreGraphics
import Foundation

/// Hears the contacts of a collision behavior's items, with each other and with its boundaries.
/// A boundary's identifier is nil for the reference-bounds boundary.
@preconcurrency @MainActor
public protocol UICollisionBehaviorDelegate: NSObjectProtocol {
    /// Two items of the behavior touched, at `p` (reference view coordinates).
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                           with item2: UIDynamicItem, at p: CGPoint)
    /// Two items of the behavior stopped touching.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem)
    /// An item touched a boundary, at `p`.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint)
    /// An item stopped touching a boundary.
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                           withBoundaryIdentifier identifier: (any NSCopying)?)
}

extension UICollisionBehaviorDelegate {
    /// Does nothing: Objective-C's optional requirement, as a default.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem,
                                  with item2: UIDynamicItem, at p: CGPoint) {}
    /// Does nothing: Objective-C's optional requirement, as a default.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem,
                                  with item2: UIDynamicItem) {}
    /// Does nothing: Objective-C's optional requirement, as a default.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: (any NSCopying)?, at p: CGPoint) {}
    /// Does nothing: Objective-C's optional requirement, as a default.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem,
                                  withBoundaryIdentifier identifier: (any NSCopying)?) {}
}
