import CoreGraphics
import Foundation

/// Every value of a `CAEmitterCell` (and its children's), as plain data: what an emitter layer keeps
/// of its cells, what its key paths read and animations rewrite, and what the render side simulates.
package struct EmitterCellValues {
    var name: String?
    var isEnabled = true
    var birthRate: Float = 0
    var lifetime: Float = 0
    var lifetimeRange: Float = 0
    var emissionLatitude: CGFloat = 0
    var emissionLongitude: CGFloat = 0
    var emissionRange: CGFloat = 0
    var velocity: CGFloat = 0
    var velocityRange: CGFloat = 0
    var xAcceleration: CGFloat = 0
    var yAcceleration: CGFloat = 0
    var zAcceleration: CGFloat = 0
    var scale: CGFloat = 1
    var scaleRange: CGFloat = 0
    var scaleSpeed: CGFloat = 0
    var spin: CGFloat = 0
    var spinRange: CGFloat = 0
    var color: CGColor? = EmitterCellValues.opaqueWhite
    var redRange: Float = 0
    var greenRange: Float = 0
    var blueRange: Float = 0
    var alphaRange: Float = 0
    var redSpeed: Float = 0
    var greenSpeed: Float = 0
    var blueSpeed: Float = 0
    var alphaSpeed: Float = 0
    var contents: Any?
    var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    var contentsScale: CGFloat = 1
    var minificationFilter = "linear"
    var magnificationFilter = "linear"
    var minificationFilterBias: Float = 0
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
    /// The child cells' values (`emitterCells`).
    var children: [EmitterCellValues]?
    /// Keys that are not properties.
    var extraValues: [String: Any] = [:]

    static let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    // The properties by key and type, for keyed access.
    static let floatKeys: [String: WritableKeyPath<EmitterCellValues, Float>] = [
        "birthRate": \.birthRate, "lifetime": \.lifetime, "lifetimeRange": \.lifetimeRange,
        "redRange": \.redRange, "greenRange": \.greenRange, "blueRange": \.blueRange, "alphaRange": \.alphaRange,
        "redSpeed": \.redSpeed, "greenSpeed": \.greenSpeed, "blueSpeed": \.blueSpeed, "alphaSpeed": \.alphaSpeed,
        "minificationFilterBias": \.minificationFilterBias, "speed": \.speed, "repeatCount": \.repeatCount,
    ]
    static let cgFloatKeys: [String: WritableKeyPath<EmitterCellValues, CGFloat>] = [
        "emissionLatitude": \.emissionLatitude, "emissionLongitude": \.emissionLongitude,
        "emissionRange": \.emissionRange, "velocity": \.velocity, "velocityRange": \.velocityRange,
        "xAcceleration": \.xAcceleration, "yAcceleration": \.yAcceleration, "zAcceleration": \.zAcceleration,
        "scale": \.scale, "scaleRange": \.scaleRange, "scaleSpeed": \.scaleSpeed, "spin": \.spin,
        "spinRange": \.spinRange, "contentsScale": \.contentsScale,
    ]
    static let doubleKeys: [String: WritableKeyPath<EmitterCellValues, Double>] = [
        "beginTime": \.beginTime, "duration": \.duration, "timeOffset": \.timeOffset, "repeatDuration": \.repeatDuration,
    ]

    /// The property `key` boxed as its own type; nil for a key that is not a property, `.some(nil)`
    /// for a property that is nil.
    func value(forKey key: String) -> Any?? {
        if let path = Self.floatKeys[key] { return self[keyPath: path] }
        if let path = Self.cgFloatKeys[key] { return self[keyPath: path] }
        if let path = Self.doubleKeys[key] { return self[keyPath: path] }
        switch key {
        case "name": return .some(name)
        case "enabled", "isEnabled": return isEnabled
        case "color": return .some(color)
        case "contents": return .some(contents)
        case "contentsRect": return contentsRect
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        default: return nil
        }
    }

    /// Sets the property `key` from `value` converted to its type.
    mutating func setValue(_ value: Any?, forKey key: String) -> LayerProperties.KeyedSetResult {
        typealias V = KeyedValue
        func done(_ ok: Bool) -> LayerProperties.KeyedSetResult { ok ? .set(oldValue: nil, changed: true) : .ignored }
        if let path = Self.floatKeys[key] {
            guard let v = V.float(value) else { return .ignored }
            self[keyPath: path] = v
            return done(true)
        }
        if let path = Self.cgFloatKeys[key] {
            guard let v = V.scalar(value) else { return .ignored }
            self[keyPath: path] = v
            return done(true)
        }
        if let path = Self.doubleKeys[key] {
            guard let v = V.scalar(value) else { return .ignored }
            self[keyPath: path] = Double(v)
            return done(true)
        }
        switch key {
        case "name":
            guard let v = V.optional(value, as: String.self) else { return .ignored }
            name = v
        case "enabled", "isEnabled":
            guard let v = V.flag(value) else { return .ignored }
            isEnabled = v
        case "color":
            guard let v = V.optional(value, as: CGColor.self) else { return .ignored }
            color = v
        case "contents": contents = V.unwrap(value)
        case "contentsRect":
            guard let v = V.rect(value) else { return .ignored }
            contentsRect = v
        case "minificationFilter", "magnificationFilter":
            guard let v = V.unwrap(value) as? String else { return .ignored }
            if key == "minificationFilter" { minificationFilter = v } else { magnificationFilter = v }
        case "autoreverses":
            guard let v = V.flag(value) else { return .ignored }
            autoreverses = v
        case "fillMode":
            guard let v = V.constant(value, as: CAMediaTimingFillMode.self) else { return .ignored }
            fillMode = v
        default: return .notAProperty
        }
        return done(true)
    }

    /// The value at `path` below this cell: a key, `emitterCells.<name>.…`, or a member of a struct value.
    func member(_ path: ArraySlice<String>) -> Any? {
        guard let key = path.first else { return nil }
        if key == "emitterCells", path.count >= 3 {
            return children.flatMap { EmitterCellList.member(path.dropFirst(), in: $0) } ?? nil
        }
        let v: Any? = value(forKey: key).flatMap { $0 } ?? extraValues[key]
        return KeyedValue.member(path.dropFirst(), of: v)
    }

    /// This cell with the value at `path` replaced; nil when the path names nothing or the value does not convert.
    func replacingMember(_ path: ArraySlice<String>, with newValue: Any?) -> EmitterCellValues? {
        guard let key = path.first else { return nil }
        var copy = self
        if key == "emitterCells", path.count >= 3 {
            guard let kids = children, let updated = EmitterCellList.replacingMember(path.dropFirst(), in: kids, with: newValue)
            else { return nil }
            copy.children = updated
            return copy
        }
        if path.count == 1 {
            switch copy.setValue(newValue, forKey: key) {
            case .set: return copy
            case .ignored: return nil
            case .notAProperty:
                copy.extraValues[key] = KeyedValue.unwrap(newValue)
                return copy
            }
        }
        let existing: Any? = value(forKey: key).flatMap { $0 } ?? extraValues[key]
        guard let current = existing,
              let updated = KeyedValue.replacingMember(path.dropFirst(), of: current, with: newValue) else { return nil }
        _ = copy.setValue(updated, forKey: key)
        return copy
    }
}

