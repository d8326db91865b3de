import CoreGraphics
import Foundation

/// An animation of one property of a layer, named by a key path.
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path (`"position"`, `"position.x"`, `"transform.rotation.z"`, custom keys);
    /// when nil at `add(_:forKey:)`, the key is used.
    open var keyPath: String?
    /// The animated value is added to the property's current presentation value (for
    /// transforms: concatenated after it).
    open var isAdditive = false
    /// Each repetition continues from where the previous one ended.
    open var isCumulative = false
    /// Turns the animated numbers into a transform (for `transform`-like key paths).
    open var valueFunction: CAValueFunction?

    /// A new animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let o = other as? CAPropertyAnimation else { return }
        keyPath = o.keyPath; isAdditive = o.isAdditive; isCumulative = o.isCumulative; valueFunction = o.valueFunction
    }

    override func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "keyPath": return keyPath
        case "additive": return isAdditive
        case "cumulative": return isCumulative
        case "valueFunction": return valueFunction
        default: return super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "keyPath": keyPath = value as? String
        case "additive": if let v = KeyedValue.flag(value) { isAdditive = v }
        case "cumulative": if let v = KeyedValue.flag(value) { isCumulative = v }
        case "valueFunction": valueFunction = value as? CAValueFunction
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}
