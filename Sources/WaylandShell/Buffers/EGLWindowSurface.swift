#if os(Linux)
import CALinuxEGL
import CALinuxWaylandEGL
import Glibc

/// What a window needs to draw with OpenGL ES: an EGL display made on the window's connection
/// (`WaylandWindow.eglDisplay`, initialized by whoever made the contexts), a config that draws to
/// window surfaces, and a context of that config which the render thread makes current on the
/// window's surface for its own EGL calls (the swap interval, the buffer age, the swap). The
/// contexts that draw share objects with it and make themselves current on the same surface.
package struct WaylandEGLConfiguration: @unchecked Sendable {
    package var display: UnsafeMutableRawPointer
    package var config: UnsafeMutableRawPointer
    package var context: UnsafeMutableRawPointer

    package init(display: UnsafeMutableRawPointer, config: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer) {
        self.display = display
        self.config = config
        self.context = context
    }
}

/// A frame to draw into a window's EGL surface (the second buffer strategy of the render loop;
/// `WaylandPixelBuffer` is the first). The callee makes its contexts current on `surface`, repaints
/// what differs from the picture the back buffer holds, and leaves the swap to the window.
package struct WaylandEGLFrame: @unchecked Sendable {
    /// The `EGLSurface` of the window.
    package let surface: UnsafeMutableRawPointer
    /// Size in device pixels (the window's size in points × `contentScale`, rounded).
    package let width: Int
    package let height: Int
    /// The integer buffer scale (1 when the scale is fractional) and the device pixels per point.
    package let scale: Int
    package let contentScale: Double
    /// As `WaylandPixelBuffer`'s: the frame's target time, the refresh interval.
    package let targetTime: Double
    package let refreshInterval: Double
    /// How many frames ago the back buffer was drawn (`EGL_EXT_buffer_age`); 0 when unknown (no
    /// extension, a new size): repaint everything.
    package let age: Int
}

/// A window's `wl_egl_window` and its `EGLSurface`: render thread only (every call, creation and
/// destruction included, happens on the window's render thread, where the configuration's context
/// is made current on the surface).
///
/// Mesa's EGL reads the Wayland socket on a queue of its own inside some calls (`eglSwapBuffers`
/// waits for the previous swap's sync callback and for a free buffer; the buffer age query may
/// wait for a buffer too). libwayland lets several readers share the socket only through
/// `prepare_read`/`read_events`, and a thread that holds a read intent of its own while calling in
/// here would wait for itself. So the render loop calls in here only outside its
/// `prepare_read_queue` … `read_events`/`cancel_read` window, and after a swap it hands events that
/// Mesa read for other queues on (its own are dispatched by its next turn; the default queue's
/// by the main thread).
final class EGLWindowSurface {
    let configuration: WaylandEGLConfiguration
    private var window: OpaquePointer?
    private(set) var surface: UnsafeMutableRawPointer?
    private(set) var width: Int
    private(set) var height: Int
    /// `EGL_EXT_buffer_age`: the back buffer's age can be asked.
    private let hasBufferAge: Bool
    /// `eglSwapBuffersWithDamageKHR` (or EXT), when the display offers it.
    private let swapWithDamage: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC?
    /// EGL rectangles for the swap (x, y from the bottom, width, height), reused.
    private var rectangles: [EGLint] = []

