import CoreGraphics

// A CAGradientLayer's gradient, drawn by GL: a quad of the layer's outline sampling the gradient's
// ramp texture. Axial: the texture coordinate is the position along the gradient's axis (an affine
// function of the bounds-space point, so interpolated exactly). Radial and conic: the texture
// coordinate is the point in the gradient's space (centred on the start, scaled to the ellipse, or
// turned to the start direction), whose distance or angle the shader takes (`GLESRamp`).
extension GLESRenderer {
    /// Whether GL draws `layer`'s gradient: axial with distinct ends, radial, conic.
    func drawsGradientNatively(_ layer: RenderLayer) -> Bool {
        guard let (type, start, end) = GradientStyle.geometry(of: layer) else { return true }   // nothing to paint
        return type != .axial || start != end
    }

    /// Adds `layer`'s axial gradient over its background, in its outline (corners of `radius`),
    /// antialiased as the software renderer's clip.
    func drawGradient(of layer: RenderLayer, toDevice: Homography, radius: CGFloat, alpha: CGFloat) {
        guard let style = GradientStyle(of: layer) else { return }
        if style.type == .radial || style.type == .conic {
            return drawRampGradient(style, of: layer, toDevice: toDevice, radius: radius, alpha: alpha)
        }
        let dx = style.end.x - style.start.x, dy = style.end.y - style.start.y
        let length2 = dx * dx + dy * dy
        guard length2 > 0, length2.isFinite else { return }
        // t = (p - start) · d / |d|², then onto the ramp's texel centres; the row's middle.
        let k = CGFloat(GLESGradientRamps.width - 1) / CGFloat(GLESGradientRamps.width)
        let half = 0.5 / CGFloat(GLESGradientRamps.width)
        let a = dx / length2 * k, c = dy / length2 * k
        let map = CGAffineTransform(a: a, b: 0, c: c, d: 0,
                                    tx: half - (style.start.x * a + style.start.y * c), ty: 0.5)
        batch.add(GLESQuad(shape: layer.bounds, toDevice: toDevice, color: .white(alpha), radius: radius, corners: corners(of: layer),
                           margin: pixelMargin(of: layer.bounds, toDevice: toDevice),
                           textureRect: GLESQuad.wholeTexture, textureMap: map),
                  texture: gradientRamps.texture(for: style.gradient), nearest: false)
    }

    /// A radial gradient (the ellipse centred on the start whose radii reach the end along x and y, as
    /// the software renderer draws it) or a conic one (around the start, clockwise from the direction
    /// of the end).
    private func drawRampGradient(_ style: GradientStyle, of layer: RenderLayer, toDevice: Homography, radius: CGFloat,
                                  alpha: CGFloat) {
        let (start, end) = (style.start, style.end)
        let map: CGAffineTransform
        if style.type == .radial {
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0 || ry > 0 else { return }
            let sx = 1 / max(rx, 1e-6), sy = 1 / max(ry, 1e-6)
            map = CGAffineTransform(a: sx, b: 0, c: 0, d: sy, tx: -start.x * sx, ty: -start.y * sy)
        } else {
            let angle = atan2(end.y - start.y, end.x - start.x)
            guard angle.isFinite else { return }
            let (c, s) = (cos(angle), sin(angle))
            // The point relative to the start, turned back by the start direction's angle.
            map = CGAffineTransform(a: c, b: -s, c: s, d: c, tx: -(start.x * c + start.y * s), ty: start.x * s - start.y * c)
        }
        batch.add(GLESQuad(shape: layer.bounds, toDevice: toDevice, color: .white(alpha), radius: radius, corners: corners(of: layer),
                           margin: pixelMargin(of: layer.bounds, toDevice: toDevice),
                           textureRect: GLESQuad.wholeTexture, textureMap: map,
                           ramp: style.type == .radial ? .radial : .conic),
                  texture: gradientRamps.texture(for: style.gradient), nearest: false)
    }
}
