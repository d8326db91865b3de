import Foundation

/// The conversions behind a layer's keyed access: boxed values (`Any?`) to property types, and
/// the members of boxed structs that key paths reach into ("position.x", "bounds.size.width",
/// "transform.rotation.z").
///
/// Every conversion returns nil for a value it cannot use (wrong type, NaN or infinite
/// component), and the setter then leaves the property alone.
enum KeyedValue {
    // MARK: Conversions

    /// A finite number from any numeric type, `NSNumber` or `Bool`.
    static func scalar(_ value: Any?) -> CGFloat? {
        let result: CGFloat?
        switch unwrap(value) {
        case let x as CGFloat: result = x
        case let x as Double: result = CGFloat(x)
        case let x as Float: result = CGFloat(x)
        case let x as Int: result = CGFloat(x)
        case let x as Bool: result = x ? 1 : 0
        case let x as any BinaryInteger: result = cgFloat(x)
        case let x as any BinaryFloatingPoint: result = cgFloat(x)
        case let x as NSNumber: result = CGFloat(x.doubleValue)
        default: result = nil
        }
        return result.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A finite `Float` (opacity and the like) from any numeric type.
    static func float(_ value: Any?) -> Float? {
        scalar(value).map { Float($0) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// A flag from a `Bool`, an `NSNumber` or a number (non-zero is true).
    static func flag(_ value: Any?) -> Bool? {
        switch unwrap(value) {
        case let x as Bool: return x
        case let x as NSNumber: return x.boolValue
        default: return scalar(value).map { $0 != 0 }
        }
    }

    static func point(_ value: Any?) -> CGPoint? {
        guard let p = unwrap(value) as? CGPoint, p.x.isFinite, p.y.isFinite else { return nil }
        return p
    }

    static func size(_ value: Any?) -> CGSize? {
        guard let s = unwrap(value) as? CGSize, s.width.isFinite, s.height.isFinite else { return nil }
        return s
    }

    static func rect(_ value: Any?) -> CGRect? {
        guard let r = unwrap(value) as? CGRect, r.origin.x.isFinite, r.origin.y.isFinite,
              r.size.width.isFinite, r.size.height.isFinite else { return nil }
        return r
    }

    static func transform(_ value: Any?) -> CATransform3D? {
        guard let t = unwrap(value) as? CATransform3D else { return nil }
        for i in 0..<4 { for j in 0..<4 where !t[i, j].isFinite { return nil } }
        return t
    }

    /// For an optional property: `.some(nil)` for nil, `.some(x)` for a `T`, nil (ignore) otherwise.
    static func optional<T>(_ value: Any?, as type: T.Type) -> T?? {
        guard let v = unwrap(value) else { return .some(nil) }
        guard let x = v as? T else { return nil }
        return .some(x)
    }

    /// A string constant (`CALayerContentsGravity` and the like) from itself or its raw `String`.
    static func constant<T: RawRepresentable>(_ value: Any?, as type: T.Type) -> T? where T.RawValue == String {
        switch unwrap(value) {
        case let x as T: return x
        case let s as String: return T(rawValue: s)
        default: return nil
        }
    }

    /// An option set (`CACornerMask`, `CAEdgeAntialiasingMask`) from itself or its raw number.
    static func optionSet<T: OptionSet>(_ value: Any?, as type: T.Type) -> T? where T.RawValue: FixedWidthInteger {
        if let x = unwrap(value) as? T { return x }
        guard let n = scalar(value), let raw = T.RawValue(exactly: n) else { return nil }
        return T(rawValue: raw)
    }

    /// The value to store for an extra key: `.some(nil)` removes it; nil (ignore) for a NaN or
    /// infinite number, or for a value that does not convert to the type of the key's default
    /// (a number, flag, point, size, rect or transform default); otherwise the value itself.
    static func extraValue(_ value: Any?, likeDefault template: Any?) -> Any?? {
        guard let value = unwrap(value) else { return .some(nil) }
        switch unwrap(template) {
        case is CGFloat: return scalar(value).map { $0 }
        case is Float: return float(value).map { $0 }
        case is Double: return scalar(value).map { Double($0) }
        case is Int: return scalar(value).flatMap { Int(exactly: $0) }
        case is Bool: return flag(value).map { $0 }
        case is CGPoint: return point(value).map { $0 }
        case is CGSize: return size(value).map { $0 }
        case is CGRect: return rect(value).map { $0 }
        case is CATransform3D: return transform(value).map { $0 }
        default:
            if let x = value as? any BinaryFloatingPoint, !isFinite(x) { return nil }
            return .some(value)
        }
    }

    /// Whether two boxed values are equal (colors by value, objects by identity).
    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (unwrap(a), unwrap(b)) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (x as CGColor, y as CGColor): return x == y
        case let (x as AnyHashable, y as AnyHashable): return x == y
        case let (x?, y?):
            guard type(of: x) is AnyClass, type(of: y) is AnyClass else { return false }
            return (x as AnyObject) === (y as AnyObject)
        }
    }

    /// The value inside any levels of `Optional` (a nil passed as `Any` is nil), and the struct
    /// inside an `NSValue` box (`BoxedValue`).
    static func unwrap(_ value: Any?) -> Any? {
        guard let value else { return nil }
        if let optional = value as? any OptionalBox { return unwrap(optional.boxedValue) }
        // A metatype test: `value as? NSValue` would bridge every number to an NSNumber first.
        if type(of: value) is NSValue.Type, let contents = BoxedValue.contents(of: value as! NSValue) {
            return contents
        }
        return value
    }

    private static func isFinite<T: BinaryFloatingPoint>(_ x: T) -> Bool { x.isFinite }
    private static func cgFloat<T: BinaryInteger>(_ x: T) -> CGFloat { CGFloat(x) }
    private static func cgFloat<T: BinaryFloatingPoint>(_ x: T) -> CGFloat { CGFloat(x) }

    // MARK: Members

    /// The member at `path` inside `root`: struct members (`x`, `y`, `width`, `height`, `origin`,
    /// `size`), a transform's virtual members, a layer's key paths, or dictionary entries.
    static func member(_ path: ArraySlice<String>, of root: Any?) -> Any? {
        guard let name = path.first else { return root }
        let rest = path.dropFirst()
        switch unwrap(root) {
        case let layer as CALayer:
            return layer.value(forKeyPath: path.joined(separator: "."))
        case let t as CATransform3D:
            return TransformKeyPath.value(path, of: t)
        case let p as CGPoint:
            switch name {
            case "x": return member(rest, of: p.x)
            case "y": return member(rest, of: p.y)
            default: return nil
            }
        case let s as CGSize:
            switch name {
            case "width": return member(rest, of: s.width)
            case "height": return member(rest, of: s.height)
            default: return nil
            }
        case let r as CGRect:
            switch name {
            case "origin": return member(rest, of: r.origin)
            case "size": return member(rest, of: r.size)
            default: return nil
            }
        case let m as any KeyedMembers:
            return m.member(path)
        case let d as [String: Any]:
            return member(rest, of: d[name])
        case let d as [AnyHashable: Any]:
            return member(rest, of: d[AnyHashable(name)])
        default:
            return nil
        }
    }

    /// `root` with the member at `path` replaced by `value` (converted to the member's type);
    /// nil when the path does not name a member or `value` does not convert.
    static func replacingMember(_ path: ArraySlice<String>, of root: Any, with value: Any?) -> Any? {
        guard let name = path.first else { return value }
        let rest = path.dropFirst()
        switch unwrap(root) {
        case let layer as CALayer:
            layer.setValue(value, forKeyPath: path.joined(separator: "."))
            return layer
        case let t as CATransform3D:
            return TransformKeyPath.replacing(path, in: t, with: value)
        case var p as CGPoint:
            guard rest.isEmpty, let v = scalar(value) else { return nil }
            switch name {
            case "x": p.x = v
            case "y": p.y = v
            default: return nil
            }
            return p
        case var s as CGSize:
            guard rest.isEmpty, let v = scalar(value) else { return nil }
            switch name {
            case "width": s.width = v
            case "height": s.height = v
            default: return nil
            }
            return s
        case var r as CGRect:
            switch name {
            case "origin":
                guard let o = rest.isEmpty ? point(value) : replacingMember(rest, of: r.origin, with: value) as? CGPoint
                else { return nil }
                r.origin = o
            case "size":
                guard let s = rest.isEmpty ? size(value) : replacingMember(rest, of: r.size, with: value) as? CGSize
                else { return nil }
                r.size = s
            default: return nil
            }
            return r
        case let m as any KeyedMembers:
            return m.replacingMember(path, with: value)
        case var d as [String: Any]:
            if rest.isEmpty {
                d[name] = unwrap(value)
            } else {
                guard let inner = d[name], let updated = replacingMember(rest, of: inner, with: value) else { return nil }
                d[name] = updated
            }
            return d
        case var d as [AnyHashable: Any]:
            let key = AnyHashable(name)
            if rest.isEmpty {
                d[key] = unwrap(value)
            } else {
                guard let inner = d[key], let updated = replacingMember(rest, of: inner, with: value) else { return nil }
                d[key] = updated
            }
            return d
        default:
            return nil
        }
    }
}

/// Core Animation's virtual members of a `CATransform3D` key path ("transform.rotation.z", ...),
/// read from and written into the transform's decomposition (see `DecomposedTransform`).
enum TransformKeyPath {
    /// "rotation.x/.y/.z" and "rotation" (= z) in radians, "scale.x/.y/.z" and "scale" (the
    /// average of the three), "translation.x/.y/.z" as `CGFloat`; "translation" as the `CGSize`
    /// of the x and y translation.
    static func value(_ path: ArraySlice<String>, of t: CATransform3D) -> Any? {
        let parts = DecomposedTransform.parts(of: t)
        switch path.joined(separator: ".") {
        case "rotation.x": return parts.rotation.x
        case "rotation.y": return parts.rotation.y
        case "rotation.z", "rotation": return parts.rotation.z
        case "scale.x": return parts.scale.x
        case "scale.y": return parts.scale.y
        case "scale.z": return parts.scale.z
        case "scale": return (parts.scale.x + parts.scale.y + parts.scale.z) / 3
        case "translation.x": return parts.translation.x
        case "translation.y": return parts.translation.y
        case "translation.z": return parts.translation.z
        case "translation": return CGSize(width: parts.translation.x, height: parts.translation.y)
        default: return nil
        }
    }

