import CALinuxCairo
import CALinuxPangoCairo
import CALinuxPixman
import CoreGraphics
import Foundation

// Drawing a CAEmitterLayer's particles, between its contents and its sublayers, in its bounds
// space: each particle is its cell's contents (the `contentsRect` part, `contentsScale` pixels per
// point) centred on it, scaled, turned by its angle and multiplied by its colour; composited over,
// or added for `.additive`, in the order the simulation gives.
extension LayerTreeRenderer {
    func drawParticles(of layer: RenderLayer, in ctx: CGContext, alpha: CGFloat) {
        let simulation = layer.frame.emitterSimulation(of: layer.index)
        guard !simulation.particles.isEmpty, alpha > 0 else { return }
        let sprites = simulation.cells.map(ParticleSprite.init)
        defer { for sprite in sprites { sprite.release() } }
        let cr = ctx.cairoContext
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let additive = EmitterStyle(layer.extraValues).renderMode == .additive
        cairo_set_operator(cr, additive ? CAIRO_OPERATOR_ADD : CAIRO_OPERATOR_OVER)
        var base = cairo_matrix_t()
        cairo_get_matrix(cr, &base)
        let globalAlpha = Double(alpha)
        // White art goes straight to an image target through pixman (no allocation per particle).
        let blitter = sprites.contains { $0.art != nil } ? ParticleBlitter(cr) : nil
        simulation.particles.withUnsafeBufferPointer { particles in
            for p in particles {
                let sprite = sprites[p.cell]
                guard let pattern = sprite.pattern, p.alpha > 0, p.scale > 0 else { continue }
                var m = base
                cairo_matrix_translate(&m, p.x, p.y)
                if p.angle != 0 { cairo_matrix_rotate(&m, p.angle) }
                let k = p.scale / sprite.pixelsPerPoint
                cairo_matrix_scale(&m, k, k)
                cairo_matrix_translate(&m, -sprite.width / 2, -sprite.height / 2)
                if let blitter, let art = sprite.art {
                    blitter.draw(art, width: sprite.width, height: sprite.height, through: m,
                                 rgba: (p.red, p.green, p.blue, p.alpha * globalAlpha), additive: additive)
                    continue
                }
                // cairo takes a matrix it cannot invert (a particle scaled to almost nothing, or past
                // the range of doubles) as an error that ends all drawing in the context; such a
                // particle covers no visible part of a pixel anyway (or none that can be drawn).
                let area = abs(m.xx * m.yy - m.xy * m.yx) * sprite.width * sprite.height
                guard area.isFinite, area >= 1e-6 else { continue }
                cairo_set_matrix(cr, &m)
                if sprite.isWhite {
                    // White art: the colour through the picture's alpha is the product exactly.
                    cairo_set_source_rgba(cr, p.red, p.green, p.blue, p.alpha * globalAlpha)
                    cairo_mask(cr, pattern)
                } else if let tinted = sprite.tinted(by: p) {
                    cairo_set_source(cr, tinted)
                    cairo_paint_with_alpha(cr, globalAlpha)
                }
            }
        }
    }
}

/// A cell's contents ready to draw for one frame: a pattern of its `contentsRect` part, and for
/// pictures that are not white a scratch bitmap each particle's tinted copy is made in.
private final class ParticleSprite {
    private(set) var pattern: OpaquePointer?
    /// For white art: a pixman image of the part drawn (`ParticleBlitter`).
    private(set) var art: OpaquePointer?
    private var part: OpaquePointer?
    private var scratch: OpaquePointer?
    private var scratchPattern: OpaquePointer?
    private var source: OpaquePointer?
    private var sourceImage: CGImage?
    private var origin = (x: 0, y: 0)
    var width = 0.0, height = 0.0
    var pixelsPerPoint = 1.0
    /// Whether every pixel is white (or clear) at its alpha: then a tint is a plain mask.
    var isWhite = true

