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
        get { self[ReplicatorKey.count] }
        set { self[ReplicatorKey.count] = newValue }
    }

    /// Whether instances keep their depth as a transform layer's sublayers do (default false).
    open var preservesDepth: Bool {
        get { self[ReplicatorKey.preservesDepth] }
        set { self[ReplicatorKey.preservesDepth] = newValue }
    }

    /// The delay between one instance's animations and the next's, seconds (default 0). Animatable.
    open var instanceDelay: CFTimeInterval {
        get { self[ReplicatorKey.delay] }
        set { self[ReplicatorKey.delay] = newValue }
    }

    /// The transform from instance k − 1 to instance k, about the layer's centre (default identity).
    /// Animatable.
    open var instanceTransform: CATransform3D {
        get { self[ReplicatorKey.transform] }
        set { self[ReplicatorKey.transform] = newValue }
    }

    /// The colour the first instance's colours are multiplied by (default opaque white). Animatable.
    open var instanceColor: CGColor? {
        get { self[ReplicatorKey.color] }
        set { self[ReplicatorKey.color] = newValue }
    }

    /// Added to the instance colour's components for each further instance (default 0). Animatable.
    open var instanceRedOffset: Float {
        get { self[ReplicatorKey.redOffset] }
        set { self[ReplicatorKey.redOffset] = newValue }
    }

    open var instanceGreenOffset: Float {
        get { self[ReplicatorKey.greenOffset] }
        set { self[ReplicatorKey.greenOffset] = newValue }
    }

    open var instanceBlueOffset: Float {
        get { self[ReplicatorKey.blueOffset] }
        set { self[ReplicatorKey.blueOffset] = newValue }
    }

    open var instanceAlphaOffset: Float {
        get { self[ReplicatorKey.alphaOffset] }
        set { self[ReplicatorKey.alphaOffset] = newValue }
    }

    static let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

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
        ReplicatorKey.table[key]?.animatesImplicitly ?? super.animatesImplicitly(forKey: key)
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        guard let replicatorKey = ReplicatorKey.table[key] else { return super.defaultValue(forKey: key) }
        return replicatorKey.defaultValue
    }

    /// Instance keys are stored by key, converted first. A value that does not convert is ignored;
    /// a negative count counts as 0.
    open override func setValue(_ value: Any?, forKey key: String) {
        guard let replicatorKey = ReplicatorKey.table[key] else { return super.setValue(value, forKey: key) }
        store(value, for: replicatorKey)
    }
}

/// `CAReplicatorLayer`'s keys: each name, default and implicit animation written once.
enum ReplicatorKey {
    typealias V = KeyedValue
    static let count = LayerKeys.value("instanceCount", default: 1, implicit: false) { value -> Int? in
        if let stored = V.unwrap(value) as? Int { return min(max(0, stored), 1_000_000) }
        return V.scalar(value).map { Int(max(0, min($0.isFinite ? $0 : 0, 1_000_000)).rounded()) }
    }
    static let preservesDepth = LayerKeys.value("preservesDepth", default: false, implicit: false) { V.flag($0) }
    static let delay = LayerKeys.value("instanceDelay", default: CFTimeInterval(0), implicit: true) {
        V.scalar($0).map { CFTimeInterval($0) }
    }
    static let transform = LayerKeys.value("instanceTransform", default: CATransform3DIdentity, implicit: true) { V.transform($0) }
    static let color = LayerKeys.object("instanceColor", CGColor.self, default: CAReplicatorLayer.opaqueWhite)
    static let redOffset = offset("instanceRedOffset")
    static let greenOffset = offset("instanceGreenOffset")
    static let blueOffset = offset("instanceBlueOffset")
    static let alphaOffset = offset("instanceAlphaOffset")

    private static func offset(_ name: String) -> LayerKey<Float> {
        LayerKeys.value(name, default: Float(0), implicit: true) { V.float($0) }
    }

    /// Every replicator key by name.
    static let table: [String: AnyLayerKey] = {
        let keys = [count.erased, preservesDepth.erased, delay.erased, transform.erased, color.erased, redOffset.erased,
                    greenOffset.erased, blueOffset.erased, alphaOffset.erased]
        return Dictionary(uniqueKeysWithValues: keys.map { ($0.name, $0) })
    }()
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
        count = max(0, ReplicatorKey.count.value(in: values))
        let d = ReplicatorKey.delay.value(in: values)
        delay = d.isFinite ? d : 0
        transform = ReplicatorKey.transform.value(in: values)
        let c = (ReplicatorKey.color.value(in: values) ?? CAReplicatorLayer.opaqueWhite).rgba
        color = (c.r, c.g, c.b, c.a)
        func offset(_ key: LayerKey<Float>) -> Double {
            let x = Double(key.value(in: values))
            return x.isFinite ? x : 0
        }
        offsets = (offset(ReplicatorKey.redOffset), offset(ReplicatorKey.greenOffset), offset(ReplicatorKey.blueOffset),
                   offset(ReplicatorKey.alphaOffset))
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