    /// `t` with one virtual member replaced: setting "scale" sets all three scales, setting
    /// "translation" (a `CGSize` or, as Apple also takes, a `CGPoint`) sets the x and y translation;
    /// the other parts are kept.
    static func replacing(_ path: ArraySlice<String>, in t: CATransform3D, with value: Any?) -> CATransform3D? {
        var parts = DecomposedTransform.parts(of: t)
        let name = path.joined(separator: ".")
        if name == "translation" {
            if let s = KeyedValue.size(value) {
                parts.translation.x = s.width
                parts.translation.y = s.height
            } else if let p = KeyedValue.point(value) {
                parts.translation.x = p.x
                parts.translation.y = p.y
            } else {
                return nil
            }
            return parts.transform
        }
        guard let v = KeyedValue.scalar(value) else { return nil }
        switch name {
        case "rotation.x": parts.rotation.x = v
        case "rotation.y": parts.rotation.y = v
        case "rotation.z", "rotation": parts.rotation.z = v
        case "scale.x": parts.scale.x = v
        case "scale.y": parts.scale.y = v
        case "scale.z": parts.scale.z = v
        case "scale": parts.scale = (v, v, v)
        case "translation.x": parts.translation.x = v
        case "translation.y": parts.translation.y = v
        case "translation.z": parts.translation.z = v
        default: return nil
        }
        return parts.transform
    }
}

/// Lets `KeyedValue.unwrap` see through an `Optional` boxed in an `Any`.
protocol OptionalBox {
    var boxedValue: Any? { get }
}

extension Optional: OptionalBox {
    var boxedValue: Any? { map { $0 as Any } }
}

/// A value whose members key paths reach by name (an emitter layer's cells: `emitterCells.<name>.<key>`).
protocol KeyedMembers {
    /// The member at `path` (its first element names a member), or nil.
    func member(_ path: ArraySlice<String>) -> Any?
    /// A copy with the member at `path` replaced by `value`; nil when the path names nothing or the value does not convert.
    func replacingMember(_ path: ArraySlice<String>, with value: Any?) -> Any?
}
