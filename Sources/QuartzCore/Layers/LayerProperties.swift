import CoreGraphics
import Foundation

/// A layer's values as plain data: what a `CALayer` stores for its properties, what a commit hands
/// to the render side, and what evaluation at a media time produces. Defaults are Apple's.
///
/// A model layer keeps one of these (`CALayer.properties`) and its property accessors read and write
/// it; copying it is how the committed state and presentation layers get their values. Keyed access
/// by Apple's key names (`value(forKey:)`, `setValue(_:forKey:)`) is here, so that the animation
/// evaluator works on the struct alone. Keys that are not properties of CALayer (a subclass's own,
/// custom keys) live in `extraValues`.
package struct LayerProperties {
    // Stored in the order a frame reads them: what places and fills every layer first (geometry,
    // opacity, background, the flags checked for each layer, the timing of an animated one), so a
    // frame of many plain layers touches few cache lines of each layer's values.

    // Geometry
    package var bounds: CGRect = .zero
    package var position: CGPoint = .zero
    package var zPosition: CGFloat = 0
    package var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    package var anchorPointZ: CGFloat = 0
    package var transform = CATransform3DIdentity

    // Appearance read for every layer
    package var opacity: Float = 1
    package var shadowOpacity: Float = 0
    package var isHidden = false
    package var masksToBounds = false
    package var isDoubleSided = true
    package var allowsGroupOpacity = true
    package var allowsEdgeAntialiasing = false
    package var shouldRasterize = false
    package var isGeometryFlipped = false
    /// The blend mode `compositingFilter` names (`.normal` for none or an unknown one), kept with the
    /// values: the renderer checks it for every layer without reading the filter object.
    package private(set) var compositingBlendMode: CGBlendMode = .normal
    package var backgroundColor: CGColor? {
        didSet {
            backgroundRGBA = backgroundColor.flatMap { $0.patternImage == nil ? $0.rgba : nil }
            backgroundIsPattern = backgroundColor?.patternImage != nil
        }
    }
    /// `backgroundColor`'s straight RGBA when it is a plain colour (nil: none, or a pattern), kept
    /// with the values: the renderer fills most layers from it without reading the colour object.
    /// (Stored, as is `backgroundIsPattern`: the renderer reads values through key paths, and a
    /// computed property read that way copies all of them.)
    package private(set) var backgroundRGBA: (r: Double, g: Double, b: Double, a: Double)?
    /// Whether `backgroundColor` is a pattern colour.
    package private(set) var backgroundIsPattern = false
    package var cornerRadius: CGFloat = 0
    package var borderWidth: CGFloat = 0
    package var borderColor: CGColor? = LayerProperties.opaqueBlack
    package var shadowColor: CGColor? = LayerProperties.opaqueBlack
    package var contents: Any?

    // Timing (CAMediaTiming): read for each animated layer
    package var beginTime: CFTimeInterval = 0
    package var timeOffset: CFTimeInterval = 0
    package var speed: Float = 1
    package var repeatCount: Float = 0
    package var duration: CFTimeInterval = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode: CAMediaTimingFillMode = .removed

    // The rest of the geometry and appearance
    package var sublayerTransform = CATransform3DIdentity
    package var shadowOffset = CGSize(width: 0, height: -3)
    package var shadowRadius: CGFloat = 3
    package var shadowPath: CGPath?
    package var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                               .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    package var cornerCurve: CALayerCornerCurve = .circular
    package var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge,
                                                                .layerBottomEdge, .layerTopEdge]
    package var rasterizationScale: CGFloat = 1
    package var drawsAsynchronously = false
    /// A Linux addition (Apple's visual effect views use a private backdrop layer): when above 0,
    /// the pixels already drawn under the layer's outline are replaced by their blur of this radius
    /// (points) before the layer's background is drawn over them. Not a key of key-value coding.
    package var backdropBlurRadius: CGFloat = 0
    /// How the layer with its sublayers composites onto what lies behind it: a Core Image
    /// blend-mode filter name (`CompositingFilter`); nil (the default) composites normally.
    package var compositingFilter: Any? {
        didSet { compositingBlendMode = CompositingFilter.blendMode(of: compositingFilter) }
    }

    // Contents
    /// When `contents` was last set on a model layer (`ContentsStamp`): the redraw-flash overlay and
    /// raster caches tell new pictures by it.
    package var contentsStamp: UInt64 = 0
    package var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    package var contentsGravity: CALayerContentsGravity = .resize
    package var contentsScale: CGFloat = 1
    package var minificationFilter: CALayerContentsFilter = .linear
    package var magnificationFilter: CALayerContentsFilter = .linear
    package var minificationFilterBias: Float = 0
    package var contentsFormat: CALayerContentsFormat = .RGBA8Uint
    package var isOpaque = false

    /// Values of keys CALayer has no property for: a subclass's own properties and custom keys.
    package var extraValues: [String: Any] = [:]

    package init() {}

    static let opaqueBlack = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// Apple's defaults, the values of a new `CALayer`.
    static let defaults = LayerProperties()

    /// The time space of a layer with these values, from its parent's: local = (t - beginTime) *
    /// speed + timeOffset.
    package func localTime(fromParentTime t: CFTimeInterval) -> CFTimeInterval {
        Self.localTime(fromParentTime: t, beginTime: beginTime, speed: speed, timeOffset: timeOffset)
    }

    @inline(__always)
    static func localTime(fromParentTime t: CFTimeInterval, beginTime: CFTimeInterval, speed: Float,
                          timeOffset: CFTimeInterval) -> CFTimeInterval {
        (t - beginTime) * CFTimeInterval(speed) + timeOffset
    }

    // MARK: Keyed access

    /// The value of the property `key` boxed as its own Swift type, `.some(nil)` for a nil value;
    /// nil when `key` names no property kept here (extra values are not read: see `CALayer`).
    package func value(forKey key: String) -> Any?? {
        switch key {
        case "bounds": return bounds
        case "position": return position
        case "zPosition": return zPosition
        case "anchorPoint": return anchorPoint
        case "anchorPointZ": return anchorPointZ
        case "transform": return transform
        case "sublayerTransform": return sublayerTransform
        case "geometryFlipped": return isGeometryFlipped
        case "hidden": return isHidden
        case "opacity": return opacity
        case "backgroundColor": return .some(backgroundColor)
        case "cornerRadius": return cornerRadius
        case "maskedCorners": return maskedCorners
        case "cornerCurve": return cornerCurve
        case "borderWidth": return borderWidth
        case "borderColor": return .some(borderColor)
        case "masksToBounds": return masksToBounds
        case "doubleSided": return isDoubleSided
        case "opaque": return isOpaque
        case "allowsGroupOpacity": return allowsGroupOpacity
        case "allowsEdgeAntialiasing": return allowsEdgeAntialiasing
        case "edgeAntialiasingMask": return edgeAntialiasingMask
        case "shouldRasterize": return shouldRasterize
        case "rasterizationScale": return rasterizationScale
        case "drawsAsynchronously": return drawsAsynchronously
        case "shadowColor": return .some(shadowColor)
        case "shadowOpacity": return shadowOpacity
        case "shadowOffset": return shadowOffset
        case "shadowRadius": return shadowRadius
        case "shadowPath": return .some(shadowPath)
        case "contents": return .some(contents)
        case "compositingFilter": return .some(compositingFilter)
        case "contentsRect": return contentsRect
        case "contentsCenter": return contentsCenter
        case "contentsGravity": return contentsGravity
        case "contentsScale": return contentsScale
        case "contentsFormat": return contentsFormat
        case "minificationFilter": return minificationFilter
        case "magnificationFilter": return magnificationFilter
        case "minificationFilterBias": return minificationFilterBias
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        default: return nil
        }
    }

    /// How `setValue(_:forKey:)` went.
    package enum KeyedSetResult {
        /// `key` names no property kept here.
        case notAProperty
        /// The value does not convert to the property's type; nothing changed.
        case ignored
        /// The property now holds the converted value; `oldValue` is what it held, `changed` whether
        /// that differs (paths and other objects by identity).
        case set(oldValue: Any?, changed: Bool)
    }

    /// Sets the property `key` from `value` converted to its type; a value that does not convert
    /// (wrong type, NaN or infinite, nil for a non-optional property) is ignored.
    @discardableResult
    package mutating func setValue(_ value: Any?, forKey key: String) -> KeyedSetResult {
        typealias V = KeyedValue
        func assign<T: Equatable>(_ path: WritableKeyPath<LayerProperties, T>, _ converted: T?) -> KeyedSetResult {
            guard let converted else { return .ignored }
            let old = self[keyPath: path]
            self[keyPath: path] = converted
            return .set(oldValue: old, changed: old != converted)
        }
        func assign(_ path: WritableKeyPath<LayerProperties, CGPath?>, _ converted: CGPath??) -> KeyedSetResult {
            guard let converted else { return .ignored }
            let old = self[keyPath: path]
            self[keyPath: path] = converted
            return .set(oldValue: old, changed: old !== converted)
        }
        switch key {
        case "bounds": return assign(\.bounds, V.rect(value))
        case "position": return assign(\.position, V.point(value))
        case "zPosition": return assign(\.zPosition, V.scalar(value))
        case "anchorPoint": return assign(\.anchorPoint, V.point(value))
        case "anchorPointZ": return assign(\.anchorPointZ, V.scalar(value))
        case "transform": return assign(\.transform, V.transform(value))
        case "sublayerTransform": return assign(\.sublayerTransform, V.transform(value))
        case "geometryFlipped": return assign(\.isGeometryFlipped, V.flag(value))
        case "hidden": return assign(\.isHidden, V.flag(value))
        case "opacity": return assign(\.opacity, V.float(value))
        case "backgroundColor": return assign(\.backgroundColor, V.optional(value, as: CGColor.self))
        case "cornerRadius": return assign(\.cornerRadius, V.scalar(value))
        case "maskedCorners": return assign(\.maskedCorners, V.optionSet(value, as: CACornerMask.self))
        case "cornerCurve": return assign(\.cornerCurve, V.constant(value, as: CALayerCornerCurve.self))
        case "borderWidth": return assign(\.borderWidth, V.scalar(value))
        case "borderColor": return assign(\.borderColor, V.optional(value, as: CGColor.self))
        case "masksToBounds": return assign(\.masksToBounds, V.flag(value))
        case "doubleSided": return assign(\.isDoubleSided, V.flag(value))
        case "opaque": return assign(\.isOpaque, V.flag(value))
        case "allowsGroupOpacity": return assign(\.allowsGroupOpacity, V.flag(value))
        case "allowsEdgeAntialiasing": return assign(\.allowsEdgeAntialiasing, V.flag(value))
        case "edgeAntialiasingMask":
            return assign(\.edgeAntialiasingMask, V.optionSet(value, as: CAEdgeAntialiasingMask.self))
        case "shouldRasterize": return assign(\.shouldRasterize, V.flag(value))
        case "rasterizationScale": return assign(\.rasterizationScale, V.scalar(value))
        case "drawsAsynchronously": return assign(\.drawsAsynchronously, V.flag(value))
        case "shadowColor": return assign(\.shadowColor, V.optional(value, as: CGColor.self))
        case "shadowOpacity": return assign(\.shadowOpacity, V.float(value))
        case "shadowOffset": return assign(\.shadowOffset, V.size(value))
        case "shadowRadius": return assign(\.shadowRadius, V.scalar(value))
        case "shadowPath": return assign(\.shadowPath, V.optional(value, as: CGPath.self))
        case "contents":
            let old = contents
            contents = V.unwrap(value)
            return .set(oldValue: old, changed: !V.same(old, contents))
        case "compositingFilter":
            let old = compositingFilter
            compositingFilter = V.unwrap(value)
            return .set(oldValue: old, changed: !V.same(old, compositingFilter))
        case "contentsRect": return assign(\.contentsRect, V.rect(value))
        case "contentsCenter": return assign(\.contentsCenter, V.rect(value))
        case "contentsGravity": return assign(\.contentsGravity, V.constant(value, as: CALayerContentsGravity.self))
        case "contentsScale": return assign(\.contentsScale, V.scalar(value))
        case "contentsFormat": return assign(\.contentsFormat, V.constant(value, as: CALayerContentsFormat.self))
        case "minificationFilter":
            return assign(\.minificationFilter, V.constant(value, as: CALayerContentsFilter.self))
        case "magnificationFilter":
            return assign(\.magnificationFilter, V.constant(value, as: CALayerContentsFilter.self))
        case "minificationFilterBias": return assign(\.minificationFilterBias, V.float(value))
        case "beginTime": return assign(\.beginTime, V.scalar(value).map { CFTimeInterval($0) })
        case "duration": return assign(\.duration, V.scalar(value).map { CFTimeInterval($0) })
        case "speed": return assign(\.speed, V.float(value))
        case "timeOffset": return assign(\.timeOffset, V.scalar(value).map { CFTimeInterval($0) })
        case "repeatCount": return assign(\.repeatCount, V.float(value))
        case "repeatDuration": return assign(\.repeatDuration, V.scalar(value).map { CFTimeInterval($0) })
        case "autoreverses": return assign(\.autoreverses, V.flag(value))
        case "fillMode": return assign(\.fillMode, V.constant(value, as: CAMediaTimingFillMode.self))
        default: return .notAProperty
        }
    }

    /// The keys of the properties kept here (every key `value(forKey:)` answers).
    static let propertyKeys: [String] = [
        "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
        "geometryFlipped", "hidden", "opacity", "backgroundColor", "cornerRadius", "maskedCorners", "cornerCurve",
        "borderWidth", "borderColor", "masksToBounds", "doubleSided", "opaque", "allowsGroupOpacity",
        "allowsEdgeAntialiasing", "edgeAntialiasingMask", "shouldRasterize", "rasterizationScale",
        "drawsAsynchronously", "shadowColor", "shadowOpacity", "shadowOffset", "shadowRadius", "shadowPath",
        "compositingFilter", "contents", "contentsRect", "contentsCenter", "contentsGravity", "contentsScale", "contentsFormat",
        "minificationFilter", "magnificationFilter", "minificationFilterBias",
        "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration", "autoreverses", "fillMode",
    ]
}

