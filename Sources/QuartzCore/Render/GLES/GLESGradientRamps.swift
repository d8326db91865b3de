import CALinuxGLES
import CoreGraphics

/// One-row textures of gradients' colours (GL thread only): texel i holds the colour at
/// i / (width - 1), interpolated straight between the stops (as cairo does), then premultiplied;
/// kept by the stops while drawn (`GLESKeptTextures`).
final class GLESGradientRamps {
    static let width = 512

    private let kept = GLESKeptTextures<[Double]>()
    @exclusivity(unchecked) private var texels = [UInt8](repeating: 0, count: GLESGradientRamps.width * 4)
    /// Ramps computed and uploaded (for tests).
    @exclusivity(unchecked) private(set) var uploads = 0

    /// The ramp texture of `gradient`, made now if it has none.
    func texture(for gradient: CGGradient) -> GLuint {
        let key = gradient.stopValues
        if let texture = kept.texture(for: key) { return texture }
        let n = Self.width
        for i in 0..<n {
            let c = gradient.color(at: Double(i) / Double(n - 1))
            func byte(_ v: Double) -> UInt8 { UInt8(min(max(v * c.a * 255 + 0.5, 0), 255)) }
            // Premultiplied, in cairo's byte order (blue first), as every texture holds it.
            texels[4 * i] = byte(c.b); texels[4 * i + 1] = byte(c.g); texels[4 * i + 2] = byte(c.r); texels[4 * i + 3] = byte(1)
        }
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        GLESTextureCache.setSampling(nearest: false)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(n), 1, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), texels)
        uploads += 1
        kept.keep(texture, for: key)
        return texture
    }

    /// Ends a frame: deletes ramps not drawn for a while.
    func endFrame() {
        kept.endFrame()
    }

    func deleteAll() {
        kept.deleteAll()
    }
}
