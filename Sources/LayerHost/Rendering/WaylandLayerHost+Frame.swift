import CoreGraphics
import QuartzCore
import WaylandShell

/// What one frame of a window draws into (render thread): a shared-memory buffer or the EGL
/// surface's back buffer. Its size in device pixels, the scale, when the frame is shown, what the
/// buffer holds (`age`), and how to clear it and draw into it.
protocol WindowFrameSurface {
    var width: Int { get }
    var height: Int { get }
    var contentScale: Double { get }
    var targetTime: Double { get }
    var refreshInterval: Double { get }
    var age: Int { get }
    /// Whether the renderer clears what it redraws by itself (GL's passes do).
    var renderClearsRegion: Bool { get }
    /// Makes `rect` (device pixels) transparent.
    func clear(_ rect: CGRect)
    /// The target the window's renderer draws into (nil: none could be made).
    func renderTarget() -> RenderTarget?
}

extension WaylandPixelBuffer: WindowFrameSurface {
    var renderClearsRegion: Bool { false }
    func clear(_ rect: CGRect) { clear(WaylandRect(rect)) }
    func renderTarget() -> RenderTarget? {
        CGContext(data: data, width: width, height: height, bitsPerComponent: 8, bytesPerRow: bytesPerRow,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
            .map { .bitmap($0) }
    }
}

extension WaylandEGLFrame: WindowFrameSurface {
    var renderClearsRegion: Bool { true }
    func clear(_ rect: CGRect) {}
    func renderTarget() -> RenderTarget? {
        .glSurface(GLESSurfaceTarget(surface: surface, width: width, height: height))
    }
}

extension WaylandLayerHost {
    /// Draws one frame of the window's tree on `surface` (render thread), in the order of weston's
    /// `redraw`: the display links run for the frame's time; the newest tree is evaluated at that
    /// time (`beginFrame`: what changed since the frame on screen); only what the buffer's picture
    /// lacks is cleared and redrawn; the result says what changed and when the picture next changes.
    func drawFrame<Surface: WindowFrameSurface>(on surface: Surface) -> WaylandFrameResult {
        let time = surface.targetTime > 0 && !CAMediaClock.isFrozen ? surface.targetTime : CACurrentMediaTime()
        // Display links run on their run loops for this frame, which is shown at its target time.
        let refresh = surface.refreshInterval > 0 ? surface.refreshInterval : 1.0 / 60
        DisplayLinkClock.shared.frameDidBegin(from: self, timestamp: time - refresh, targetTimestamp: time,
                                              duration: refresh)
        let whole = CGRect(x: 0, y: 0, width: surface.width, height: surface.height)
        let changed = server.beginFrame(atMediaTime: time, scale: CGFloat(surface.contentScale), size: whole.size)
        var damage: [WaylandRect]? = []
        if !changed.isEmpty {
            let repaint = server.repaintRegion(bufferAge: surface.age)
            // A tree that paints every pixel opaquely needs no clearing under it.
            if !surface.renderClearsRegion, !server.coversTarget(of: whole.size) {
                for rect in repaint.rectangles(within: whole) { surface.clear(rect) }
            }
            if let target = surface.renderTarget() { server.draw(into: target, region: repaint) }
            damage = changed.isEverything ? nil : changed.rectangles(within: whole).map(WaylandRect.init)
        }
        // Read after drawing: a drawing that asked for tiles (CATiledLayer) wants the next frame.
        let next = DisplayLinkClock.shared.isActive ? time : server.nextChangeTime
        return WaylandFrameResult(damage: damage, nextChangeTime: next)
    }

    /// Draws one frame into a shared-memory buffer (render thread). The window draws into shared
    /// memory only without EGL, or after its GPU path gave up (whoever failed said why): the server
    /// draws in software from then on (the first frame whole).
    func draw(into buffer: WaylandPixelBuffer) -> WaylandFrameResult {
        rendererChoice.fallBack(nil)
        if !(server.renderer is SoftwareRenderer) { server.replaceRenderer(SoftwareRenderer()) }
        return drawFrame(on: buffer)
    }

    /// Draws one frame into the window's EGL surface with OpenGL ES (render thread), with a
    /// `GLESRenderer` sharing the root context's objects. Returns nil when GL failed (after the one
    /// line on stderr): the window then draws in software for good.
    func draw(onSurface frame: WaylandEGLFrame) -> WaylandFrameResult? {
        guard let glRoot = rendererChoice.glRoot else { return nil }
        if !(server.renderer is GLESRenderer) {
            do {
                server.replaceRenderer(try GLESRenderer(sharing: glRoot))
            } catch {
                rendererChoice.fallBack(error)
                return nil
            }
        }
        if rendererChoice.takeSimulatedFailure() {
            (server.renderer as? GLESRenderer)?.simulateFailure("simulated failure (a test)")
        }
        let result = drawFrame(on: frame)
        if (server.renderer as? GLESRenderer)?.hasFailed == true {
            rendererChoice.fallBack(nil)   // the renderer said why
            return nil
        }
        return result
    }
}
