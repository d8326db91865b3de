import CoreGraphics
import Foundation

/// Makes `RenderTree`s from model layers (main thread): at each commit of a tree, and for
/// `render(in:)` from the model values as they are.
///
/// At a commit only what changed is read from the layers: a layer whose values, animations and
/// sublayer list are unchanged since the previous tree keeps its node, and a subtree in which
/// nothing changed is copied over whole (its slice of the previous tree). A layer records a change
/// through `invalidateRenderNode()` (every recorded change of a transaction does).
struct RenderTreeBuilder {
    /// The tree made at the previous commit, whose nodes can be carried over.
    private let previous: RenderTree?
    /// Whether nodes come from the commit's state (committed animations, stale flags honoured and
    /// cleared) or from the model as it is (`render(in:)`: no animations, nothing carried over).
    private let forCommit: Bool
    private var nodes: [RenderNode] = []
    /// The indices of the nodes made from their layers (the rest were carried over).
    private var built: [Int] = []
    /// The commit being built (`TransactionStack.commitCount`): the stamp of the nodes made now.
    private let commit = TransactionStack.commitCount

    private init(previous: RenderTree?, forCommit: Bool) {
        self.previous = previous
        self.forCommit = forCommit
    }

    /// The tree of `root` at a commit; `previous` is the tree of its last commit.
    static func commitTree(of root: CALayer, previous: RenderTree?) -> RenderTree {
        var builder = RenderTreeBuilder(previous: previous, forCommit: true)
        builder.nodes.reserveCapacity(previous?.nodes.count ?? 1)
        builder.add(root, previousIndex: previous == nil ? nil : 0)
        return RenderTree(nodes: builder.nodes, commit: TransactionStack.commitCount,
                          contentsStamp: ContentsStamp.current, rebuiltNodes: builder.built)
    }

    /// The tree of `root`'s model values now, without animations (nothing is committed or cleared).
    static func modelTree(of root: CALayer) -> RenderTree {
        var builder = RenderTreeBuilder(previous: nil, forCommit: false)
        builder.add(root, previousIndex: nil)
        return RenderTree(nodes: builder.nodes, commit: TransactionStack.commitCount,
                          contentsStamp: ContentsStamp.current, rebuiltNodes: builder.built)
    }

    /// Appends `layer`'s subtree; `previousIndex` is its node in the previous tree, if it had one there.
    private mutating func add(_ layer: CALayer, previousIndex: Int?) {
        let old = previousIndex.flatMap { i in previous.map { (tree: $0, index: i) } }
        if forCommit, let old, !layer.renderSubtreeIsStale {
            let size = old.tree.nodes[old.index].subtreeSize
            nodes.append(contentsOf: old.tree.nodes[old.index ..< old.index + size])
            return
        }
        let index = nodes.count
        if forCommit, let old, !layer.renderNodeIsStale {
            nodes.append(old.tree.nodes[old.index])
        } else {
            built.append(index)
            var node = makeNode(layer)
            node.changedAt = commit
            // A layer that only moved draws the same in its own space as in its previous node.
            node.contentChangedAt = forCommit && layer.renderNodeChangeMovesOnly
                ? old.map { $0.tree.nodes[$0.index].contentChangedAt } ?? commit : commit
            nodes.append(node)
        }
        var animates = nodes[index].hasAnimations
        if let mask = layer.maskLayer {
            let oldMask = old.flatMap { o in
                o.tree.nodes[o.index].hasMask && o.tree.nodes[o.index + 1].layerID == ObjectIdentifier(mask) ? o.index + 1 : nil
            }
            animates = add(subtreeOf: mask, previousIndex: oldMask) || animates
        }
        let oldChildren = old.map { previousChildren(of: $0.index, in: $0.tree, matching: layer.children) }
        for (k, child) in layer.children.enumerated() {
            animates = add(subtreeOf: child, previousIndex: oldChildren?[k]) || animates
        }
        nodes[index].subtreeSize = nodes.count - index
        nodes[index].childCount = layer.children.count
        nodes[index].hasMask = layer.maskLayer != nil
        nodes[index].subtreeAnimates = animates
        if forCommit {
            layer.isCommitted = true
            layer.renderNodeIsStale = false
            layer.renderSubtreeIsStale = false
            layer.renderNodeChangeMovesOnly = true
        }
    }

