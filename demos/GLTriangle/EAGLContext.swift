import CALinuxEGL
import CALinuxGLES
import CoreGraphics
import Foundation
import QuartzCore

/// The OpenGL ES versions an `EAGLContext` can be asked for (iOS's `EAGLRenderingAPI`).
enum EAGLRenderingAPI: Int {
    case openGLES1 = 1, openGLES2, openGLES3
}

/// iOS's `EAGLContext` for the GL listings, over an EGL context of the project's (`GLESContext`):
/// Mesa's surfaceless platform, so it draws with no window and no display. Its drawables are
/// `CAEAGLLayer`s: `renderbufferStorage(_:from:)` gives the bound renderbuffer the layer's pixel
/// size, and `presentRenderbuffer(_:)` reads that renderbuffer back into the layer's contents
/// (iOS hands the renderbuffer to the compositor instead; there is no such path here).
final class EAGLContext {
    let api: EAGLRenderingAPI
    private let context: GLESContext
    /// The layers whose pixels back renderbuffers, by renderbuffer name.
    private var drawables: [GLuint: WeakLayer] = [:]

    private struct WeakLayer { weak var layer: CAEAGLLayer? }

    nonisolated(unsafe) private static var currentContext: EAGLContext?
    /// Why the last `init(api:)` gave nil, in one line (iOS says nothing; a listing here can tell).
    nonisolated(unsafe) private(set) static var lastFailure: String?

    /// A context of `api`, or nil when EGL or OpenGL ES cannot be had (no driver, `CA_GLES_DISABLE=1`).
    /// ES 1 is not offered: its fixed pipeline is not in EGL's ES 2/3 contexts.
    init?(api: EAGLRenderingAPI) {
        guard api != .openGLES1 else {
            Self.lastFailure = "OpenGL ES 1 is not available"
            return nil
        }
        do {
            let made = try GLESContext.offscreen().makeShared()
            guard made.majorVersion >= api.rawValue else {
                Self.lastFailure = "OpenGL ES \(api.rawValue) is not available (ES \(made.majorVersion) is)"
                return nil
            }
            context = made
        } catch {
            Self.lastFailure = "\(error)"
            return nil
        }
        self.api = api
    }

    deinit {
        if Self.currentContext === self { Self.currentContext = nil }
    }

    /// Makes `context` the calling thread's current context (nil: none); false when EGL refuses.
    @discardableResult
    static func setCurrent(_ context: EAGLContext?) -> Bool {
        guard let context else {
            currentContext?.context.releaseCurrent()
            currentContext = nil
            return true
        }
        guard (try? context.context.makeCurrent()) != nil else { return false }
        currentContext = context
        return true
    }

    static func current() -> EAGLContext? { currentContext }

    /// Gives the renderbuffer bound to `target` storage for `drawable`'s pixels (its bounds times its
    /// contentsScale, RGBA8); false for anything but a `CAEAGLLayer` of at least one pixel.
    @discardableResult
    func renderbufferStorage(_ target: Int, from drawable: CAEAGLLayer?) -> Bool {
        guard Self.currentContext === self, let layer = drawable else { return false }
        let (width, height) = layer.drawablePixelSize
        guard width > 0, height > 0 else { return false }
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
        guard bound != 0 else { return false }
        glRenderbufferStorage(GLenum(target), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        guard glGetError() == GL_NO_ERROR else { return false }
        drawables[GLuint(bound)] = WeakLayer(layer: layer)
        return true
    }

    /// Shows the renderbuffer bound to `target` in the layer it was made for; false when it was made
    /// for none or cannot be read.
    @discardableResult
    func presentRenderbuffer(_ target: Int) -> Bool {
        guard Self.currentContext === self else { return false }
        var bound: GLint = 0
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &bound)
        guard let layer = drawables[GLuint(bound)]?.layer else { return false }
        var width: GLint = 0, height: GLint = 0
        glGetRenderbufferParameteriv(GLenum(target), GLenum(GL_RENDERBUFFER_WIDTH), &width)
        glGetRenderbufferParameteriv(GLenum(target), GLenum(GL_RENDERBUFFER_HEIGHT), &height)
        guard width > 0, height > 0, let image = readPixels(of: GLuint(bound), width: Int(width), height: Int(height)) else {
            return false
        }
        layer.present(image)
        return true
    }

    /// The renderbuffer's pixels as an image (rows top first), read through a framebuffer of its own so
    /// that the caller's bindings stay as they were.
    private func readPixels(of renderbuffer: GLuint, width: Int, height: Int) -> CGImage? {
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        defer {
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
            glDeleteFramebuffers(1, &framebuffer)
        }
        guard glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GL_FRAMEBUFFER_COMPLETE else { return nil }
        let rowBytes = width * 4
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        guard glGetError() == GL_NO_ERROR else { return nil }
        // GL's row 0 is the bottom one.
        var flipped = Data(capacity: pixels.count)
        for row in (0..<height).reversed() { flipped.append(contentsOf: pixels[(row * rowBytes)..<((row + 1) * rowBytes)]) }
        guard let provider = CGDataProvider(data: flipped) else { return nil }
        // What GL draws with blending off is stored as it is: opaque pixels, or colours already
        // multiplied by their alpha (premultiplied textures), as Core Animation composites them.
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: rowBytes,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                       provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }
}
