import Foundation

// `as` bridging between the Core Graphics structs and their Foundation boxes, as on Apple platforms,
// where `layer.value(forKey: "position") as? NSValue` and `value as? NSNumber` for a CGFloat
// succeed, and so do the casts back. swift-corelibs-foundation bridges Double and Float to NSNumber
// but not CGFloat, and no struct to NSValue; its casts use these conformances as Darwin's do.
// CGFloat, CGPoint, CGSize and CGRect are Foundation's types here, hence `@retroactive`.

extension CGAffineTransform: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgAffineTransform: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) {
        result = source.cgAffineTransformValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGAffineTransform?) -> Bool {
        result = source.isBox(of: NSValue.cgAffineTransformObjCType) ? source.cgAffineTransformValue : nil
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGAffineTransform {
        source?.cgAffineTransformValue ?? CGAffineTransform()
    }
}

extension CGVector: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgVector: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) {
        result = source.cgVectorValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGVector?) -> Bool {
        result = source.isBox(of: NSValue.cgVectorObjCType) ? source.cgVectorValue : nil
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGVector {
        source?.cgVectorValue ?? CGVector()
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgPoint: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
        result = source.cgPointValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        result = source.isBox(of: "{CGPoint=dd}") ? source.cgPointValue : nil
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint {
        source?.cgPointValue ?? .zero
    }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgSize: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
        result = source.cgSizeValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        result = source.isBox(of: "{CGSize=dd}") ? source.cgSizeValue : nil
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize {
        source?.cgSizeValue ?? .zero
    }
}

extension CGRect: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(cgRect: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        result = source.cgRectValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        result = source.isBox(of: "{CGRect={CGPoint=dd}{CGSize=dd}}") ? source.cgRectValue : nil
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
        source?.cgRectValue ?? .zero
    }
}

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = CGFloat(source.doubleValue)
        return true
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}

extension NSValue {
    /// Whether this box's type encoding is `objCType` (never for an `NSNumber`).
    package func isBox(of objCType: String) -> Bool {
        !(self is NSNumber) && String(cString: self.objCType) == objCType
    }
}
