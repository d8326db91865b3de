import CoreGraphics
import Foundation

/// Debug overlays a renderer draws over the layer tree (a Linux addition, after the "Color Blended
/// Layers", "Color Offscreen-Rendered", "Flash Updated Regions" and "Color Hits Green and Misses Red"
/// options of Apple's tools, which live in the render server there).
///
/// The overlay is drawn in a second pass, after the whole tree, so the picture underneath is the
/// ordinary one: each layer that is drawn (not hidden, opacity > 0, facing the viewer) is visited in
/// drawing order, through the same geometry (perspective included), clipped by its ancestors'
/// `masksToBounds`. Masks are not visited (they draw nothing of their own).
public enum CADebugOverlay: String, CaseIterable, Sendable {
    /// Nothing: the ordinary picture.
    case none
    /// A 1-device-pixel outline of every layer's bounds after its transform, in opaque blue
    /// (`CADebugOverlay.outlineColor`), on the pixels just inside the bounds.
    case layerBounds
    /// Every layer that draws something (background, contents or border) tinted: red at 30% when its
    /// pixels are blended with what lies below (its opacity times its ancestors' is below 1, its
    /// background colour is translucent, its contents image has alpha, or it draws only a border),
    /// green at 30% when they are opaque.
    case blendedLayers
    /// Every layer the renderer draws through an offscreen bitmap or group tinted yellow at 40%: group
    /// opacity (opacity < 1 over more than a single fill), a mask, a shadow without `shadowPath`,
    /// `shouldRasterize`, a perspective map to the target, an active transition.
    case offscreenLayers
    /// Layers whose `contents` were set (redrawn by `display()`, or assigned) since the previous frame
    /// tinted magenta at 50%, for that one frame.
    case redrawFlash
    /// Every `shouldRasterize` layer tinted by what this frame did with its bitmap: green at 40% when
    /// the bitmap kept from an earlier frame was drawn (a cache hit), red at 40% when the layer was
    /// drawn into its bitmap again (a miss). Offscreen passes (`CARenderer`, snapshots) keep no
    /// bitmaps, so every rasterized layer they draw is a miss. A rasterized layer inside another
    /// offscreen pass (another rasterized layer's bitmap, a perspective plane) is drawn there
    /// without the cache, or not at all when that bitmap is kept: it is not tinted.
    case rasterizationHitsAndMisses

    static let outlineColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let blendedTint = CGColor(red: 1, green: 0, blue: 0, alpha: 0.3)
    static let opaqueTint = CGColor(red: 0, green: 1, blue: 0, alpha: 0.3)
    static let offscreenTint = CGColor(red: 1, green: 1, blue: 0, alpha: 0.4)
    static let redrawTint = CGColor(red: 1, green: 0, blue: 1, alpha: 0.5)
    static let rasterHitTint = CGColor(red: 0, green: 1, blue: 0, alpha: 0.4)
    static let rasterMissTint = CGColor(red: 1, green: 0, blue: 0, alpha: 0.4)
}

/// Process-wide render debugging settings that render threads read each frame (the demo shell's D key
/// sets them): every `RenderTreeSnapshot.render` draws `overlay`.
package final class RenderDebugOptions: @unchecked Sendable {
    package static let shared = RenderDebugOptions()
    private let lock = NSLock()
    @exclusivity(unchecked) private var storedOverlay = CADebugOverlay.none
    @exclusivity(unchecked) private var storedRasterCacheObserver: (@Sendable (RasterCacheReport) -> Void)?

    /// The overlay drawn over every window's layer tree.
    package var overlay: CADebugOverlay {
        get { lock.lock(); defer { lock.unlock() }; return storedOverlay }
        set { lock.lock(); storedOverlay = newValue; lock.unlock() }
    }

    /// Told, on the drawing thread, what each frame drawn with kept `shouldRasterize` bitmaps (a
    /// render server's frame: a window's, on its render thread) did with them; nil: nobody listens.
    /// For traces and tests, as the hits/misses overlay shows it.
    package var rasterCacheObserver: (@Sendable (RasterCacheReport) -> Void)? {
        get { lock.lock(); defer { lock.unlock() }; return storedRasterCacheObserver }
        set { lock.lock(); storedRasterCacheObserver = newValue; lock.unlock() }
    }
}

