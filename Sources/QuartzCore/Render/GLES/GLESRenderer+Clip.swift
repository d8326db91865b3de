import CALinuxGLES
import CoreGraphics

// `masksToBounds` clips. On whole pixels, axis-aligned and square, a clip is the scissor. Otherwise,
// under an affine map, what lies inside is drawn into an offscreen target over the clip's device box,
// which is then drawn through the layer's outline with the shader's edge coverage: antialiased edges,
// as cairo's clips have. Under perspective (where a device-space target cannot be sampled through
// the outline's interpolation) the outline is drawn into the stencil buffer, each nested clip one
// level deeper, and what lies inside is drawn where the stencil holds the current level: those edges
// are aliased (the pixel centre decides).
extension GLESRenderer {
    /// Draws `body` clipped to `layer`'s outline (its bounds, corners of `radius`). `body` gets the map
    /// from the current device space to the one it draws into (a translation when the clip draws
    /// into an offscreen target, otherwise the identity), as `drawOffscreen`'s does.
    func drawClipped(to layer: RenderLayer, toDevice: Homography, radius: CGFloat, _ body: (_ shift: Homography) -> Void) {
        if let clip = pixelAlignedClip(of: layer, toDevice: toDevice) {
            let saved = currentScissor
            batch.flush()
            let inside = currentScissor.intersection(clip)
            setScissor(inside.isNull ? .zero : inside)
            body(.identity)
            batch.flush()
            setScissor(saved)
            return
        }
        if let affine = toDevice.affineTransform {
            let box = layer.bounds.applying(affine).integral.intersection(currentScissor)
            guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
            if let target = drawOffscreen(box, body) {
                stats.clipTargets += 1
                // Bounds space to the target's unit square (its rows from the top, as the device's).
                let toTarget = affine.concatenating(CGAffineTransform(a: 1 / box.width, b: 0, c: 0, d: 1 / box.height,
                                                                      tx: -box.minX / box.width, ty: -box.minY / box.height))
                batch.add(GLESQuad(shape: layer.bounds, toDevice: toDevice, color: .white(1), radius: radius, corners: corners(of: layer),
                                   margin: pixelMargin(of: layer.bounds, toDevice: toDevice),
                                   textureRect: GLESQuad.wholeTexture, textureMap: toTarget),
                          texture: target.texture, nearest: true)
                return
            }
        }
        pushStencilClip(layer, toDevice: toDevice, radius: radius)
        body(.identity)
        popStencilClip(layer, toDevice: toDevice, radius: radius)
    }

    /// Pushes `layer`'s outline (its bounds with its corner radius) as a clip.
    func pushStencilClip(_ layer: RenderLayer, toDevice: Homography, radius: CGFloat) {
        drawStencilShape(layer.bounds, toDevice: toDevice, radius: radius, corners: corners(of: layer), operation: GLenum(GL_INCR))
        stencilDepth += 1
        glStencilFunc(GLenum(GL_EQUAL), GLint(stencilDepth), 0xFF)
    }

    /// Pops the clip pushed last for `layer`.
    func popStencilClip(_ layer: RenderLayer, toDevice: Homography, radius: CGFloat) {
        drawStencilShape(layer.bounds, toDevice: toDevice, radius: radius, corners: corners(of: layer), operation: GLenum(GL_DECR))
        stencilDepth -= 1
        if stencilDepth == 0 {
            glDisable(GLenum(GL_STENCIL_TEST))
        } else {
            glStencilFunc(GLenum(GL_EQUAL), GLint(stencilDepth), 0xFF)
        }
    }

    /// Changes the stencil by `operation` where `rect` (rounded by `radius`) covers pixel centres
    /// inside the current clip, drawing no colour.
    private func drawStencilShape(_ rect: CGRect, toDevice: Homography, radius: CGFloat, corners: UInt8, operation: GLenum) {
        batch.flush()
        if !stencilCleared {
            // The whole target, whatever the scissor is now (a later clip may reach further).
            let scissor = currentScissor
            setScissor(targetBounds)
            glClearStencil(0)
            glClear(GLbitfield(GL_STENCIL_BUFFER_BIT))
            setScissor(scissor)
            stencilCleared = true
        }
        if stencilDepth == 0 { glEnable(GLenum(GL_STENCIL_TEST)) }
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        glStencilFunc(GLenum(GL_EQUAL), GLint(stencilDepth), 0xFF)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), operation)
        batch.setClipPass(true)
        batch.add(GLESQuad(shape: rect, toDevice: toDevice, color: GLESColor(r: 1, g: 1, b: 1, a: 1), radius: radius,
                           corners: corners, aliased: true, margin: radius > 0 ? pixelMargin(of: rect, toDevice: toDevice) : 0))
        batch.flush()
        batch.setClipPass(false)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
    }
}
