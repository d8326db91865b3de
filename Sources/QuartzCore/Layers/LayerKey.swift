import CoreGraphics
import Foundation

/// One property a layer class stores by key (in the layer's values, so that presentation layers and
/// the render side have it with the rest): its Apple key name, its default, whether it animates
/// implicitly, how a value set by key is converted for storage, and how the render side reads it.
/// Written once per key in the class's table (`ShapeKey` for `CAShapeLayer`) and read by the
/// class's getters and setters (`CALayer[key]`), `defaultValue(forKey:)`, `setValue(_:forKey:)`,
/// `animatesImplicitly(forKey:)` and the renderers, so a default is written in one place.
struct LayerKey<Value> {
    let name: String
    let defaultValue: Value
    let animatesImplicitly: Bool
    /// The value stored for a value set by key: nil when it is not one of this key's values (ignored),
    /// `.some(nil)` to clear it.
    let convert: (Any?) -> Any??
    /// The value a render tree's stored value stands for (nil when it is not one).
    let read: (Any) -> Value?

    /// The key's value in a layer's stored values (a render node's or a presentation's): the default
    /// when none is stored.
    func value(in values: [String: Any]) -> Value {
        guard let stored = values[name] else { return defaultValue }
        return read(stored) ?? defaultValue
    }

    /// The key without its value type, for a class's table.
    var erased: AnyLayerKey {
        AnyLayerKey(name: name, defaultValue: Self.flattened(defaultValue), animatesImplicitly: animatesImplicitly,
                    convert: convert)
    }

    /// A value as `Any?`, a nil of an optional type as nil itself (not an `Any` holding a nil).
    private static func flattened(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first?.value else { return nil }
        return flattened(wrapped)
    }
}

/// A `LayerKey` in a table of a class's keys.
struct AnyLayerKey {
    let name: String
    let defaultValue: Any?
    let animatesImplicitly: Bool
    let convert: (Any?) -> Any??
}

/// The kinds of stored keys.
enum LayerKeys {
    /// A number (any numeric type or `NSNumber` set by key); finite or not, as given.
    static func scalar(_ name: String, default value: CGFloat, implicit: Bool = true) -> LayerKey<CGFloat> {
        LayerKey(name: name, defaultValue: value, animatesImplicitly: implicit,
                 convert: { KeyedValue.scalar($0).map { $0 } }, read: { KeyedValue.scalar($0) })
    }

    /// A value of `T` that `value` turns what is set by key into (nil: refused) and reads stored.
    static func value<T>(_ name: String, default defaultValue: T, implicit: Bool, _ value: @escaping (Any?) -> T?) -> LayerKey<T> {
        LayerKey(name: name, defaultValue: defaultValue, animatesImplicitly: implicit,
                 convert: { value($0).map { $0 } }, read: { value($0) })
    }

    /// A point (a `CGPoint` or its `NSValue` box).
    static func point(_ name: String, default value: CGPoint, implicit: Bool = true) -> LayerKey<CGPoint> {
        LayerKey(name: name, defaultValue: value, animatesImplicitly: implicit,
                 convert: { KeyedValue.point($0).map { $0 } }, read: { KeyedValue.point($0) })
    }

    /// An optional array of numbers (`[NSNumber]`, set from any array of numbers).
    static func numbers(_ name: String, implicit: Bool) -> LayerKey<[NSNumber]?> {
        LayerKey(name: name, defaultValue: nil, animatesImplicitly: implicit,
                 convert: { CAShapeLayer.dashPattern($0).map { $0 } }, read: { .some(KeyedValue.unwrap($0) as? [NSNumber]) })
    }

    /// An optional object (a colour, a path); a stored nil stays nil, whatever the default.
    static func object<T>(_ name: String, _ type: T.Type, default value: T?, implicit: Bool = true) -> LayerKey<T?> {
        LayerKey(name: name, defaultValue: value, animatesImplicitly: implicit,
                 convert: { KeyedValue.optional($0, as: T.self).map { $0 } },
                 read: { .some(KeyedValue.unwrap($0) as? T) })
    }

    /// A string constant (`CAShapeLayerLineCap` and the like), set as itself or as its raw `String`.
    static func constant<T: RawRepresentable>(_ name: String, default value: T, implicit: Bool = false) -> LayerKey<T>
    where T.RawValue == String {
        LayerKey(name: name, defaultValue: value, animatesImplicitly: implicit,
                 convert: { KeyedValue.constant($0, as: T.self).map { $0 } }, read: { KeyedValue.unwrap($0) as? T })
    }
}

extension CALayer {
    /// A stored key's value (its default when unset or of another type); setting stores it by key.
    subscript<V>(key: LayerKey<V>) -> V {
        get { value(forKey: key.name) as? V ?? key.defaultValue }
        set { setValue(newValue, forKey: key.name) }
    }

    /// An optional stored key's value: nil when set to nil, even where the default is not.
    subscript<W>(key: LayerKey<W?>) -> W? {
        get { value(forKey: key.name) as? W }
        set { setValue(newValue, forKey: key.name) }
    }

    /// Stores a value set by key through its key's conversion (a value it refuses is ignored; nil
    /// clears the key, or is kept as nil where the default is not nil).
    func store(_ value: Any?, for key: AnyLayerKey) {
        storeConvertedValue(key.convert(value), forKey: key.name, keepsNil: key.defaultValue != nil)
    }
}
