import CALinuxGLES
import CoreGraphics

// A CAEmitterLayer's particles as GL quads: each its cell's contents (the `contentsRect` part, at
// `contentsScale` pixels per point) centred on it, scaled, turned by its angle and multiplied by its
// colour, composited over or, for `.additive`, added; one batch for all of them.
extension GLESRenderer {
    /// One cell's picture for a frame.
    private struct Sprite {
        var texture: GLuint
        var unit: CGRect
        var width: CGFloat
        var height: CGFloat
        var pointsPerPixel: CGFloat
        var nearest: Bool
    }

    func drawParticles(of layer: RenderLayer, toDevice: Homography, alpha: CGFloat) {
        let simulation = layer.frame.emitterSimulation(of: layer.index)
        guard !simulation.particles.isEmpty, alpha > 0 else { return }
        let sprites: [Sprite?] = simulation.cells.map { cell in
            guard let image = KeyedValue.unwrap(cell.contents) as? CGImage, image.width > 0, image.height > 0 else { return nil }
            let r = cell.contentsRect
            guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else { return nil }
            let w = CGFloat(image.width), h = CGFloat(image.height)
            let px = CGRect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h).integral
                .intersection(CGRect(x: 0, y: 0, width: w, height: h))
            guard !px.isNull, px.width >= 1, px.height >= 1 else { return nil }
            let s = cell.contentsScale > 0 && cell.contentsScale.isFinite ? cell.contentsScale : 1
            return Sprite(texture: textures.texture(for: image),
                          unit: CGRect(x: px.minX / w, y: px.minY / h, width: px.width / w, height: px.height / h),
                          width: px.width, height: px.height, pointsPerPixel: 1 / s,
                          nearest: cell.magnificationFilter == "nearest" && cell.minificationFilter == "nearest")
        }
        let additive = EmitterStyle(layer.extraValues).renderMode == .additive
        if additive {
            batch.flush()
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE))
        }
        simulation.particles.withUnsafeBufferPointer { particles in
            for p in particles {
                guard p.cell < sprites.count, let sprite = sprites[p.cell], p.alpha > 0, p.scale > 0 else { continue }
                let a = CGFloat(p.alpha) * alpha
                let k = CGFloat(p.scale) * sprite.pointsPerPixel
                var place = CGAffineTransform(translationX: -sprite.width / 2, y: -sprite.height / 2)
                    .concatenating(CGAffineTransform(scaleX: k, y: k))
                if p.angle != 0 { place = place.concatenating(CGAffineTransform(rotationAngle: CGFloat(p.angle))) }
                place = place.concatenating(CGAffineTransform(translationX: CGFloat(p.x), y: CGFloat(p.y)))
                let map = Homography(place).concatenating(toDevice)
                let shape = CGRect(x: 0, y: 0, width: sprite.width, height: sprite.height)
                let color = GLESColor(r: Float(CGFloat(p.red) * a), g: Float(CGFloat(p.green) * a),
                                      b: Float(CGFloat(p.blue) * a), a: Float(a))
                batch.add(GLESQuad(shape: shape, toDevice: map, color: color, margin: pixelMargin(of: shape, toDevice: map),
                                   textureRect: sprite.unit),
                          texture: sprite.texture, nearest: sprite.nearest, mipmapped: true)
            }
        }
        if additive {
            batch.flush()
            glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
    }
}