/// A `CAEmitterLayer`'s `emitterCells` as its values keep them: the cells' values (what is drawn and
/// animated) and, on a model layer, the cell objects it was given (what its getter returns).
/// Reached by key paths `emitterCells.<name>.<key>` (nested: `emitterCells.<a>.emitterCells.<b>.<key>`).
package struct EmitterCellList: KeyedMembers {
    var cells: [EmitterCellValues]
    /// The objects the layer was given; nil once the values were changed without them (an animation
    /// on the render side), then the getter makes cells of the values.
    var objects: [CAEmitterCell]?

    init(_ objects: [CAEmitterCell]) {
        cells = objects.map { $0.snapshot() }
        self.objects = objects
    }

    init(values: [EmitterCellValues]) {
        cells = values
        objects = nil
    }

    func member(_ path: ArraySlice<String>) -> Any? { Self.member(path, in: cells) }

    func replacingMember(_ path: ArraySlice<String>, with value: Any?) -> Any? {
        guard let updated = Self.replacingMember(path, in: cells, with: value) else { return nil }
        return EmitterCellList(values: updated)
    }

    /// `path` starts with a cell's name.
    static func member(_ path: ArraySlice<String>, in cells: [EmitterCellValues]) -> Any? {
        guard let name = path.first, let cell = cells.first(where: { $0.name == name }) else { return nil }
        return cell.member(path.dropFirst())
    }

    static func replacingMember(_ path: ArraySlice<String>, in cells: [EmitterCellValues], with value: Any?)
        -> [EmitterCellValues]? {
        guard let name = path.first, let i = cells.firstIndex(where: { $0.name == name }),
              let updated = cells[i].replacingMember(path.dropFirst(), with: value) else { return nil }
        var copy = cells
        copy[i] = updated
        return copy
    }
}
