import CALinuxCairo
import CALinuxPangoCairo
import CALinuxPixman
import CoreGraphics

/// Draws white-art particles straight into a cairo image target with pixman: its colour (a 1×1
/// repeating image whose pixel is rewritten per particle) through the art's alpha (transformed,
/// bilinear) over or added to the target, clipped to the context's clip. cairo would allocate
/// several objects per particle; this allocates per frame only. Unavailable (nil) when the target
/// is not an ARGB32/RGB24 image or the clip is not a set of device rectangles: the caller draws
/// with cairo then.
final class ParticleBlitter {
    private let target: OpaquePointer
    private let destination: OpaquePointer
    private let offset: (x: Double, y: Double)
    private let size: (width: Int32, height: Int32)
    @exclusivity(unchecked) private var region = pixman_region32_t()
    @exclusivity(unchecked) private var colorPixel = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
    private let color: OpaquePointer

    init?(_ cr: OpaquePointer) {
        guard let surface = cairo_get_group_target(cr), cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
        else { colorPixel.deallocate(); return nil }
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { colorPixel.deallocate(); return nil }
        // The clip in device space, as rectangles.
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let list = cairo_copy_clip_rectangle_list(cr)
        cairo_restore(cr)
        defer { cairo_rectangle_list_destroy(list) }
        guard let list, list.pointee.status == CAIRO_STATUS_SUCCESS else { colorPixel.deallocate(); return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { colorPixel.deallocate(); return nil }
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(surface, &ox, &oy)
        offset = (ox, oy)
        size = (cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))
        guard let dest = pixman_image_create_bits(format == CAIRO_FORMAT_RGB24 ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8,
                                                  size.width, size.height,
                                                  UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self),
                                                  cairo_image_surface_get_stride(surface))
        else { colorPixel.deallocate(); return nil }
        var boxes: [pixman_box32_t] = []
        for k in 0..<Int(list.pointee.num_rectangles) {
            let r = list.pointee.rectangles[k]
            // Clip rectangles of an image target are whole pixels; round outwards to be safe.
            let x0 = Int32(max(-1e6, (r.x + ox).rounded(.down))), y0 = Int32(max(-1e6, (r.y + oy).rounded(.down)))
            let x1 = Int32(min(1e6, (r.x + r.width + ox).rounded(.up))), y1 = Int32(min(1e6, (r.y + r.height + oy).rounded(.up)))
            if x1 > x0, y1 > y0 { boxes.append(pixman_box32_t(x1: x0, y1: y0, x2: x1, y2: y1)) }
        }
        pixman_region32_init_rects(&region, boxes, Int32(boxes.count))
        pixman_image_set_clip_region32(dest, &region)
        colorPixel.pointee = 0
        guard let color = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, colorPixel, 4) else {
            pixman_image_unref(dest); pixman_region32_fini(&region); colorPixel.deallocate(); return nil
        }
        pixman_image_set_repeat(color, PIXMAN_REPEAT_NORMAL)
        target = surface
        destination = dest
        self.color = color
    }

    deinit {
        pixman_image_unref(color)
        pixman_image_unref(destination)
        pixman_region32_fini(&region)
        colorPixel.deallocate()
        cairo_surface_mark_dirty(target)
    }

    /// Draws `art` (a `width` × `height` pixel image) mapped to the target's device space by `m`,
    /// in straight colour `rgba`, added or over.
    func draw(_ art: OpaquePointer, width: Double, height: Double, through m: cairo_matrix_t,
              rgba: (Double, Double, Double, Double), additive: Bool) {
        var toPixels = m
        toPixels.x0 += offset.x
        toPixels.y0 += offset.y
        // The particle's box on the target.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (u, v) in [(0.0, 0.0), (width, 0), (0, height), (width, height)] {
            let x = toPixels.xx * u + toPixels.xy * v + toPixels.x0, y = toPixels.yx * u + toPixels.yy * v + toPixels.y0
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return }
        // Clamped both ways before Int32: a particle far off either side must not trap.
        func pixel(_ v: Double) -> Int32 { Int32(min(max(v, -1e6), 1e6)) }
        let x0 = max(0, pixel(minX.rounded(.down) - 1)), y0 = max(0, pixel(minY.rounded(.down) - 1))
        let x1 = min(size.width, pixel(maxX.rounded(.up) + 1)), y1 = min(size.height, pixel(maxY.rounded(.up) + 1))
        guard x1 > x0, y1 > y0 else { return }
        var inverse = toPixels
        guard cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS else { return }
        var f = pixman_f_transform(m: ((inverse.xx, inverse.xy, inverse.x0), (inverse.yx, inverse.yy, inverse.y0), (0, 0, 1)))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &f) != 0 else { return }
        pixman_image_set_transform(art, &fixed)
        func byte(_ x: Double) -> UInt32 { UInt32((min(max(x, 0), 1) * 255).rounded()) }
        let a = min(max(rgba.3, 0), 1)
        colorPixel.pointee = byte(a) << 24 | byte(rgba.0 * a) << 16 | byte(rgba.1 * a) << 8 | byte(rgba.2 * a)
        // A property change marks the image for revalidation, so pixman reads the new pixel.
        pixman_image_set_repeat(color, PIXMAN_REPEAT_NORMAL)
        pixman_image_composite32(additive ? PIXMAN_OP_ADD : PIXMAN_OP_OVER, color, art, destination,
                                 0, 0, x0, y0, x0, y0, x1 - x0, y1 - y0)
    }

    /// A pixman image over the `rect` pixels of cairo image `surface` (ARGB32, RGB24 or A8), bilinear
    /// (or nearest), not repeating; nil for other formats.
    static func artImage(_ surface: OpaquePointer, _ rect: (x: Int, y: Int, width: Int, height: Int),
                         nearest: Bool) -> OpaquePointer? {
        let format = cairo_image_surface_get_format(surface)
        let code: pixman_format_code_t
        let bytes: Int
        switch format {
        case CAIRO_FORMAT_ARGB32: code = PIXMAN_a8r8g8b8; bytes = 4
        case CAIRO_FORMAT_RGB24: code = PIXMAN_x8r8g8b8; bytes = 4
        case CAIRO_FORMAT_A8: code = PIXMAN_a8; bytes = 1
        default: return nil
        }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let start = data + rect.y * stride + rect.x * bytes
        guard let image = pixman_image_create_bits(code, Int32(rect.width), Int32(rect.height),
                                                   UnsafeMutableRawPointer(start).assumingMemoryBound(to: UInt32.self),
                                                   Int32(stride))
        else { return nil }
        pixman_image_set_filter(image, nearest ? PIXMAN_FILTER_NEAREST : PIXMAN_FILTER_BILINEAR, nil, 0)
        return image
    }
}
