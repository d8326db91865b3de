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
        get { self[GradientKey.colors] }
        set { self[GradientKey.colors] = newValue }
    }

    /// Each colour's place in 0...1, ascending (nil, the default: evenly spaced). Animatable.
    open var locations: [NSNumber]? {
        get { self[GradientKey.locations] }
        set { self[GradientKey.locations] = newValue }
    }

    /// Where the gradient starts, in the unit space of the bounds (default (0.5, 0)). Animatable.
    open var startPoint: CGPoint {
        get { self[GradientKey.startPoint] }
        set { self[GradientKey.startPoint] = newValue }
    }

    /// Where the gradient ends, in the unit space of the bounds (default (0.5, 1)). Animatable.
    open var endPoint: CGPoint {
        get { self[GradientKey.endPoint] }
        set { self[GradientKey.endPoint] = newValue }
    }

    /// The kind of gradient (default `.axial`).
    open var type: CAGradientLayerType {
        get { self[GradientKey.type] }
        set { self[GradientKey.type] = newValue }
    }

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
        GradientKey.table[key]?.animatesImplicitly ?? super.animatesImplicitly(forKey: key)
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        guard let gradientKey = GradientKey.table[key] else { return super.defaultValue(forKey: key) }
        return gradientKey.defaultValue
    }

    /// Gradient keys are stored by key, converted first (points from their boxes, the type from its raw
    /// `String`, locations from any array of numbers). A value that does not convert is ignored.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard let gradientKey = GradientKey.table[key] else { return super.setValue(value, forKey: key) }
        store(value, for: gradientKey)
    }
}

/// `CAGradientLayer`'s keys: each name, default and implicit animation written once.
enum GradientKey {
    static let colors = LayerKeys.object("colors", [Any].self, default: nil)
    static let locations = LayerKeys.numbers("locations", implicit: true)
    static let startPoint = LayerKeys.point("startPoint", default: CGPoint(x: 0.5, y: 0))
    static let endPoint = LayerKeys.point("endPoint", default: CGPoint(x: 0.5, y: 1))
    static let type = LayerKeys.constant("type", default: CAGradientLayerType.axial)

    /// Every gradient key by name.
    static let table: [String: AnyLayerKey] = {
        let keys = [colors.erased, locations.erased, startPoint.erased, endPoint.erased, type.erased]
        return Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0) })
    }()
}
