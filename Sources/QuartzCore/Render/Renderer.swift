import CoreGraphics

/// What a renderer draws into.
package enum RenderTarget {
    /// A bitmap: a window's shared-memory buffer or an offscreen context. Layer point (x, y) of the
    /// drawn layer's superlayer space lands on pixel ((x − origin.x) × scale, (y − origin.y) × scale)
    /// counted from the top row, whatever the context's current transform.
    case bitmap(CGContext)
    /// The default framebuffer of the EGL surface current with a `GLESRenderer`'s context (a window's
    /// back buffer): only a `GLESRenderer` draws into it (see `GLESSurfaceTarget`).
    case glSurface(GLESSurfaceTarget)
}

/// A window's EGL surface that a `GLESRenderer` draws a frame into: the surface and its size in
/// pixels. The renderer makes its context current on `surface`, clears the pass's region
/// (transparent) and draws there; the caller swaps the buffers. A region of several rectangles is
/// drawn (and cleared) as their bounding box.
package struct GLESSurfaceTarget {
    package var surface: UnsafeMutableRawPointer
    package var width: Int
    package var height: Int

    package init(surface: UnsafeMutableRawPointer, width: Int, height: Int) {
        self.surface = surface
        self.width = width
        self.height = height
    }
}

/// How one pass draws an evaluated frame.
package struct RenderPass {
    /// Device pixels per layer point.
    package var scale: CGFloat = 1
    /// The point of the drawn layer's superlayer space that lands on the top-left pixel.
    package var origin: CGPoint = .zero
    /// The pixels to draw (whoever owns the target cleared them); subtrees whose pictures
    /// (`subtreeRects`, by node index: `DamageTracker`'s) miss it are skipped.
    package var region: DamageRegion = .everything
    package var subtreeRects: [CGRect] = []
    /// A debug overlay drawn over the tree, and for `.redrawFlash` the contents stamp after which
    /// a layer counts as redrawn.
    package var debugOverlay: CADebugOverlay = .none
    package var redrawnAfter: UInt64 = 0
    /// For keeping `shouldRasterize` bitmaps from frame to frame: by node index, the last frame in
    /// which what each bitmap shows changed (`DamageTracker.rasterSerials`), and this frame's serial.
    /// Empty: bitmaps are drawn every frame.
    package var rasterSerials: [UInt64] = []
    package var frameSerial: UInt64 = 0
    /// Whether tiled layers ask their workers for missing tiles (a window) instead of drawing them at
    /// once, fully faded in (false: offscreen pictures, deterministic).
    package var drawsTilesAsynchronously = false

    package init(scale: CGFloat = 1, origin: CGPoint = .zero) {
        self.scale = scale
        self.origin = origin
    }
}

/// A back end that draws evaluated render trees: the seam between the render server (which
/// evaluates, tracks damage and schedules frames) and the pixels. `SoftwareRenderer` draws with
/// cairo and pixman; a GPU back end plugs in here with a target of its own.
package protocol Renderer: AnyObject {
    /// Draws `layer` (placed by its own geometry) and its sublayers into `target`.
    func draw(_ layer: RenderLayer, into target: RenderTarget, _ pass: RenderPass)
}

/// The software renderer: cairo and pixman on bitmaps (`LayerTreeRenderer`).
package final class SoftwareRenderer: Renderer {
    /// `shouldRasterize` bitmaps kept between frames (used when a pass carries raster serials).
    package let rasterCache = RasterCache()

    package init() {}

    package func draw(_ layer: RenderLayer, into target: RenderTarget, _ pass: RenderPass) {
        switch target {
        case .bitmap(let context): draw(layer, in: context, pass)
        case .glSurface: preconditionFailure("SoftwareRenderer cannot draw into a GL surface")
        }
    }

    private func draw(_ layer: RenderLayer, in context: CGContext, _ pass: RenderPass) {
        guard !pass.region.isEmpty else { return }
        context.saveGState()
        // Undo the context's transform, then map the y-down layer space onto the bitmap.
        context.concatenate(context.ctm.inverted())
        context.translateBy(x: 0, y: CGFloat(context.height))
        context.scaleBy(x: 1, y: -1)
        var cull: RenderCull?
        if !pass.region.isEverything {
            context.clip(to: pass.region.rectangles(within: CGRect(x: 0, y: 0, width: context.width, height: context.height)))
            cull = RenderCull(subtreeRects: pass.subtreeRects, region: pass.region)
        }
        let s = pass.scale > 0 && pass.scale.isFinite ? pass.scale : 1
        context.scaleBy(x: s, y: s)
        context.translateBy(x: -pass.origin.x, y: -pass.origin.y)
        var renderer = LayerTreeRenderer(cull: cull)
        renderer.drawsTilesAsynchronously = pass.drawsTilesAsynchronously
        if !pass.rasterSerials.isEmpty {
            renderer.raster = RasterCacheFrame(cache: rasterCache, serials: pass.rasterSerials, frame: pass.frameSerial)
        }
        renderer.render(layer, in: context)
        if !pass.rasterSerials.isEmpty {
            rasterCache.endFrame(pass.frameSerial)
            if let observe = RenderDebugOptions.shared.rasterCacheObserver {
                observe(rasterCache.report(forFrame: pass.frameSerial))
            }
        }
        if pass.debugOverlay != .none {
            LayerTreeRenderer().drawDebugOverlay(pass.debugOverlay, over: layer, in: context, redrawnAfter: pass.redrawnAfter,
                                                 raster: renderer.raster)
        }
        context.restoreGState()
    }
}
