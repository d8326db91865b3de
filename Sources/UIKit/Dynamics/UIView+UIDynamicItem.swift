import CoreGraphics
import Foundation

/// Views are dynamic items, as on Apple's platforms. `collisionBoundsType` and
/// `collisionBoundingPath` come from the protocol's defaults (`.rectangle`, an empty path): declared in
/// an extension they cannot be overridden by a subclass, which Apple's `UIView` allows.
extension UIView: UIDynamicItem {}
