import CALinuxCairo
import CALinuxPangoCairo
import CALinuxGLES
import CoreGraphics

/// Textures of `contents` images, uploaded once per image and kept while the image is drawn
/// (GL thread only). Images are immutable, so an image's identity is its key; the entry holds the
/// image, so the identity cannot be reused while the texture lives (`GLESKeptTextures`: entries
/// not drawn for a while are deleted).
final class GLESTextureCache {
    private let kept = GLESKeptTextures<ObjectIdentifier>()
    /// Lookups that found a texture, and uploads (for tests).
    @exclusivity(unchecked) private(set) var hits = 0
    @exclusivity(unchecked) private(set) var uploads = 0

    var count: Int { kept.count }

    /// The texture of `image`, uploaded now if it has none.
    func texture(for image: CGImage) -> GLuint {
        let key = ObjectIdentifier(image)
        if let texture = kept.texture(for: key) {
            hits += 1
            return texture
        }
        let texture = GLESTextureCache.upload(image)
        uploads += 1
        kept.keep(texture, for: key, holding: image)
        return texture
    }

    /// Ends a frame: deletes textures of images not drawn for a while.
    func endFrame() {
        kept.endFrame()
    }

    func deleteAll() {
        kept.deleteAll()
    }

    /// A new texture holding `image`'s pixels as cairo lays them out (premultiplied B, G, R, A bytes:
    /// the shader reads them swizzled). Opaque (RGB24) images get alpha 255, alpha-only ones black.
    static func upload(_ image: CGImage) -> GLuint {
        let surface = image.cairoSurface
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let format = cairo_image_surface_get_format(surface)
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        setSampling(nearest: false)
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return texture }
        if format == CAIRO_FORMAT_ARGB32, stride == width * 4 {
            glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                         GLenum(GL_UNSIGNED_BYTE), data)
            glGenerateMipmap(GLenum(GL_TEXTURE_2D))
            return texture
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                let o = (y * width + x) * 4
                switch format {
                case CAIRO_FORMAT_A8:
                    pixels[o + 3] = row[x]
                case CAIRO_FORMAT_RGB24:
                    pixels[o] = row[4 * x]; pixels[o + 1] = row[4 * x + 1]; pixels[o + 2] = row[4 * x + 2]; pixels[o + 3] = 255
                default:
                    pixels[o] = row[4 * x]; pixels[o + 1] = row[4 * x + 1]; pixels[o + 2] = row[4 * x + 2]; pixels[o + 3] = row[4 * x + 3]
                }
            }
        }
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), pixels)
        glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        return texture
    }

    /// Fills `texture` with `bitmap`'s pixels (a premultiplied ARGB32 bitmap: cairo's byte order, as
    /// every texture holds it), leaving it bound.
    static func upload(_ bitmap: CGContext, into texture: GLuint) {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        let surface = bitmap.cairoSurface
        cairo_surface_flush(surface)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(bitmap.width), GLsizei(bitmap.height), 0,
                     GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), cairo_image_surface_get_data(surface))
    }

    /// Sets the bound texture's filter (nearest or bilinear) and edge clamping (the edge pixels
    /// repeat, as `contentsRect` outside the unit square shows them).
    /// A mipmapped texture (an image's) is minified trilinearly: close to the box filter cairo shrinks
    /// images with, where bilinear sampling of a shrunk image would skip texels.
    static func setSampling(nearest: Bool, mipmapped: Bool = false) {
        let filter = nearest ? GL_NEAREST : GL_LINEAR
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), !nearest && mipmapped ? GL_LINEAR_MIPMAP_LINEAR : filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filter)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    }
}
