import Foundation

// Keyed access to a layer's properties by Apple's key names, the virtual key paths of Core
// Animation, and arbitrary extra keys, with the boxing documented on `CALayer.value(forKey:)`.
// Animations and actions name properties this way, so every animatable property is here.

extension CALayer {
    /// The value of the property `key`, boxed as its own Swift type; other keys read the layer's
    /// extra values, then the class's `defaultValue(forKey:)`.
    func layerValue(forKey key: String) -> Any? {
        switch key {
        case "frame": return frame
        case "mask": return mask
        case "needsDisplayOnBoundsChange": return needsDisplayOnBoundsChange
        case "name": return name
        case "sublayers": return sublayers
        case "superlayer": return superlayer
        case "delegate": return delegate
        case "actions": return actions
        case "style": return style
        default:
            if let value = properties.value(forKey: key) { return value }
            return extraValues[key] ?? type(of: self).defaultValue(forKey: key)
        }
    }

    /// Sets the property `key` from `value` converted to its type (ignored when it does not
    /// convert); other keys store `value` as an extra value (nil removes it), converted to the
    /// type of the class's `defaultValue(forKey:)` for the key when it has one (so a custom
    /// `CGFloat` key set from an `Int` reads back as a `CGFloat`).
    func setLayerValue(_ value: Any?, forKey key: String) {
        typealias V = KeyedValue
        switch key {
        case "frame": if let v = V.rect(value) { frame = v }
        case "mask": if let v = V.optional(value, as: CALayer.self) { mask = v }
        case "needsDisplayOnBoundsChange": if let v = V.flag(value) { needsDisplayOnBoundsChange = v }
        case "name": if let v = V.optional(value, as: String.self) { name = v }
        case "sublayers": if let v = V.optional(value, as: [CALayer].self) { sublayers = v }
        case "superlayer": return  // read-only
        case "delegate": if let v = V.optional(value, as: (any CALayerDelegate).self) { delegate = v }
        case "actions": if let v = V.optional(value, as: [String: any CAAction].self) { actions = v }
        case "style": if let v = V.optional(value, as: [AnyHashable: Any].self) { style = v }
        default:
            switch properties.setValue(value, forKey: key) {
            case .set(let old, let changed):
                didChangeValue(key, changed: changed, oldValue: old)
                return
            case .ignored:
                return
            case .notAProperty:
                break
            }
            guard let stored = KeyedValue.extraValue(value, likeDefault: type(of: self).defaultValue(forKey: key))
            else { return }
            let old = extraValues[key] ?? type(of: self).defaultValue(forKey: key)
            if let stored { extraValues[key] = stored } else { extraValues.removeValue(forKey: key) }
            didChangeValue(key, changed: !KeyedValue.same(old, stored), oldValue: old)
        }
    }

    /// The value at a dot-separated key path (see `value(forKeyPath:)`).
    func layerValue(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        let head = String(keyPath[..<dot])
        let rest = keyPath[keyPath.index(after: dot)...].split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        return KeyedValue.member(rest[...], of: value(forKey: head))
    }

    /// Sets the value at a dot-separated key path (see `setValue(_:forKeyPath:)`).
    func setLayerValue(_ newValue: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { return setValue(newValue, forKey: keyPath) }
        let head = String(keyPath[..<dot])
        let rest = String(keyPath[keyPath.index(after: dot)...])
        let current = value(forKey: head)
        if let layer = current as? CALayer {
            layer.setValue(newValue, forKeyPath: rest)
            return
        }
        let path = rest.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let current, let updated = KeyedValue.replacingMember(path[...], of: current, with: newValue) else { return }
        setValue(updated, forKey: head)
    }

    // MARK: Defaults

    /// CALayer's own defaults (Apple's documented values), boxed as `value(forKey:)` boxes them.
    static func builtInDefaultValue(forKey key: String) -> Any? {
        if key == "needsDisplayOnBoundsChange" { return false }
        return LayerProperties.defaults.value(forKey: key) ?? nil
    }

    /// The properties a subclass's `defaultValue(forKey:)` may give another initial value
    /// (everything but the tree, the delegate and the derived `frame`).
    private static let keysWithClassDefaults =
        LayerProperties.propertyKeys + ["needsDisplayOnBoundsChange", "name", "actions", "style"]

    /// Gives a new instance of a subclass the subclass's defaults where they differ from CALayer's.
    /// Called from `init()` only for subclasses; records no change and marks nothing for display.
    func applyClassDefaults() {
        let cls = type(of: self)
        suppressesChangeRecording = true
        defer { suppressesChangeRecording = false }
        for key in Self.keysWithClassDefaults {
            let value = cls.defaultValue(forKey: key)
            if !KeyedValue.same(value, CALayer.builtInDefaultValue(forKey: key)) {
                setValue(value, forKey: key)
            }
        }
    }
}

extension CALayer {
    /// Stores a subclass's own property `key` (kept by key, so that it travels and animates with the
    /// layer's values) once `setValue(_:forKey:)` has converted it: nil when the value did not
    /// convert (ignored), `.some(nil)` for nil. A colour whose default is not nil (`keepsNil`) keeps nil as a
    /// value, read back as nil; other properties return to their default. Records the change.
    func storeConvertedValue(_ converted: Any??, forKey key: String, keepsNil: Bool = false) {
        let old = value(forKey: key)
        switch converted {
        case .none: return
        case .some(.some(let v)): extraValues[key] = v
        case .some(.none) where keepsNil: extraValues[key] = Optional<CGColor>.none as Any
        case .some(.none): extraValues.removeValue(forKey: key)
        }
        didChangeValue(key, changed: !KeyedValue.same(old, value(forKey: key)), oldValue: old)
    }
}
