import CALinuxCairo
import CoreGraphics
import CALinuxPangoCairo
import Foundation

// Drawing a CAReplicatorLayer's sublayers once per instance: instance k through the instance transform
// applied k times about the layer's centre (before the sublayer transform), its animations evaluated
// k × instanceDelay earlier, its pixels multiplied by its instance colour.
extension LayerTreeRenderer {
    func drawReplicatedSublayers(of layer: RenderLayer, sublayerTransform: CATransform3D, in ctx: CGContext,
                                 toViewer: Homography, alpha: CGFloat) {
        let style = ReplicatorStyle(layer.extraValues)
        forEachReplica(of: layer, style: style, sublayerTransform: sublayerTransform) { k, placement, children in
            let tint = style.tints ? style.color(ofInstance: k) : nil
            if let tint, tint.a <= 0 { return }
            let cr = ctx.cairoContext
            if tint != nil { cairo_push_group(cr) }
            for (child, local) in placedInDrawingOrder(children, sublayerTransform: placement) {
                renderLayer(child, in: ctx, parentSublayerTransform: placement, parentToViewer: toViewer,
                            alpha: tint != nil ? 1 : alpha, local: local)
            }
            if let tint, let group = cairo_pop_group(cr) {
                Self.multiply(group, by: tint)
                cairo_save(cr)
                cairo_set_source(cr, group)
                cairo_paint_with_alpha(cr, Double(alpha))
                cairo_restore(cr)
                cairo_pattern_destroy(group)
            }
        }
    }

    /// Calls `body` for each instance of `layer`'s sublayers, first to last: its index, the placement of
    /// the sublayers in `layer`'s bounds space (the instance transform applied k times about the
    /// layer's centre, then `sublayerTransform`) and the sublayers as instance k draws them.
    func forEachReplica(of layer: RenderLayer, style: ReplicatorStyle, sublayerTransform: CATransform3D,
                        _ body: (Int, CATransform3D, [RenderLayer]) -> Void) {
        guard style.count > 0 else { return }
        let b = layer.bounds
        let toCentre = CATransform3DMakeTranslation(-b.midX, -b.midY, 0), back = CATransform3DMakeTranslation(b.midX, b.midY, 0)
        var accumulated = CATransform3DIdentity
        for k in 0..<style.count {
            let instance = CATransform3DConcat(CATransform3DConcat(toCentre, accumulated), back)
            let frame = instanceFrame(of: layer, instance: k, delay: style.delay)
            body(k, CATransform3DConcat(instance, sublayerTransform),
                 frame.tree.children(of: layer.index).map { RenderLayer(frame: frame, index: $0) })
            accumulated = CATransform3DConcat(accumulated, style.transform)
        }
    }

    /// The frame instance `k` of `layer`'s sublayers is drawn from: the layer's own, or (with a delay)
    /// the same tree evaluated `k × delay` seconds earlier.
    func instanceFrame(of layer: RenderLayer, instance k: Int, delay: CFTimeInterval) -> RenderFrame {
        guard k > 0, delay != 0, layer.frame.tree.nodes[layer.index].subtreeAnimates else { return layer.frame }
        let frame = RenderFrame(tree: layer.frame.tree)
        frame.evaluate(layer.frame.tree, atMediaTime: layer.frame.time - Double(k) * delay)
        return frame
    }

    /// Multiplies a popped group's premultiplied pixels by a straight RGBA colour: each colour channel
    /// by its component and the alpha, the alpha by the alpha.
    static func multiply(_ group: OpaquePointer, by c: (r: Double, g: Double, b: Double, a: Double)) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
              cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32 else { return }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Factors on a 0...255 scale, each channel rounded: (x × F + 127) / 255 keeps x where F is 255.
        func factor(_ x: Double) -> UInt32 { UInt32((min(max(x, 0), 1) * 255).rounded()) }
        let factors = (factor(c.b * c.a), factor(c.g * c.a), factor(c.r * c.a), factor(c.a))
        func scaled(_ x: UInt32, _ f: UInt32) -> UInt32 { (x * f + 127) / 255 }
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).bindMemory(to: UInt32.self, capacity: width)
            for x in 0..<width where row[x] != 0 {
                let p = row[x]
                let b = scaled(p & 0xFF, factors.0), g = scaled((p >> 8) & 0xFF, factors.1)
                let r = scaled((p >> 16) & 0xFF, factors.2), a = scaled(p >> 24, factors.3)
                row[x] = a << 24 | r << 16 | g << 8 | b
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}
