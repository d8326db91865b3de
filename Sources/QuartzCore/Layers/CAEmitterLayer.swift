import CoreGraphics
import Foundation

/// The shape particles are emitted from (`CAEmitterLayer.emitterShape`).
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// `emitterPosition` (and `emitterZPosition`) itself (the default).
    public static let point = CAEmitterLayerEmitterShape(rawValue: "point")
    /// A horizontal segment `emitterSize.width` long centred on the position.
    public static let line = CAEmitterLayerEmitterShape(rawValue: "line")
    /// An `emitterSize` rectangle centred on the position, in the layer's plane.
    public static let rectangle = CAEmitterLayerEmitterShape(rawValue: "rectangle")
    /// A box of `emitterSize` by `emitterDepth` centred on the position.
    public static let cuboid = CAEmitterLayerEmitterShape(rawValue: "cuboid")
    /// A circle of radius `emitterSize.width` about the position, in the layer's plane.
    public static let circle = CAEmitterLayerEmitterShape(rawValue: "circle")
    /// A sphere of radius `emitterSize.width` about the position.
    public static let sphere = CAEmitterLayerEmitterShape(rawValue: "sphere")
}

/// Which part of the emitter shape particles come from (`CAEmitterLayer.emitterMode`).
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The shape's defining points: its centre (point, circle, sphere), the ends of the line, the corners.
    public static let points = CAEmitterLayerEmitterMode(rawValue: "points")
    /// The outline: the segment, the rectangle's edges, the cuboid's edges, the circle, the sphere's equator.
    public static let outline = CAEmitterLayerEmitterMode(rawValue: "outline")
    /// The surface: the rectangle's or disc's area, the cuboid's faces, the sphere's surface.
    public static let surface = CAEmitterLayerEmitterMode(rawValue: "surface")
    /// The inside (the default): as `surface` for flat shapes, the inside of a cuboid or sphere.
    public static let volume = CAEmitterLayerEmitterMode(rawValue: "volume")
}

/// How particles are composited (`CAEmitterLayer.renderMode`).
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Source over, in no promised order (here: cell by cell, oldest first) (the default).
    public static let unordered = CAEmitterLayerRenderMode(rawValue: "unordered")
    /// Source over, the oldest particles drawn first (under the younger ones).
    public static let oldestFirst = CAEmitterLayerRenderMode(rawValue: "oldestFirst")
    /// Source over, the oldest particles drawn last (over the younger ones).
    public static let oldestLast = CAEmitterLayerRenderMode(rawValue: "oldestLast")
    /// Source over, sorted by depth: the farthest (lowest z) first.
    public static let backToFront = CAEmitterLayerRenderMode(rawValue: "backToFront")
    /// Particles' colours are added: overlaps brighten towards white.
    public static let additive = CAEmitterLayerRenderMode(rawValue: "additive")
}

/// A layer that emits, moves and draws particles of its `emitterCells` by itself, above its
/// background and contents and below its sublayers.
///
/// The simulation runs on the render side as a function of the layer's local time (so
/// `beginTime = CACurrentMediaTime()` starts a new emitter from nothing) and of `seed`: a frame at a
/// given time is the same on every run, and no commit is needed while particles move. Particle i of
/// a cell is born i / birthRate seconds after the cell begins, with its random spreads drawn from
/// (seed, cell, i); its place, colour, size and angle follow in closed form from its age. A value
/// changed after the first commit applies to particles born from then on; those born before keep
/// the values they were born with (`EmitterHistory`: setting `birthRate` to 0 lets the living
/// particles live out, moving the emitter leaves them where they are). Values an animation changes
/// apply to every particle of the current values, as if they had always held. Particles are
/// flattened into the layer's plane (`preservesDepth` is kept but not honoured); z only orders
/// `.backToFront`.
open class CAEmitterLayer: CALayer {
    /// The cells emitted (default nil). The layer keeps a copy of their values: change a cell given
    /// to it through the layer's key paths, `emitterCells.<name>.<key>`, which also animate.
    open var emitterCells: [CAEmitterCell]? {
        get { value(forKey: "emitterCells") as? [CAEmitterCell] }
        set { setValue(newValue, forKey: "emitterCells") }
    }

    /// The centre of the emitter shape in the layer's coordinates (default zero). Animatable.
    open var emitterPosition: CGPoint {
        get { value(forKey: "emitterPosition") as? CGPoint ?? .zero }
        set { setValue(newValue, forKey: "emitterPosition") }
    }