    init(_ cell: EmitterCellValues) {
        guard let image = KeyedValue.unwrap(cell.contents) as? CGImage, image.width > 0, image.height > 0 else { return }
        let r = cell.contentsRect
        guard r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite, r.width > 0, r.height > 0 else { return }
        let w = CGFloat(image.width), h = CGFloat(image.height)
        let px = CGRect(x: r.minX * w, y: r.minY * h, width: r.width * w, height: r.height * h).integral
            .intersection(CGRect(x: 0, y: 0, width: w, height: h))
        guard !px.isNull, px.width >= 1, px.height >= 1 else { return }
        let surface = image.cairoSurface
        sourceImage = image
        origin = (Int(px.minX), Int(px.minY))
        width = Double(px.width)
        height = Double(px.height)
        let s = Double(cell.contentsScale)
        pixelsPerPoint = s > 0 && s.isFinite ? s : 1
        part = cairo_surface_create_for_rectangle(surface, px.minX, px.minY, px.width, px.height)
        guard let part else { return }
        pattern = cairo_pattern_create_for_surface(part)
        let nearest = cell.magnificationFilter == "nearest" && cell.minificationFilter == "nearest"
        cairo_pattern_set_filter(pattern, nearest ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_BILINEAR)
        isWhite = Self.isWhite(surface, px)
        if isWhite {
            art = ParticleBlitter.artImage(surface, (Int(px.minX), Int(px.minY), Int(px.width), Int(px.height)), nearest: nearest)
        } else {
            prepareScratch(surface)
        }
    }

    /// Whether the pixels of `rect` in `surface` are white at their alpha (premultiplied: r = g = b = a).
    private static func isWhite(_ surface: OpaquePointer, _ rect: CGRect) -> Bool {
        let format = cairo_image_surface_get_format(surface)
        if format == CAIRO_FORMAT_A8 { return true }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = format == CAIRO_FORMAT_RGB24
        for y in Int(rect.minY)..<Int(rect.maxY) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = row[x]
                let a = opaque ? 0xFF : p >> 24
                if (p >> 16) & 0xFF != a || (p >> 8) & 0xFF != a || p & 0xFF != a { return false }
            }
        }
        return true
    }

    private func prepareScratch(_ surface: OpaquePointer) {
        let format: pixman_format_code_t = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
            ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8
        guard let data = cairo_image_surface_get_data(surface) else { return }
        source = pixman_image_create_bits(format, Int32(cairo_image_surface_get_width(surface)),
                                          Int32(cairo_image_surface_get_height(surface)),
                                          UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                          cairo_image_surface_get_stride(surface))
        scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        if let scratch { scratchPattern = cairo_pattern_create_for_surface(scratch) }
        if let scratchPattern, let pattern {
            cairo_pattern_set_filter(scratchPattern, cairo_pattern_get_filter(pattern))
        }
    }

    /// The contents multiplied by the particle's colour (each premultiplied channel by the colour's
    /// component times its alpha, the alpha by the alpha), as a pattern.
    func tinted(by p: EmitterParticle) -> OpaquePointer? {
        guard let source, let scratch, let scratchPattern, let data = cairo_image_surface_get_data(scratch) else { return nil }
        cairo_surface_flush(scratch)
        let dest = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                                            UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                            cairo_image_surface_get_stride(scratch))
        defer { if let dest { pixman_image_unref(dest) } }
        func channel(_ x: Double) -> UInt16 { UInt16((min(max(x, 0), 1) * 65535).rounded()) }
        var color = pixman_color_t(red: channel(p.red * p.alpha), green: channel(p.green * p.alpha),
                                   blue: channel(p.blue * p.alpha), alpha: channel(p.alpha))
        guard let dest, let mask = pixman_image_create_solid_fill(&color) else { return nil }
        defer { pixman_image_unref(mask) }
        // A component-alpha mask multiplies each channel by its own component.
        pixman_image_set_component_alpha(mask, 1)
        pixman_image_composite32(PIXMAN_OP_SRC, source, mask, dest, Int32(origin.x), Int32(origin.y), 0, 0, 0, 0,
                                 Int32(width), Int32(height))
        cairo_surface_mark_dirty(scratch)
        return scratchPattern
    }

    func release() {
        if let pattern { cairo_pattern_destroy(pattern) }
        if let part { cairo_surface_destroy(part) }
        if let scratchPattern { cairo_pattern_destroy(scratchPattern) }
        if let scratch { cairo_surface_destroy(scratch) }
        if let source { pixman_image_unref(source) }
        if let art { pixman_image_unref(art) }
        art = nil
        pattern = nil; part = nil; scratchPattern = nil; scratch = nil; source = nil
        sourceImage = nil
    }
}
