import Foundation
import CoreGraphics

extension CALayer {
    /// Makes this root's render tree for the commit under way (from the previous one, carrying over
    /// what did not change).
    func commitRenderTree() {
        let tree = RenderTreeBuilder.commitTree(of: self, previous: renderTree)
        renderTree = tree
    }

    /// This layer's presentation layer: its layer in the presentation of its committed tree at the
    /// current media time, or nil before its first commit (or when its tree's last commit did not
    /// hold it).
    func presentationCopy() -> CALayer? {
        guard isCommitted else { return nil }
        let root = renderTreeRoot
        guard let tree = root.renderTree else { return nil }
        return root.presentationLayers(of: tree, atMediaTime: CACurrentMediaTime())[ObjectIdentifier(self)]
    }

    /// The presentation of `tree` (this root's) at `time`: one new layer per node, of the node's
    /// class, holding the evaluated values, linked as the tree is (so `superlayer`, `sublayers` and
    /// `mask` of a presentation layer are presentation layers, and hit testing works on them), each
    /// pointing back to its model layer. Kept by this root for one tree and one media time, so that
    /// the presentation layers' (weak) superlayer links stay valid while someone holds one.
    func presentationLayers(of tree: RenderTree, atMediaTime time: CFTimeInterval) -> [ObjectIdentifier: CALayer] {
        if let cache = presentationCache, cache.tree === tree, cache.time == time { return cache.layers }
        let frame = RenderFrame(tree: tree)
        frame.evaluate(tree, atMediaTime: time)
        var models: [ObjectIdentifier: CALayer] = [:]
        visitTree { models[ObjectIdentifier($0)] = $0 }
        var made: [CALayer] = []
        made.reserveCapacity(tree.nodes.count)
        var byModel: [ObjectIdentifier: CALayer] = [:]
        for i in tree.nodes.indices {
            let node = tree.nodes[i]
            let model = models[node.layerID]
            let layer: CALayer
            if node.layerClass == CALayer.self {
                layer = CALayer()
            } else if let model, type(of: model) == node.layerClass {
                layer = CALayer.makeLayer(ofClass: node.layerClass, copying: model)
            } else {
                layer = CALayer.makeLayer(ofClass: node.layerClass)
            }
            layer.isPresentationCopy = true
            layer.isCommitted = true
            layer.properties = frame.values[i]
            layer.modelLayerOfCopy = model
            let parent = tree.parents[i]
            if parent >= 0 {
                if tree.mask(of: parent) == i {
                    made[parent].maskLayer = layer
                    layer.maskOwner = made[parent]
                } else {
                    made[parent].children.append(layer)
                    layer.parentLayer = made[parent]
                }
            }
            made.append(layer)
            byModel[node.layerID] = layer
        }
        presentationCache = PresentationCache(tree: tree, time: time, layers: byModel)
        return byModel
    }
}

/// A root's presentation layers for one render tree and one media time.
struct PresentationCache {
    let tree: RenderTree
    let time: CFTimeInterval
    /// Every presentation layer, by its model layer (holding them keeps their weak links valid).
    let layers: [ObjectIdentifier: CALayer]
}

extension CALayer {
    /// Whether this layer's tree shows its model as the model is now: its last commit holds no
    /// animation (nor an emitter) and nothing in it changed since. Then every presentation value is
    /// the model's, and a question about what is on screen (a hit test) can read the model without
    /// building the tree of presentation copies. True for a tree never committed (it has none).
    package var presentationIsModel: Bool {
        let root = renderTreeRoot
        guard let tree = root.renderTree else { return true }
        return tree.animatedNodes.isEmpty && tree.emitterNodes.isEmpty
            && TransactionStack.current.changedRoots[ObjectIdentifier(root)] == nil
    }

    /// For a root layer: the render tree of its last commit, or its model values as they are when
    /// it was never committed (a window's first picture).
    package var latestRenderTree: RenderTree { renderTree ?? RenderTreeBuilder.modelTree(of: self) }
}
