import CoreGraphics

// The backdrop blur of a layer (`backdropBlurRadius`, a Linux addition behind `UIVisualEffectView`).
extension LayerTreeRenderer {
    /// Replaces what `ctx` already holds inside `layer`'s outline by its blur (the radius in points,
    /// at the context's scale), before the layer's background (the effect's tint) is drawn over it.
    func drawBackdropBlur(of layer: RenderLayer, in ctx: CGContext) {
        let m = ctx.ctm
        let scale = (abs(m.a * m.d - m.b * m.c)).squareRoot()
        guard scale > 0, scale.isFinite else { return }
        ctx.blurBackdrop(inside: outlinePath(of: layer), radius: layer.backdropBlurRadius * scale)
    }
}
