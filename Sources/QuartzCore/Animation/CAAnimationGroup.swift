import CoreGraphics
import Foundation

/// Several animations run together in the group's time: a child's `beginTime` counts from the
/// group's start, a child with duration 0 takes the group's, and children are clipped to the
/// group's active period.
open class CAAnimationGroup: CAAnimation {
    open var animations: [CAAnimation]?

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let o = other as? CAAnimationGroup else { return }
        animations = o.animations?.map { $0.copy() as! CAAnimation }
    }

    override func propertyValue(forKey key: String) -> Any? {
        key == "animations" ? animations : super.propertyValue(forKey: key)
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        guard key == "animations" else { return super.setPropertyValue(value, forKey: key) }
        animations = value as? [CAAnimation]
        return true
    }
}
