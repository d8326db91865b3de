import CoreGraphics
import Foundation

/// A `RenderTree` evaluated at one media time: every node's presentation values (committed values
/// with the running animations applied). The one evaluation behind the screen, `CARenderer`,
/// `render(in:)`, snapshots and `presentation()`.
///
/// A frame belongs to one thread at a time (a window's render thread keeps one). Its buffers are
/// reused: evaluating the same tree again rewrites only the nodes that have animations, so a
/// steady frame allocates nothing here.
package final class RenderFrame {
    /// The tree last evaluated.
    @exclusivity(unchecked) package private(set) var tree: RenderTree
    /// The media time last evaluated.
    @exclusivity(unchecked) package private(set) var time: CFTimeInterval = 0
    /// Each node's presentation values, by node index.
    @exclusivity(unchecked) package private(set) var values: [LayerProperties] = []
    /// Each animated node's local time at `time` (others: not kept).
    @exclusivity(unchecked) private(set) var localTimes: [CFTimeInterval] = []
    /// How many times a node was evaluated with its animations (for tests and the benchmark).
    @exclusivity(unchecked) package private(set) var animatedNodeEvaluations = 0
    /// The last timing-curve progress computed (shared by the tracks of one frame).
    @exclusivity(unchecked) private var curveMemo = CurveMemo()
    /// The emitter layers' particles, by layer, with the tree and time they were evaluated for.
    @exclusivity(unchecked) private var emitterSimulations: [ObjectIdentifier: (simulation: EmitterSimulation, tree: ObjectIdentifier, time: CFTimeInterval)] = [:]

    package init(tree: RenderTree) {
        self.tree = tree
        load(tree)
    }

    /// Evaluates `tree` at media time `time` (`CACurrentMediaTime()` scale).
    package func evaluate(_ tree: RenderTree, atMediaTime time: CFTimeInterval) {
        if tree !== self.tree {
            self.tree = tree
            load(tree)
        }
        self.time = time
        guard tree.nodes[0].subtreeAnimates else { return }
        // Through buffer pointers: the walk reads nodes and writes values in place, without
        // retaining the arrays (or copying nodes) at every step.
        tree.nodes.withUnsafeBufferPointer { nodes in
            values.withUnsafeMutableBufferPointer { values in
                localTimes.withUnsafeMutableBufferPointer { times in
                    evaluate(0, parentTime: time, nodes: nodes, values: values, times: times)
                }
            }
        }
    }

    /// Starts from the committed values of a new tree.
    private func load(_ tree: RenderTree) {
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: tree.nodes.lazy.map(\.properties))
        localTimes = [CFTimeInterval](repeating: 0, count: tree.nodes.count)
        if !emitterSimulations.isEmpty {
            let live = Set(tree.emitterNodes.map { tree.nodes[$0].layerID })
            emitterSimulations = emitterSimulations.filter { live.contains($0.key) }
        }
    }

    /// Evaluates the subtree at `i` whose timing parent's local time is `parentTime`.
    private func evaluate(_ i: Int, parentTime: CFTimeInterval, nodes: UnsafeBufferPointer<RenderNode>,
                          values: UnsafeMutableBufferPointer<LayerProperties>,
                          times: UnsafeMutableBufferPointer<CFTimeInterval>) {
        let node = nodes.baseAddress! + i
        guard node.pointee.subtreeAnimates else { return }
        // The committed values are read in place through `model`: handing `node.pointee.properties`
        // to a call would copy all of them (and retain their references) first.
        let model = (UnsafeRawPointer(node) + Self.propertiesOffset).assumingMemoryBound(to: LayerProperties.self)
        let local = LayerProperties.localTime(fromParentTime: parentTime, beginTime: model.pointee.beginTime,
                                              speed: model.pointee.speed, timeOffset: model.pointee.timeOffset)
        times[i] = local
        if !node.pointee.scalarTracks.isEmpty {
            // Plain values in one array: no animation objects are read (see `ScalarTrack`).
            animatedNodeEvaluations &+= 1
            let applied = node.pointee.scalarTracks.withUnsafeBufferPointer { tracks in
                for track in tracks { track.restore(from: model, in: &values[i]) }
                return ScalarTrack.apply(tracks, to: &values[i], atLocalTime: local, memo: &curveMemo)
            }
            if !applied {
                for track in node.pointee.scalarTracks { track.restore(from: model, in: &values[i]) }
                _ = AnimationEvaluator.apply(node.pointee.animations, model: model,
                                             layerClass: node.pointee.layerClass, to: &values[i], atLocalTime: local)
            }
        } else if node.pointee.hasAnimations {
            if node.pointee.animatesScalarsOnly {
                for attached in node.pointee.animations { attached.scalarPlan?.restore(from: model, in: &values[i]) }
            } else {
                values[i] = model.pointee
            }
            animatedNodeEvaluations &+= 1
            let keys = AnimationEvaluator.apply(node.pointee.animations, model: model,
                                                layerClass: node.pointee.layerClass, to: &values[i], atLocalTime: local)
            if let keys, !keys.isEmpty { redisplay(node.pointee.layerClass, &values[i], animatedKeys: keys) }
        }
        var child = i + 1
        if node.pointee.hasMask {
            evaluate(child, parentTime: local, nodes: nodes, values: values, times: times)
            child += nodes[child].subtreeSize
        }
        let end = i + node.pointee.subtreeSize
        while child < end {
            evaluate(child, parentTime: local, nodes: nodes, values: values, times: times)
            child += nodes[child].subtreeSize
        }
    }

    /// Where a node's committed values lie in it.
    private static let propertiesOffset = MemoryLayout<RenderNode>.offset(of: \RenderNode.properties)!

    /// Redraws a node's contents from its evaluated values when its class asks for display for
    /// one of the animated keys (a custom animatable property): a layer of the class is made with
    /// those values and displayed, on the thread evaluating the frame.
    private func redisplay(_ cls: CALayer.Type, _ values: inout LayerProperties, animatedKeys: [String]) {
        guard animatedKeys.contains(where: { cls.needsDisplay(forKey: $0) }) else { return }
        let layer = CALayer.makeLayer(ofClass: cls)
        layer.isPresentationCopy = true
        layer.properties = values
        layer.display()
        values.contents = layer.contents
    }

    /// Emitter node `i`'s particles at this frame's time (evaluated once per frame; buffers kept
    /// from frame to frame).
    package func emitterSimulation(of i: Int) -> EmitterSimulation {
        let id = tree.nodes[i].layerID, treeID = ObjectIdentifier(tree)
        if let kept = emitterSimulations[id], kept.tree == treeID, kept.time == time { return kept.simulation }
        let simulation = emitterSimulations[id]?.simulation ?? EmitterSimulation()
        let tree = self.tree
        simulation.evaluate(values[i].extraValues, atLocalTime: tree.localTime(of: i, atMediaTime: time),
                            localTime: { tree.localTime(of: i, atMediaTime: $0) })
        emitterSimulations[id] = (simulation, treeID, time)
        return simulation
    }

    /// The local time of node `i` (meaningful for nodes with animations).
    func localTime(of i: Int) -> CFTimeInterval { localTimes[i] }

    /// A handle on node `i` for the renderer.
    package func layer(_ i: Int) -> RenderLayer { RenderLayer(frame: self, index: i) }

    /// The root node's handle.
    package var rootLayer: RenderLayer { layer(0) }
}

