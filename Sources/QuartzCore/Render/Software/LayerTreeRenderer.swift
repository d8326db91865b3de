import CoreGraphics

/// The software renderer: draws a layer tree into a `CGContext` with cairo.
///
/// The context's current user space must be the root layer's superlayer space (y down, in points).
/// Order per layer, as in Core Animation: background, contents, sublayers (back to front by the
/// depth of their centres; ties keep `zPosition`-then-insertion order, so 2D trees are unchanged),
/// border; opacity applies to the layer and its sublayers as one group (unless `allowsGroupOpacity`
/// is false).
///
/// 3D: every layer flattens its sublayers into its own plane (an ordinary `RenderLayer` is not a
/// `CATransformLayer`), so a layer reaches its target through the homography of its transform's
/// x, y and w rows and columns (`Homography(droppingZOf:)`). When that map is affine the layer is
/// drawn straight into the target with cairo; otherwise (perspective) it is drawn flat into an
/// offscreen bitmap and warped onto the target (`LayerTreeRenderer+Perspective.swift`).
package struct LayerTreeRenderer {
    /// For a partial repaint: only the subtrees whose pictures touch the repainted region are drawn
    /// (nil: all). Offscreen passes (masks, rasterization, perspective) draw without it.
    package var cull: RenderCull?
    /// The kept bitmaps of `shouldRasterize` layers (nil: every bitmap is drawn again).
    var raster: RasterCacheFrame?
    /// Whether a tiled layer's missing tiles are asked of its workers (a window's frames) rather than
    /// drawn at once on this thread (offscreen passes: deterministic pictures).
    var drawsTilesAsynchronously = false

    package init(cull: RenderCull? = nil) {
        self.cull = cull
    }

    /// This renderer drawing everything (for offscreen passes, whose pixels are not the target's).
    var unculled: LayerTreeRenderer {
        var renderer = LayerTreeRenderer()
        renderer.drawsTilesAsynchronously = drawsTilesAsynchronously
        return renderer
    }

    /// Draws `root` and its sublayers, `root` placed by its own position/transform.
    package func render(_ root: RenderLayer, in ctx: CGContext) {
        renderLayer(root, in: ctx, parentSublayerTransform: CATransform3DIdentity, parentToViewer: .identity)
    }


    /// Draws `root`'s own content and sublayers in its bounds space (no own geometry), as
    /// `RenderLayer.render(in:)` does.
    package func renderContent(of root: RenderLayer, in ctx: CGContext) {
        // Layers leave settings such as the fill colour behind (renderLayer's saved state takes them
        // back for sublayers); the caller's context gets its own back.
        guard isFinite(root) else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        drawLayerBody(root, in: ctx, toViewer: .identity)
    }

    /// Draws `layer` into `ctx`, whose user space is the superlayer's bounds space.
    ///
    /// `parentToViewer` maps the superlayer's bounds space to the viewer's plane (the space the
    /// render started in); it decides which way a layer faces.
    ///
    /// `alpha` is the context's current global alpha (`CGContext` has no getter): the product of the
    /// opacities of ancestors drawn without a group (`allowsGroupOpacity` false) since the last
    /// transparency layer, which resets it to 1.
    ///
    /// `local`, when given, is `localTransform(of: layer, parentSublayerTransform)` already computed
    /// (the sublayer loop computes it once for the depth sort and the drawing).
    func renderLayer(_ layer: RenderLayer, in ctx: CGContext, parentSublayerTransform: CATransform3D,
                     parentToViewer: Homography, alpha: CGFloat = 1, local: CATransform3D? = nil) {
        if let cull, !cull.shows(layer.index) { return }
        // A layer hidden under an active transition still draws it (its old picture leaving).
        guard !layer.isHidden || activeTransition(of: layer) != nil, layer.opacity > 0, isFinite(layer) else { return }
        let toParent = Homography(droppingZOf: local ?? localTransform(of: layer, parentSublayerTransform))
        guard toParent.isFinite else { return }
        let toViewer = toParent.concatenating(parentToViewer)
        if !layer.isDoubleSided && !isFrontFacing(layer.bounds, toViewer) { return }
        if let affine = toParent.affineTransform {
            ctx.saveGState()
            defer { ctx.restoreGState() }
            ctx.concatenate(affine)
            drawLayerBody(layer, in: ctx, toViewer: toViewer, alpha: alpha)
        } else {
            drawProjected(layer, in: ctx, toParent: toParent, toViewer: toViewer)
        }
    }

    /// The transform from `layer`'s bounds space to its superlayer's bounds space (z included:
    /// `zPosition` and `anchorPointZ` matter under a perspective `sublayerTransform`).
    func localTransform(of layer: RenderLayer, _ parentSublayerTransform: CATransform3D) -> CATransform3D {
        layer.frame.values[layer.index].transformToSuperlayer(parentSublayerTransform)
    }

    /// `sublayers` in drawing order: back to front by the depth of their centres in the parent's 3D
    /// space, as Core Animation sorts siblings sharing a 3D context before flattening them.
    ///
    /// A sublayer's depth is the z of its bounds' centre mapped by `localTransform` (its transform
    /// about the anchor, `position`, `zPosition` and the parent's `sublayerTransform`), before the
    /// perspective divide; +z points toward the viewer, so lower z draws first. The sort is stable:
    /// siblings at equal depth keep their order. A plain 2D layer's depth is its `zPosition`, so 2D
    /// trees keep `zPosition`-then-insertion order. (Centre depth orders convex arrangements such as
    /// the cube correctly; intersecting layers are not split.)
    func depthSorted(_ sublayers: [RenderLayer], sublayerTransform: CATransform3D) -> [RenderLayer] {
        placedInDrawingOrder(sublayers, sublayerTransform: sublayerTransform).map(\.layer)
    }

    /// `sublayers` in drawing order (see `depthSorted`), each with its `localTransform`, computed once
    /// for the sort and the drawing. Siblings already in depth order (all 2D siblings at one
    /// `zPosition`, the common case) are not sorted at all.
    func placedInDrawingOrder(_ sublayers: [RenderLayer], sublayerTransform: CATransform3D)
        -> [(layer: RenderLayer, local: CATransform3D)] {
        var placed: [(layer: RenderLayer, local: CATransform3D, depth: CGFloat)] = []
        placed.reserveCapacity(sublayers.count)
        var ordered = true
        for child in sublayers {
            let local = localTransform(of: child, sublayerTransform)
            let depth = centreDepth(of: child, local: local)
            if let last = placed.last, depth < last.depth { ordered = false }
            placed.append((child, local, depth))
        }
        if ordered { return placed.map { ($0.layer, $0.local) } }
        // Stable: equal depths keep their order.
        let keyed = placed.enumerated().map { (index: $0.offset, entry: $0.element) }
        return keyed.sorted { $0.entry.depth != $1.entry.depth ? $0.entry.depth < $1.entry.depth : $0.index < $1.index }
            .map { ($0.entry.layer, $0.entry.local) }
    }

    /// The z of `layer`'s bounds centre in its superlayer's space (see `depthSorted`); NaN maps to 0.
    func centreDepth(of layer: RenderLayer, _ parentSublayerTransform: CATransform3D) -> CGFloat {
        centreDepth(of: layer, local: localTransform(of: layer, parentSublayerTransform))
    }

    /// `centreDepth` from the layer's `localTransform` `m`.
    func centreDepth(of layer: RenderLayer, local m: CATransform3D) -> CGFloat {
        let c = CGPoint(x: layer.bounds.midX, y: layer.bounds.midY)
        let z = c.x * m.m13 + c.y * m.m23 + m.m43
        return z.isFinite ? z : 0
    }

    /// Whether `bounds` seen through `toViewer` keeps its orientation: its front faces the viewer.
    ///
    /// Where w > 0 the projective map's Jacobian is det(H) / w^3, so the orientation is the sign of
    /// the determinant; this also holds for empty bounds (a container of sublayers). A layer wholly
    /// behind the viewer shows neither face.
    func isFrontFacing(_ bounds: CGRect, _ toViewer: Homography) -> Bool {
        let inFront = ProjectedPolygon.corners(of: bounds).contains { toViewer.mapHomogeneous($0).w > 0 }
        return inFront && toViewer.determinant > 0
    }

    /// Draws `layer` whole into `ctx`, whose user space is `layer`'s bounds space; `toViewer` maps
    /// that space to the viewer's plane. Effects nest as in Core Animation: the `mask` layer's alpha
    /// applies to everything (shadow included), then `opacity` to the group, then the shadow is cast
    /// beneath the body (background, contents, sublayers, border).
    ///
    /// Opacity: with `allowsGroupOpacity` (the default) the layer and its sublayers are composited as
    /// one transparency layer at `opacity`. Without it there is no group: the layer's own drawing and
    /// each sublayer individually get `alpha * opacity` (so overlapping sublayers show through each
    /// other and the parent). `alpha` is the context's current global alpha (see `renderLayer`).
    ///
    /// A layer with `shouldRasterize` is drawn whole (effects but its opacity included) into a bitmap
    /// first, which is composited at its opacity: a rasterized subtree always fades as one group; see
    /// `drawRasterized` in `LayerTreeRenderer+Effects.swift`.
    ///
    /// A `compositingFilter` blend mode composites the whole of it (effects included) as one
    /// transparency layer with that cairo operator onto what is already drawn (see
    /// `drawBlended`).
    func drawLayerBody(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat = 1) {
        if layer.compositingBlendMode != .normal {
            drawBlended(layer, in: ctx, toViewer: toViewer, alpha: alpha)
        } else {
            drawUnblendedBody(layer, in: ctx, toViewer: toViewer, alpha: alpha)
        }
    }

    /// `drawLayerBody` without the `compositingFilter`.
    func drawUnblendedBody(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat) {
        if layer.isTransformLayer {
            drawTransformLayerBody(layer, in: ctx, toViewer: toViewer, alpha: alpha)
        } else if layer.shouldRasterize {
            drawRasterized(layer, in: ctx, toViewer: toViewer, alpha: alpha)
        } else {
            drawLayerEffects(layer, in: ctx, toViewer: toViewer, alpha: alpha)
        }
    }

    /// `drawLayerBody` without rasterization: mask, opacity, shadow, then the content. Without
    /// `appliesOpacity` the layer is drawn as if opaque (a rasterized bitmap, whose opacity applies
    /// when it is composited).
    func drawLayerEffects(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat,
                          appliesOpacity: Bool = true) {
        let inheritedAlpha = alpha
        var alpha = alpha
        let masked = layer.mask != nil
        let opacity = appliesOpacity ? CGFloat(min(max(layer.opacity, 0), 1)) : 1
        // A layer that paints one fill and nothing else looks the same with its opacity as the
        // fill's alpha, without the offscreen group (a full-target surface in cairo: the cost of
        // a frame of many fading layers).
        let grouped = opacity < 1 && layer.allowsGroupOpacity && !(drawsSingleFill(layer) && !masked)
        let shadowStyle = ShadowStyle(of: layer)
        // Only a mask, a group or a shadow change more of the state than the global alpha, which is put
        // back by hand: most layers of a frame need no saved state here.
        let savesState = masked || grouped || shadowStyle != nil
        if savesState { ctx.saveGState() }
        defer {
            if savesState { ctx.restoreGState() } else if opacity < 1 { ctx.setAlpha(inheritedAlpha) }
        }
        if let mask = layer.mask {
            guard clip(ctx, toAlphaOf: mask, toViewer: toViewer) else { return }
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            alpha = 1
        }
        if grouped {
            ctx.setAlpha(alpha * opacity)
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            alpha = 1
        } else if opacity < 1 {
            alpha *= opacity
            ctx.setAlpha(alpha)
        }
        if shadowStyle != nil, layer.masksToBounds {
            // As in Core Animation, masksToBounds clips the layer's own shadow too.
            ctx.addPath(outlinePath(of: layer))
            ctx.clip()
        }
        if let shadow = shadowStyle {
            if let path = shadow.path {
                drawShadow(shadow, of: path, in: ctx)
                drawLayerContent(layer, in: ctx, toViewer: toViewer, alpha: alpha)
            } else {
                // The shadow of the composite: the group's alpha, cast beneath it.
                ctx.saveGState()
                setShadow(shadow, in: ctx)
                ctx.beginTransparencyLayer(auxiliaryInfo: nil)
                drawLayerContent(layer, in: ctx, toViewer: toViewer, alpha: 1)
                ctx.endTransparencyLayer()
                ctx.restoreGState()
            }
        } else {
            drawLayerContent(layer, in: ctx, toViewer: toViewer, alpha: alpha)
        }
        if grouped { ctx.endTransparencyLayer() }
        if masked { ctx.endTransparencyLayer() }
    }

    /// Whether `layer`'s body is at most its background: no contents, sublayers, border, shadow or
    /// transition, so group opacity and fill alpha give the same pixels.
    func drawsSingleFill(_ layer: RenderLayer) -> Bool {
        !layer.hasChildren && layer.contents == nil && !layer.isShapeLayer && !layer.isGradientLayer && !layer.isTiledLayer && !layer.isEmitterLayer
            && (layer.borderWidth <= 0 || (layer.borderColor?.alpha ?? 0) <= 0)
            && ShadowStyle(of: layer) == nil && activeTransition(of: layer) == nil && layer.backdropBlurRadius <= 0
    }

    /// Draws `layer`'s background, contents, sublayers and border (no opacity, shadow or mask).
    ///
    /// Edge antialiasing: when `allowsEdgeAntialiasing` is false (the default, as on iOS) and the
    /// layer reaches the target rotated or sheared (the context's transform is not axis-aligned),
    /// the background and border are filled without antialiasing (cairo's ANTIALIAS_NONE), so their
    /// edges are hard, as Core Animation draws them. `edgeAntialiasingMask` is honoured all or
    /// nothing: with `allowsEdgeAntialiasing` true every edge is antialiased (whatever the mask).
    /// Contents images, sublayers and layers drawn in perspective (flattened, then warped with an
    /// antialiased outline) are not affected.
    ///
    /// While a `CATransition` is active on the layer (and `drawsTransition`), this draws the transition
    /// between the old picture and this body instead (`LayerTreeRenderer+Transition.swift`).
    func drawLayerContent(_ layer: RenderLayer, in ctx: CGContext, toViewer: Homography, alpha: CGFloat = 1,
                          drawsTransition: Bool = true) {
        if drawsTransition, let transition = activeTransition(of: layer) {
            drawTransition(transition, of: layer, in: ctx, toViewer: toViewer)
            return
        }
        if layer.backdropBlurRadius > 0 { drawBackdropBlur(of: layer, in: ctx) }
        let bounds = layer.bounds
        let corners = layer.maskedCorners

        let aliasedEdges = !layer.allowsEdgeAntialiasing && !isAxisAligned(ctx.ctm)
        // A turned rectangle of a plain colour is filled from the colour's values (the colour object
        // is not read: a frame of many such layers would wait on each); anything else through its colour.
        let filledFromValues = aliasedEdges && hasSquareCorners(layer)
            && layer.backgroundRGBA.map { $0.a <= 0 || ctx.fillAliased(bounds, color: $0) } == true
        if !filledFromValues, let color = layer.backgroundColor, color.alpha > 0 {
            // The fill colour is left set (every fill sets its own); only the antialiasing is restored.
            ctx.setFillColor(color)
            if aliasedEdges {
                ctx.withoutAntialiasing { fillOutline(of: layer, in: ctx) }
            } else {
                fillOutline(of: layer, in: ctx)
            }
        }

        if layer.isGradientLayer { drawGradient(of: layer, in: ctx) }

        // Only a clip needs a state of its own here (contents and sublayers keep theirs).
        let clips = layer.masksToBounds
        if clips {
            ctx.saveGState()
            addOutline(of: layer, to: ctx)
            ctx.clip()
        }
        if layer.isTiledLayer {
            drawTiles(of: layer, in: ctx, alpha: alpha)
        } else if let image = layer.contents as? CGImage {
            drawContents(image, of: layer, in: ctx)
        }
        if layer.isShapeLayer { drawShape(of: layer, in: ctx) }
        if layer.isEmitterLayer { drawParticles(of: layer, in: ctx, alpha: alpha) }
        let children = layer.hasChildren ? layer.children : []
        let sublayerTransform = children.isEmpty ? CATransform3DIdentity : layer.sublayerTransformInOwnSpace()
        if containsTransformLayer(children) {
            // CATransformLayer children share this layer's 3D context (LayerTreeRenderer+TransformLayer.swift).
            drawSublayersExpandingTransformLayers(children, sublayerTransform: sublayerTransform,
                                                  in: ctx, toViewer: toViewer, alpha: alpha)
        } else if layer.isReplicatorLayer, !children.isEmpty {
            drawReplicatedSublayers(of: layer, sublayerTransform: sublayerTransform, in: ctx, toViewer: toViewer, alpha: alpha)
        } else if !children.isEmpty {
            for (child, local) in placedInDrawingOrder(children, sublayerTransform: sublayerTransform) {
                renderLayer(child, in: ctx, parentSublayerTransform: sublayerTransform, parentToViewer: toViewer,
                            alpha: alpha, local: local)
            }
        }
        if clips { ctx.restoreGState() }

        if layer.borderWidth > 0, let color = layer.borderColor, color.alpha > 0 {
            // The border lies inside the bounds: stroke the outline inset by half the width. The
            // radius is clamped against the full bounds first, so the border follows the background.
            let w = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
            let inset = bounds.insetBy(dx: w / 2, dy: w / 2)
            let r = clampedRadius(layer.cornerRadius, in: bounds)
            ctx.saveGState()
            if aliasedEdges { ctx.setShouldAntialias(false) }
            ctx.addPath(roundedRectPath(inset, radius: max(0, r - w / 2), corners: corners, curve: layer.cornerCurve))
            ctx.setStrokeColor(color)
            ctx.setLineWidth(w)
            ctx.strokePath()
            ctx.restoreGState()
        }
    }

    private func drawContents(_ image: CGImage, of layer: RenderLayer, in ctx: CGContext) {
        let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
        // contentsRect selects a part of the image, in unit coordinates (y down from the top row):
        // sampled where it falls, fractions of a pixel included, the edge pixels repeating beyond
        // the image.
        let unit = layer.contentsRect
        let whole = unit == CGRect(x: 0, y: 0, width: 1, height: 1)
        let px = CGRect(x: unit.minX * CGFloat(image.width), y: unit.minY * CGFloat(image.height),
                        width: unit.width * CGFloat(image.width), height: unit.height * CGFloat(image.height))
        guard px.width != 0, px.height != 0, px.minX.isFinite, px.minY.isFinite,
              px.width.isFinite, px.height.isFinite else { return }
        let contentSize = CGSize(width: abs(px.width) / scale, height: abs(px.height) / scale)
        let rect = layer.contentsGravity.rect(forContentSize: contentSize, in: layer.bounds)
        guard rect.width > 0, rect.height > 0 else { return }
        ctx.saveGState()
        let magnifies = rect.width > contentSize.width || rect.height > contentSize.height
        let filter = magnifies ? layer.magnificationFilter : layer.minificationFilter
        ctx.interpolationQuality = filter == .nearest ? .none : .default
        if NineSlice.applies(to: layer) {
            if let slices = NineSlice(width: image.width, height: image.height, contentsRect: unit,
                                      center: layer.contentsCenter, scale: scale, in: rect) {
                drawNineSlice(image, slices, ctx: ctx)
            }
            ctx.restoreGState()
            return
        }
        // CGContext draws images right side up in a y-up space; our space is y down, so flip locally.
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        if whole {
            ctx.draw(image, in: rect)
        } else {
            ctx.draw(image, source: px, in: rect)
        }
        ctx.restoreGState()
    }

    static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                           .layerMinXMaxYCorner, .layerMaxXMaxYCorner]

    /// Draws `image`'s nine-slice pieces, each cut out (its edge pixels repeat, nothing of its
    /// neighbours bleeds in). The context's user space is y down.
    private func drawNineSlice(_ image: CGImage, _ slices: NineSlice, ctx: CGContext) {
        slices.forEachPiece { source, target in
            guard let piece = image.cropping(to: source) else { return }
            ctx.saveGState()
            ctx.translateBy(x: 0, y: target.minY + target.maxY)
            ctx.scaleBy(x: 1, y: -1)
            ctx.draw(piece, in: target)
            ctx.restoreGState()
        }
    }

    /// Adds `layer`'s outline to `ctx`'s path: the bounds rectangle itself when no corner is rounded
    /// (no path object made: the common case, every frame), else `outlinePath(of:)`.
    /// Fills `layer`'s outline with the context's fill colour.
    private func fillOutline(of layer: RenderLayer, in ctx: CGContext) {
        if hasSquareCorners(layer) {
            ctx.fill(layer.bounds)   // aliased under rotation: one pixman composite (CGContext+AliasedFill)
        } else {
            ctx.addPath(outlinePath(of: layer))
            ctx.fillPath()
        }
    }

    /// Whether `layer`'s outline is its bounds rectangle (no rounded corner).
    func hasSquareCorners(_ layer: RenderLayer) -> Bool {
        clampedRadius(layer.cornerRadius, in: layer.bounds) == 0 || layer.maskedCorners.intersection(Self.allCorners).isEmpty
    }

    func addOutline(of layer: RenderLayer, to ctx: CGContext) {
        if hasSquareCorners(layer) {
            ctx.addRect(layer.bounds)
        } else {
            ctx.addPath(outlinePath(of: layer))
        }
    }

    /// The outline of `layer`'s background, border and `masksToBounds` clip: its bounds with
    /// `cornerRadius` on `maskedCorners`, in `cornerCurve`'s shape.
    func outlinePath(of layer: RenderLayer) -> CGPath {
        roundedRectPath(layer.bounds, radius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve)
    }

    /// Whether `t` keeps the axes: a translation and per-axis scale (flips included), no rotation
    /// or shear. Edge antialiasing (`allowsEdgeAntialiasing`) only matters for layers whose map to
    /// the target is not.
    func isAxisAligned(_ t: CGAffineTransform) -> Bool { Self.isAxisAligned(t) }

    static func isAxisAligned(_ t: CGAffineTransform) -> Bool {
        let size = max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        return abs(t.b) <= 1e-9 * size && abs(t.c) <= 1e-9 * size
    }

    /// `radius` limited to half the shorter side of `rect`, as Core Animation does.
    func clampedRadius(_ radius: CGFloat, in rect: CGRect) -> CGFloat {
        guard radius.isFinite else { return 0 }
        return max(0, min(radius, min(rect.width, rect.height) / 2))
    }

    /// `rect` with the corners in `corners` rounded by `radius` (clamped to half the shorter side).
    /// The layer space is y down: `layerMinXMinYCorner` is the top-left corner on screen.
    ///
    /// `.continuous` corners are Apple's "squircle" (see `continuousCorner`); where one would not fit
    /// (it reaches 1.52866483 r along each edge, so it needs r <= min(width, height) / 3.0573), the
    /// corners fall back to circular arcs.
    func roundedRectPath(_ rect: CGRect, radius: CGFloat, corners: CACornerMask = LayerTreeRenderer.allCorners,
                         curve: CALayerCornerCurve = .circular) -> CGPath {
        let r = clampedRadius(radius, in: rect)
        guard r > 0, !corners.intersection(Self.allCorners).isEmpty else { return CGPath(rect: rect, transform: nil) }
        if curve == .continuous, Self.continuousCornerReach * r <= min(rect.width, rect.height) / 2 {
            return continuousRoundedRectPath(rect, radius: r, corners: corners)
        }
        if corners.isSuperset(of: Self.allCorners) {
            return CGPath(roundedRect: rect, cornerWidth: r, cornerHeight: r, transform: nil)
        }
        let path = CGMutablePath()
        let minX = rect.minX, maxX = rect.maxX, minY = rect.minY, maxY = rect.maxY
        // Clockwise on screen (y down): top-left, top-right, bottom-right, bottom-left.
        let tl = corners.contains(.layerMinXMinYCorner) ? r : 0
        let tr = corners.contains(.layerMaxXMinYCorner) ? r : 0
        let br = corners.contains(.layerMaxXMaxYCorner) ? r : 0
        let bl = corners.contains(.layerMinXMaxYCorner) ? r : 0
        path.move(to: CGPoint(x: minX + tl, y: minY))
        path.addLine(to: CGPoint(x: maxX - tr, y: minY))
        if tr > 0 { path.addArc(tangent1End: CGPoint(x: maxX, y: minY), tangent2End: CGPoint(x: maxX, y: minY + tr), radius: tr) }
        path.addLine(to: CGPoint(x: maxX, y: maxY - br))
        if br > 0 { path.addArc(tangent1End: CGPoint(x: maxX, y: maxY), tangent2End: CGPoint(x: maxX - br, y: maxY), radius: br) }
        path.addLine(to: CGPoint(x: minX + bl, y: maxY))
        if bl > 0 { path.addArc(tangent1End: CGPoint(x: minX, y: maxY), tangent2End: CGPoint(x: minX, y: maxY - bl), radius: bl) }
        path.addLine(to: CGPoint(x: minX, y: minY + tl))
        if tl > 0 { path.addArc(tangent1End: CGPoint(x: minX, y: minY), tangent2End: CGPoint(x: minX + tl, y: minY), radius: tl) }
        path.closeSubpath()
        return path
    }

    /// How far along each edge, in units of the corner radius, a continuous corner begins.
    static let continuousCornerReach: CGFloat = 1.52866483

    /// One continuous corner in units of the radius: the widely published bezier approximation of
    /// iOS 7+'s rounded rectangle (`UIBezierPath(roundedRect:cornerRadius:)`). Points are (u, v):
    /// u back along the edge entering the corner, v along the edge leaving it, both from the corner;
    /// the curve runs from (1.52866483, 0) to (0, 1.52866483), symmetric about the diagonal, through
    /// three cubics joined by two short lines (curvature rising smoothly from 0 at the edges).
    /// Each entry is a line (one point) or a cubic (control 1, control 2, end).
    static let continuousCorner: [[CGPoint]] = [
        [CGPoint(x: 1.08849323, y: 0), CGPoint(x: 0.86840689, y: 0), CGPoint(x: 0.66993427, y: 0.06549600)],
        [CGPoint(x: 0.63149399, y: 0.07491100)],
        [CGPoint(x: 0.37282401, y: 0.16906001), CGPoint(x: 0.16906001, y: 0.37282401), CGPoint(x: 0.07491100, y: 0.63149399)],
        [CGPoint(x: 0.06549600, y: 0.66993427)],
        [CGPoint(x: 0, y: 0.86840689), CGPoint(x: 0, y: 1.08849323), CGPoint(x: 0, y: 1.52866483)],
    ]

    /// `rect` with continuous corners of radius `r` (which must fit) on `corners`, clockwise on a
    /// y-down screen from the top edge.
    private func continuousRoundedRectPath(_ rect: CGRect, radius r: CGFloat, corners: CACornerMask) -> CGPath {
        let path = CGMutablePath()
        // Each corner: its point, the unit vector back along the entering edge, the one along the leaving edge.
        let all: [(CACornerMask, CGPoint, CGVector, CGVector)] = [
            (.layerMaxXMinYCorner, CGPoint(x: rect.maxX, y: rect.minY), CGVector(dx: -1, dy: 0), CGVector(dx: 0, dy: 1)),
            (.layerMaxXMaxYCorner, CGPoint(x: rect.maxX, y: rect.maxY), CGVector(dx: 0, dy: -1), CGVector(dx: -1, dy: 0)),
            (.layerMinXMaxYCorner, CGPoint(x: rect.minX, y: rect.maxY), CGVector(dx: 1, dy: 0), CGVector(dx: 0, dy: -1)),
            (.layerMinXMinYCorner, CGPoint(x: rect.minX, y: rect.minY), CGVector(dx: 0, dy: 1), CGVector(dx: 1, dy: 0)),
        ]
        let reach = Self.continuousCornerReach
        let tlRounded = corners.contains(.layerMinXMinYCorner)
        path.move(to: CGPoint(x: rect.minX + (tlRounded ? reach * r : 0), y: rect.minY))
        for (corner, c, e1, e2) in all {
            guard corners.contains(corner) else {
                path.addLine(to: c)
                continue
            }
            func point(_ p: CGPoint) -> CGPoint {
                CGPoint(x: c.x + r * (p.x * e1.dx + p.y * e2.dx), y: c.y + r * (p.x * e1.dy + p.y * e2.dy))
            }
            path.addLine(to: point(CGPoint(x: reach, y: 0)))
            for segment in Self.continuousCorner {
                if segment.count == 3 {
                    path.addCurve(to: point(segment[2]), control1: point(segment[0]), control2: point(segment[1]))
                } else {
                    path.addLine(to: point(segment[0]))
                }
            }
        }
        path.closeSubpath()
        return path
    }

    /// Whether `layer`'s geometry can be drawn: finite bounds, edges included (a finite origin plus a
    /// finite size can overflow, and rectangle operations on an infinite edge make NaN), and position.
    func isFinite(_ layer: RenderLayer) -> Bool {
        let b = layer.bounds, p = layer.position
        return b.origin.x.isFinite && b.origin.y.isFinite && b.width.isFinite && b.height.isFinite
            && (b.origin.x + b.size.width).isFinite && (b.origin.y + b.size.height).isFinite
            && p.x.isFinite && p.y.isFinite
    }
}

/// What a partial repaint draws: the nodes whose subtree's pictures (device pixels, as
/// `DamageTracker` bounds them) touch the repainted region.
package struct RenderCull {
    package let subtreeRects: [CGRect]
    package let region: DamageRegion

    package init(subtreeRects: [CGRect], region: DamageRegion) {
        self.subtreeRects = subtreeRects
        self.region = region
    }

    func shows(_ index: Int) -> Bool {
        index < subtreeRects.count ? region.intersects(subtreeRects[index]) : true
    }
}
