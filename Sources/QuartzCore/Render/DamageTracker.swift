import CoreGraphics

/// Which pixels of a render target change from one frame to the next (damage tracking), so that a
/// window repaints, and tells its compositor about, only those.
///
/// Each frame places every node on the target: its bounds space to device pixels (flattened as the
/// renderer flattens), the clip its ancestors' `masksToBounds` leave, and the rectangle its own
/// drawing may touch (bounds, its shadow's reach, its ancestors' shadows' reach, antialiasing).
/// A node is damaged, at its old and new rectangles, when:
/// - its placement changed (it or an ancestor moved, resized, was hidden or shown),
/// - it or an ancestor changed in a commit since the drawn tree (`RenderNode.changedAt`), is new, or moved to
///   another parent, or it or an ancestor has animations (their values may differ at each time),
/// - anything in the subtree of a mask it lies under was damaged,
/// - it is a tiled layer whose tiles changed since the last frame (a tile finished or was thrown
///   away), fade in now, or faded in the last frame (so the end of the fade is drawn).
/// A node that went away damages its old rectangle. Nodes whose picture the tracker cannot bound
/// (under a `CATransformLayer`, with a transition, seen from behind the viewer) damage everything.
///
/// Render thread only (one tracker per render server).
package final class DamageTracker {
    /// Where one node lands on the target in a frame.
    struct Placement: Equatable {
        /// The node's bounds space to device pixels.
        var toDevice: Homography
        /// The device rectangle the ancestors' `masksToBounds` leave visible.
        var clip: CGRect
        /// The device pixels the node's own drawing may touch (null when it draws nothing).
        var rect: CGRect
        /// What the sublayers inherit: the clip, the reach of ancestors' shadows (device pixels),
        /// whether they are hidden, whether their pictures cannot be bounded, whether they are part of a mask.
        var childClip: CGRect
        var childPad: CGFloat
        var hidesChildren: Bool
        var childrenUnbounded: Bool
        var isInMask: Bool
    }

    @exclusivity(unchecked) private var tree: RenderTree?
    @exclusivity(unchecked) private var placements: [Placement] = []
    @exclusivity(unchecked) private var next: [Placement] = []
    @exclusivity(unchecked) private var oldIndices: [Int] = []
    @exclusivity(unchecked) private var matched: [Bool] = []

    @exclusivity(unchecked) private var dirty: [Bool] = []
    /// The nodes of the last frame that cast a shadow, and which of them a repaint took in whole.
    @exclusivity(unchecked) private var shadowCasters: [Int] = []
    @exclusivity(unchecked) private var shadowCastersTaken: [Bool] = []
    /// For each node of the last frame, the union of its subtree's rectangles (for culling).
    @exclusivity(unchecked) package private(set) var subtreeRects: [CGRect] = []
    /// The last frame's map from the root's bounds space to device pixels.
    var rootToDevice: Homography? { placements.first?.toDevice }
    /// Where node `i` of the last frame landed: its bounds space to device pixels and the clip its
    /// ancestors leave (nil past the frame's nodes).
    func placement(of i: Int) -> (toDevice: Homography, clip: CGRect)? {
        i < placements.count ? (placements[i].toDevice, placements[i].clip) : nil
    }

    /// Frames counted by `update` (a serial number for raster caches).
    @exclusivity(unchecked) package private(set) var frameSerial: UInt64 = 0
    /// Per node: the last frame in which it changed at all (`anySerials`), or changed what it draws
    /// in its own bounds space (`contentSerials`: not when it only moved).
    @exclusivity(unchecked) private var anySerials: [UInt64] = [], nextAnySerials: [UInt64] = []
    @exclusivity(unchecked) private var contentSerials: [UInt64] = [], nextContentSerials: [UInt64] = []
    /// For each node of the last frame: the last frame in which what a `shouldRasterize` bitmap of
    /// it shows could have changed (itself, not counting moves, or anything in its subtree).
    @exclusivity(unchecked) package private(set) var rasterSerials: [UInt64] = []
    @exclusivity(unchecked) private var scale: CGFloat = 0
    @exclusivity(unchecked) private var origin = CGPoint.zero
    @exclusivity(unchecked) private var size = CGSize.zero
    /// The tile stores of the tiled layers placed in the last frame (their busy state drives frames).
    @exclusivity(unchecked) package private(set) var tileStores: [TileStore] = []
    /// Per tile store seen: its version and whether it was fading, at the last frame.
    @exclusivity(unchecked) private var tileStates: [ObjectIdentifier: (version: UInt64, fading: Bool)] = [:]
    @exclusivity(unchecked) private var nextTileStates: [ObjectIdentifier: (version: UInt64, fading: Bool)] = [:]
    /// The damage of the last frames, newest first.
    @exclusivity(unchecked) private var history: [DamageRegion] = []
    /// How many frames of damage are kept (buffers older than this are repainted whole).
    package static let historyLength = 4

    package init() {}

    /// Forgets the previous frames' damage: the next one is damaged everywhere. What changed in each
    /// node is still followed from the last frame (`rasterSerials`), so kept rasterized bitmaps stay
    /// valid across a whole repaint (a debug overlay repaints every frame whole).
    package func reset() {
        repaintsEverything = true
        history.removeAll(keepingCapacity: true)
    }

    /// Set by `reset`: the next frame's damage is everything.
    @exclusivity(unchecked) private var repaintsEverything = false

    /// Records `frame` (evaluated) drawn at `scale` pixels per point with `origin` on the top-left
    /// pixel of a target of `size` pixels; returns the pixels that differ from the frame recorded
    /// before (everything for the first frame, or after the target changed).
    @discardableResult
    package func update(_ frame: RenderFrame, scale: CGFloat, origin: CGPoint = .zero, size: CGSize) -> DamageRegion {
        let tree = frame.tree
        let sameTarget = scale == self.scale && origin == self.origin && size == self.size
        let previous = sameTarget ? self.tree : nil
        self.scale = scale
        self.origin = origin
        self.size = size
        let n = tree.nodes.count
        let newTree = previous.map { $0 !== tree } ?? false
        frameSerial += 1
        let serial = frameSerial
        prepareScratch(count: n, previous: newTree ? previous : nil, tree: tree)
        nextAnySerials.removeAll(keepingCapacity: true)
        nextContentSerials.removeAll(keepingCapacity: true)
        var oldIndexOf: [ObjectIdentifier: Int] = [:]
        if newTree, let previous {
            oldIndexOf.reserveCapacity(previous.nodes.count)
            for (o, node) in previous.nodes.enumerated() { oldIndexOf[node.layerID] = o }
        }
        var region = DamageRegion.empty
        var changedUntil = 0
        var hasMasks = false
        let s = scale > 0 && scale.isFinite ? scale : 1
        let rootMap = Homography(CGAffineTransform(a: s, b: 0, c: 0, d: s, tx: -origin.x * s, ty: -origin.y * s))
        let targetRect = CGRect(origin: .zero, size: size)
        tileStores.removeAll(keepingCapacity: true)
        nextTileStates.removeAll(keepingCapacity: true)
        shadowCasters.removeAll(keepingCapacity: true)
        frame.values.withUnsafeBufferPointer { values in
            for i in 0..<n {
                hasMasks = hasMasks || tree.nodes[i].hasMask
                if Self.shadowReach(of: values.baseAddress! + i) > 0 { shadowCasters.append(i) }
                next.append(place(i, tree: tree, values: values,
                                  particles: tree.nodes[i].kind == .emitterLayer ? frame.emitterSimulation(of: i) : nil,
                                  rootMap: rootMap, target: targetRect))
                // An emitter's particles move by themselves; a tiled layer changes as its tiles arrive.
                let animated = tree.nodes[i].hasAnimations || tree.nodes[i].kind == .emitterLayer
                    || tree.nodes[i].kind == .tiledLayer && tilesChanged(values[i], at: frame.time)
                var committedChange = false
                var committedContentChange = false
                var old = -1
                if let previous {
                    if newTree {
                        if let o = oldIndexOf[tree.nodes[i].layerID] {
                            old = o
                            matched[o] = true
                            let p = tree.parents[i], q = previous.parents[o]
                            let sameParent = p < 0 ? q < 0 : q >= 0 && previous.nodes[q].layerID == tree.nodes[p].layerID
                            // Made by a commit after the drawn tree's (there may have been several).
                            let node = tree.nodes[i]
                            if node.changedAt > previous.commit || !sameParent { committedChange = true }
                            if node.contentChangedAt > previous.commit || !sameParent { committedContentChange = true }
                        }
                    } else {
                        old = i
                    }
                }
                oldIndices.append(old)
                if old < 0 { committedChange = true; committedContentChange = true }
                let selfChanged = committedChange || animated
                let contentChanged = committedContentChange || animated && !tree.nodes[i].animatesPlacementOnly
                nextAnySerials.append(selfChanged || old < 0 ? serial : anySerials[old])
                nextContentSerials.append(contentChanged || old < 0 ? serial : contentSerials[old])
                if selfChanged { changedUntil = max(changedUntil, i + tree.nodes[i].subtreeSize) }
                if selfChanged || i < changedUntil || placements[old] != next[i] {
                    dirty[i] = true
                    if old >= 0 { region.add(placements[old].rect) }
                    region.add(next[i].rect)
                }
            }
        }
        if newTree {
            for o in matched.indices where !matched[o] { region.add(placements[o].rect) }
        }
        if hasMasks { damageMaskedSubtrees(of: tree, into: &region) }
        computeSubtreeRects(of: tree)
        expandOverShadowCasters(&region)
        computeRasterSerials(of: tree)
        swap(&placements, &next)
        swap(&tileStates, &nextTileStates)
        swap(&anySerials, &nextAnySerials)
        swap(&contentSerials, &nextContentSerials)
        self.tree = tree
        if previous == nil || repaintsEverything { region = .everything }
        repaintsEverything = false
        history.insert(region, at: 0)
        if history.count > Self.historyLength { history.removeLast() }
        return region
    }

    /// What to repaint in a buffer that holds the picture of `age` frames ago (1: the previous
    /// frame's; 0: unknown): the damage of the frames since. Everything when that is not known, or
    /// covers most of the target anyway (one unclipped pass is cheaper than many clipped ones).
    package func repaintRegion(bufferAge age: Int) -> DamageRegion {
        guard age >= 1, age <= history.count else { return .everything }
        var region = DamageRegion.empty
        for k in 0..<age { region.formUnion(history[k]) }
        expandOverShadowCasters(&region)
        let target = CGRect(origin: .zero, size: size)
        if region.area(within: target) > Self.wholeRepaintShare * target.width * target.height { return .everything }
        return region
    }

    /// Past this share of the target, a repaint covers all of it.
    static let wholeRepaintShare: CGFloat = 0.6

    /// Whether a tile store of the last frame changed since that frame was recorded (a tile finished
    /// while or after it was drawn: the next frame must show it).
    package func tilesChangedSinceLastFrame() -> Bool {
        tileStores.contains { $0.version != tileStates[ObjectIdentifier($0)]?.version }
    }

    /// Whether the tiles of a tiled layer with `values` show something new at media time `t`.
    private func tilesChanged(_ values: LayerProperties, at t: CFTimeInterval) -> Bool {
        guard let store = values.extraValues[TileStore.valueKey] as? TileStore else { return false }
        let id = ObjectIdentifier(store)
        let state = (version: store.version, fading: store.isFading(at: t))
        let old = tileStates[id]
        if nextTileStates[id] == nil { tileStores.append(store) }
        nextTileStates[id] = state
        guard let old else { return true }
        return old.version != state.version || old.fading || state.fading
    }

    // MARK: Placing nodes

    private func prepareScratch(count n: Int, previous: RenderTree?, tree: RenderTree) {
        next.removeAll(keepingCapacity: true)
        next.reserveCapacity(n)
        oldIndices.removeAll(keepingCapacity: true)
        dirty.removeAll(keepingCapacity: true)
        dirty.append(contentsOf: repeatElement(false, count: n))
        guard let previous else { return }
        matched.removeAll(keepingCapacity: true)
        matched.append(contentsOf: repeatElement(false, count: previous.nodes.count))
    }

    /// Node `i`'s placement, its parent's already in `next`.
    private func place(_ i: Int, tree: RenderTree, values: UnsafeBufferPointer<LayerProperties>,
                       particles: EmitterSimulation? = nil,
                       rootMap: Homography, target: CGRect) -> Placement {
        let p = tree.parents[i]
        let isMaskRoot = p >= 0 && tree.nodes[p].hasMask && i == p + 1
        var parentToDevice = rootMap, clip = target, pad: CGFloat = 0
        var hidden = false, unbounded = false, inMask = false
        var parentSublayerTransform = CATransform3DIdentity
        if p >= 0 {
            let parent = next[p]
            parentToDevice = parent.toDevice
            clip = isMaskRoot ? parent.clip : parent.childClip
            pad = parent.childPad
            hidden = parent.hidesChildren
            unbounded = parent.childrenUnbounded
            inMask = parent.isInMask || isMaskRoot
            if !isMaskRoot { parentSublayerTransform = values[p].sublayerTransformInOwnSpace() }
        }
        let v = values.baseAddress! + i
        let toDevice = Homography(droppingZOf: v.pointee.transformToSuperlayer(parentSublayerTransform))
            .concatenating(parentToDevice)
        let hasTransition = tree.nodes[i].hasTransition
        let shows = !hidden && (!v.pointee.isHidden || hasTransition) && v.pointee.opacity > 0 && toDevice.isFinite
        var rect = CGRect.null
        let bounds = v.pointee.bounds
        let shadowReach = Self.shadowReach(of: v)
        if shows && !inMask {
            if unbounded || hasTransition {
                rect = .infinite
            } else {
                var extent = bounds
                if tree.nodes[i].kind == .shapeLayer {
                    // A shape's path may reach past the bounds, its stroke past the path.
                    if let shape = ShapeStyle(v.pointee.extraValues).extent { extent = extent.union(shape) }
                }
                // An emitter draws its particles wherever they are (not clipped to its bounds).
                if let particles, let box = particles.drawingBounds() { extent = extent.union(box) }
                if shadowReach > 0 && !v.pointee.masksToBounds { extent = extent.insetBy(dx: -shadowReach, dy: -shadowReach) }
                rect = Self.deviceBox(of: extent, toDevice).insetBy(dx: -(pad + 2), dy: -(pad + 2)).intersection(clip)
            }
        }
        var childClip = clip
        if v.pointee.masksToBounds { childClip = childClip.intersection(Self.deviceBox(of: bounds, toDevice)) }
        var childPad = pad
        if shadowReach > 0 { childPad += shadowReach * Self.scale(of: toDevice) }
        if v.pointee.shouldRasterize {
            let r = v.pointee.rasterizationScale
            let rasterScale = r > 0 && r.isFinite ? r : 1
            childPad += 2 + Self.scale(of: toDevice) / rasterScale
        }
        return Placement(toDevice: toDevice, clip: clip, rect: rect, childClip: childClip, childPad: childPad,
                         hidesChildren: !shows, childrenUnbounded: unbounded || hasTransition || tree.nodes[i].kind == .transformLayer
                            || tree.nodes[i].kind == .replicatorLayer,
                         isInMask: inMask)
    }

    /// How far a layer's shadow reaches beyond what casts it, in its own points (0: no shadow).
    private static func shadowReach(of p: UnsafePointer<LayerProperties>) -> CGFloat {
        guard p.pointee.shadowOpacity > 0, let color = p.pointee.shadowColor, color.alpha > 0 else { return 0 }
        let v = p.pointee
        let offset = max(abs(v.shadowOffset.width), abs(v.shadowOffset.height))
        let radius = v.shadowRadius.isFinite ? max(0, v.shadowRadius) : 0
        guard offset.isFinite else { return .infinity }
        var reach = offset + 3 * radius + 1
        if let path = v.shadowPath {
            // A shadow path may reach beyond the bounds by itself.
            let box = path.boundingBox
            if !box.isNull {
                let beyond = max(v.bounds.minX - box.minX, box.maxX - v.bounds.maxX,
                                 v.bounds.minY - box.minY, box.maxY - v.bounds.maxY, 0)
                reach += beyond
            }
        }
        return reach
    }

    /// The device bounding box of `rect` through `h`; infinite when part of it is behind the viewer.
    static func deviceBox(of rect: CGRect, _ h: Homography) -> CGRect {
        guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite
        else { return .infinite }
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        var behind = false
        func add(_ x: CGFloat, _ y: CGFloat) {
            let m = h.mapHomogeneous(CGPoint(x: x, y: y))
            guard m.w > 0, m.x.isFinite, m.y.isFinite, m.w.isFinite else {
                behind = true
                return
            }
            let px = m.x / m.w, py = m.y / m.w
            minX = min(minX, px); maxX = max(maxX, px)
            minY = min(minY, py); maxY = max(maxY, py)
        }
        add(rect.minX, rect.minY)
        add(rect.maxX, rect.minY)
        add(rect.maxX, rect.maxY)
        add(rect.minX, rect.maxY)
        if behind { return .infinite }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The largest stretch `h` applies to a length (infinite for a perspective map).
    static func scale(of h: Homography) -> CGFloat {
        guard h.m13 == 0, h.m23 == 0, h.m33 > 0 else { return .infinity }
        return max((h.m11 * h.m11 + h.m12 * h.m12).squareRoot(), (h.m21 * h.m21 + h.m22 * h.m22).squareRoot()) / h.m33
    }

    // MARK: Masks and culling

    /// A mask whose subtree was damaged changes what its masked layer's whole subtree shows.
    private func damageMaskedSubtrees(of tree: RenderTree, into region: inout DamageRegion) {
        for m in tree.nodes.indices where tree.nodes[m].hasMask {
            let maskEnd = m + 1 + tree.nodes[m + 1].subtreeSize
            guard dirty[(m + 1)..<maskEnd].contains(true) else { continue }
            for j in m..<(m + tree.nodes[m].subtreeSize) {
                region.add(next[j].rect)
                if oldIndices[j] >= 0 { region.add(placements[oldIndices[j]].rect) }
            }
        }
    }

    /// `rasterSerials`: a node's own content serial, or the newest change of anything below it.
    private func computeRasterSerials(of tree: RenderTree) {
        let n = nextAnySerials.count
        rasterSerials.removeAll(keepingCapacity: true)
        rasterSerials.append(contentsOf: repeatElement(0, count: n))   // first: what changed below each node
        var i = n - 1
        while i > 0 {
            let p = tree.parents[i]
            if p >= 0 { rasterSerials[p] = max(rasterSerials[p], rasterSerials[i], nextAnySerials[i]) }
            i -= 1
        }
        for k in 0..<n { rasterSerials[k] = max(rasterSerials[k], nextContentSerials[k]) }
    }

    /// A shadow is cast by its layer's whole picture (the layer and its sublayers, as a group): a
    /// repaint that reaches a shadow or its caster takes in the caster's whole subtree, or the part
    /// repainted would be shadowed by only the part of the picture inside it. Repeated while a
    /// widened region reaches another caster.
    private func expandOverShadowCasters(_ region: inout DamageRegion) {
        guard !shadowCasters.isEmpty, !region.isEverything, !region.isEmpty else { return }
        shadowCastersTaken.removeAll(keepingCapacity: true)
        shadowCastersTaken.append(contentsOf: repeatElement(false, count: shadowCasters.count))
        var widened = true
        while widened {
            widened = false
            for (k, i) in shadowCasters.enumerated() where !shadowCastersTaken[k] && i < subtreeRects.count {
                let rect = subtreeRects[i]
                guard !rect.isNull, !rect.isEmpty, region.intersects(rect) else { continue }
                region.add(rect)
                shadowCastersTaken[k] = true
                widened = true
            }
        }
    }

    private func computeSubtreeRects(of tree: RenderTree) {
        subtreeRects.removeAll(keepingCapacity: true)
        subtreeRects.append(contentsOf: next.lazy.map(\.rect))
        var i = subtreeRects.count - 1
        while i > 0 {
            let p = tree.parents[i]
            if p >= 0 { subtreeRects[p] = subtreeRects[p].union(subtreeRects[i]) }
            i -= 1
        }
    }
}
