import CALinuxCairo

// Shadows (best effort): the alpha of what is painted is blurred (three box blurs ≈ a Gaussian with
// sigma = blur / 2), tinted with the shadow color, offset, and painted beneath the content.

extension CGContext {
    /// Paints later fills, strokes, images and layers with a shadow. `offset` is in base space (device
    /// pixels, y-up: positive height moves the shadow up), `blur` is a radius in device pixels. A nil color or
    /// one with zero alpha turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard let color, color.alpha > 0, offset.width.isFinite, offset.height.isFinite, blur.isFinite else {
            state.shadow = nil
            return
        }
        state.shadow = ContextShadow(offset: offset, blur: max(blur, 0), color: color)
    }

    /// A shadow in Apple's default color, black at one-third alpha.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }

    /// Paints the shadow of `pattern` (a group aligned with the current user space) into the current
    /// target; the caller paints the content itself afterwards.
    func drawShadow(_ shadow: ContextShadow, of pattern: OpaquePointer, alpha: CGFloat) {
        // Only what can show is blurred: the clip's device extents (a window's damage), moved back by
        // the offset and widened by the blur's reach, within the target. Pixels inside the clip see
        // exactly what a blur of the whole target gives them.
        let ox = Double(shadow.offset.width), oy = -Double(shadow.offset.height)
        let reach = Self.blurReach(shadow.blur)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_save(cairoContext)
        cairo_identity_matrix(cairoContext)
        cairo_clip_extents(cairoContext, &x1, &y1, &x2, &y2)
        cairo_restore(cairoContext)
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { return }
        // In Double, clamped to the target before any Int: offsets and reaches may be huge.
        func clamped(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit))) }
        let r = Double(reach)
        let left = clamped((x1 - ox).rounded(.down) - r, width), top = clamped((y1 - oy).rounded(.down) - r, height)
        let right = clamped((x2 - ox).rounded(.up) + r, width), bottom = clamped((y2 - oy).rounded(.up) + r, height)
        guard right > left, bottom > top,
              let coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(right - left), Int32(bottom - top)) else { return }
        defer { cairo_surface_destroy(coverage) }
        guard cairo_surface_status(coverage) == CAIRO_STATUS_SUCCESS else { return }
        // Drawn in the target's device space: its (left, top) is the region's first pixel.
        cairo_surface_set_device_offset(coverage, Double(-left), Double(-top))

        // The pattern's matrix maps the current user space to the group; draw it in device space instead.
        var patternMatrix = cairo_matrix_t()
        cairo_pattern_get_matrix(pattern, &patternMatrix)
        var userToDevice = cairo_matrix_t()
        cairo_get_matrix(cairoContext, &userToDevice)
        var deviceToUser = userToDevice
        guard cairo_matrix_invert(&deviceToUser) == CAIRO_STATUS_SUCCESS else { return }
        var deviceToPattern = cairo_matrix_t()
        cairo_matrix_multiply(&deviceToPattern, &deviceToUser, &patternMatrix)
        cairo_pattern_set_matrix(pattern, &deviceToPattern)
        let cr = cairo_create(coverage)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_pattern_set_matrix(pattern, &patternMatrix)

        cairo_surface_flush(coverage)
        if let pixels = cairo_image_surface_get_data(coverage) {
            let stride = Int(cairo_image_surface_get_stride(coverage))
            // Nothing painted where the shadow could show: no shadow. Otherwise only the painted box
            // and its reach are blurred (beyond them the coverage is 0 and stays 0).
            guard let painted = Self.nonZeroBox(pixels, width: right - left, height: bottom - top, stride: stride) else { return }
            if shadow.blur > 0 {
                let grow = min(reach, max(right - left, bottom - top))
                let x0 = max(0, painted.minX - grow), y0 = max(0, painted.minY - grow)
                let x1 = min(right - left, painted.maxX + grow), y1 = min(bottom - top, painted.maxY + grow)
                CGContext.blurAlpha(pixels + y0 * stride + x0, width: x1 - x0, height: y1 - y0, stride: stride, radius: shadow.blur)
            }
        }
        cairo_surface_mark_dirty(coverage)
        cairo_surface_set_device_offset(coverage, 0, 0)

        let c = shadow.color.rgba
        let target = cairoContext
        cairo_save(target)
        cairo_identity_matrix(target)
        cairo_set_source_rgba(target, c.r, c.g, c.b, c.a * Double(alpha))
        cairo_mask_surface(target, coverage, ox + Double(left), oy + Double(top))
        cairo_restore(target)
    }

    /// The box (pixels, max exclusive) of the non-zero bytes of an 8-bit alpha buffer; nil when all are 0.
    static func nonZeroBox(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int)
        -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            let row = pixels + y * stride
            var first = -1
            for x in 0..<width where row[x] != 0 { first = x; break }
            guard first >= 0 else { continue }
            var last = first
            for x in Swift.stride(from: width - 1, to: first, by: -1) where row[x] != 0 { last = x; break }
            minX = min(minX, first); maxX = max(maxX, last)
            minY = min(minY, y); maxY = y
        }
        return maxX < 0 ? nil : (minX, minY, maxX + 1, maxY + 1)
    }

    /// How far (pixels) `blurAlpha` with `radius` reaches: three box blurs of half-width r each way.
    static func blurReach(_ radius: CGFloat) -> Int {
        guard radius > 0 else { return 0 }
        return 3 * (boxWidth(radius) / 2) + 1
    }

    /// The width of the box blurs for `radius`, at most `cap`: a box wider than the image blurs as
    /// much as one as wide, and a huge one is past Int's range (1 for a NaN radius: no blur). (Package
    /// visible: the GPU back end blurs shadows with the same boxes.)
    package static func boxWidth(_ radius: CGFloat, cap: Int = 1 << 20) -> Int {
        let sigma = Double(radius) / 2
        let box = (4 * sigma * sigma + 1).squareRoot().rounded()
        guard !box.isNaN else { return 1 }
        return max(1, Int(min(box, Double(cap))))
    }

    /// Blurs an 8-bit alpha buffer in place with three horizontal and three vertical box blurs.
    static func blurAlpha(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: CGFloat) {
        let r = min(boxWidth(radius, cap: 2 * max(width, height) + 1) / 2, max(width, height))
        guard r > 0 else { return }
        var line = [Int](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height {
                boxBlur(pixels + y * stride, count: width, step: 1, radius: r, scratch: &line)
            }
            for x in 0..<width {
                boxBlur(pixels + x, count: height, step: stride, radius: r, scratch: &line)
            }
        }
    }

    /// One box blur along a line of `count` samples `step` bytes apart; outside the line counts as 0.
    static func boxBlur(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [Int]) {
        for i in 0..<count { scratch[i] = Int(start[i * step]) }
        let window = 2 * radius + 1
        var sum = 0
        for i in 0...min(radius, count - 1) { sum += scratch[i] }
        for i in 0..<count {
            start[i * step] = UInt8(min(255, (sum + window / 2) / window))
            let entering = i + radius + 1
            let leaving = i - radius
            if entering < count { sum += scratch[entering] }
            if leaving >= 0 { sum -= scratch[leaving] }
        }
    }
}
