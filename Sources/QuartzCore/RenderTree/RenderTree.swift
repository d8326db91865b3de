import CoreGraphics
import Foundation

/// One layer of a `RenderTree`: its committed values, its committed animations and its place in
/// the tree. Plain data; the render side never sees the `CALayer` it came from.
package struct RenderNode {
    /// What kind of drawing the node gets.
    package enum Kind {
        /// An ordinary layer: it flattens its sublayers into its plane.
        case layer
        /// A `CATransformLayer`: only its sublayers draw, in their parent's 3D context.
        case transformLayer
        /// A `CAShapeLayer`: an ordinary layer that also draws its path (from its values).
        case shapeLayer
        /// A `CAGradientLayer`: an ordinary layer that also fills its bounds with its gradient.
        case gradientLayer
        /// A `CAReplicatorLayer`: its sublayers are drawn once per instance.
        case replicatorLayer
        /// A `CATiledLayer`: an ordinary layer whose content is its tiles (`TileStore`), not `contents`.
        case tiledLayer
        /// A `CAEmitterLayer`: an ordinary layer that also draws its particles (simulated from its values).
        case emitterLayer
    }

    /// The values of the last commit.
    package var properties: LayerProperties
    /// The animations committed on the layer (begin times resolved), in the order they apply.
    var animations: [AttachedAnimation]
    /// Whether `animations` is not empty (read every frame for every node: kept inline, so the
    /// array's storage is not touched for that).
    var hasAnimations: Bool
    /// Whether one of `animations` is a `CATransition` (the renderer asks for every layer of every frame).
    var hasTransition: Bool
    /// Whether every animation is a scalar one (`ScalarAnimationPlan`: opacity or a transform member)
    /// that does not make the class redraw: a frame then resets only those members to the committed
    /// values before applying the animations, instead of copying all of them.
    var animatesScalarsOnly: Bool
    /// With `animatesScalarsOnly` and no springs: the animations as plain values, in order (else empty).
    var scalarTracks: [ScalarTrack]
    /// Whether every animation moves the layer only (position, transform, zPosition, anchorPoint):
    /// what it draws in its own bounds space (a `shouldRasterize` bitmap) stays the same.
    var animatesPlacementOnly: Bool
    package var kind: Kind
    /// The model layer's class: presentation layers are made of it, and a class that asks for
    /// display when an animated key changes (`needsDisplay(forKey:)`) is redrawn from evaluated values.
    package var layerClass: CALayer.Type
    /// The model layer's identity (for `presentation()` and tests; never dereferenced).
    package var layerID: ObjectIdentifier
    /// The number of nodes in this node's subtree: itself, its mask's subtree and its sublayers'.
    package var subtreeSize: Int
    /// The number of sublayers (the mask not counted).
    package var childCount = 0
    /// Whether the node after this one is its mask (the root of the mask's subtree).
    package var hasMask: Bool
    /// Whether an animation runs anywhere in the subtree (mask included).
    package var subtreeAnimates: Bool
    /// The commit (`RenderTree.commit`) that last made this node from its layer: a tree drawn before
    /// it does not show its values. Carried-over nodes keep it, so several commits between two
    /// frames are all seen.
    package var changedAt: Int
    /// The last commit that changed what the layer draws in its own space (not only where it is):
    /// a rasterized bitmap of it made after that commit is still good.
    package var contentChangedAt: Int
}

/// A committed layer tree as values: what the render side draws and `presentation()` evaluates.
/// Built on the main thread by each commit that touches the tree (`RenderTreeBuilder`), then never
/// changed, so any thread may read it.
///
/// Nodes are in preorder: a node, then its mask's subtree (if any), then each sublayer's subtree
/// in sublayer order. Links are relative (subtree sizes), so an unchanged subtree is carried from
/// one tree to the next as a plain copy of its slice.
package final class RenderTree: @unchecked Sendable {
    package let nodes: [RenderNode]
    /// The nodes that have animations, in tree order (what `nextChangeTime` looks at).
    package let animatedNodes: [Int]
    /// The emitter layers' nodes, in tree order (their particles move without animations).
    package let emitterNodes: [Int]
    /// For each node, its parent's index (-1 for the root); a mask's parent is the masked layer.
    package let parents: [Int]
    /// Which commit (`TransactionStack.commitCount`) made it.
    package let commit: Int
    /// The newest `ContentsStamp` when it was made.
    package let contentsStamp: UInt64
    /// The nodes made from their layers, ascending: the layers that changed since the previous
    /// tree (the rest were carried over from it unchanged).
    package let rebuiltNodes: [Int]
    /// How many nodes were made from their layers.
    package var nodesBuiltFromLayers: Int { rebuiltNodes.count }

    init(nodes: [RenderNode], commit: Int, contentsStamp: UInt64, rebuiltNodes: [Int]) {
        self.nodes = nodes
        self.commit = commit
        self.contentsStamp = contentsStamp
        self.rebuiltNodes = rebuiltNodes
        var animated: [Int] = [], emitters: [Int] = []
        var parents = [Int](repeating: -1, count: nodes.count)
        for i in nodes.indices {
            if nodes[i].hasAnimations { animated.append(i) }
            if nodes[i].kind == .emitterLayer { emitters.append(i) }
            for child in RenderChildren(nodes: nodes, parent: i) { parents[child] = i }
            if nodes[i].hasMask { parents[i + 1] = i }
        }
        animatedNodes = animated
        emitterNodes = emitters
        self.parents = parents
    }

    /// The root node's index (the tree is never empty).
    package var root: Int { 0 }

    /// The index of `i`'s mask, if it has one.
    package func mask(of i: Int) -> Int? { nodes[i].hasMask ? i + 1 : nil }

    /// The indices of `i`'s sublayers, back to front.
    package func children(of i: Int) -> RenderChildren { RenderChildren(nodes: nodes, parent: i) }

    /// The index of the node made from `layer`, or nil when the tree has none.
    package func index(of layer: CALayer) -> Int? {
        let id = ObjectIdentifier(layer)
        return nodes.firstIndex { $0.layerID == id }
    }
}

/// The sublayers of one node of a `RenderTree`, as indices, back to front.
package struct RenderChildren: Sequence {
    let nodes: [RenderNode]
    let parent: Int

    package struct Iterator: IteratorProtocol {
        let nodes: [RenderNode]
        var cursor: Int
        let end: Int
        package mutating func next() -> Int? {
            guard cursor < end else { return nil }
            defer { cursor += nodes[cursor].subtreeSize }
            return cursor
        }
    }

    /// The first sublayer's index (past the node and its mask's subtree).
    private var first: Int { parent + 1 + (nodes[parent].hasMask ? nodes[parent + 1].subtreeSize : 0) }

    package func makeIterator() -> Iterator {
        Iterator(nodes: nodes, cursor: first, end: parent + nodes[parent].subtreeSize)
    }

    package var isEmpty: Bool { first == parent + nodes[parent].subtreeSize }

    /// Exact: arrays made from the sublayers are allocated once.
    package var underestimatedCount: Int { nodes[parent].childCount }
}
