import CoreGraphics
import Foundation

/// An animation between two values of a property (with `fromValue`, `toValue`, `byValue`).
///
/// Which ends are used, as documented: from+to: between them; from+by: from → from+by; by+to:
/// to−by → to; from only: from → the current presentation value; to only: the current
/// presentation value → to; by only: presentation → presentation+by; none: the property's previous
/// value → its current value.
open class CABasicAnimation: CAPropertyAnimation {
    open var fromValue: Any?
    open var toValue: Any?
    open var byValue: Any?

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let o = other as? CABasicAnimation else { return }
        fromValue = o.fromValue; toValue = o.toValue; byValue = o.byValue
    }

    override func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "fromValue": return fromValue
        case "toValue": return toValue
        case "byValue": return byValue
        default: return super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
