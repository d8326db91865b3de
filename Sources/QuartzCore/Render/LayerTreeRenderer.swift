import CoreGraphics

/// The software renderer: draws a layer tree into a `CGContext` with cairo.
///
/// The context's current user space must be the root layer's superlayer space (y down, in points).
/// Order per layer, as in Core Animation: background, contents, sublayers (by `zPosition`, then
/// order), border; opacity applies to the layer and its sublayers as one group.
///
/// 3D: every layer flattens its sublayers into its own plane (an ordinary `CALayer` is not a
/// `CATransformLayer`), so a layer reaches its target through the homography of its transform's
/// x, y and w rows and columns (`Homography(droppingZOf:)`). When that map is affine the layer is
/// drawn straight into the target with cairo; otherwise (perspective) it is drawn flat into an
/// offscreen bitmap and warped onto the target (`LayerTreeRenderer+Perspective.swift`).
package struct LayerTreeRenderer {
    package init() {}

    /// Draws `root` and its sublayers, `root` placed by its own position/transform.
    package func render(_ root: CALayer, in ctx: CGContext) {
        renderLayer(root, in: ctx, parentSublayerTransform: CATransform3DIdentity, parentToViewer: .identity)
    }

    /// Draws `root`'s own content and sublayers in its bounds space (no own geometry), as
    /// `CALayer.render(in:)` does.
    package func renderContent(of root: CALayer, in ctx: CGContext) {
        drawLayerBody(root, in: ctx, toViewer: .identity)
    }

    /// Draws `layer` into `ctx`, whose user space is the superlayer's bounds space.
    ///
    /// `parentToViewer` maps the superlayer's bounds space to the viewer's plane (the space the
    /// render started in); it decides which way a layer faces.
    func renderLayer(_ layer: CALayer, in ctx: CGContext, parentSublayerTransform: CATransform3D,
                     parentToViewer: Homography) {
        guard !layer.isHidden, layer.opacity > 0, isFinite(layer) else { return }
        let toParent = Homography(droppingZOf: localTransform(of: layer, parentSublayerTransform))
        guard toParent.isFinite else { return }
        let toViewer = toParent.concatenating(parentToViewer)
        if !layer.isDoubleSided && !isFrontFacing(layer.bounds, toViewer) { return }
        if let affine = toParent.affineTransform {
            ctx.saveGState()
            defer { ctx.restoreGState() }
            ctx.concatenate(affine)
            drawLayerBody(layer, in: ctx, toViewer: toViewer)
        } else {
            drawProjected(layer, in: ctx, toParent: toParent, toViewer: toViewer)
        }
    }

    /// The transform from `layer`'s bounds space to its superlayer's bounds space (z included:
    /// `zPosition` and `anchorPointZ` matter under a perspective `sublayerTransform`).
    func localTransform(of layer: CALayer, _ parentSublayerTransform: CATransform3D) -> CATransform3D {
        let size = layer.bounds.size
        var m = CATransform3DMakeTranslation(-layer.bounds.origin.x - layer.anchorPoint.x * size.width,
                                             -layer.bounds.origin.y - layer.anchorPoint.y * size.height,
                                             -layer.anchorPointZ)
        m = CATransform3DConcat(m, layer.transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(layer.position.x, layer.position.y,
                                                                layer.zPosition + layer.anchorPointZ))
        return CATransform3DConcat(m, parentSublayerTransform)
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

    /// Draws `layer`'s background, contents, sublayers and border into `ctx`, whose user space is
    /// `layer`'s bounds space; `toViewer` maps that space to the viewer's plane.
    func drawLayerBody(_ layer: CALayer, in ctx: CGContext, toViewer: Homography) {
        let grouped = layer.opacity < 1
        if grouped {
            ctx.setAlpha(CGFloat(layer.opacity))
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        }
        let bounds = layer.bounds
        let outline = roundedRectPath(bounds, radius: layer.cornerRadius)

        if let color = layer.backgroundColor, color.alpha > 0 {
            ctx.addPath(outline)
            ctx.setFillColor(color)
            ctx.fillPath()
        }

        ctx.saveGState()
        if layer.masksToBounds {
            ctx.addPath(outline)
            ctx.clip()
        }
        if let image = layer.contents as? CGImage {
            drawContents(image, of: layer, in: ctx)
        }
        let sublayerTransform = layer.sublayerTransformInOwnSpace()
        let ordered = layer.children.enumerated().sorted {
            $0.element.zPosition != $1.element.zPosition ? $0.element.zPosition < $1.element.zPosition : $0.offset < $1.offset
        }
        for (_, child) in ordered {
            renderLayer(child, in: ctx, parentSublayerTransform: sublayerTransform, parentToViewer: toViewer)
        }
        ctx.restoreGState()

        if layer.borderWidth > 0, let color = layer.borderColor, color.alpha > 0 {
            // The border lies inside the bounds: stroke the outline inset by half the width.
            let w = min(layer.borderWidth, min(bounds.width, bounds.height) / 2)
            let inset = bounds.insetBy(dx: w / 2, dy: w / 2)
            ctx.addPath(roundedRectPath(inset, radius: max(0, layer.cornerRadius - w / 2)))
            ctx.setStrokeColor(color)
            ctx.setLineWidth(w)
            ctx.strokePath()
        }

        if grouped { ctx.endTransparencyLayer() }
    }

    private func drawContents(_ image: CGImage, of layer: CALayer, in ctx: CGContext) {
        let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
        // contentsRect selects a part of the image, in unit coordinates (y down from the top row).
        var source = image
        let unit = layer.contentsRect
        if unit != CGRect(x: 0, y: 0, width: 1, height: 1) {
            let px = CGRect(x: unit.minX * CGFloat(image.width), y: unit.minY * CGFloat(image.height),
                            width: unit.width * CGFloat(image.width), height: unit.height * CGFloat(image.height))
                .integral
            guard let cropped = image.cropping(to: px) else { return }
            source = cropped
        }
        let contentSize = CGSize(width: CGFloat(source.width) / scale, height: CGFloat(source.height) / scale)
        let rect = layer.contentsGravity.rect(forContentSize: contentSize, in: layer.bounds)
        guard rect.width > 0, rect.height > 0 else { return }
        ctx.saveGState()
        let magnifies = rect.width > contentSize.width || rect.height > contentSize.height
        let filter = magnifies ? layer.magnificationFilter : layer.minificationFilter
        ctx.interpolationQuality = filter == .nearest ? .none : .default
        // CGContext draws images right side up in a y-up space; our space is y down, so flip locally.
        ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(source, in: rect)
        ctx.restoreGState()
    }

    private func roundedRectPath(_ rect: CGRect, radius: CGFloat) -> CGPath {
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        if r > 0 { return CGPath(roundedRect: rect, cornerWidth: r, cornerHeight: r, transform: nil) }
        return CGPath(rect: rect, transform: nil)
    }

    func isFinite(_ layer: CALayer) -> Bool {
        let b = layer.bounds, p = layer.position
        return b.origin.x.isFinite && b.origin.y.isFinite && b.width.isFinite && b.height.isFinite
            && p.x.isFinite && p.y.isFinite
    }
}
