import CoreGraphics
import Foundation

/// A layer that draws its sublayers `instanceCount` times: instance k through `instanceTransform`
/// applied k times (about the layer's centre), its animations `k × instanceDelay` seconds later, its
/// colours multiplied by `instanceColor` plus k times the offsets (clamped to 0...1). Nested
/// replicators multiply. Instances are flattened into the replicator's plane (`preservesDepth` is
/// kept but not honoured). The instance properties animate, implicitly too.
open class CAReplicatorLayer: CALayer {
    /// How many copies of the sublayers are drawn, the sublayers themselves being the first (default 1).
    open var instanceCount: Int {
        get { value(forKey: "instanceCount") as? Int ?? 1 }
        set { setValue(newValue, forKey: "instanceCount") }
    }

    /// Whether instances keep their depth as a transform layer's sublayers do (default false).
    open var preservesDepth: Bool {
        get { value(forKey: "preservesDepth") as? Bool ?? false }
        set { setValue(newValue, forKey: "preservesDepth") }
    }

    /// The delay between one instance's animations and the next's, seconds (default 0). Animatable.
    open var instanceDelay: CFTimeInterval {
        get { value(forKey: "instanceDelay") as? CFTimeInterval ?? 0 }
        set { setValue(newValue, forKey: "instanceDelay") }
    }

    /// The transform from instance k − 1 to instance k, about the layer's centre (default identity).
    /// Animatable.
    open var instanceTransform: CATransform3D {
        get { value(forKey: "instanceTransform") as? CATransform3D ?? CATransform3DIdentity }
        set { setValue(newValue, forKey: "instanceTransform") }
    }

    /// The colour the first instance's colours are multiplied by (default opaque white). Animatable.
    open var instanceColor: CGColor? {
        get { value(forKey: "instanceColor") as? CGColor }
        set { setValue(newValue, forKey: "instanceColor") }
    }

    /// Added to the instance colour's components for each further instance (default 0). Animatable.
    open var instanceRedOffset: Float {
        get { value(forKey: "instanceRedOffset") as? Float ?? 0 }
        set { setValue(newValue, forKey: "instanceRedOffset") }
    }

    open var instanceGreenOffset: Float {
        get { value(forKey: "instanceGreenOffset") as? Float ?? 0 }
        set { setValue(newValue, forKey: "instanceGreenOffset") }
    }

    open var instanceBlueOffset: Float {
        get { value(forKey: "instanceBlueOffset") as? Float ?? 0 }
        set { setValue(newValue, forKey: "instanceBlueOffset") }
    }

    open var instanceAlphaOffset: Float {
        get { value(forKey: "instanceAlphaOffset") as? Float ?? 0 }
        set { setValue(newValue, forKey: "instanceAlphaOffset") }
    }

    static let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    static let offsetKeys: Set<String> = ["instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"]
    static let animatableKeys: Set<String> = offsetKeys.union(["instanceDelay", "instanceTransform", "instanceColor"])

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
        case "instanceCount": return 1
        case "preservesDepth": return false
        case "instanceDelay": return CFTimeInterval(0)
        case "instanceTransform": return CATransform3DIdentity
        case "instanceColor": return opaqueWhite
        case _ where offsetKeys.contains(key): return Float(0)
        default: return super.defaultValue(forKey: key)
        }
    }

    /// Instance keys are stored by key, converted first. A value that does not convert is ignored;
    /// a negative count counts as 0.
    open override func setValue(_ value: Any?, forKey key: String) {
        typealias V = KeyedValue
        let converted: Any??
        switch key {
        case "instanceCount": converted = V.scalar(value).map { Int(max(0, min($0, 1_000_000)).rounded()) }
        case "preservesDepth": converted = V.flag(value).map { $0 }
        case "instanceDelay": converted = V.scalar(value).map { CFTimeInterval($0) }
        case "instanceTransform": converted = V.transform(value).map { $0 }
        case "instanceColor": converted = V.optional(value, as: CGColor.self).map { $0 }
        case _ where Self.offsetKeys.contains(key): converted = V.float(value).map { $0 }
        default: return super.setValue(value, forKey: key)
        }
        storeConvertedValue(converted, forKey: key, keepsNil: key == "instanceColor")
    }
}

/// A replicator node's instance values, read from its evaluated values by Apple's key names.
struct ReplicatorStyle {
    var count: Int
    var delay: CFTimeInterval
    var transform: CATransform3D
    /// Straight RGBA of `instanceColor` (nil colour: white), and the per-instance offsets.
    var color: (r: Double, g: Double, b: Double, a: Double)
    var offsets: (r: Double, g: Double, b: Double, a: Double)

    init(_ values: [String: Any]) {
        count = max(0, (KeyedValue.unwrap(values["instanceCount"]) as? Int) ?? 1)
        let d = KeyedValue.scalar(values["instanceDelay"]).map(Double.init) ?? 0
        delay = d.isFinite ? d : 0
        transform = KeyedValue.transform(values["instanceTransform"]) ?? CATransform3DIdentity
        let c = (values["instanceColor"] == nil ? CAReplicatorLayer.opaqueWhite
                 : KeyedValue.unwrap(values["instanceColor"]) as? CGColor ?? CAReplicatorLayer.opaqueWhite).rgba
        color = (c.r, c.g, c.b, c.a)
        func offset(_ key: String) -> Double {
            let x = Double(KeyedValue.float(values[key]) ?? 0)
            return x.isFinite ? x : 0
        }
        offsets = (offset("instanceRedOffset"), offset("instanceGreenOffset"), offset("instanceBlueOffset"),
                   offset("instanceAlphaOffset"))
    }

    /// Instance k's colour multiplier, each component clamped to 0...1.
    func color(ofInstance k: Int) -> (r: Double, g: Double, b: Double, a: Double) {
        func clamp(_ x: Double) -> Double { min(max(x, 0), 1) }
        let n = Double(k)
        return (clamp(color.r + n * offsets.r), clamp(color.g + n * offsets.g), clamp(color.b + n * offsets.b),
                clamp(color.a + n * offsets.a))
    }

    /// Whether instances are drawn with their own colours (not all white and opaque).
    var tints: Bool {
        color != (1, 1, 1, 1) || offsets != (0, 0, 0, 0)
    }

    /// How far the last instance's animations lag the first's, seconds.
    var lag: CFTimeInterval { delay > 0 ? delay * Double(max(count - 1, 0)) : 0 }
}