    /// `add` for a subtree below the current node; returns whether anything in it animates.
    private mutating func add(subtreeOf layer: CALayer, previousIndex: Int?) -> Bool {
        let index = nodes.count
        add(layer, previousIndex: previousIndex)
        return nodes[index].subtreeAnimates
    }

    /// For each of `children`, the index of its node among the sublayers of `parent` in `tree`
    /// (nil for a layer that was not a sublayer there). The common case, the same sublayers in
    /// the same order, is matched without a dictionary.
    private func previousChildren(of parent: Int, in tree: RenderTree, matching children: [CALayer]) -> [Int?] {
        let old = Array(tree.children(of: parent))
        if old.count == children.count,
           zip(old, children).allSatisfy({ tree.nodes[$0.0].layerID == ObjectIdentifier($0.1) }) {
            return old
        }
        var byID: [ObjectIdentifier: Int] = [:]
        for i in old { byID[tree.nodes[i].layerID] = i }
        return children.map { byID[ObjectIdentifier($0)] }
    }

    /// How the renderer draws `layer`.
    private static func kind(of layer: CALayer) -> RenderNode.Kind {
        switch layer {
        case is CATransformLayer: return .transformLayer
        case is CAShapeLayer: return .shapeLayer
        case is CAGradientLayer: return .gradientLayer
        case is CAReplicatorLayer: return .replicatorLayer
        case is CATiledLayer: return .tiledLayer
        case is CAEmitterLayer: return .emitterLayer
        default: return .layer
        }
    }

    /// Whether `attached` animates only where the layer is, not what it draws in its bounds space.
    private static func movesOnly(_ attached: AttachedAnimation) -> Bool {
        guard let property = attached.animation as? CAPropertyAnimation, let keyPath = property.keyPath else { return false }
        let key = keyPath.split(separator: ".", maxSplits: 1).first.map(String.init) ?? keyPath
        return ["position", "transform", "zPosition", "anchorPoint", "anchorPointZ"].contains(key)
    }

    /// A node from `layer`'s values: for a commit, its committed animations; for `render(in:)`, none.
    private func makeNode(_ layer: CALayer) -> RenderNode {
        let animations = forCommit ? layer.attachedAnimations.filter { $0.timing != nil } : []
        let cls = type(of: layer)
        let scalarsOnly = !animations.isEmpty && animations.allSatisfy { attached in
            guard attached.scalarPlan != nil, let keyPath = (attached.animation as? CABasicAnimation)?.keyPath else { return false }
            return !cls.needsDisplay(forKey: keyPath)
        }
        let tracks = scalarsOnly ? animations.compactMap(ScalarTrack.init) : []
        return RenderNode(properties: layer.properties, animations: animations, hasAnimations: !animations.isEmpty,
                          hasTransition: animations.contains { $0.isTransition }, animatesScalarsOnly: scalarsOnly,
                          scalarTracks: tracks.count == animations.count ? tracks : [],
                          animatesPlacementOnly: !animations.isEmpty && animations.allSatisfy(Self.movesOnly),
                          kind: Self.kind(of: layer),
                          layerClass: type(of: layer), layerID: ObjectIdentifier(layer),
                          subtreeSize: 1, hasMask: false, subtreeAnimates: false, changedAt: commit,
                          contentChangedAt: commit)
    }
}

extension CALayer {
    /// Records that this layer's node must be made again at the next commit (its values,
    /// animations or sublayers changed), and that its ancestors' subtrees hold a change.
    func invalidateRenderNode(movesOnly: Bool = false) {
        if !movesOnly { renderNodeChangeMovesOnly = false }
        renderNodeIsStale = true
        var layer: CALayer? = self
        while let l = layer, !l.renderSubtreeIsStale || l === self {
            l.renderSubtreeIsStale = true
            layer = l.timingParent
        }
    }
}
