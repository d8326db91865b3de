import Foundation

// `as` bridging between CATransform3D and its NSValue box, as on Apple platforms (see
// CoreGraphics' Bridging.swift): `layer.value(forKey: "transform") as? NSValue` succeeds.
extension CATransform3D: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSValue { NSValue(caTransform3D: self) }

    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) {
        result = source.caTransform3DValue
    }

    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CATransform3D?) -> Bool {
        result = source.isBox(of: NSValue.caTransform3DObjCType) ? source.caTransform3DValue : nil
        return result != nil
    }

    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CATransform3D {
        source?.caTransform3DValue ?? CATransform3D()
    }
}
