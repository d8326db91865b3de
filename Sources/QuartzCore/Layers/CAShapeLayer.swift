import CoreGraphics
import Foundation

/// The rule that decides which points a `CAShapeLayer`'s path fills.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Non-zero winding (the default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// How a `CAShapeLayer` ends its stroke's open subpaths.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Flat at the end point (the default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A half circle around the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half square beyond the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

/// How a `CAShapeLayer` joins its stroke's segments.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Sharp corners, beveled past `miterLimit` (the default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}

/// A layer that draws a cubic-Bézier path: filled, then stroked, between its contents and its first
/// sublayer, in its own coordinates. The path neither clips (it may reach past the bounds) nor sets
/// the bounds. Drawn as vectors at every frame's scale by the renderer, antialiased; as a `mask` its
/// alpha masks. Every animatable property animates, implicitly too: `path` point by point between
/// paths of the same elements, the colours, widths, `strokeStart`/`strokeEnd` (the part of the
/// stroke drawn, as fractions of the path's length) and the dash phase.
open class CAShapeLayer: CALayer {
    // The shape properties are stored by key (in the layer's values), so that presentation layers
    // and the render side have them with the rest.

    /// The path (nil: nothing is drawn). Animatable.
    open var path: CGPath? {
        get { value(forKey: "path") as? CGPath }
        set { setValue(newValue, forKey: "path") }
    }

    /// The fill (default opaque black; nil: no fill). Animatable.
    open var fillColor: CGColor? {
        get { value(forKey: "fillColor") as? CGColor }
        set { setValue(newValue, forKey: "fillColor") }
    }

    /// The fill rule (default `.nonZero`).
    open var fillRule: CAShapeLayerFillRule {
        get { value(forKey: "fillRule") as? CAShapeLayerFillRule ?? .nonZero }
        set { setValue(newValue, forKey: "fillRule") }
    }

    /// The stroke (default nil: no stroke). Animatable.
    open var strokeColor: CGColor? {
        get { value(forKey: "strokeColor") as? CGColor }
        set { setValue(newValue, forKey: "strokeColor") }
    }

    /// Where the stroke starts, as a fraction of the path's length (default 0). Animatable.
    open var strokeStart: CGFloat {
        get { value(forKey: "strokeStart") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "strokeStart") }
    }

    /// Where the stroke ends, as a fraction of the path's length (default 1). Animatable.
    open var strokeEnd: CGFloat {
        get { value(forKey: "strokeEnd") as? CGFloat ?? 1 }
        set { setValue(newValue, forKey: "strokeEnd") }
    }

    /// The stroke's width in the layer's points (default 1). Animatable.
    open var lineWidth: CGFloat {
        get { value(forKey: "lineWidth") as? CGFloat ?? 1 }
        set { setValue(newValue, forKey: "lineWidth") }
    }

    /// The miter limit (default 10). Animatable.
    open var miterLimit: CGFloat {
        get { value(forKey: "miterLimit") as? CGFloat ?? 10 }
        set { setValue(newValue, forKey: "miterLimit") }
    }

    /// The cap of open subpaths (default `.butt`).
    open var lineCap: CAShapeLayerLineCap {
        get { value(forKey: "lineCap") as? CAShapeLayerLineCap ?? .butt }
        set { setValue(newValue, forKey: "lineCap") }
    }

    /// The join of segments (default `.miter`).
    open var lineJoin: CAShapeLayerLineJoin {
        get { value(forKey: "lineJoin") as? CAShapeLayerLineJoin ?? .miter }
        set { setValue(newValue, forKey: "lineJoin") }
    }

    /// Where in the dash pattern the stroke starts (default 0). Animatable.
    open var lineDashPhase: CGFloat {
        get { value(forKey: "lineDashPhase") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "lineDashPhase") }
    }

    /// Alternating painted and unpainted lengths of the stroke, in points (default nil: solid).
    open var lineDashPattern: [NSNumber]? {
        get { value(forKey: "lineDashPattern") as? [NSNumber] }
        set { setValue(newValue, forKey: "lineDashPattern") }
    }

    static let opaqueBlack = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// The keys the shape is drawn from (Apple's key names).
    static let shapeKeys: Set<String> = [
        "path", "fillColor", "fillRule", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit",
        "lineCap", "lineJoin", "lineDashPhase", "lineDashPattern",
    ]

    /// The keys that animate implicitly. `path` animates only explicitly: Apple documents that it
    /// "does not support implicit animation", like every path-valued property.
    static let animatableKeys: Set<String> = [
        "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase",
    ]

    public override init() {
        super.init()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class func animatesImplicitly(forKey key: String) -> Bool {
        animatableKeys.contains(key) || super.animatesImplicitly(forKey: key)
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fillColor": return opaqueBlack
        case "fillRule": return CAShapeLayerFillRule.nonZero
        case "strokeStart", "lineDashPhase": return CGFloat(0)
        case "strokeEnd", "lineWidth": return CGFloat(1)
        case "miterLimit": return CGFloat(10)
        case "lineCap": return CAShapeLayerLineCap.butt
        case "lineJoin": return CAShapeLayerLineJoin.miter
        default: return super.defaultValue(forKey: key)
        }
    }

    /// Shape keys are stored by key, converted to their types first (the constants from their raw
    /// `String`s too, a dash pattern from any array of numbers). A value that does not convert is
    /// ignored.
    open override func setValue(_ value: Any?, forKey key: String) {
        typealias V = KeyedValue
        let converted: Any??
        switch key {
        case "path": converted = V.optional(value, as: CGPath.self).map { $0 }
        case "fillColor", "strokeColor": converted = V.optional(value, as: CGColor.self).map { $0 }
        case "strokeStart", "strokeEnd", "lineWidth", "miterLimit", "lineDashPhase": converted = V.scalar(value).map { $0 }
        case "fillRule": converted = V.constant(value, as: CAShapeLayerFillRule.self).map { $0 }
        case "lineCap": converted = V.constant(value, as: CAShapeLayerLineCap.self).map { $0 }
        case "lineJoin": converted = V.constant(value, as: CAShapeLayerLineJoin.self).map { $0 }
        case "lineDashPattern": converted = Self.dashPattern(value)
        default: return super.setValue(value, forKey: key)
        }
        storeConvertedValue(converted, forKey: key, keepsNil: key == "fillColor")
    }

    /// A dash pattern as `[NSNumber]` from an array of numbers; `.some(nil)` for nil; nil when not one.
    static func dashPattern(_ value: Any?) -> [NSNumber]?? {
        guard let value = KeyedValue.unwrap(value), !(value is NSNull) else { return .some(nil) }
        if let numbers = value as? [NSNumber] { return .some(numbers) }
        guard let array = value as? [Any] else { return nil }
        var numbers: [NSNumber] = []
        for element in array {
            guard let x = KeyedValue.scalar(element), x.isFinite else { return nil }
            numbers.append(NSNumber(value: Double(x)))
        }
        return .some(numbers)
    }
}
