import CoreGraphics

extension CALayer {
    /// The layer's children, back to front; nil when it has none (as on Apple platforms).
    var sublayerList: [CALayer]? {
        get { children.isEmpty ? nil : children }
        set {
            for child in children { child.parentLayer = nil }
            children = []
            for child in newValue ?? [] { insert(child, at: children.count, runsSublayersAction: false) }
            treeDidChange()
            runAction(forKey: "sublayers")
        }
    }

    /// Appends `layer` to the sublayers, removing it from its current parent first.
    func appendSublayer(_ layer: CALayer) {
        insert(layer, at: children.count)
    }

    /// Inserts `layer` at `idx` (clamped to the valid range).
    func insertSublayer(_ layer: CALayer, index idx: Int) {
        insert(layer, at: Int(idx))
    }

    /// Inserts `layer` just below `sibling`; at the back when `sibling` is nil or not a child.
    func insertSublayer(_ layer: CALayer, beneath sibling: CALayer?) {
        layer.detach()
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } } ?? 0
        insert(layer, at: index)
    }

    /// Inserts `layer` just above `sibling`; at the front when `sibling` is nil or not a child.
    func insertSublayer(_ layer: CALayer, over sibling: CALayer?) {
        layer.detach()
        let index = sibling.flatMap { s in children.firstIndex { $0 === s } }.map { $0 + 1 } ?? children.count
        insert(layer, at: index)
    }

    /// Replaces the child `oldLayer` with `newLayer` at the same index; does nothing if
    /// `oldLayer` is not a child.
    func replaceChild(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = children.firstIndex(where: { $0 === oldLayer }) else { return }
        if oldLayer === newLayer { return }
        newLayer.detach()
        let target = children.firstIndex(where: { $0 === oldLayer }) ?? index
        // The superlayer's transition action animates the swap; the swapped layers order out/in.
        runAction(forKey: kCATransition)
        oldLayer.runAction(forKey: kCAOnOrderOut)
        oldLayer.detach()
        insert(newLayer, at: target)
    }

    /// Removes the layer from its superlayer, or from the `mask` of the layer it masks.
    func removeFromParent() {
        if let owner = maskOwner {
            owner.mask = nil
            return
        }
        guard let parent = parentLayer else { return }
        // The action runs while the layer is still in the tree, so a removal animation can play.
        runAction(forKey: kCAOnOrderOut)
        detach()
        parent.treeDidChange()
        // As in Core Animation, a change of the sublayers asks the superlayer for its "sublayers" action.
        parent.runAction(forKey: "sublayers")
    }

    // MARK: Mask

    /// Makes `layer` this layer's mask: it leaves its superlayer (or the layer it masked), its
    /// `maskOwner` (and so its `superlayer`) points here; the previous mask is released.
    func setMaskLayer(_ layer: CALayer?) {
        if layer === maskLayer { return }
        if let layer {
            precondition(layer !== self, "a layer cannot be its own mask")
            let parent = layer.parentLayer
            layer.detach()
            parent?.treeDidChange()
        }
        maskLayer?.maskOwner = nil
        maskLayer = layer
        layer?.maskOwner = self
        didChangeValue("mask", changed: true)
    }

    private func insert(_ layer: CALayer, at index: Int, runsSublayersAction: Bool = true) {
        precondition(layer !== self, "a layer cannot be its own sublayer")
        layer.detach()
        let i = max(0, min(index, children.count))
        children.insert(layer, at: i)
        layer.parentLayer = self
        treeDidChange()
        // The superlayer's "sublayers" action, then the new layer's own order-in action.
        if runsSublayersAction { runAction(forKey: "sublayers") }
        if !layer.isHidden { layer.runAction(forKey: kCAOnOrderIn) }
    }

    /// Unlinks the layer from its parent without recording a change (the caller records it on
    /// the new parent); a mask leaves the layer it masks, which records its `mask` change.
    func detach() {
        if let owner = maskOwner {
            owner.maskLayer = nil
            maskOwner = nil
            owner.didChangeValue("mask", changed: true)
        }
        guard let parent = parentLayer else { return }
        parent.children.removeAll { $0 === self }
        parentLayer = nil
    }

    func treeDidChange() {
        needsLayoutFlag = true
        CATransaction.layerDidChange(self)
    }
}
