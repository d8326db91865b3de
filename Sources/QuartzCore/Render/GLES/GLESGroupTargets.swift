import CALinuxGLES
import CoreGraphics

/// One offscreen target of a group (a layer drawn with its sublayers at full opacity, then composited
/// at its opacity): a texture to draw into, with a stencil buffer.
struct GLESGroupTarget {
    var framebuffer: GLuint
    var texture: GLuint
    var stencil: GLuint
    var width: Int
    var height: Int
}

/// The group targets of a renderer (GL thread only): handed out per frame, reused by size in later
/// frames, deleted when a frame did not use them.
final class GLESGroupTargets {
    @exclusivity(unchecked) private var free: [GLESGroupTarget] = []
    @exclusivity(unchecked) private var used: [GLESGroupTarget] = []

    /// A target of at least `width` × `height` pixels (nil when GL cannot make one).
    func acquire(width: Int, height: Int) -> GLESGroupTarget? {
        if let i = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            let target = free.remove(at: i)
            used.append(target)
            return target
        }
        var target = GLESGroupTarget(framebuffer: 0, texture: 0, stencil: 0, width: width, height: height)
        glGenTextures(1, &target.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), target.texture)
        GLESTextureCache.setSampling(nearest: true)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), nil)
        glGenRenderbuffers(1, &target.stencil)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), target.stencil)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_STENCIL_INDEX8), GLsizei(width), GLsizei(height))
        glGenFramebuffers(1, &target.framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), target.framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), target.texture, 0)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), target.stencil)
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            delete(target)
            return nil
        }
        used.append(target)
        return target
    }

    /// Ends a frame: every target is free again; those no frame used since the previous end are deleted.
    func endFrame() {
        for target in free { delete(target) }
        // The used targets become the free ones; both arrays keep their storage.
        swap(&free, &used)
        used.removeAll(keepingCapacity: true)
    }

    func deleteAll() {
        for target in free + used { delete(target) }
        free = []
        used = []
    }

    private func delete(_ target: GLESGroupTarget) {
        var t = target
        if t.framebuffer != 0 { glDeleteFramebuffers(1, &t.framebuffer) }
        if t.texture != 0 { glDeleteTextures(1, &t.texture) }
        if t.stencil != 0 { glDeleteRenderbuffers(1, &t.stencil) }
    }
}
