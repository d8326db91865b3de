import CoreGraphics

// `CALayer.compositingFilter`: a layer and its sublayers composited as one group with a blend mode.
extension LayerTreeRenderer {
    /// Draws `layer` whole (mask, opacity, shadow, content) into a transparency layer, composited
    /// onto what `ctx` already holds with the layer's `compositingBlendMode` (cairo's separable and
    /// HSL operators: the W3C blend formulas). `alpha` (the context's global alpha, inherited from
    /// ancestors drawn without a group) applies to the group as it is composited. A subtree known to
    /// be bounded (no shadow, particles, replicas or transition) is clipped to its extent first.
    func drawBlended(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat) {
        ctx.saveGState()
        // The group covers only what the subtree can draw (cairo sizes a group by its clip): the
        // whole target for each blended layer otherwise.
        if !SubtreeContents(of: layer).isUnbounded, activeTransition(of: layer) == nil {
            let extent = contentExtent(of: layer)
            if !extent.isNull, extent.width.isFinite, extent.height.isFinite { ctx.clip(to: extent) }
        }
        ctx.setBlendMode(layer.compositingBlendMode)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        drawUnblendedBody(layer, in: ctx, toViewer: toViewer, alpha: 1)
        ctx.endTransparencyLayer()
        ctx.restoreGState()
    }
}