/// A process-wide counter stamped on a model layer each time its `contents` are set, so that a
/// renderer can tell which layers were redrawn since its previous frame.
enum ContentsStamp {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counter: UInt64 = 0

    /// A new stamp, greater than every earlier one.
    static func next() -> UInt64 {
        lock.lock(); defer { lock.unlock() }
        counter += 1
        return counter
    }

    /// The latest stamp handed out.
    static var current: UInt64 {
        lock.lock(); defer { lock.unlock() }
        return counter
    }
}

extension LayerTreeRenderer {
    /// Draws `overlay` over the tree of `root` (already rendered into `ctx` by `render(_:in:)`, with
    /// the same user space: `root`'s superlayer space). `redrawnAfter`: the redraw flash tints layers
    /// whose `contentsStamp` is greater. `raster`: the raster cache the tree was drawn with (nil: none,
    /// every rasterized layer was drawn afresh), for the hits and misses.
    func drawDebugOverlay(_ overlay: CADebugOverlay, over root: RenderLayer, in ctx: CGContext, redrawnAfter: UInt64,
                          raster: RasterCacheFrame? = nil) {
        guard overlay != .none else { return }
        let ctm = ctx.ctm
        ctx.saveGState()
        defer { ctx.restoreGState() }
        // Everything is drawn in device space (the bitmap's base space, y up) through each layer's
        // homography to it.
        ctx.concatenate(ctm.inverted())
        let pass = OverlayPass(overlay: overlay, redrawnAfter: redrawnAfter, renderer: self, raster: raster)
        pass.visit(root, in: ctx, parentSublayerTransform: CATransform3DIdentity, parentToViewer: .identity,
                   parentToDevice: Homography(ctm), parentOpacity: 1, local: nil)
    }
}

private struct OverlayPass {
    let overlay: CADebugOverlay
    let redrawnAfter: UInt64
    let renderer: LayerTreeRenderer
    let raster: RasterCacheFrame?

    func visit(_ layer: RenderLayer, in ctx: CGContext, parentSublayerTransform: CATransform3D,
               parentToViewer: Homography, parentToDevice: Homography, parentOpacity: CGFloat,
               local: CATransform3D?) {
        // The same layers as `renderLayer` draws.
        let transition = renderer.activeTransition(of: layer)
        guard !layer.isHidden || transition != nil, layer.opacity > 0, renderer.isFinite(layer) else { return }
        let toParent = Homography(droppingZOf: local ?? renderer.localTransform(of: layer, parentSublayerTransform))
        guard toParent.isFinite else { return }
        let toViewer = toParent.concatenating(parentToViewer)
        if !layer.isDoubleSided && !renderer.isFrontFacing(layer.bounds, toViewer) { return }
        let toDevice = toParent.concatenating(parentToDevice)
        let opacity = parentOpacity * CGFloat(min(max(layer.opacity, 0), 1))
        let quad = Self.quad(layer.bounds, toDevice)

        if let quad {
            switch overlay {
            case .none:
                break
            case .layerBounds:
                Self.outline(quad, in: ctx)
            case .blendedLayers:
                if let blended = Self.isBlended(layer, opacity: opacity) {
                    Self.fill(quad, blended ? CADebugOverlay.blendedTint : CADebugOverlay.opaqueTint, in: ctx)
                }
            case .offscreenLayers:
                if isOffscreen(layer, toParent: toParent, transition: transition != nil) {
                    Self.fill(quad, CADebugOverlay.offscreenTint, in: ctx)
                }
            case .redrawFlash:
                if layer.contents != nil, layer.contentsStamp > redrawnAfter {
                    Self.fill(quad, CADebugOverlay.redrawTint, in: ctx)
                }
            case .rasterizationHitsAndMisses:
                if layer.shouldRasterize, let hit = rasterCacheHit(layer) {
                    Self.fill(quad, hit ? CADebugOverlay.rasterHitTint : CADebugOverlay.rasterMissTint, in: ctx)
                }
            }
        }

        guard !layer.children.isEmpty else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if layer.masksToBounds {
            guard let quad else { return }
            ctx.addPath(Self.path(quad))
            ctx.clip()
        }
        let sublayerTransform = layer.sublayerTransformInOwnSpace()
        for (child, childLocal) in renderer.placedInDrawingOrder(layer.children, sublayerTransform: sublayerTransform) {
            visit(child, in: ctx, parentSublayerTransform: sublayerTransform, parentToViewer: toViewer,
                  parentToDevice: toDevice, parentOpacity: opacity, local: childLocal)
        }
    }

