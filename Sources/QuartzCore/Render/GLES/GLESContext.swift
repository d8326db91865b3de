import CALinuxEGL
import CALinuxGLES
import Foundation

/// Why the GPU back end cannot draw: what failed, in one line (`GLESContext`, `GLESRenderer`).
package struct GLESError: Error, CustomStringConvertible, Equatable {
    package let description: String
    package init(_ description: String) { self.description = description }

    /// `what` failed with EGL's last error code.
    static func egl(_ what: String) -> GLESError {
        GLESError("\(what) failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
    }
}

/// An EGL display and an OpenGL ES context on it (ES 3, else ES 2), the one place the project
/// talks to EGL about contexts.
///
/// Contexts made from one root share its objects (programs, textures), so shaders are compiled once
/// per display: `GLESContext.offscreen()` is the process's root for drawing without a window (Mesa's
/// surfaceless platform: no compositor, no display server), and every `GLESRenderer` on it makes its
/// own context sharing with that root, current on the thread that draws.
package final class GLESContext: @unchecked Sendable {
    package let display: EGLDisplay
    package let context: EGLContext
    /// The config surfaces of this context are made with (nil: a configless context, offscreen only).
    package let config: EGLConfig?
    /// 3 or 2.
    package let majorVersion: Int
    /// `GL_RENDERER`, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    package let rendererName: String
    /// The share group's compiled programs (compiled once, by the first context that draws).
    let programs: GLESProgramCache

    private init(display: EGLDisplay, context: EGLContext, config: EGLConfig?, majorVersion: Int,
                 rendererName: String, programs: GLESProgramCache) {
        self.display = display
        self.context = context
        self.config = config
        self.majorVersion = majorVersion
        self.rendererName = rendererName
        self.programs = programs
    }

    deinit {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
        eglDestroyContext(display, context)
    }

    private static let offscreenLock = NSLock()
    nonisolated(unsafe) private static var offscreenRoot: Result<GLESContext, GLESError>?

    /// The process's root context for offscreen drawing (made on first use; a failure is remembered).
    /// `CA_GLES_DISABLE=1` makes it fail, as a machine without EGL would (for testing the fallback).
    package static func offscreen() throws -> GLESContext {
        offscreenLock.lock()
        defer { offscreenLock.unlock() }
        if let made = offscreenRoot { return try made.get() }
        let made: Result<GLESContext, GLESError>
        do { made = .success(try makeOffscreenRoot()) } catch let error as GLESError { made = .failure(error) } catch {
            made = .failure(GLESError("\(error)"))
        }
        offscreenRoot = made
        return try made.get()
    }

    private static func makeOffscreenRoot() throws -> GLESContext {
        if ProcessInfo.processInfo.environment["CA_GLES_DISABLE"] == "1" {
            throw GLESError("EGL disabled by CA_GLES_DISABLE=1")
        }
        guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw GLESError.egl("eglGetPlatformDisplay(surfaceless)")
        }
        return try make(display: display, surfaceType: nil, sharing: nil)
    }

    /// The root context for windows on `display` (an EGL display on a Wayland connection, initialized
    /// here): its config draws to window surfaces; it is current on no thread when this returns (the
    /// window's render thread makes it current on the window's surface). `CA_GLES_DISABLE=1` makes
    /// it fail, as for `offscreen()`.
    package static func windowRoot(on display: EGLDisplay) throws -> GLESContext {
        if ProcessInfo.processInfo.environment["CA_GLES_DISABLE"] == "1" {
            throw GLESError("EGL disabled by CA_GLES_DISABLE=1")
        }
        let root = try make(display: display, surfaceType: EGL_WINDOW_BIT, sharing: nil)
        root.releaseCurrent()
        return root
    }

    /// Whether the display's GL is a rasterizer on the CPU (Mesa's llvmpipe or softpipe, "swrast"):
    /// from `EGL_MESA_query_driver`'s driver name where offered, else the `GL_RENDERER` string.
    package var isSoftwareRasterizer: Bool {
        if let pointer = eglGetProcAddress("eglGetDisplayDriverName") {
            typealias DriverName = @convention(c) (EGLDisplay?) -> UnsafePointer<CChar>?
            let driverName = unsafeBitCast(pointer, to: DriverName.self)
            if let name = driverName(display).map({ String(cString: $0) }) {
                return ["swrast", "kms_swrast", "llvmpipe", "softpipe"].contains(name)
            }
        }
        let name = rendererName.lowercased()
        return name.contains("llvmpipe") || name.contains("softpipe") || name.contains("swiftshader")
    }

    /// Makes no context current on the calling thread if this one is.
    package func releaseCurrent() {
        if eglGetCurrentContext() == context { eglMakeCurrent(display, nil, nil, nil) }
    }

    /// A root context on `display` (initialized here) whose config draws to surfaces of
    /// `surfaceType` (e.g. `EGL_WINDOW_BIT`; nil: no surface, a configless context).
    package static func make(display: EGLDisplay, surfaceType: EGLint?, sharing root: GLESContext?) throws -> GLESContext {
        var major: EGLint = 0, minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else { throw GLESError.egl("eglInitialize") }
        guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else { throw GLESError.egl("eglBindAPI(OpenGL ES)") }
        var config: EGLConfig?
        if let surfaceType {
            let attributes: [EGLint] = [EGL_SURFACE_TYPE, surfaceType, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
                                        EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8, EGL_STENCIL_SIZE, 8,
                                        EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE]
            var count: EGLint = 0
            guard eglChooseConfig(display, attributes, &config, 1, &count) == EGL_TRUE, count > 0 else {
                throw GLESError.egl("eglChooseConfig(RGBA8, stencil 8)")
            }
        }
        for version in [3, 2] {
            let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, EGLint(version), EGL_NONE]
            guard let context = eglCreateContext(display, config, root?.context, attributes) else { continue }
            guard eglMakeCurrent(display, nil, nil, context) == EGL_TRUE || surfaceType != nil else {
                eglDestroyContext(display, context)
                throw GLESError.egl("eglMakeCurrent(surfaceless)")
            }
            let name = glGetString(GLenum(GL_RENDERER)).map { String(cString: $0) } ?? "unknown"
            return GLESContext(display: display, context: context, config: config, majorVersion: version,
                               rendererName: name, programs: root?.programs ?? GLESProgramCache())
        }
        throw GLESError.egl("eglCreateContext(OpenGL ES 3 or 2)")
    }

    /// A new context sharing this one's objects, on the same display and config.
    package func makeShared() throws -> GLESContext {
        let attributes: [EGLint] = [EGL_CONTEXT_MAJOR_VERSION, EGLint(majorVersion), EGL_NONE]
        guard let shared = eglCreateContext(display, config, context, attributes) else {
            throw GLESError.egl("eglCreateContext(shared)")
        }
        return GLESContext(display: display, context: shared, config: config, majorVersion: majorVersion,
                           rendererName: rendererName, programs: programs)
    }

    /// Makes the context current on the calling thread, drawing to `surface` (nil: none, offscreen).
    package func makeCurrent(surface: EGLSurface? = nil) throws {
        if eglGetCurrentContext() == context, eglGetCurrentSurface(EGLint(EGL_DRAW)) == surface { return }
        guard eglMakeCurrent(display, surface, surface, context) == EGL_TRUE else { throw GLESError.egl("eglMakeCurrent") }
    }
}
