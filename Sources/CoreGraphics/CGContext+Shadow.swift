import CCairo

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
        guard let coverage = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(coverage) }
        guard cairo_surface_status(coverage) == CAIRO_STATUS_SUCCESS else { return }

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
        if shadow.blur > 0, let pixels = cairo_image_surface_get_data(coverage) {
            CGContext.blurAlpha(pixels, width: width, height: height,
                                stride: Int(cairo_image_surface_get_stride(coverage)), radius: shadow.blur)
        }
        cairo_surface_mark_dirty(coverage)

        let c = shadow.color.rgba
        let target = cairoContext
        cairo_save(target)
        cairo_identity_matrix(target)
        cairo_set_source_rgba(target, c.r, c.g, c.b, c.a * Double(alpha))
        cairo_mask_surface(target, coverage, Double(shadow.offset.width), -Double(shadow.offset.height))
        cairo_restore(target)
    }

    /// Blurs an 8-bit alpha buffer in place with three horizontal and three vertical box blurs.
    static func blurAlpha(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: CGFloat) {
        let sigma = Double(radius) / 2
        let box = (4 * sigma * sigma + 1).squareRoot().rounded()
        guard !box.isNaN else { return }
        // A box wider than the image blurs as much as one as wide (and a huge one is past Int's range).
        let boxWidth = max(1, Int(min(box, Double(2 * max(width, height) + 1))))
        let r = min(boxWidth / 2, max(width, height))
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
    private static func boxBlur(_ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [Int]) {
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
