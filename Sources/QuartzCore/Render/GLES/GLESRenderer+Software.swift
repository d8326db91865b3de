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
        var sw = LayerTreeRenderer()
        sw.drawsTilesAsynchronously = drawsTilesAsynchronously
        if let affine = toDevice.affineTransform {
            let subtree = SubtreeContents(of: layer)
            // Additive particles and blend modes read what lies below: the bitmap starts as the pixels
            // drawn so far and replaces them (never kept: what lies below changes).
            let readsBelow = flipsRows && subtree.readsBelow
            // A kept bitmap covers the layer's whole device box; a fresh one only what is drawn now.
            let keeps = !readsBelow && layer.index < rasterSerials.count && !subtree.hasTiles
            let limit = keeps ? targetBounds : currentScissor
            var box = limit
            if let extent = boundedExtent(of: layer, subtree) {
                box = extent.applying(affine).integral.intersection(limit)
            }
            guard !box.isNull, box.width >= 1, box.height >= 1 else { return }
            if keeps, let texture = softwareLayers.texture(for: layer.layerID, changedAt: rasterSerials[layer.index],
                                                             toDevice: affine, box: box, alpha: alpha) {
                stats.keptSoftwareLayers += 1
                addDeviceBitmap(box, texture: texture)
                return
            }
            guard let bitmap = LayerTreeRenderer.bitmap(width: Int(box.width), height: Int(box.height)) else { return }
            stats.softwarePixels += Int(box.width) * Int(box.height)
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
            addDeviceBitmap(box, texture: texture)
            if readsBelow { batch.flushReplacing() }
            return
        }
        // Perspective: flat in the layer's plane at about the device's resolution (as the software
        // renderer flattens before warping), then warped by GL.
        let extent = sw.contentExtent(of: layer)
        guard !extent.isNull, extent.width > 0, extent.height > 0 else { return }
        let corners = ProjectedPolygon.corners(of: extent)
        guard corners.allSatisfy({ toDevice.mapHomogeneous($0).w > 1e-6 }) else { return }
        let polygon = ProjectedPolygon(clipping: corners, through: toDevice)
        let scale = sw.flatteningScale(of: extent, polygon: polygon, targetScale: viewerToDevice.m11)
        let width = Int((extent.width * scale).rounded(.up)), height = Int((extent.height * scale).rounded(.up))
        guard scale > 0, scale.isFinite, width > 0, height > 0,
              let plane = LayerTreeRenderer.bitmap(width: width, height: height) else { return }
        stats.softwarePixels += width * height
        plane.translateBy(x: 0, y: CGFloat(height))
        plane.scaleBy(x: CGFloat(width) / extent.width, y: -CGFloat(height) / extent.height)
        plane.translateBy(x: -extent.minX, y: -extent.minY)
        sw.drawLayerBody(layer, in: plane, toViewer: toViewer)
        batch.flush()
        batch.add(GLESQuad(shape: extent, toDevice: toDevice, color: .white(alpha),
                           margin: pixelMargin(of: extent, toDevice: toDevice), textureRect: GLESQuad.wholeTexture),
                  texture: scratchTexture(plane), nearest: false)
    }

    /// The part of `layer`'s bounds space its subtree can draw into, when it is known to be bounded:
    /// nil when a shadow, particles or replicas may reach beyond the layers' own extents.
    func boundedExtent(of layer: RenderLayer, _ subtree: SubtreeContents? = nil) -> CGRect? {
        guard !(subtree ?? SubtreeContents(of: layer)).isUnbounded else { return nil }
        let extent = LayerTreeRenderer().contentExtent(of: layer)
        return extent.isNull ? nil : extent
    }
}

/// What a layer's subtree holds that changes how the GPU back end draws it by software: read in one
/// pass over its nodes.
struct SubtreeContents {
    /// A shadow, particles or replicas: pictures that may reach beyond the layers' extents (a shape's
    /// reach is part of its extent).
    var isUnbounded = false
    /// A tiled layer (whose tiles arrive from its workers between frames).
    var hasTiles = false
    /// An operator that reads the destination (an emitter's additive particles, a
    /// `compositingFilter` blend mode, a backdrop blur).
    var readsBelow = false

    init(of layer: RenderLayer) {
        let nodes = layer.frame.tree.nodes
        let values = layer.frame.values
        for i in layer.index..<(layer.index + nodes[layer.index].subtreeSize) {
            switch nodes[i].kind {
            case .replicatorLayer: isUnbounded = true
            case .emitterLayer:
                isUnbounded = true
                if EmitterStyle(values[i].extraValues).renderMode == .additive { readsBelow = true }
            case .tiledLayer: hasTiles = true
            default: break
            }
            if values[i].shadowOpacity > 0, values[i].shadowColor != nil { isUnbounded = true }
            if values[i].compositingBlendMode != .normal { readsBelow = true }
            if values[i].backdropBlurRadius > 0 {
                // The blur reads pixels around the layer too: the bitmap covers what is drawn now.
                readsBelow = true
                isUnbounded = true
            }
        }
    }
}
