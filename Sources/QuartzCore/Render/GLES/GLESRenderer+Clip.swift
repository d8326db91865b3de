import CGLES
import CoreGraphics

// `masksToBounds` clips that the scissor cannot do (rotated, in perspective, rounded): the clip's
// shape is drawn into the stencil buffer, each nested clip one level deeper, and what lies inside is
// drawn where the stencil holds the current level. Their edges are aliased (the pixel centre decides),
// where cairo's clips are antialiased.
extension GLESRenderer {
    /// Pushes `layer`'s outline (its bounds with its corner radius) as a clip.
    func pushStencilClip(_ layer: RenderLayer, toDevice: Homography, radius: CGFloat) {
        drawStencilShape(layer.bounds, toDevice: toDevice, radius: radius, operation: GLenum(GL_INCR))
        stencilDepth += 1
        glStencilFunc(GLenum(GL_EQUAL), GLint(stencilDepth), 0xFF)
    }

    /// Pops the clip pushed last for `layer`.
    func popStencilClip(_ layer: RenderLayer, toDevice: Homography, radius: CGFloat) {
        drawStencilShape(layer.bounds, toDevice: toDevice, radius: radius, operation: GLenum(GL_DECR))
        stencilDepth -= 1
        if stencilDepth == 0 {
            glDisable(GLenum(GL_STENCIL_TEST))
        } else {
            glStencilFunc(GLenum(GL_EQUAL), GLint(stencilDepth), 0xFF)
        }
    }

    /// Changes the stencil by `operation` where `rect` (rounded by `radius`) covers pixel centres
    /// inside the current clip, drawing no colour.
    private func drawStencilShape(_ rect: CGRect, toDevice: Homography, radius: CGFloat, operation: GLenum) {
        batch.flush()
        if stencilDepth == 0 { glEnable(GLenum(GL_STENCIL_TEST)) }
        glColorMask(GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE), GLboolean(GL_FALSE))
        glStencilFunc(GLenum(GL_EQUAL), GLint(stencilDepth), 0xFF)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), operation)
        batch.setClipPass(true)
        batch.add(GLESQuad(shape: rect, toDevice: toDevice, color: GLESColor(r: 1, g: 1, b: 1, a: 1), radius: radius,
                           aliased: true, margin: radius > 0 ? pixelMargin(of: rect, toDevice: toDevice) : 0))
        batch.flush()
        batch.setClipPass(false)
        glStencilOp(GLenum(GL_KEEP), GLenum(GL_KEEP), GLenum(GL_KEEP))
        glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
    }
}
