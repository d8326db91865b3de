import CoreGraphics

// A CAReplicatorLayer's sublayers drawn by GL once per instance, as the software renderer draws them
// (`LayerTreeRenderer+Replicator.swift`): instance k through the instance transform applied k times
// about the layer's centre, its animations evaluated k × instanceDelay earlier. A tinted instance is
// drawn into an offscreen target over its device box, then composited multiplied by its colour (the
// shader multiplies textures by the quad's colour: each channel by its component and the alpha).
extension GLESRenderer {
    /// Draws `layer`'s sublayers once per instance (the replicator's own background, contents and
    /// border are drawn by `drawNatively`).
    func drawReplicas(of layer: RenderLayer, sublayerTransform: CATransform3D, toViewer: Homography, alpha: CGFloat) {
        let sw = LayerTreeRenderer()
        let style = ReplicatorStyle(layer.extraValues)
        sw.forEachReplica(of: layer, style: style, sublayerTransform: sublayerTransform) { k, placement, children in
            let placed = sw.placedInDrawingOrder(children, sublayerTransform: placement)
            guard style.tints else {
                for (child, local) in placed {
                    walk(child, parentSublayerTransform: placement, parentToViewer: toViewer, alpha: alpha, local: local)
                }
                return
            }
            let tint = style.color(ofInstance: k)
            guard tint.a > 0, let box = deviceBox(of: placed, toViewer: toViewer) else { return }
            let drawn = drawOffscreen(box) { _ in
                for (child, local) in placed {
                    walk(child, parentSublayerTransform: placement, parentToViewer: toViewer, alpha: 1, local: local)
                }
            }
            guard let target = drawn else { return }
            stats.groups += 1
            let a = Float(tint.a * Double(alpha))
            batch.add(GLESQuad(shape: box, toDevice: .identity,
                               color: GLESColor(r: Float(tint.r) * a, g: Float(tint.g) * a, b: Float(tint.b) * a, a: a),
                               textureRect: GLESQuad.wholeTexture),
                      texture: target.texture, nearest: true)
        }
    }

    /// The whole device pixels `placed` layers may draw into, within the drawn area; nil when none.
    /// Layers whose reach is not known (a shadow, particles, replicas) or that are not placed by an
    /// affine map take the whole drawn area.
    private func deviceBox(of placed: [(layer: RenderLayer, local: CATransform3D)], toViewer: Homography) -> CGRect? {
        var box = CGRect.null
        for (child, local) in placed {
            let toDevice = Homography(droppingZOf: local).concatenating(toViewer).concatenating(viewerToDevice)
            guard let affine = toDevice.affineTransform, let extent = boundedExtent(of: child) else {
                box = currentScissor
                break
            }
            box = box.union(extent.applying(affine))
        }
        box = box.integral.intersection(currentScissor)
        return box.isNull || box.width < 1 || box.height < 1 ? nil : box
    }
}
