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
