import CoreGraphics
import Foundation

/// Lays out sublayers by their `constraints` (Apple's macOS `CAConstraintLayoutManager`). Set it as
/// a layer's `layoutManager`; at each layout every sublayer's frame is computed from its
/// constraints, siblings named in them first.
///
/// Per axis at most two constraints count (the first two): an edge or middle alone moves the layer
/// keeping its size; a size alone resizes it about its `position`; two of them fix both the
/// place and the size. The frame is set through `bounds.size` and `position` (about the
/// `anchorPoint`, ignoring `transform`). Circular references have no defined result, as on macOS:
/// a layer met again while its own frame is being computed counts with its frame as it is.
open class CAConstraintLayoutManager: NSObject, CALayoutManager {
    public required override init() { super.init() }

    /// A new layout manager (Apple's `+layoutManager`).
    open class func layoutManager() -> Self { Self() }

    open func layoutSublayers(of layer: CALayer) {
        var solver = ConstraintSolver(superlayer: layer)
        for sublayer in layer.sublayers ?? [] { _ = solver.frame(of: sublayer) }
    }
}

/// One layout pass of `CAConstraintLayoutManager`: the frames computed so far, by layer.
private struct ConstraintSolver {
    let superlayer: CALayer
    var done: [ObjectIdentifier: CGRect] = [:]
    var visiting: Set<ObjectIdentifier> = []

    init(superlayer: CALayer) { self.superlayer = superlayer }

    /// The frame of `layer` after its constraints are applied (applied once, the first time).
    mutating func frame(of layer: CALayer) -> CGRect {
        let id = ObjectIdentifier(layer)
        if let frame = done[id] { return frame }
        guard !visiting.contains(id), let constraints = layer.constraints, !constraints.isEmpty else { return layer.frame }
        visiting.insert(id)
        defer { visiting.remove(id) }
        let current = layer.frame
        var resolved: [(CAConstraintAttribute, CGFloat)] = []
        for constraint in constraints {
            guard let source = sourceFrame(constraint.sourceName, for: layer) else { continue }
            resolved.append((constraint.attribute, constraint.sourceAttribute.value(in: source) * constraint.scale + constraint.offset))
        }
        let x = solve(resolved.filter { $0.0.isHorizontal }, min: current.minX, size: current.width,
                      anchor: (layer.position.x, layer.anchorPoint.x))
        let y = solve(resolved.filter { !$0.0.isHorizontal }, min: current.minY, size: current.height,
                      anchor: (layer.position.y, layer.anchorPoint.y))
        let frame = CGRect(x: x.min, y: y.min, width: x.size, height: y.size)
        if frame != current {
            layer.bounds = CGRect(origin: layer.bounds.origin, size: frame.size)
            layer.position = CGPoint(x: frame.minX + layer.anchorPoint.x * frame.width,
                                     y: frame.minY + layer.anchorPoint.y * frame.height)
        }
        done[id] = frame
        return frame
    }

    /// The frame a constraint's source name refers to, in the superlayer's coordinates: its
    /// bounds for "superlayer", else the computed frame of the sibling of that `name`.
    private mutating func sourceFrame(_ name: String, for layer: CALayer) -> CGRect? {
        if name == "superlayer" { return superlayer.bounds }
        guard let sibling = superlayer.sublayers?.first(where: { $0 !== layer && $0.name == name }) else { return nil }
        return frame(of: sibling)
    }

    /// One axis: the first two constraints' values (in the order given) decide the edge and size;
    /// with one, the other of the two stays (the size, or for a size the anchor's place).
    /// `anchor`: where the layer's anchor is on the axis and its fraction of the size.
    private func solve(_ values: [(CAConstraintAttribute, CGFloat)], min: CGFloat, size: CGFloat,
                       anchor: (at: CGFloat, fraction: CGFloat)) -> (min: CGFloat, size: CGFloat) {
        var edges: [Int: CGFloat] = [:]   // 0 min, 1 mid, 2 max
        var newSize: CGFloat?
        for (attribute, value) in values.prefix(2) {
            let kind = Int(attribute.rawValue % 4)
            if kind == 3 { newSize = value } else { edges[kind] = value }
        }
        if let newSize {
            let size = Swift.max(0, newSize)
            if let v = edges[0] { return (v, size) }
            if let v = edges[1] { return (v - size / 2, size) }
            if let v = edges[2] { return (v - size, size) }
            // A size alone keeps the anchor where it is.
            return (anchor.at - anchor.fraction * size, size)
        }
        switch (edges[0], edges[1], edges[2]) {
        case let (lo?, _, hi?): return (lo, Swift.max(0, hi - lo))
        case let (lo?, mid?, nil): return (lo, Swift.max(0, 2 * (mid - lo)))
        case let (nil, mid?, hi?): let s = Swift.max(0, 2 * (hi - mid)); return (hi - s, s)
        case let (lo?, nil, nil): return (lo, size)
        case let (nil, mid?, nil): return (mid - size / 2, size)
        case let (nil, nil, hi?): return (hi - size, size)
        default: return (min, size)
        }
    }
}
