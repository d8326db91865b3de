import CoreGraphics
import Foundation

/// The kind of a transition.
public struct CATransitionType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The new content fades in over the old.
    public static let fade = CATransitionType(rawValue: "fade")
    /// The new content slides in over the old.
    public static let moveIn = CATransitionType(rawValue: "moveIn")
    /// The new content pushes the old out.
    public static let push = CATransitionType(rawValue: "push")
    /// The old content slides away, revealing the new.
    public static let reveal = CATransitionType(rawValue: "reveal")
}

/// The direction of a transition. Core Animation names top and bottom in its original y-up
/// space: on iOS (and here) `.fromBottom` moves content downward, the new copy entering from above.
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
    public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
    public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
    public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// Animates the change of a layer's appearance (content, properties, sublayers) between the state
/// before and after the transaction that adds it. Always stored under the key "transition".
open class CATransition: CAAnimation {
    /// The kind of transition (`.fade` by default).
    open var type: CATransitionType = .fade
    /// The direction for moveIn, push and reveal (from the left when nil).
    open var subtype: CATransitionSubtype?
    /// The part of the transition that is played (0...1).
    open var startProgress: Float = 0
    open var endProgress: Float = 1

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let o = other as? CATransition else { return }
        type = o.type; subtype = o.subtype; startProgress = o.startProgress; endProgress = o.endProgress
    }

    override func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "type": return type
        case "subtype": return subtype
        case "startProgress": return startProgress
        case "endProgress": return endProgress
        default: return super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "type": if let v = KeyedValue.constant(value, as: CATransitionType.self) { type = v }
        case "subtype": subtype = KeyedValue.constant(value, as: CATransitionSubtype.self)
        case "startProgress": if let v = KeyedValue.float(value) { startProgress = v }
        case "endProgress": if let v = KeyedValue.float(value) { endProgress = v }
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }
}

/// Action identifiers for layer events other than property changes.
public let kCAOnOrderIn = "onOrderIn"
public let kCAOnOrderOut = "onOrderOut"
public let kCATransition = "transition"
