import CoreGraphics

/// The software renderer: draws a layer tree into a `CGContext` with cairo.
///
/// The context's current user space must be the root layer's superlayer space (y down, in points).
/// Order per layer, as in Core Animation: background, contents, sublayers (by `zPosition`, then
/// order), border; opacity applies to the layer and its sublayers as one group. 3D transforms are
/// flattened to their affine part for now (perspective is dropped).
package struct LayerTreeRenderer {
    package init() {}

    /// Draws `root` and its sublayers, `root` placed by its own position/transform.
    package func render(_ root: CALayer, in ctx: CGContext) {
        renderLayer(root, in: ctx, parentSublayerTransform: CATransform3DIdentity)
    }

    /// Draws `root`'s own content and sublayers in its bounds space (no own geometry), as
    /// `CALayer.render(in:)` does.
    package func renderContent(of root: CALayer, in ctx: CGContext) {
        drawLayerBody(root, in: ctx)
    }

    private func renderLayer(_ layer: CALayer, in ctx: CGContext, parentSublayerTransform: CATransform3D) {
        guard !layer.isHidden, layer.opacity > 0, isFinite(layer) else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.concatenate(CATransform3DGetAffineTransform(localTransform(of: layer, parentSublayerTransform)))
        drawLayerBody(layer, in: ctx)
    }

    /// The transform from `layer`'s bounds space to its superlayer's bounds space.
    private func localTransform(of layer: CALayer, _ parentSublayerTransform: CATransform3D) -> CATransform3D {
        let size = layer.bounds.size
        var m = CATransform3DMakeTranslation(-layer.bounds.origin.x - layer.anchorPoint.x * size.width,
                                             -layer.bounds.origin.y - layer.anchorPoint.y * size.height, 0)
        m = CATransform3DConcat(m, layer.transform)
        m = CATransform3DConcat(m, CATransform3DMakeTranslation(layer.position.x, layer.position.y, 0))
        return CATransform3DConcat(m, parentSublayerTransform)
    }

    private func drawLayerBody(_ layer: CALayer, in ctx: CGContext) {
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
            renderLayer(child, in: ctx, parentSublayerTransform: sublayerTransform)
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

    private func isFinite(_ layer: CALayer) -> Bool {
        let b = layer.bounds, p = layer.position
        return b.origin.x.isFinite && b.origin.y.isFinite && b.width.isFinite && b.height.isFinite
            && p.x.isFinite && p.y.isFinite
    }
}
