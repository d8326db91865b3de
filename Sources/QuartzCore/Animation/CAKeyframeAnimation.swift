import CoreGraphics
import Foundation

/// An animation through a sequence of values (or along a path) of one property.
///
/// The property jumps to the first keyframe when the animation starts and returns to the model
/// value when it is removed, as on Apple platforms.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// One value per keyframe, first and last included.
    open var values: [Any]?
    /// A path for point properties; it replaces `values` (its points are the keyframes).
    open var path: CGPath?
    /// The fraction of the duration at which each keyframe is reached (0...1, increasing).
    open var keyTimes: [NSNumber]?
    /// One easing function per segment (count − 1 are used; missing ones are linear).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// How values between keyframes are computed (`.linear` by default).
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Kochanek–Bartels parameters for the cubic modes, one per keyframe.
    open var tensionValues: [NSNumber]?
    open var continuityValues: [NSNumber]?
    open var biasValues: [NSNumber]?
    /// Turns the layer to follow the path's tangent (nil: no rotation).
    open var rotationMode: CAAnimationRotationMode?

    override func copyValues(from other: CAAnimation) {
        super.copyValues(from: other)
        guard let o = other as? CAKeyframeAnimation else { return }
        values = o.values; path = o.path; keyTimes = o.keyTimes; timingFunctions = o.timingFunctions
        calculationMode = o.calculationMode; tensionValues = o.tensionValues
        continuityValues = o.continuityValues; biasValues = o.biasValues; rotationMode = o.rotationMode
    }

    override func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "values": return values
        case "path": return path
        case "keyTimes": return keyTimes
        case "timingFunctions": return timingFunctions
        case "calculationMode": return calculationMode
        case "tensionValues": return tensionValues
        case "continuityValues": return continuityValues
        case "biasValues": return biasValues
        case "rotationMode": return rotationMode
        default: return super.propertyValue(forKey: key)
        }
    }

    override func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "values": values = value as? [Any]
        case "path": path = value as? CGPath
        case "keyTimes": keyTimes = value as? [NSNumber]
        case "timingFunctions": timingFunctions = value as? [CAMediaTimingFunction]
        case "calculationMode": if let v = KeyedValue.constant(value, as: CAAnimationCalculationMode.self) { calculationMode = v }
        case "tensionValues": tensionValues = value as? [NSNumber]
        case "continuityValues": continuityValues = value as? [NSNumber]
        case "biasValues": biasValues = value as? [NSNumber]
        case "rotationMode": rotationMode = KeyedValue.constant(value, as: CAAnimationRotationMode.self)
        default: return super.setPropertyValue(value, forKey: key)
        }
        return true
    }

    /// The evaluator for the current settings (nil when there is nothing to animate).
    func makeEvaluator() -> KeyframeEvaluator? {
        KeyframeEvaluator(values: values?.map(AnimationEvaluator.numberAsDouble), path: path, keyTimes: keyTimes?.map(\.doubleValue),
                          timingFunctions: timingFunctions, calculationMode: calculationMode,
                          tensionValues: tensionValues?.map(\.doubleValue),
                          continuityValues: continuityValues?.map(\.doubleValue),
                          biasValues: biasValues?.map(\.doubleValue), rotationMode: rotationMode)
    }
}

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
