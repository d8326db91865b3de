import CoreGraphics

// Layers whose map onto the target is projective (perspective: `m34` and friends).
//
// Phases, per such layer:
// 1. extent: the part of the layer's plane that holds something (bounds and flattened sublayers),
// 2. near-plane clip: that rectangle cut to w > ε and projected onto the target (device pixels),
// 3. flatten: the layer drawn by the ordinary renderer into an offscreen bitmap of its plane, at the
//    target's resolution (more where perspective magnifies, within limits),
// 4. warp: pixman resamples the bitmap through the inverse homography into a bitmap covering the
//    projected polygon's box (within the target's clip),
// 5. composite: cairo draws that bitmap at integer device offsets, clipped to the projected
//    polygon, so the target's clip, transparency layers and antialiased edges all apply as usual.

extension LayerTreeRenderer {
    /// Largest side of an offscreen bitmap, in pixels; larger extents are drawn at a lower scale.
    static let maximumOffscreenSide: CGFloat = 4096
    /// How far beyond the target's resolution a magnifying perspective may raise the offscreen's.
    static let maximumMagnification: CGFloat = 3
    /// Sublayers further than this (points) beyond a layer's bounds are not drawn in perspective.
    static let maximumExtentMargin: CGFloat = 4096

    /// Draws `layer` (content and flattened sublayers) through the projective map `toParent`
    /// (layer bounds space to `ctx`'s user space).
    func drawProjected(_ layer: RenderLayer, in ctx: CGContext, toParent: Homography, toViewer: Homography) {
        let ctm = ctx.ctm
        guard ctm.a * ctm.d - ctm.b * ctm.c != 0 else { return }
        // User space to cairo's device space (y down, rows from the top).
        let toDevice = Homography(ctm.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0,
                                                                       ty: CGFloat(ctx.height))))
        let layerToDevice = toParent.concatenating(toDevice)

        // 1–2. What of the layer's plane lands where on the target.
        let extent = contentExtent(of: layer)
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return }
        let polygon = ProjectedPolygon(clipping: ProjectedPolygon.corners(of: extent), through: layerToDevice)
        guard !polygon.isEmpty, abs(polygon.signedArea) > 1e-3 else { return }
        let deviceClip = deviceClipBounds(of: ctx)
        let target = polygon.bounds.intersection(deviceClip).integral
        guard !target.isNull, target.width >= 1, target.height >= 1 else { return }

        // 3. Flatten the layer into its own plane at a resolution matching the target's.
        let scale = flatteningScale(of: extent, polygon: polygon, targetScale: sqrt(abs(ctm.a * ctm.d - ctm.b * ctm.c)))
        let width = Int((extent.width * scale).rounded(.up)), height = Int((extent.height * scale).rounded(.up))
        guard scale > 0, scale.isFinite, width > 0, height > 0 else { return }
        // Whole pixels on both axes: the extent's edges fall on pixel edges, not half-covered pixels
        // that the warp would stretch into a soft border.
        let sx = CGFloat(width) / extent.width, sy = CGFloat(height) / extent.height
        // Edge pixels of the target sample up to a pixel beyond the polygon: keep those samples in
        // a margin of replicated edge pixels (see `ProjectiveWarp`).
        let margin = Int(min(62, (max(sx, sy) * sourceLengthPerDevicePixel(of: polygon)).rounded(.up))) + 2
        guard let plane = Self.bitmap(width: width + 2 * margin, height: height + 2 * margin) else { return }
        let m = CGFloat(margin)
        plane.translateBy(x: 0, y: CGFloat(height + 2 * margin))
        plane.scaleBy(x: sx, y: -sy)
        plane.translateBy(x: m / sx - extent.minX, y: m / sy - extent.minY)
        unculled.drawLayerBody(layer, in: plane, toViewer: toViewer)
        ProjectiveWarp.extendEdges(of: plane, margin: margin)

        // 4–5. Warp onto the target and composite.
        compositeWarped(plane, covering: extent, sx: sx, sy: sy, margin: margin, planeToDevice: layerToDevice,
                        polygon: polygon, target: target, in: ctx)
    }

    /// Warps `plane` (the rectangle `extent` of a plane at `sx`×`sy` pixels per point, inside a margin of
    /// `margin` replicated edge pixels) onto the `target` pixels of the device through `planeToDevice`
    /// (target pixel -> device -> plane -> offscreen pixel), then composites the result in cairo's
    /// device space (as y-up device space for CGContext's API), clipped to `polygon`'s outline.
    func compositeWarped(_ plane: CGContext, covering extent: CGRect, sx: CGFloat, sy: CGFloat, margin: Int,
                         planeToDevice: Homography, polygon: ProjectedPolygon, target: CGRect, in ctx: CGContext) {
        let m = CGFloat(margin)
        let pixelToPlane = Homography(CGAffineTransform(a: 1 / sx, b: 0, c: 0, d: 1 / sy,
                                                        tx: extent.minX - m / sx, ty: extent.minY - m / sy))
        let targetToDevice = Homography(CGAffineTransform(translationX: target.minX, y: target.minY))
        guard let deviceToPixel = pixelToPlane.concatenating(planeToDevice).inverted,
              let warped = Self.bitmap(width: Int(target.width), height: Int(target.height)),
              ProjectiveWarp.warp(plane, into: warped, destinationToSource: targetToDevice.concatenating(deviceToPixel)),
              let image = warped.makeImage()
        else { return }

        let outline = ProjectedPolygon.clip(polygon.projected, to: target.insetBy(dx: -1, dy: -1))
        guard outline.count >= 3 else { return }
        let h = CGFloat(ctx.height)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(ctx.ctm.inverted())
        ctx.beginPath()
        ctx.addLines(between: outline.map { CGPoint(x: $0.x, y: h - $0.y) })
        ctx.closePath()
        ctx.clip()
        ctx.interpolationQuality = .none
        ctx.draw(image, in: CGRect(x: target.minX, y: h - target.maxY, width: target.width, height: target.height))
    }

    /// The rectangle of `layer`'s bounds space that its content and sublayers may cover: the bounds,
    /// plus a shape's reach and the flattened sublayers' extents unless `masksToBounds` (limited to a
    /// margin).
    func contentExtent(of layer: RenderLayer) -> CGRect {
        var extent = layer.bounds
        if layer.masksToBounds { return extent }
        // A shape's path may reach past the bounds, its stroke past the path.
        if layer.isShapeLayer, let shape = ShapeStyle(layer.extraValues).extent { extent = extent.union(shape) }
        let limit = layer.bounds.insetBy(dx: -Self.maximumExtentMargin, dy: -Self.maximumExtentMargin)
        guard !layer.children.isEmpty else { return extent.intersection(limit) }
        let sublayerTransform = layer.sublayerTransformInOwnSpace()
        for child in layer.children where !child.isHidden && child.opacity > 0 && isFinite(child) {
            if child.isTransformLayer {
                extent = extent.union(transformLayerExtent(child, sublayerTransform: sublayerTransform))
                continue
            }
            let toLayer = Homography(droppingZOf: localTransform(of: child, sublayerTransform))
            let childExtent = contentExtent(of: child)
            guard toLayer.isFinite, !childExtent.isNull else { continue }
            let projected = ProjectedPolygon(clipping: ProjectedPolygon.corners(of: childExtent), through: toLayer)
            if !projected.isEmpty { extent = extent.union(projected.bounds) }
        }
        return extent.intersection(limit)
    }

    /// Pixels per point of the bitmap a layer's `extent` is flattened into before it is warped onto a
    /// target of `targetScale` pixels per point as `polygon`: the largest magnification of its edges,
    /// at least the target's, at most `maximumMagnification` times it, within `maximumOffscreenSide`.
    func flatteningScale(of extent: CGRect, polygon: ProjectedPolygon, targetScale: CGFloat) -> CGFloat {
        let scale = min(max(targetScale, magnification(of: polygon)), targetScale * Self.maximumMagnification)
        return min(scale, Self.maximumOffscreenSide / extent.width, Self.maximumOffscreenSide / extent.height)
    }

    /// The largest ratio of a projected edge's length to its length in the layer's plane.
    private func magnification(of polygon: ProjectedPolygon) -> CGFloat {
        var ratio: CGFloat = 0
        for i in polygon.source.indices {
            let j = (i + 1) % polygon.source.count
            let s = hypot(polygon.source[j].x - polygon.source[i].x, polygon.source[j].y - polygon.source[i].y)
            let d = hypot(polygon.projected[j].x - polygon.projected[i].x, polygon.projected[j].y - polygon.projected[i].y)
            if s > 1e-9, d.isFinite { ratio = max(ratio, d / s) }
        }
        return ratio
    }

    /// The largest length in the layer's plane (points) that one device pixel along an edge of
    /// `polygon` covers.
    func sourceLengthPerDevicePixel(of polygon: ProjectedPolygon) -> CGFloat {
        var ratio: CGFloat = 0
        for i in polygon.source.indices {
            let j = (i + 1) % polygon.source.count
            let s = hypot(polygon.source[j].x - polygon.source[i].x, polygon.source[j].y - polygon.source[i].y)
            let d = hypot(polygon.projected[j].x - polygon.projected[i].x, polygon.projected[j].y - polygon.projected[i].y)
            if d > 1e-9, s.isFinite { ratio = max(ratio, s / d) }
        }
        return ratio
    }

    /// The clip's bounding box in cairo device pixels (y down), within the bitmap.
    func deviceClipBounds(of ctx: CGContext) -> CGRect {
        let bitmap = CGRect(x: 0, y: 0, width: ctx.width, height: ctx.height)
        let userClip = ctx.boundingBoxOfClipPath
        guard !userClip.isNull, !userClip.isInfinite else { return bitmap }
        let yUp = userClip.applying(ctx.ctm)
        return CGRect(x: yUp.minX, y: CGFloat(ctx.height) - yUp.maxY, width: yUp.width, height: yUp.height)
            .intersection(bitmap)
    }

    /// A zeroed premultiplied ARGB32 bitmap (cairo's and pixman's native format).
    static func bitmap(width: Int, height: Int) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(),
                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }
}