    /// Whether the rasterized `layer`'s kept bitmap was drawn this frame (true) or it was drawn into
    /// its bitmap again (false); nil when it was not drawn. Without a cache every one is drawn afresh.
    func rasterCacheHit(_ layer: RenderLayer) -> Bool? {
        guard let raster else { return false }
        return raster.cache.use(of: layer.layerID, inFrame: raster.frame)
    }

    /// Whether the layer's pixels blend with what lies below (nil: it draws nothing of its own).
    /// `opacity`: its opacity times its ancestors'.
    static func isBlended(_ layer: RenderLayer, opacity: CGFloat) -> Bool? {
        let background = layer.backgroundColor.flatMap { $0.alpha > 0 ? $0 : nil }
        let image = layer.contents as? CGImage
        let border = layer.borderWidth > 0 && (layer.borderColor?.alpha ?? 0) > 0
        guard background != nil || image != nil || border else { return nil }
        if opacity < 1 { return true }
        if let background, background.alpha < 1 { return true }
        if let image, imageHasAlpha(image) { return true }
        return background == nil && image == nil   // a border alone
    }

    static func imageHasAlpha(_ image: CGImage) -> Bool {
        switch image.alphaInfo {
        case .none, .noneSkipFirst, .noneSkipLast: return false
        default: return true
        }
    }

    /// Whether the renderer draws `layer` through an offscreen bitmap or group (see
    /// `LayerTreeRenderer.drawLayerEffects`, `drawRasterized`, `drawProjected`).
    func isOffscreen(_ layer: RenderLayer, toParent: Homography, transition: Bool) -> Bool {
        if layer.shouldRasterize || layer.mask != nil || transition { return true }
        if toParent.affineTransform == nil { return true }
        if layer.opacity < 1, layer.allowsGroupOpacity, !renderer.drawsSingleFill(layer) { return true }
        if let shadow = ShadowStyle(of: layer), shadow.path == nil { return true }
        return false
    }

    /// The corners of `rect` in device space (top-left, top-right, bottom-right, bottom-left of the
    /// layer), or nil when one lies behind the viewer.
    static func quad(_ rect: CGRect, _ toDevice: Homography) -> [CGPoint]? {
        guard rect.width > 0, rect.height > 0 else { return nil }
        let corners = [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                       CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)]
        var result: [CGPoint] = []
        for c in corners {
            let h = toDevice.mapHomogeneous(c)
            guard h.w > 0, h.x.isFinite, h.y.isFinite else { return nil }
            result.append(CGPoint(x: h.x / h.w, y: h.y / h.w))
        }
        return result
    }

    static func path(_ quad: [CGPoint]) -> CGPath {
        let path = CGMutablePath()
        path.addLines(between: quad)
        path.closeSubpath()
        return path
    }

    static func fill(_ quad: [CGPoint], _ color: CGColor, in ctx: CGContext) {
        ctx.addPath(path(quad))
        ctx.setFillColor(color)
        ctx.fillPath()
    }

    /// A 1-pixel line just inside the quad: an axis-aligned rectangle is stroked half a pixel inside
    /// its edges (whole pixels, no antialiasing), any other quad along its edges.
    static func outline(_ quad: [CGPoint], in ctx: CGContext) {
        ctx.saveGState()
        defer { ctx.restoreGState() }
        let xs = quad.map(\.x), ys = quad.map(\.y)
        let axisAligned = (quad[0].y == quad[1].y && quad[1].x == quad[2].x && quad[2].y == quad[3].y && quad[3].x == quad[0].x)
            || (quad[0].x == quad[1].x && quad[1].y == quad[2].y && quad[2].x == quad[3].x && quad[3].y == quad[0].y)
        if axisAligned {
            let rect = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
            guard rect.width >= 1, rect.height >= 1 else {
                ctx.setFillColor(CADebugOverlay.outlineColor)
                ctx.fill(rect)
                return
            }
            ctx.addRect(rect.insetBy(dx: 0.5, dy: 0.5))
        } else {
            ctx.addPath(path(quad))
        }
        ctx.setStrokeColor(CADebugOverlay.outlineColor)
        ctx.setLineWidth(1)
        ctx.strokePath()
    }
}
