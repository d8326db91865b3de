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
    // The shape properties are stored by key (`ShapeKey`: names, defaults, implicit animation), so
    // that presentation layers and the render side have them with the rest.

    /// The path (nil: nothing is drawn). Animatable, explicitly only: Apple documents that it "does
    /// not support implicit animation", like every path-valued property.
    open var path: CGPath? {
        get { self[ShapeKey.path] }
        set { self[ShapeKey.path] = newValue }
    }

    /// The fill (default opaque black; nil: no fill). Animatable.
    open var fillColor: CGColor? {
        get { self[ShapeKey.fillColor] }
        set { self[ShapeKey.fillColor] = newValue }
    }

    /// The fill rule (default `.nonZero`).
    open var fillRule: CAShapeLayerFillRule {
        get { self[ShapeKey.fillRule] }
        set { self[ShapeKey.fillRule] = newValue }
    }

    /// The stroke (default nil: no stroke). Animatable.
    open var strokeColor: CGColor? {
        get { self[ShapeKey.strokeColor] }
        set { self[ShapeKey.strokeColor] = newValue }
    }

    /// Where the stroke starts, as a fraction of the path's length (default 0). Animatable.
    open var strokeStart: CGFloat {
        get { self[ShapeKey.strokeStart] }
        set { self[ShapeKey.strokeStart] = newValue }
    }

    /// Where the stroke ends, as a fraction of the path's length (default 1). Animatable.
    open var strokeEnd: CGFloat {
        get { self[ShapeKey.strokeEnd] }
        set { self[ShapeKey.strokeEnd] = newValue }
    }

    /// The stroke's width in the layer's points (default 1). Animatable.
    open var lineWidth: CGFloat {
        get { self[ShapeKey.lineWidth] }
        set { self[ShapeKey.lineWidth] = newValue }
    }

    /// The miter limit (default 10). Animatable.
    open var miterLimit: CGFloat {
        get { self[ShapeKey.miterLimit] }
        set { self[ShapeKey.miterLimit] = newValue }
    }

    /// The cap of open subpaths (default `.butt`).
    open var lineCap: CAShapeLayerLineCap {
        get { self[ShapeKey.lineCap] }
        set { self[ShapeKey.lineCap] = newValue }
    }

    /// The join of segments (default `.miter`).
    open var lineJoin: CAShapeLayerLineJoin {
        get { self[ShapeKey.lineJoin] }
        set { self[ShapeKey.lineJoin] = newValue }
    }

    /// Where in the dash pattern the stroke starts (default 0). Animatable.
    open var lineDashPhase: CGFloat {
        get { self[ShapeKey.lineDashPhase] }
        set { self[ShapeKey.lineDashPhase] = newValue }
    }

    /// Alternating painted and unpainted lengths of the stroke, in points (default nil: solid).
    open var lineDashPattern: [NSNumber]? {
        get { self[ShapeKey.lineDashPattern] }
        set { self[ShapeKey.lineDashPattern] = newValue }
    }

    static let opaqueBlack = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

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
        ShapeKey.table[key]?.animatesImplicitly ?? super.animatesImplicitly(forKey: key)
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        guard let shapeKey = ShapeKey.table[key] else { return super.defaultValue(forKey: key) }
        return shapeKey.defaultValue
    }

    /// Shape keys are stored by key, converted to their types first (the constants from their raw
    /// `String`s too, a dash pattern from any array of numbers). A value that does not convert is
    /// ignored.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard let shapeKey = ShapeKey.table[key] else { return super.setValue(value, forKey: key) }
        store(value, for: shapeKey)
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

/// `CAShapeLayer`'s keys: each name, default and implicit animation written once.
enum ShapeKey {
    static let path = LayerKeys.object("path", CGPath.self, default: nil, implicit: false)
    static let fillColor = LayerKeys.object("fillColor", CGColor.self, default: CAShapeLayer.opaqueBlack)
    static let fillRule = LayerKeys.constant("fillRule", default: CAShapeLayerFillRule.nonZero)
    static let strokeColor = LayerKeys.object("strokeColor", CGColor.self, default: nil)
    static let strokeStart = LayerKeys.scalar("strokeStart", default: 0)
    static let strokeEnd = LayerKeys.scalar("strokeEnd", default: 1)
    static let lineWidth = LayerKeys.scalar("lineWidth", default: 1)
    static let miterLimit = LayerKeys.scalar("miterLimit", default: 10)
    static let lineCap = LayerKeys.constant("lineCap", default: CAShapeLayerLineCap.butt)
    static let lineJoin = LayerKeys.constant("lineJoin", default: CAShapeLayerLineJoin.miter)
    static let lineDashPhase = LayerKeys.scalar("lineDashPhase", default: 0)
    static let lineDashPattern = LayerKeys.numbers("lineDashPattern", implicit: false)

    /// Every shape key by name.
    static let table: [String: AnyLayerKey] = {
        let keys = [path.erased, fillColor.erased, fillRule.erased, strokeColor.erased, strokeStart.erased,
                    strokeEnd.erased, lineWidth.erased, miterLimit.erased, lineCap.erased, lineJoin.erased,
                    lineDashPhase.erased, lineDashPattern.erased]
        return Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0) })
    }()
}
