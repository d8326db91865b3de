import CALinuxGLES
import CoreGraphics
import Foundation

/// GLKit's description of a loaded texture.
struct GLKTextureInfo {
    let name: GLuint
    let width: Int
    let height: Int
}

/// GLKit's `GLKTextureLoader` for what this platform decodes: a PNG file becomes a 2D texture of
/// premultiplied RGBA8 in the current context, its first row the picture's top (GLKit's default
/// origin), filtered linearly. PVRTC (the book's compressed format) is PowerVR's and not offered.
enum GLKTextureLoader {
    struct LoadError: Error, CustomStringConvertible { let description: String }

    static func texture(withContentsOfFile path: String, options: [String: Any]?) throws -> GLKTextureInfo {
        guard let provider = CGDataProvider(filename: path),
              let image = CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        else { throw LoadError(description: "\(path): not a PNG file") }
        let width = image.width, height = image.height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let drawn = pixels.withUnsafeMutableBytes { bytes -> Bool in
            guard let ctx = CGContext(data: bytes.baseAddress, width: width, height: height, bitsPerComponent: 8,
                                      bytesPerRow: width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return false }
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
            return true
        }
        guard drawn else { throw LoadError(description: "\(path): a \(width)x\(height) picture cannot be drawn") }
        var name: GLuint = 0
        glGenTextures(1, &name)
        glBindTexture(GLenum(GL_TEXTURE_2D), name)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), pixels)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        let error = glGetError()
        guard error == GL_NO_ERROR else {
            glDeleteTextures(1, &name)
            throw LoadError(description: "\(path): the texture was refused (GL error 0x\(String(error, radix: 16)))")
        }
        return GLKTextureInfo(name: name, width: width, height: height)
    }
}
