import CoreGraphics
import Foundation

/// Views are dynamic items, as on Apple's platforms (`collisionBoundsType` and `collisionBoundingPath`
/// are declared in `UIView`'s class body, so that a subclass overrides them as Apple's allows).
extension UIView: UIDynamicItem {}
