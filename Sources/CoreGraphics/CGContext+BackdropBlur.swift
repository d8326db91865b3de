import CALinuxCairo

// A backdrop blur (Linux: what a visual effect view shows): the pixels already drawn under a shape
// replaced by their blur, with the shadow blur's kernel (three box blurs ≈ a Gaussian) on every channel.

extension CGContext {
    /// Replaces the pixels already drawn inside `path` (user space) by their blur of `radius`
    /// device pixels, read from around the path's box out to the blur's reach within the current
    /// target (a transparency layer's, when one is open). Nothing happens for an empty path, a zero
    /// radius or a target that is not an image.
    package func blurBackdrop(inside path: CGPath, radius: CGFloat) {
        guard radius > 0, radius.isFinite, !path.isEmpty, !state.ctmIsSingular else { return }
        guard let target = cairo_get_group_target(cairoContext),
              cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32 else { return }
        let targetWidth = Int(cairo_image_surface_get_width(target)), targetHeight = Int(cairo_image_surface_get_height(target))
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        // The path's device box, in the target's pixels.
        cairo_save(cairoContext)
        cairo_new_path(cairoContext)
        addPath(path)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_fill_extents(cairoContext, &x1, &y1, &x2, &y2)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cx, cy) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var x = cx, y = cy
            cairo_user_to_device(cairoContext, &x, &y)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else {
            cairo_new_path(cairoContext)
            cairo_restore(cairoContext)
            return
        }
        let reach = Double(Self.blurReach(radius))
        func clamped(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit))) }
        let left = clamped((minX + offsetX).rounded(.down) - reach, targetWidth)
        let right = clamped((maxX + offsetX).rounded(.up) + reach, targetWidth)
        let top = clamped((minY + offsetY).rounded(.down) - reach, targetHeight)
        let bottom = clamped((maxY + offsetY).rounded(.up) + reach, targetHeight)
        guard right > left, bottom > top,
              let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(right - left), Int32(bottom - top)),
              cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS else {
            cairo_new_path(cairoContext)
            cairo_restore(cairoContext)
            return
        }
        defer { cairo_surface_destroy(copy) }
        // Copy the region, blur it, and paint it back inside the path (replacing what was there).
        cairo_surface_flush(target)
        let width = right - left, height = bottom - top
        let sourceStride = Int(cairo_image_surface_get_stride(target)), stride = Int(cairo_image_surface_get_stride(copy))
        let source = cairo_image_surface_get_data(target)!, pixels = cairo_image_surface_get_data(copy)!
        for y in 0..<height {
            (pixels + y * stride).update(from: source + (top + y) * sourceStride + left * 4, count: width * 4)
        }
        Self.blurChannels(pixels, width: width, height: height, stride: stride, radius: radius)
        cairo_surface_mark_dirty(copy)
        cairo_clip(cairoContext)
        cairo_identity_matrix(cairoContext)
        cairo_set_operator(cairoContext, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cairoContext, copy, Double(left) - offsetX, Double(top) - offsetY)
        cairo_paint(cairoContext)
        cairo_restore(cairoContext)
        didPaint()
    }

    /// Blurs the four channels of premultiplied 32-bit pixels in place: three horizontal and three
    /// vertical box blurs (as `blurAlpha`), 0 beyond the buffer.
    static func blurChannels(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: CGFloat) {
        let r = min(boxWidth(radius, cap: 2 * max(width, height) + 1) / 2, max(width, height))
        guard r > 0 else { return }
        var line = [Int](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height {
                for c in 0..<4 { boxBlur(pixels + y * stride + c, count: width, step: 4, radius: r, scratch: &line) }
            }
            for x in 0..<width {
                for c in 0..<4 { boxBlur(pixels + x * 4 + c, count: height, step: stride, radius: r, scratch: &line) }
            }
        }
    }
}
