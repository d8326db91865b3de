import CALinuxGLES
import CoreGraphics

// Mask layers (`CALayer.mask`), as the software renderer composites them: the mask's tree is drawn
// into one offscreen target and the layer with its sublayers into a second over the same device box;
// the mask's alpha multiplies the second (a blend, no shader of its own), which is then composited at
// the layer's opacity times the inherited alpha.
extension GLESRenderer {
    /// Whether GL draws `layer` through its mask: under an affine map (the targets are device boxes),
    /// with no shadow (which lies beneath the mask: the software renderer's part).
    func masksNatively(_ layer: RenderLayer, toDevice: Homography) -> Bool {
        toDevice.affineTransform != nil && ShadowStyle(of: layer) == nil
    }

    /// Draws `layer` (and its sublayers) where `mask`'s alpha lets it show. The mask is placed in
    /// `layer`'s bounds space (not under its `sublayerTransform`) and drawn whole: its opacity and
    /// sublayers count, what GL leaves to software in it is drawn by software.
    func drawMasked(_ layer: RenderLayer, by mask: RenderLayer, toViewer: Homography, toDevice: Homography,
                    alpha: CGFloat) {
        guard let affine = toDevice.affineTransform else { return }
        var box = currentScissor
        if let extent = boundedExtent(of: layer) { box = box.intersection(extent.applying(affine).integral) }
        if let shown = maskExtent(of: mask) { box = box.intersection(shown.applying(affine).integral) }
        guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
        let maskTarget = drawOffscreen(box) { _ in
            // The mask's nodes have no damage rectangles of their own: nothing in it is culled.
            let outerCull = cull
            cull = nil
            walk(mask, parentSublayerTransform: CATransform3DIdentity, parentToViewer: toViewer, alpha: 1, local: nil)
            cull = outerCull
        }
        guard let maskTarget else { return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha) }
        // The opacity applies to the masked picture as one (a group), unless the layer asks for none.
        let grouped = layer.allowsGroupOpacity
        let drawn = drawOffscreen(box) { shift in
            drawNatively(layer, toViewer: toViewer, toDevice: toDevice.concatenating(shift), alpha: 1, opacityApplied: grouped)
            multiply(byAlphaOf: maskTarget)
        }
        guard let target = drawn else { return drawBySoftware(layer, toViewer: toViewer, toDevice: toDevice, alpha: alpha) }
        stats.groups += 1
        stats.masks += 1
        let opacity = grouped ? CGFloat(min(max(layer.opacity, 0), 1)) : 1
        addDeviceBitmap(box, texture: target.texture, alpha: alpha * opacity)
    }

    /// Multiplies the current target's pixels by the alpha of `mask`, a target of the same size.
    private func multiply(byAlphaOf mask: GLESGroupTarget) {
        batch.flush()
        glBlendFunc(GLenum(GL_ZERO), GLenum(GL_SRC_ALPHA))
        addDeviceBitmap(targetBounds, texture: mask.texture)
        batch.flush()
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    }

    /// The part of its owner's bounds space `mask` can let anything show in (nil: not known to be
    /// bounded). A shape layer without sublayers, the usual mask, reaches its path and stroke.
    private func maskExtent(of mask: RenderLayer) -> CGRect? {
        let sw = LayerTreeRenderer()
        guard let toOwner = Homography(droppingZOf: sw.localTransform(of: mask, CATransform3DIdentity)).affineTransform
        else { return nil }
        var extent: CGRect
        if let bounded = boundedExtent(of: mask) {
            extent = bounded
        } else if mask.isShapeLayer, !mask.hasChildren, ShadowStyle(of: mask) == nil {
            extent = mask.bounds
            let shape = ShapeStyle(mask.frame.values[mask.index].extraValues)
            if let path = shape.path, !path.isEmpty {
                let reach = shape.strokeReach
                extent = extent.union(path.boundingBox.insetBy(dx: -reach, dy: -reach))
            }
        } else {
            return nil
        }
        guard extent.minX.isFinite, extent.minY.isFinite, extent.width.isFinite, extent.height.isFinite else { return nil }
        return extent.applying(toOwner)
    }
}
