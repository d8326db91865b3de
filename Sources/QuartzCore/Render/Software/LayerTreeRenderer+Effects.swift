import CoreGraphics

// Layer effects that need offscreen passes: shadows, mask layers and rasterization.
//
// Shadow: `shadowOffset` is in the layer's space (y down: positive height moves the shadow down on
// screen) and becomes a device offset through the current transform. `shadowRadius` is taken as the
// Gaussian's standard deviation in points (the convention design tools use: a CSS/Sketch blur of 2r
// matches a layer's `shadowRadius` r); `CGContext`'s blur is a radius with sigma = blur / 2, so the
// context gets blur = 2 * shadowRadius, scaled to device pixels. `shadowOpacity` multiplies the
// color's alpha. Without `shadowPath` the shadow is the alpha of the layer's composite (background,
// contents, sublayers, border), cast by drawing them as one transparency layer under a context
// shadow; with `shadowPath` only the path's shadow is painted (`drawShadow(_:of:in:)`), then the
// layer. The layer's own `masksToBounds` clips its shadow too (as on Apple platforms, where a
// clipping layer shows no outer shadow); the shadow is under the layer's `opacity` and `mask`.
//
// Mask: the mask layer tree is rendered into a bitmap the size of the target with the same
// transform (the owner's bounds space is the mask's superlayer space), and its alpha becomes the
// context's mask clip (`clip(to:mask:)`) for the owner's group.
//
// Rasterization (`shouldRasterize`): the layer is drawn whole (mask, opacity, shadow, content and
// sublayers) into a bitmap of `rasterizationScale` pixels per point of its bounds space, covering
// its bounds, its sublayers' extent (`contentExtent`) and its shadow; the bitmap is then drawn
// through the layer's transform with bilinear filtering, at the context's alpha. So a scale below
// the target's softens the layer, as on Apple platforms. A render server's renderer keeps the bitmap
// between frames (`RasterCache`) until what it shows changes; offscreen passes draw it afresh.

/// What a layer's shadow looks like, in the layer's space.
struct ShadowStyle {
    var color: CGColor
    var offset: CGSize
    var radius: CGFloat
    var path: CGPath?

    /// The shadow of `layer`, or nil when it casts none.
    init?(of layer: RenderLayer) {
        guard layer.shadowOpacity > 0, let base = layer.shadowColor, base.alpha > 0,
              layer.shadowOffset.width.isFinite, layer.shadowOffset.height.isFinite,
              let color = base.copy(alpha: base.alpha * CGFloat(min(layer.shadowOpacity, 1))) else { return nil }
        self.color = color
        self.offset = layer.shadowOffset
        self.radius = layer.shadowRadius.isFinite ? max(0, layer.shadowRadius) : 0
        self.path = layer.shadowPath
    }
}

extension LayerTreeRenderer {
    /// The shadow's offset (base space: device pixels, y up) and blur (device pixels, sigma = blur / 2)
    /// under `ctx`'s current transform.
    func deviceShadow(_ shadow: ShadowStyle, in ctx: CGContext) -> (offset: CGSize, blur: CGFloat) {
        let ctm = ctx.ctm
        let offset = CGSize(width: shadow.offset.width * ctm.a + shadow.offset.height * ctm.c,
                            height: shadow.offset.width * ctm.b + shadow.offset.height * ctm.d)
        let scale = sqrt(abs(ctm.a * ctm.d - ctm.b * ctm.c))
        return (offset, 2 * shadow.radius * scale)
    }

    /// Sets `shadow` as the context's shadow for what is drawn next.
    func setShadow(_ shadow: ShadowStyle, in ctx: CGContext) {
        let device = deviceShadow(shadow, in: ctx)
        ctx.setShadow(offset: device.offset, blur: device.blur, color: shadow.color)
    }