extension LayerProperties {
    /// `sublayerTransform` applied about the anchor point (and the flip of `isGeometryFlipped`), in
    /// the layer's bounds space.
    package func sublayerTransformInOwnSpace() -> CATransform3D {
        if CATransform3DIsIdentity(sublayerTransform) && !isGeometryFlipped { return CATransform3DIdentity }
        let size = bounds.size
        let ax = bounds.origin.x + anchorPoint.x * size.width
        let ay = bounds.origin.y + anchorPoint.y * size.height
        var m = CATransform3DMakeTranslation(-ax, -ay, 0)
        m = CATransform3DConcat(m, sublayerTransform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(ax, ay, 0))
        if isGeometryFlipped {
            let flip = CATransform3D(m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: -1, m23: 0, m24: 0,
                                     m31: 0, m32: 0, m33: 1, m34: 0,
                                     m41: 0, m42: bounds.minY + bounds.maxY, m43: 0, m44: 1)
            m = CATransform3DConcat(flip, m)
        }
        return m
    }

    /// The transform from this layer's bounds space to its superlayer's bounds space, whose
    /// `sublayerTransformInOwnSpace()` is `parentSublayerTransform` (z included: `zPosition` and
    /// `anchorPointZ` matter under a perspective `sublayerTransform`).
    ///
    /// Translation(-anchor) x transform x translation(position) x parent's, with the two translations
    /// applied as the rows and columns they change (the full products add only zero terms to the same
    /// sums, in the same order), and an identity parent's transform left out: the renderer and the
    /// damage tracker place every layer of every frame through this.
    package func transformToSuperlayer(_ parentSublayerTransform: CATransform3D) -> CATransform3D {
        let size = bounds.size
        let ax = -bounds.origin.x - anchorPoint.x * size.width, ay = -bounds.origin.y - anchorPoint.y * size.height
        let az = -anchorPointZ
        let t = transform
        // The anchor translation's last row times `transform` (the other rows are the transform's).
        @inline(__always)
        func row4(_ c1: CGFloat, _ c2: CGFloat, _ c3: CGFloat, _ c4: CGFloat) -> CGFloat {
            var sum: CGFloat = 0
            sum += ax * c1; sum += ay * c2; sum += az * c3; sum += c4
            return sum
        }
        var m = t
        m.m41 = row4(t.m11, t.m21, t.m31, t.m41)
        m.m42 = row4(t.m12, t.m22, t.m32, t.m42)
        m.m43 = row4(t.m13, t.m23, t.m33, t.m43)
        m.m44 = row4(t.m14, t.m24, t.m34, t.m44)
        // Then the position: each row gains its last column times the translation.
        let px = position.x, py = position.y, pz = zPosition + anchorPointZ
        m.m11 += m.m14 * px; m.m12 += m.m14 * py; m.m13 += m.m14 * pz
        m.m21 += m.m24 * px; m.m22 += m.m24 * py; m.m23 += m.m24 * pz
        m.m31 += m.m34 * px; m.m32 += m.m34 * py; m.m33 += m.m34 * pz
        m.m41 += m.m44 * px; m.m42 += m.m44 * py; m.m43 += m.m44 * pz
        return CATransform3DIsIdentity(parentSublayerTransform) ? m : CATransform3DConcat(m, parentSublayerTransform)
    }

