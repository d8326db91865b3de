import CALinuxGLES
import CoreGraphics

// `compositingFilter` on the GPU: the layer with its sublayers drawn into an offscreen target (as
// group opacity is), the pixels beneath it copied into a texture, and the two composited by
// `GLESBlendProgram` with the blend mode's formula.
extension GLESRenderer {
    /// Draws `layer` (drawn natively, under an affine map) and its sublayers as one group composited
    /// onto what is drawn beneath with its `compositingBlendMode`, at `alpha` (the inherited opacity).
    func drawBlended(_ layer: RenderLayer, toViewer: Homography, toDevice: Homography, alpha: CGFloat) {
        guard let affine = toDevice.affineTransform, let program = blendProgram() else {
            return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        }
        var box = currentScissor
        if let extent = boundedExtent(of: layer) { box = extent.applying(affine).integral.intersection(currentScissor) }
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        let drawn = drawOffscreen(box) { shift in
            drawComposited(layer, toViewer: toViewer, toDevice: toDevice.concatenating(shift), alpha: 1)
        }
        guard let source = drawn, let backdrop = groups.acquire(width: Int(box.width), height: Int(box.height)) else {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), currentFramebuffer)
            return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha)
        }
        // (Making a target binds its framebuffer.)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), currentFramebuffer)
        // The pixels beneath, as the current target holds them (its rows from its first).
        let row = flipsRows ? box.minY : CGFloat(targetHeight) - box.maxY
        glBindTexture(GLenum(GL_TEXTURE_2D), backdrop.texture)
        glCopyTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, 0, 0, GLint(box.minX), GLint(row),
                            GLsizei(box.width), GLsizei(box.height))
        guard glGetError() == GLenum(GL_NO_ERROR) else {
            // A surface whose pixels cannot be copied (no alpha): composited as normal.
            addDeviceBitmap(box, texture: source.texture, alpha: alpha)
            return
        }
        let scissor = currentScissor
        setScissor(box)
        glDisable(GLenum(GL_BLEND))
        program.run(source: source.texture, backdrop: backdrop.texture, box: box, backdropRow: row,
                    blendMode: layer.compositingBlendMode, opacity: alpha, flipsRows: flipsRows,
                    targetHeight: targetHeight)
        glEnable(GLenum(GL_BLEND))
        setScissor(scissor)
        batch.programChanged()
        stats.blends += 1
    }

    /// The blend mode program of this renderer's share group; nil when it does not compile (GL has
    /// then failed: later frames are drawn in software).
    private func blendProgram() -> GLESBlendProgram? {
        do {
            return try context.programs.blendProgram(majorVersion: context.majorVersion)
        } catch let error as GLESError {
            fail(error)
        } catch {
            fail(GLESError("\(error)"))
        }
        return nil
    }
}
