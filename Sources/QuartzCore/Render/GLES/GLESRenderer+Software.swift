import CoreGraphics

// Layers the GPU back end leaves to the software renderer: drawn with their sublayers into a
// bitmap, then drawn as a texture.
extension GLESRenderer {
    /// Draws `layer` (and its sublayers) with `LayerTreeRenderer` into a bitmap, then that bitmap.
    ///
    /// When the layer reaches the device through an affine map, the bitmap is in device space (the
    /// layer's device bounding box, within the drawn pixels) and is drawn back pixel for pixel: the
    /// same pixels the software renderer makes. Under perspective the layer is drawn flat in its own
    /// plane, as the software renderer does before warping, and GL warps the bitmap (bilinear).
    func drawBySoftware(_ layer: RenderLayer, toViewer: Homography, toDevice: Homography, alpha: CGFloat) {
        stats.softwareLayers += 1
        let sw = LayerTreeRenderer()
        if let affine = toDevice.affineTransform {
            // Additive particles add to what lies below: the bitmap starts as the pixels drawn so far
            // and replaces them (never kept: what lies below changes).
            let readsBelow = flipsRows && blendsWithDestination(layer)
            // A kept bitmap covers the layer's whole device box; a fresh one only what is drawn now.
            let keeps = !readsBelow && layer.index < rasterSerials.count && !hasTiledLayers(layer)
            let limit = keeps ? targetBounds : currentScissor
            var box = limit
            if let extent = boundedExtent(of: layer) {
                box = extent.applying(affine).integral.intersection(limit)
            }
            guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
            let whole = CGRect(x: 0, y: 0, width: 1, height: 1)
            if keeps, let texture = softwareLayers.texture(for: layer.layerID, changedAt: rasterSerials[layer.index],
                                                             toDevice: affine, box: box, alpha: alpha) {
                stats.keptSoftwareLayers += 1
                batch.add(GLESQuad(shape: box, toDevice: .identity, color: .white(1), textureRect: whole), texture: texture, nearest: true)
                return
            }
            guard let bitmap = LayerTreeRenderer.bitmap(width: Int(box.width), height: Int(box.height)) else { return }
            // Device pixels, y down, the box's corner at the bitmap's top-left.
            bitmap.concatenate(bitmap.ctm.inverted())
            bitmap.translateBy(x: 0, y: box.height)
            bitmap.scaleBy(x: 1, y: -1)
            bitmap.translateBy(x: -box.minX, y: -box.minY)
            bitmap.concatenate(affine)
            if alpha < 1 { bitmap.setAlpha(alpha) }
            batch.flush()
            if readsBelow { readPixels(in: box, into: bitmap) }
            sw.drawLayerBody(layer, in: bitmap, toViewer: toViewer, alpha: alpha)
            let texture = keeps
                ? softwareLayers.store(bitmap, for: layer.layerID, frame: frameSerial, toDevice: affine, box: box, alpha: alpha)
                : scratchTexture(bitmap)
            batch.add(GLESQuad(shape: box, toDevice: .identity, color: .white(1), textureRect: whole), texture: texture, nearest: true)
            if readsBelow { batch.flushReplacing() }
            return
        }
        // Perspective: flat in the layer's plane at about the device's resolution, then warped.
        let extent = sw.contentExtent(of: layer)
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return }
        let corners = ProjectedPolygon.corners(of: extent)
        guard corners.allSatisfy({ toDevice.mapHomogeneous($0).w > 1e-6 }) else { return }
        var magnification: CGFloat = 0
        let projected = corners.map { toDevice.project($0) }
        for i in 0..<4 {
            let j = (i + 1) % 4
            let s = hypot(corners[j].x - corners[i].x, corners[j].y - corners[i].y)
            let d = hypot(projected[j].x - projected[i].x, projected[j].y - projected[i].y)
            if s > 1e-9, d.isFinite { magnification = max(magnification, d / s) }
        }
        let base = viewerToDevice.m11
        var scale = min(max(base, magnification), base * LayerTreeRenderer.maximumMagnification)
        scale = min(scale, LayerTreeRenderer.maximumOffscreenSide / extent.width, LayerTreeRenderer.maximumOffscreenSide / extent.height)
        let width = Int((extent.width * scale).rounded(.up)), height = Int((extent.height * scale).rounded(.up))
        guard scale > 0, scale.isFinite, width > 0, height > 0,
              let plane = LayerTreeRenderer.bitmap(width: width, height: height) else { return }
        plane.translateBy(x: 0, y: CGFloat(height))
        plane.scaleBy(x: CGFloat(width) / extent.width, y: -CGFloat(height) / extent.height)
        plane.translateBy(x: -extent.minX, y: -extent.minY)
        sw.drawLayerBody(layer, in: plane, toViewer: toViewer)
        batch.flush()
        let texture = scratchTexture(plane)
        batch.add(GLESQuad(shape: extent, toDevice: toDevice, color: .white(alpha),
                           margin: pixelMargin(of: extent, toDevice: toDevice),
                           textureRect: CGRect(x: 0, y: 0, width: 1, height: 1)),
                  texture: texture, nearest: false)
    }

    /// Whether `layer`'s subtree has a tiled layer (whose tiles arrive from its workers between frames).
    private func hasTiledLayers(_ layer: RenderLayer) -> Bool {
        let nodes = layer.frame.tree.nodes
        return (layer.index..<(layer.index + nodes[layer.index].subtreeSize)).contains { nodes[$0].kind == .tiledLayer }
    }

    /// Whether `layer`'s subtree draws with an operator that reads the destination (an emitter's
    /// additive particles).
    private func blendsWithDestination(_ layer: RenderLayer) -> Bool {
        let nodes = layer.frame.tree.nodes
        for i in layer.index..<(layer.index + nodes[layer.index].subtreeSize) where nodes[i].kind == .emitterLayer {
            if EmitterStyle(layer.frame.values[i].extraValues).renderMode == .additive { return true }
        }
        return false
    }

    /// The part of `layer`'s bounds space its subtree can draw into, when it is known to be bounded:
    /// nil when a shadow, a shape, particles or replicas may reach beyond the layers' own extents.
    func boundedExtent(of layer: RenderLayer) -> CGRect? {
        let nodes = layer.frame.tree.nodes
        let values = layer.frame.values
        for i in layer.index..<(layer.index + nodes[layer.index].subtreeSize) {
            switch nodes[i].kind {
            case .shapeLayer, .emitterLayer, .replicatorLayer: return nil
            default: break
            }
            if values[i].shadowOpacity > 0, values[i].shadowColor != nil { return nil }
        }
        let extent = LayerTreeRenderer().contentExtent(of: layer)
        return extent.isNull ? nil : extent
    }
}