    // MARK: Key paths, extra values included

    /// The value of `key`: a property, else the extra value, else `cls.defaultValue(forKey:)`
    /// (as `CALayer.value(forKey:)` reads a layer of class `cls`).
    func value(forKey key: String, defaults cls: CALayer.Type) -> Any? {
        if let value = value(forKey: key) { return value }
        return extraValues[key] ?? cls.defaultValue(forKey: key)
    }

    /// Sets `key` as `CALayer.setValue(_:forKey:)` does on a layer of class `cls` (records nothing).
    mutating func setValue(_ value: Any?, forKey key: String, defaults cls: CALayer.Type) {
        guard case .notAProperty = setValue(value, forKey: key),
              let stored = KeyedValue.extraValue(value, likeDefault: cls.defaultValue(forKey: key)) else { return }
        if let stored { extraValues[key] = stored } else { extraValues.removeValue(forKey: key) }
    }

    /// The value at a dot-separated key path (see `CALayer.value(forKeyPath:)`).
    func value(forKeyPath keyPath: String, defaults cls: CALayer.Type) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath, defaults: cls) }
        let rest = keyPath[keyPath.index(after: dot)...].split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        return KeyedValue.member(rest[...], of: value(forKey: String(keyPath[..<dot]), defaults: cls))
    }

    /// Sets the value at a dot-separated key path; the members around it keep their values.
    mutating func setValue(_ newValue: Any?, forKeyPath keyPath: String, defaults cls: CALayer.Type) {
        guard let dot = keyPath.firstIndex(of: ".") else { return setValue(newValue, forKey: keyPath, defaults: cls) }
        let head = String(keyPath[..<dot])
        let path = keyPath[keyPath.index(after: dot)...].split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        guard let current = value(forKey: head, defaults: cls),
              let updated = KeyedValue.replacingMember(path[...], of: current, with: newValue) else { return }
        setValue(updated, forKey: head, defaults: cls)
    }
}
