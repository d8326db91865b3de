import CoreGraphics

// A CAGradientLayer's axial gradient, drawn by GL: a quad of the layer's outline sampling the
// gradient's ramp texture, its texture coordinate the position along the gradient's axis (an affine
// function of the bounds-space point, so interpolated exactly). Radial and conic gradients (whose
// position is not affine) are left to the software renderer.
extension GLESRenderer {
    /// Whether GL draws `layer`'s gradient: an axial one with distinct ends.
    func drawsGradientNatively(_ layer: RenderLayer) -> Bool {
        guard let style = GradientStyle(of: layer) else { return true }   // nothing to paint
        return style.type == .axial && style.start != style.end
    }

    /// Adds `layer`'s axial gradient over its background, in its outline (corners of `radius`),
    /// antialiased as the software renderer's clip.
    func drawGradient(of layer: RenderLayer, toDevice: Homography, radius: CGFloat, alpha: CGFloat) {
        guard let style = GradientStyle(of: layer), style.type == .axial else { return }
        let dx = style.end.x - style.start.x, dy = style.end.y - style.start.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0, length2.isFinite else { return }
        // t = (p - start) · d / |d|², then onto the ramp's texel centres; the row's middle.
        let k = CGFloat(GLESGradientRamps.width - 1) / CGFloat(GLESGradientRamps.width)
        let half = 0.5 / CGFloat(GLESGradientRamps.width)
        let a = dx / length2 * k, c = dy / length2 * k
        let map = CGAffineTransform(a: a, b: 0, c: c, d: 0,
                                    tx: half - (style.start.x * a + style.start.y * c), ty: 0.5)
        batch.add(GLESQuad(shape: layer.bounds, toDevice: toDevice, color: .white(alpha), radius: radius,
                           margin: pixelMargin(of: layer.bounds, toDevice: toDevice),
                           textureRect: GLESQuad.wholeTexture, textureMap: map),
                  texture: gradientRamps.texture(for: style.gradient), nearest: false)
    }
}
