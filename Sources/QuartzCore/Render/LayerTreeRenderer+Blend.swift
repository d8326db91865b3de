import CoreGraphics

// `CALayer.compositingFilter`: a layer and its sublayers composited as one group with a blend mode.
extension LayerTreeRenderer {
    /// Draws `layer` whole (mask, opacity, shadow, content) into a transparency layer, composited
    /// onto what `ctx` already holds with the layer's `compositingBlendMode` (cairo's separable and
    /// HSL operators: the W3C blend formulas). `alpha` (the context's global alpha, inherited from
    /// ancestors drawn without a group) applies to the group as it is composited.
    func drawBlended(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat) {
        ctx.saveGState()
        ctx.setBlendMode(layer.compositingBlendMode)
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        drawUnblendedBody(layer, in: ctx, toViewer: toViewer, alpha: 1)
        ctx.endTransparencyLayer()
        ctx.restoreGState()
    }
}
