import Foundation
import QuartzCore
import WaylandShell

/// Which back end draws a window, and its one fallback (the machinery behind `WaylandLayerHost`'s
/// `renderer:`, `requestedRenderer` and `activeRenderer`).
///
/// The possibilities are tried in order, as GSK tries its renderers: the back end asked for
/// (`renderer:`, else `CA_RENDERER`); unasked, GL where the display's GL runs on a GPU; then software.
/// The state is one value: the root GL context while GL draws, nil once software does. The only
/// transition is GL giving way to software, for good, whatever failed (the root, the renderer, the
/// window's EGL surface, a swap, a lost context); each failure says the same one line on standard
/// error (`CARenderBackend.reportFallback`). Any thread.
final class WindowRendererChoice: @unchecked Sendable {
    /// One possibility of the ordered list.
    enum Possibility: Equatable {
        /// OpenGL ES through EGL on the window's display; `onGPUOnly`: passed over (quietly) where
        /// the display's GL is a CPU rasterizer (Mesa's llvmpipe), on which the software renderer,
        /// repainting only what changed, costs less (docs/BENCH.md).
        case gl(onGPUOnly: Bool)
        case software
    }

    /// The possibilities for a window asked to draw with `asked` (nil: unasked), in order.
    static func possibilities(asked: CARenderBackend?) -> [Possibility] {
        switch asked {
        case .software?: [.software]
        case .gl?: [.gl(onGPUOnly: false), .software]
        case nil: [.gl(onGPUOnly: true), .software]
        }
    }

    /// The back end asked for, or the one the list settled on when none was.
    let requested: CARenderBackend
    private let lock = NSLock()
    /// The root GL context while GL draws (guarded by `lock`).
    private var root: GLESContext?
    /// `simulateFailure()` asked for a failure at the next GL frame (guarded by `lock`).
    private var failureSimulated = false

    /// Tries the possibilities for `asked` on `window`'s display (main thread).
    init(asked: CARenderBackend?, window: WaylandWindow) {
        var chosen: GLESContext?
        search: for possibility in Self.possibilities(asked: asked) {
            switch possibility {
            case .gl(let onGPUOnly):
                do {
                    let made = try Self.makeRoot(for: window)
                    if onGPUOnly, made.isSoftwareRasterizer { continue search }
                    chosen = made
                    break search
                } catch {
                    CARenderBackend.reportFallback(error)
                }
            case .software:
                break search
            }
        }
        root = chosen
        requested = asked ?? (chosen != nil ? .gl : .software)
    }

    /// The root GL context of the window's display while GL draws (nil: software): the share group
    /// of its `GLESRenderer`, the context the render thread uses for its own EGL calls.
    var glRoot: GLESContext? {
        lock.lock()
        defer { lock.unlock() }
        return root
    }

    /// The back end drawing now.
    var active: CARenderBackend { glRoot != nil ? .gl : .software }

    /// GL gives way to software for good: says `reason` in the one line (nil: whoever failed said it).
    func fallBack(_ reason: Any?) {
        lock.lock()
        let wasGL = root != nil
        root = nil
        lock.unlock()
        if wasGL, let reason { CARenderBackend.reportFallback(reason) }
    }

    /// Makes the next GL frame fail as a lost context would (tests of the fallback).
    func simulateFailure() {
        lock.lock(); failureSimulated = true; lock.unlock()
    }

    /// Whether a simulated failure is due (it is due once).
    func takeSimulatedFailure() -> Bool {
        lock.lock()
        defer { failureSimulated = false; lock.unlock() }
        return failureSimulated
    }

    /// The window's root GL context, or an error naming what is missing.
    private static func makeRoot(for window: WaylandWindow) throws -> GLESContext {
        if ProcessInfo.processInfo.environment["CA_GLES_DISABLE"] == "1" {
            throw GLESError("EGL disabled by CA_GLES_DISABLE=1")
        }
        guard let display = window.eglDisplay else {
            throw GLESError("no EGL display on the Wayland connection (eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR) failed)")
        }
        let root = try GLESContext.windowRoot(on: display)
        guard root.config != nil else { throw GLESError("no EGL config for window surfaces") }
        return root
    }
}