    /// The z of the emitter shape's centre (default 0). Animatable.
    open var emitterZPosition: CGFloat {
        get { value(forKey: "emitterZPosition") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "emitterZPosition") }
    }

    /// The size of the emitter shape (default zero). Animatable.
    open var emitterSize: CGSize {
        get { value(forKey: "emitterSize") as? CGSize ?? .zero }
        set { setValue(newValue, forKey: "emitterSize") }
    }

    /// The depth of a cuboid emitter (default 0). Animatable.
    open var emitterDepth: CGFloat {
        get { value(forKey: "emitterDepth") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "emitterDepth") }
    }

    /// The emitter's shape (default `.point`).
    open var emitterShape: CAEmitterLayerEmitterShape {
        get { value(forKey: "emitterShape") as? CAEmitterLayerEmitterShape ?? .point }
        set { setValue(newValue, forKey: "emitterShape") }
    }

    /// The part of the shape particles leave from (default `.volume`, as on Apple platforms).
    open var emitterMode: CAEmitterLayerEmitterMode {
        get { value(forKey: "emitterMode") as? CAEmitterLayerEmitterMode ?? .volume }
        set { setValue(newValue, forKey: "emitterMode") }
    }

    /// How particles are composited (default `.unordered`).
    open var renderMode: CAEmitterLayerRenderMode {
        get { value(forKey: "renderMode") as? CAEmitterLayerRenderMode ?? .unordered }
        set { setValue(newValue, forKey: "renderMode") }
    }

    /// Whether particles keep their depth among other layers (default false; kept, not honoured:
    /// particles are drawn in the layer's plane).
    open var preservesDepth: Bool {
        get { value(forKey: "preservesDepth") as? Bool ?? false }
        set { setValue(newValue, forKey: "preservesDepth") }
    }

    /// Multiplies every cell's birth rate (default 1; 0 stops emission). Animatable.
    open var birthRate: Float {
        get { value(forKey: "birthRate") as? Float ?? 1 }
        set { setValue(newValue, forKey: "birthRate") }
    }

    /// Multiplies every cell's lifetime (default 1). Animatable.
    open var lifetime: Float {
        get { value(forKey: "lifetime") as? Float ?? 1 }
        set { setValue(newValue, forKey: "lifetime") }
    }

    /// Multiplies every cell's velocity (default 1). Animatable.
    open var velocity: Float {
        get { value(forKey: "velocity") as? Float ?? 1 }
        set { setValue(newValue, forKey: "velocity") }
    }

    /// Multiplies every cell's scale (default 1). Animatable.
    open var scale: Float {
        get { value(forKey: "scale") as? Float ?? 1 }
        set { setValue(newValue, forKey: "scale") }
    }

    /// Multiplies every cell's spin (default 1). Animatable.
    open var spin: Float {
        get { value(forKey: "spin") as? Float ?? 1 }
        set { setValue(newValue, forKey: "spin") }
    }

    /// The seed of the particles' random spreads (default 0).
    open var seed: UInt32 {
        get { value(forKey: "seed") as? UInt32 ?? 0 }
        set { setValue(newValue, forKey: "seed") }
    }

    static let multiplierKeys: Set<String> = ["birthRate", "lifetime", "velocity", "scale", "spin"]
    /// The keys the particles are simulated from: a change ends the current emission segment.
    static let simulatedKeys: Set<String> = multiplierKeys.union([
        "emitterCells", "emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape",
        "emitterMode", "seed",
    ])

    /// Before a change that takes effect at the next commit: the values in force so far keep emitting
    /// the particles born until now (`EmitterHistory`). Nothing is recorded before the first commit
    /// (no particle was shown) or on a presentation copy.
    private func closeEmissionSegment() {
        guard isCommitted, !isPresentationCopy else { return }
        var history = KeyedValue.unwrap(extraValues[EmitterHistory.key]) as? EmitterHistory ?? EmitterHistory()
        history.close(extraValues, at: CACurrentMediaTime())
        extraValues[EmitterHistory.key] = history
    }
    static let animatableKeys: Set<String> =
        multiplierKeys.union(["emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth"])

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
        case "emitterCells": return nil
        case "emitterPosition": return CGPoint.zero
        case "emitterZPosition", "emitterDepth": return CGFloat(0)
        case "emitterSize": return CGSize.zero
        case "emitterShape": return CAEmitterLayerEmitterShape.point
        case "emitterMode": return CAEmitterLayerEmitterMode.volume
        case "renderMode": return CAEmitterLayerRenderMode.unordered
        case "preservesDepth": return false
        case "seed": return UInt32(0)
        case _ where multiplierKeys.contains(key): return Float(1)
        default: return super.defaultValue(forKey: key)
        }
    }

    /// `emitterCells` reads as the cells given (or, on a presentation layer whose cells an animation
    /// changed, as cells made of the values shown).
    open override func value(forKey key: String) -> Any? {
        guard key == "emitterCells" else { return super.value(forKey: key) }
        guard let list = super.value(forKey: key) as? EmitterCellList else { return nil }
        return list.objects ?? list.cells.map { CAEmitterCell(values: $0) }
    }

    /// The emitter's keys are stored by key, converted first; a value that does not convert is
    /// ignored (NaN, infinities, wrong types); a negative seed or one past `UInt32.max` is clamped.
    open override func setValue(_ value: Any?, forKey key: String) {
        typealias V = KeyedValue
        if Self.simulatedKeys.contains(key) { closeEmissionSegment() }
        let converted: Any??
        switch key {
        case "emitterCells":
            // Always a change: the same cell objects may hold new values.
            let old = super.value(forKey: key)
            switch V.unwrap(value) {
            case nil: extraValues.removeValue(forKey: key)
            case let cells as [CAEmitterCell]: extraValues[key] = EmitterCellList(cells)
            case let list as EmitterCellList: extraValues[key] = list
            default: return
            }
            didChangeValue(key, changed: true, oldValue: old)
            return
        case "emitterPosition": converted = V.point(value).map { $0 }
        case "emitterZPosition", "emitterDepth": converted = V.scalar(value).map { $0 }
        case "emitterSize": converted = V.size(value).map { $0 }
        case "emitterShape": converted = V.constant(value, as: CAEmitterLayerEmitterShape.self).map { $0 }
        case "emitterMode": converted = V.constant(value, as: CAEmitterLayerEmitterMode.self).map { $0 }
        case "renderMode": converted = V.constant(value, as: CAEmitterLayerRenderMode.self).map { $0 }
        case "preservesDepth": converted = V.flag(value).map { $0 }
        case "seed": converted = V.scalar(value).map { UInt32(max(0, min($0.rounded(), CGFloat(UInt32.max)))) }
        case _ where Self.multiplierKeys.contains(key): converted = V.float(value).map { $0 }
        default: return super.setValue(value, forKey: key)
        }
        storeConvertedValue(converted, forKey: key)
    }

    /// `emitterCells.<name>.<key>` (and deeper: `emitterCells.<a>.emitterCells.<b>.<key>`) reads a
    /// cell's value by the cells' names, `emitterCells.<name>` the cell itself; other paths as on any layer.
    open override func value(forKeyPath keyPath: String) -> Any? {
        guard keyPath.hasPrefix("emitterCells.") else { return super.value(forKeyPath: keyPath) }
        let path = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var cells = emitterCells ?? []
        var rest = path.dropFirst()
        while let name = rest.first, let cell = cells.first(where: { $0.name == name }) {
            rest = rest.dropFirst()
            if rest.isEmpty { return cell }
            if rest.count >= 2, rest.first == "emitterCells", let kids = cell.emitterCells {
                cells = kids
                rest = rest.dropFirst()
                continue
            }
            return cell.value(forKeyPath: rest.joined(separator: "."))
        }
        return nil
    }

    /// Sets a cell's value by key path (see `value(forKeyPath:)`): the cell object changes too, and
    /// the change shows at the next commit; ignored when no cell has the name or the value does not convert.
    open override func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard keyPath.hasPrefix("emitterCells.") else { return super.setValue(value, forKeyPath: keyPath) }
        let path = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let list = super.value(forKey: "emitterCells") as? EmitterCellList,
              let updated = list.replacingMember(path.dropFirst(), with: value) as? EmitterCellList else { return }
        guard let objects = list.objects else { return setValue(updated, forKey: "emitterCells") }
        // Walk the names down to the cell object, then set its key (its value is known to convert).
        var cells = objects
        var rest = path.dropFirst()
        while let name = rest.first, let cell = cells.first(where: { $0.name == name }) {
            rest = rest.dropFirst()
            if rest.count >= 3, rest.first == "emitterCells", let kids = cell.emitterCells {
                cells = kids
                rest = rest.dropFirst()
                continue
            }
            cell.setValue(value, forKeyPath: rest.joined(separator: "."))
            break
        }
        setValue(EmitterCellList(objects), forKey: "emitterCells")
    }
}

extension CAEmitterLayer {
    /// The particles the layer's last committed tree shows at media time `time` (empty before its
    /// first commit), as the renderer draws them: positions in the layer's bounds space. A Linux
    /// addition for tests and demos' statistics.
    package func particles(atMediaTime time: CFTimeInterval) -> [EmitterParticle] {
        guard isCommitted, let tree = renderTreeRoot.renderTree, let i = tree.index(of: self) else { return [] }
        let frame = RenderFrame(tree: tree)
        frame.evaluate(tree, atMediaTime: time)
        return frame.emitterSimulation(of: i).particles
    }
}