/// One node of an evaluated frame, as the renderer reads it: its presentation values by
/// `LayerProperties`' names (`layer.bounds`, `layer.opacity`, ...), its sublayers and mask.
@dynamicMemberLookup
package struct RenderLayer {
    package let frame: RenderFrame
    package let index: Int

    package subscript<T>(dynamicMember path: KeyPath<LayerProperties, T>) -> T {
        frame.values[index][keyPath: path]
    }

    /// The model layer's identity.
    var layerID: ObjectIdentifier { frame.tree.nodes[index].layerID }

    /// Whether a `CATransition` is among the node's animations.
    var hasTransition: Bool { frame.tree.nodes[index].hasTransition }

    /// The sublayers, back to front.
    var children: [RenderLayer] { frame.tree.children(of: index).map { RenderLayer(frame: frame, index: $0) } }

    var hasChildren: Bool { !frame.tree.children(of: index).isEmpty }

    /// The mask layer, if any.
    var mask: RenderLayer? { frame.tree.nodes[index].hasMask ? RenderLayer(frame: frame, index: index + 1) : nil }

    var isTransformLayer: Bool { frame.tree.nodes[index].kind == .transformLayer }

    var isShapeLayer: Bool { frame.tree.nodes[index].kind == .shapeLayer }

    var isGradientLayer: Bool { frame.tree.nodes[index].kind == .gradientLayer }

    var isReplicatorLayer: Bool { frame.tree.nodes[index].kind == .replicatorLayer }

    var isTiledLayer: Bool { frame.tree.nodes[index].kind == .tiledLayer }
    var isEmitterLayer: Bool { frame.tree.nodes[index].kind == .emitterLayer }

    /// The animations committed on the layer.
    var animations: [AttachedAnimation] { frame.tree.nodes[index].animations }

    var localTime: CFTimeInterval { frame.localTime(of: index) }

    func sublayerTransformInOwnSpace() -> CATransform3D { frame.values[index].sublayerTransformInOwnSpace() }

    static func === (a: RenderLayer, b: RenderLayer) -> Bool { a.frame === b.frame && a.index == b.index }
}