    /// Makes the `wl_egl_window` of `width` × `height` pixels on `surface` and its EGL surface,
    /// makes the configuration's context current on it and turns the swap interval to 0 (the
    /// window's `wl_surface.frame` callbacks pace it, not EGL). Throws one line naming what failed.
    init(configuration: WaylandEGLConfiguration, surface wlSurface: OpaquePointer, width: Int, height: Int) throws {
        self.configuration = configuration
        self.width = width
        self.height = height
        let display = configuration.display
        let extensions = eglQueryString(display, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
        let names = Set(extensions.split(separator: " ").map(String.init))
        hasBufferAge = names.contains("EGL_EXT_buffer_age")
        var damageProc: UnsafeMutableRawPointer?
        if names.contains("EGL_KHR_swap_buffers_with_damage") {
            damageProc = unsafeBitCast(eglGetProcAddress("eglSwapBuffersWithDamageKHR"), to: UnsafeMutableRawPointer?.self)
        } else if names.contains("EGL_EXT_swap_buffers_with_damage") {
            damageProc = unsafeBitCast(eglGetProcAddress("eglSwapBuffersWithDamageEXT"), to: UnsafeMutableRawPointer?.self)
        }
        swapWithDamage = damageProc.map { unsafeBitCast($0, to: PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC.self) }

        guard let window = wl_egl_window_create(wlSurface, Int32(width), Int32(height)) else {
            throw EGLSurfaceError("wl_egl_window_create failed")
        }
        self.window = window
        guard let made = eglCreatePlatformWindowSurface(display, configuration.config, UnsafeMutableRawPointer(window), nil) else {
            let error = EGLSurfaceError.egl("eglCreatePlatformWindowSurface")
            wl_egl_window_destroy(window)
            self.window = nil
            throw error
        }
        self.surface = made
        guard eglMakeCurrent(display, made, made, configuration.context) == EGL_TRUE else {
            let error = EGLSurfaceError.egl("eglMakeCurrent(window surface)")
            destroy()
            throw error
        }
        guard eglSwapInterval(display, 0) == EGL_TRUE else {
            let error = EGLSurfaceError.egl("eglSwapInterval(0)")
            destroy()
            throw error
        }
    }

    deinit {
        destroy()
    }

    /// Gives the window a new size (`wl_egl_window_resize`): the next back buffer has it.
    func resize(width: Int, height: Int) {
        guard let window, width != self.width || height != self.height else { return }
        wl_egl_window_resize(window, Int32(width), Int32(height), 0, 0)
        self.width = width
        self.height = height
    }

    /// Makes the configuration's context current on the surface unless a context is current on it
    /// already (the drawing contexts leave theirs).
    private func ensureCurrent() throws {
        guard let surface else { throw EGLSurfaceError("the window surface is gone") }
        if eglGetCurrentSurface(EGL_DRAW) == surface, eglGetCurrentContext() != nil { return }
        guard eglMakeCurrent(configuration.display, surface, surface, configuration.context) == EGL_TRUE else {
            throw EGLSurfaceError.egl("eglMakeCurrent(window surface)")
        }
    }

    /// The back buffer's age (`EGL_BUFFER_AGE_EXT`): 1 when it holds the frame on screen, 2 the one
    /// before, …; 0 when unknown (no extension, a new buffer). Throws when the context cannot be
    /// made current.
    func bufferAge() throws -> Int {
        try ensureCurrent()
        guard hasBufferAge, let surface else { return 0 }
        var age: EGLint = 0
        guard eglQuerySurface(configuration.display, surface, EGL_BUFFER_AGE_EXT, &age) == EGL_TRUE else { return 0 }
        return max(0, Int(age))
    }

    /// Swaps, which attaches the back buffer and commits the `wl_surface`: with `damage` (device
    /// pixels, y down; nil: everything) through `eglSwapBuffersWithDamage` when the display has it.
    /// Throws one line naming what failed (a lost context, a dead surface).
    func swap(damage: [WaylandRect]?) throws {
        try ensureCurrent()
        guard let surface else { throw EGLSurfaceError("the window surface is gone") }
        if let swapWithDamage, let damage, !damage.isEmpty {
            rectangles.removeAll(keepingCapacity: true)
            for r in damage {
                let x0 = max(0, r.x), y0 = max(0, r.y)
                let x1 = min(width, r.x + r.width), y1 = min(height, r.y + r.height)
                guard x1 > x0, y1 > y0 else { continue }
                rectangles += [EGLint(x0), EGLint(height - y1), EGLint(x1 - x0), EGLint(y1 - y0)]
            }
            let ok = rectangles.withUnsafeBufferPointer { rects in
                swapWithDamage(configuration.display, surface, rects.baseAddress, EGLint(rects.count / 4))
            }
            guard ok == EGL_TRUE else { throw EGLSurfaceError.egl("eglSwapBuffersWithDamage") }
        } else {
            guard eglSwapBuffers(configuration.display, surface) == EGL_TRUE else {
                throw EGLSurfaceError.egl("eglSwapBuffers")
            }
        }
    }

    /// Whether swaps carry damage (else the compositor repaints the whole surface).
    var swapsWithDamage: Bool { swapWithDamage != nil }

    /// Releases the context, destroys the EGL surface and the `wl_egl_window` (idempotent).
    func destroy() {
        if let surface {
            if eglGetCurrentSurface(EGL_DRAW) == surface {
                eglMakeCurrent(configuration.display, nil, nil, nil)
            }
            eglDestroySurface(configuration.display, surface)
            self.surface = nil
        }
        if let window {
            wl_egl_window_destroy(window)
            self.window = nil
        }
    }
}

/// Why a window's EGL surface cannot be used: one line.
struct EGLSurfaceError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// `what` failed with EGL's last error code.
    static func egl(_ what: String) -> EGLSurfaceError {
        EGLSurfaceError("\(what) failed (EGL error 0x\(String(eglGetError(), radix: 16)))")
    }
}
#endif
