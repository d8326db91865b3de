import CoreGraphics

// `CATransformLayer`: sublayers that share their grandparent's 3D context instead of being
// flattened into the transform layer's plane.
//
// When a layer's sublayers include transform layers, each transform layer is replaced by its
// sublayers (recursively), each carrying the composed 4x4 transform from its bounds space to the
// drawing layer's bounds space (its own transform about its anchor, position, the transform
// layer's `sublayerTransform`, the transform layer's transform, ..., the drawing layer's
// `sublayerTransform`). The expanded list is depth-sorted as one set of siblings (centre depth;
// at equal depth, layers facing away from the viewer first, then tree order) and each entry is drawn as an ordinary flat layer through `renderLayer` with its composed
// transform, so the perspective path applies unchanged. The transform layers' own background,
// border, contents, shadow, mask, masksToBounds and rasterization are ignored; their opacity
// multiplies each expanded sublayer's alpha (no group).

extension LayerTreeRenderer {
    /// One layer drawn in a 3D context: `local` maps its bounds space to the context layer's,
    /// `opacity` is the product of the opacities of the transform layers it was expanded out of.
    struct ContextSublayer {
        let layer: RenderLayer
        let local: CATransform3D
        let opacity: CGFloat
        let depth: CGFloat
        /// Whether the layer's front faces the viewer (see `isFrontFacing`).
        let facesViewer: Bool
    }

    /// Whether any of `sublayers` is a `CATransformLayer` (then `drawSublayersExpandingTransformLayers`
    /// draws them instead of the plain sublayer loop).
    func containsTransformLayer(_ sublayers: [RenderLayer]) -> Bool {
        sublayers.contains { $0.isTransformLayer }
    }

    /// Draws `sublayers` (of a layer whose bounds space is `ctx`'s user space, with
    /// `sublayerTransform` in its own space), expanding transform layers into their descendants,
    /// back to front by centre depth in that layer's 3D space.
    func drawSublayersExpandingTransformLayers(_ sublayers: [RenderLayer], sublayerTransform: CATransform3D,
                                               in ctx: CGContext, toViewer: Homography, alpha: CGFloat) {
        for entry in expandedInDrawingOrder(sublayers, sublayerTransform: sublayerTransform, toViewer: toViewer) {
            if entry.opacity < 1 {
                let inherited = alpha * entry.opacity
                ctx.saveGState()
                ctx.setAlpha(inherited)
                renderLayer(entry.layer, in: ctx, parentSublayerTransform: sublayerTransform, parentToViewer: toViewer,
                            alpha: inherited, local: entry.local)
                ctx.restoreGState()
            } else {
                renderLayer(entry.layer, in: ctx, parentSublayerTransform: sublayerTransform, parentToViewer: toViewer,
                            alpha: alpha, local: entry.local)
            }
        }
    }

    /// `sublayers` with transform layers expanded (see the top of this file), in drawing order:
    /// back to front by the depth of their centres (`toViewer` maps the context layer's bounds space
    /// to the viewer's plane).
    ///
    /// At equal depth (to a millionth of a point), layers facing away from the viewer are drawn
    /// first: of a closed convex object (a cube in a transform layer), a face seen from behind is
    /// never in front of one seen from the front; e.g. the top face's centre of a cube left of the
    /// vanishing point is as deep as its right face's, and the right face must cover it. Then tree order.
    func expandedInDrawingOrder(_ sublayers: [RenderLayer], sublayerTransform: CATransform3D,
                                toViewer: Homography) -> [ContextSublayer] {
        var entries: [ContextSublayer] = []
        expand(sublayers, sublayerTransform: sublayerTransform, toContext: nil, opacity: 1, toViewer: toViewer,
               into: &entries)
        let keyed = entries.enumerated().map { (index: $0.offset, entry: $0.element,
                                                depth: ($0.element.depth * 1e6).rounded() / 1e6) }
        return keyed.sorted { a, b in
            if a.depth != b.depth { return a.depth < b.depth }
            if a.entry.facesViewer != b.entry.facesViewer { return !a.entry.facesViewer }
            return a.index < b.index
        }.map(\.entry)
    }

    /// Appends `sublayers` (of a layer with `sublayerTransform`; `toContext` maps that layer's
    /// bounds space to the context's, nil for the context layer itself) to `entries`, replacing each
    /// visible transform layer by its own sublayers.
    private func expand(_ sublayers: [RenderLayer], sublayerTransform: CATransform3D, toContext: CATransform3D?,
                        opacity: CGFloat, toViewer: Homography, into entries: inout [ContextSublayer]) {
        for child in sublayers {
            let own = localTransform(of: child, sublayerTransform)
            let local = toContext.map { CATransform3DConcat(own, $0) } ?? own
            if child.isTransformLayer {
                guard !child.isHidden, child.opacity > 0, isFinite(child) else { continue }
                let childOpacity = CGFloat(min(max(child.opacity, 0), 1))
                expand(child.children, sublayerTransform: child.sublayerTransformInOwnSpace(), toContext: local,
                       opacity: opacity * childOpacity, toViewer: toViewer, into: &entries)
            } else {
                let childToViewer = Homography(droppingZOf: local).concatenating(toViewer)
                entries.append(ContextSublayer(layer: child, local: local, opacity: opacity,
                                               depth: centreDepth(of: child, local: local),
                                               facesViewer: isFrontFacing(child.bounds, childToViewer)))
            }
        }
    }

    /// A transform layer drawn on its own (the root of a render, or a mask): nothing of its own,
    /// its opacity passed on to each sublayer, its sublayers in its 3D space.
    func drawTransformLayerBody(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat) {
        let opacity = CGFloat(min(max(layer.opacity, 0), 1))
        guard opacity > 0 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        let inherited = alpha * opacity
        if opacity < 1 { ctx.setAlpha(inherited) }
        drawSublayersExpandingTransformLayers(layer.children, sublayerTransform: layer.sublayerTransformInOwnSpace(),
                                              in: ctx, toViewer: toViewer, alpha: inherited)
    }

    /// The part of the context layer's plane that a transform layer's expanded sublayers may cover
    /// (for the perspective path's offscreen extent); `sublayerTransform` is the context layer's.
    func transformLayerExtent(_ transformLayer: RenderLayer, sublayerTransform: CATransform3D) -> CGRect {
        var extent = CGRect.null
        for entry in expandedInDrawingOrder([transformLayer], sublayerTransform: sublayerTransform, toViewer: .identity)
        where !entry.layer.isHidden && entry.layer.opacity > 0 && isFinite(entry.layer) {
            let toLayer = Homography(droppingZOf: entry.local)
            let childExtent = contentExtent(of: entry.layer)
            guard toLayer.isFinite, !childExtent.isNull else { continue }
            let projected = ProjectedPolygon(clipping: ProjectedPolygon.corners(of: childExtent), through: toLayer)
            if !projected.isEmpty { extent = extent.union(projected.bounds) }
        }
        return extent
    }
}