    /// Paints only the shadow of `path` (in `ctx`'s user space), not the path itself.
    ///
    /// The path is filled into an offscreen wider than the target, in a region to the right of the
    /// target's area, with a context shadow whose offset brings the shadow back over that area; the
    /// area is then copied onto the target.
    func drawShadow(_ shadow: ShadowStyle, of path: CGPath, in ctx: CGContext) {
        let ctm = ctx.ctm
        guard ctm.a * ctm.d - ctm.b * ctm.c != 0, !path.isEmpty else { return }
        let device = deviceShadow(shadow, in: ctx)
        let width = ctx.width, height = ctx.height
        let target = CGRect(x: 0, y: 0, width: width, height: height)
        // Only the clip (a window's damage) can change: a shadow that cannot reach it is not drawn.
        let visible = ctx.boundingBoxOfClipPath.applying(ctm).intersection(target)
        guard !visible.isNull, !visible.isEmpty else { return }
        // The part of the path (base space, y up) whose shadow can reach the clip.
        let reach = 1.5 * device.blur + 2
        let region = visible.offsetBy(dx: -device.offset.width, dy: -device.offset.height)
            .intersection(path.boundingBox.applying(ctm))
            .insetBy(dx: -reach, dy: -reach).integral
        guard !region.isNull, region.width >= 1, region.height >= 1,
              region.width <= Self.maximumOffscreenSide * 2, region.height <= Self.maximumOffscreenSide * 2 else { return }
        let ow = width + Int(region.width), oh = max(height, Int(region.height))
        guard let off = Self.bitmap(width: ow, height: oh) else { return }
        // Target base -> offscreen base for the result area (rows from the top match), and for the
        // region the path is drawn in.
        let rowShift = CGFloat(oh - height)
        let contentShift = CGSize(width: CGFloat(width) - region.minX, height: -region.minY)
        off.setShadow(offset: CGSize(width: device.offset.width - contentShift.width,
                                     height: device.offset.height + rowShift - contentShift.height),
                      blur: device.blur, color: shadow.color)
        off.beginTransparencyLayer(auxiliaryInfo: nil)
        off.clip(to: CGRect(x: CGFloat(width), y: 0, width: region.width, height: region.height))
        off.concatenate(CGAffineTransform(translationX: contentShift.width, y: contentShift.height))
        off.concatenate(ctm)
        off.addPath(path)
        off.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        off.fillPath()
        off.endTransparencyLayer()
        guard let image = off.makeImage()?.cropping(to: CGRect(x: 0, y: 0, width: width, height: height)) else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(ctm.inverted())
        ctx.interpolationQuality = .none
        ctx.draw(image, in: target)
    }

    /// Intersects `ctx`'s clip with the alpha of `mask` (a layer tree placed in `ctx`'s user space).
    /// Returns false when nothing could show (no bitmap for the mask).
    func clip(_ ctx: CGContext, toAlphaOf mask: RenderLayer, toViewer: Homography) -> Bool {
        let ctm = ctx.ctm
        guard ctm.a * ctm.d - ctm.b * ctm.c != 0,
              let off = Self.bitmap(width: ctx.width, height: ctx.height) else { return false }
        off.concatenate(ctm)
        unculled.renderLayer(mask, in: off, parentSublayerTransform: CATransform3DIdentity, parentToViewer: toViewer)
        guard let image = off.makeImage() else { return false }
        ctx.concatenate(ctm.inverted())
        ctx.clip(to: CGRect(x: 0, y: 0, width: ctx.width, height: ctx.height), mask: image)
        ctx.concatenate(ctm)
        return true
    }

    /// Draws `layer` (effects included) through a bitmap at its `rasterizationScale`; `ctx`'s user
    /// space is the layer's bounds space and `alpha` its global alpha. The bitmap holds the layer
    /// drawn opaque; its opacity applies when the bitmap is composited, so the subtree fades as one
    /// whatever `allowsGroupOpacity` says (what rasterizing is for in Lockwood's listing 4.7).
    func drawRasterized(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat = 1) {
        var extent = contentExtent(of: layer)
        if let shadow = ShadowStyle(of: layer), !layer.masksToBounds {
            let casting = shadow.path?.boundingBox ?? extent
            let reach = 3 * shadow.radius + 1
            extent = extent.union(casting.offsetBy(dx: shadow.offset.width, dy: shadow.offset.height)
                .insetBy(dx: -reach, dy: -reach))
        }
        let requested = layer.rasterizationScale
        var scale = requested > 0 && requested.isFinite ? requested : 1
        guard !extent.isNull, extent.width > 0, extent.height > 0, extent.width.isFinite, extent.height.isFinite
        else { return }
        scale = min(scale, Self.maximumOffscreenSide / extent.width, Self.maximumOffscreenSide / extent.height)
        let width = Int((extent.width * scale).rounded(.up)), height = Int((extent.height * scale).rounded(.up))
        guard width > 0, height > 0 else { return }
        let facing = RasterCache.Facing(toViewer)
        let id = layer.layerID
        let image: CGImage
        if let raster, layer.index < raster.serials.count,
           let kept = raster.cache.image(for: id, extent: extent, scale: scale, facing: facing,
                                         serial: raster.serials[layer.index], frame: raster.frame) {
            image = kept
        } else {
            guard let bitmap = Self.bitmap(width: width, height: height) else { return }
            // Bitmap pixel (i, j) from the top covers the layer's [minX + i / scale, ...] x [minY + j / scale, ...].
            bitmap.translateBy(x: 0, y: CGFloat(height))
            bitmap.scaleBy(x: scale, y: -scale)
            bitmap.translateBy(x: -extent.minX, y: -extent.minY)
            unculled.drawLayerEffects(layer, in: bitmap, toViewer: toViewer, alpha: 1, appliesOpacity: false)
            guard let made = bitmap.makeImage() else { return }
            image = made
            raster?.cache.store(made, for: id, extent: extent, scale: scale, facing: facing, frame: raster!.frame)
        }
        let rect = CGRect(x: extent.minX, y: extent.minY, width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        let opacity = CGFloat(min(max(layer.opacity, 0), 1))
        if opacity < 1 { ctx.setAlpha(alpha * opacity) }
        ctx.interpolationQuality = .low  // bilinear
        // Images are drawn right side up in a y-up space; the layer space is y down.
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(image, in: rect)
    }
}
