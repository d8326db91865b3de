import CoreGraphics
import Foundation

/// The shape of a `CAGradientLayer`'s gradient.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Along the line from `startPoint` to `endPoint`, constant across it (the default).
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// From `startPoint` outwards to the ellipse through `endPoint` (radii: the two points' distances
    /// along x and along y).
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Around `startPoint`, clockwise, starting in the direction of `endPoint`.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A layer that fills its bounds (its rounded outline) with a gradient of `colors` at `locations`,
/// over its background and under its contents. Points are in the unit coordinate space of the
/// bounds ((0, 0) top-left, (1, 1) bottom-right); colours extend past the ends. `colors`,
/// `locations`, `startPoint` and `endPoint` animate, implicitly too.
open class CAGradientLayer: CALayer {
    /// The colours (`CGColor`s), nil by default (nothing drawn). Animatable colour by colour.
    open var colors: [Any]? {
        get { value(forKey: "colors") as? [Any] }
        set { setValue(newValue, forKey: "colors") }
    }

    /// Each colour's place in 0...1, ascending (nil, the default: evenly spaced). Animatable.
    open var locations: [NSNumber]? {
        get { value(forKey: "locations") as? [NSNumber] }
        set { setValue(newValue, forKey: "locations") }
    }

    /// Where the gradient starts, in the unit space of the bounds (default (0.5, 0)). Animatable.
    open var startPoint: CGPoint {
        get { value(forKey: "startPoint") as? CGPoint ?? CGPoint(x: 0.5, y: 0) }
        set { setValue(newValue, forKey: "startPoint") }
    }

    /// Where the gradient ends, in the unit space of the bounds (default (0.5, 1)). Animatable.
    open var endPoint: CGPoint {
        get { value(forKey: "endPoint") as? CGPoint ?? CGPoint(x: 0.5, y: 1) }
        set { setValue(newValue, forKey: "endPoint") }
    }

    /// The kind of gradient (default `.axial`).
    open var type: CAGradientLayerType {
        get { value(forKey: "type") as? CAGradientLayerType ?? .axial }
        set { setValue(newValue, forKey: "type") }
    }

    static let animatableKeys: Set<String> = ["colors", "locations", "startPoint", "endPoint"]

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
        case "startPoint": return CGPoint(x: 0.5, y: 0)
        case "endPoint": return CGPoint(x: 0.5, y: 1)
        case "type": return CAGradientLayerType.axial
        default: return super.defaultValue(forKey: key)
        }
    }

    /// Gradient keys are stored by key, converted first (points from their boxes, the type from its raw
    /// `String`, locations from any array of numbers). A value that does not convert is ignored.
    open override func setValue(_ value: Any?, forKey key: String) {
        typealias V = KeyedValue
        let converted: Any??
        switch key {
        case "colors": converted = V.optional(value, as: [Any].self).map { $0 }
        case "locations": converted = CAShapeLayer.dashPattern(value).map { $0 }
        case "startPoint", "endPoint": converted = V.point(value).map { $0 }
        case "type": converted = V.constant(value, as: CAGradientLayerType.self).map { $0 }
        default: return super.setValue(value, forKey: key)
        }
        storeConvertedValue(converted, forKey: key)
    }
}
