import CGLES
import CoreGraphics

/// One-row textures of gradients' colours (GL thread only): texel i holds the colour at
/// i / (width - 1), interpolated straight between the stops (as cairo does), then premultiplied. Keyed by the stops; entries not drawn for `keptFrames` frames are deleted.
final class GLESGradientRamps {
    static let width = 512
    static let keptFrames: UInt64 = 120

    private struct Entry {
        let texture: GLuint
        var lastFrame: UInt64
    }

    private var entries: [[Double]: Entry] = [:]
    private var frame: UInt64 = 0
    private var texels = [UInt8](repeating: 0, count: GLESGradientRamps.width * 4)
    /// Ramps computed and uploaded (for tests).
    private(set) var uploads = 0

    /// The texture coordinate along a ramp of `t` (0 at the first texel's centre, 1 at the last's).
    static func coordinate(_ t: CGFloat) -> CGFloat {
        (0.5 + t * CGFloat(width - 1)) / CGFloat(width)
    }

    /// The ramp texture of `gradient`, made now if it has none.
    func texture(for gradient: CGGradient) -> GLuint {
        let key = gradient.stopValues
        if var entry = entries[key] {
            entry.lastFrame = frame
            entries[key] = entry
            return entry.texture
        }
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
        entries[key] = Entry(texture: texture, lastFrame: frame)
        return texture
    }

    /// Ends a frame: deletes ramps not drawn for a while.
    func endFrame() {
        frame += 1
        guard frame % 30 == 0 else { return }
        for (key, entry) in entries where frame - entry.lastFrame > Self.keptFrames {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
            entries[key] = nil
        }
    }

    func deleteAll() {
        for entry in entries.values {
            var texture = entry.texture
            glDeleteTextures(1, &texture)
        }
        entries.removeAll()
    }
}
