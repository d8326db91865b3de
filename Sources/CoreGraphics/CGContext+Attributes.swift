import CALinuxCairo

// Setting the drawing attributes: colors, line style, alpha, blend mode, antialiasing, interpolation.

extension CGContext {
    /// The fill color for `fillPath`, `fill(_:)` and friends.
    public func setFillColor(_ color: CGColor) {
        state.fillColor = color
    }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    /// The stroke color for `strokePath` and friends.
    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = color
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// Stroke width in user-space units (default 1). Negative or NaN values are ignored.
    public func setLineWidth(_ width: CGFloat) {
        guard width >= 0, width.isFinite else { return }
        cairo_set_line_width(cairoContext, Double(width))
    }

    public func setLineCap(_ cap: CGLineCap) {
        switch cap {
        case .butt: cairo_set_line_cap(cairoContext, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cairoContext, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cairoContext, CAIRO_LINE_CAP_SQUARE)
        }
    }

    public func setLineJoin(_ join: CGLineJoin) {
        switch join {
        case .miter: cairo_set_line_join(cairoContext, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cairoContext, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cairoContext, CAIRO_LINE_JOIN_BEVEL)
        }
    }

    /// The miter limit (default 10): joins whose miter length / line width exceeds it are beveled.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return }
        cairo_set_miter_limit(cairoContext, Double(max(limit, 1)))
    }

    /// Dash pattern in user-space units, starting `phase` units into the pattern. An empty array turns
    /// dashing off; negative, non-finite or all-zero lengths are ignored.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        if lengths.isEmpty {
            cairo_set_dash(cairoContext, nil, 0, 0)
            return
        }
        guard phase.isFinite, lengths.allSatisfy({ $0 >= 0 && $0.isFinite }), lengths.contains(where: { $0 > 0 }) else { return }
        let values = lengths.map(Double.init)
        cairo_set_dash(cairoContext, values, Int32(values.count), Double(phase))
    }

    /// Curve flatness tolerance; accepted for compatibility, cairo picks its own tolerance.
    public func setFlatness(_ flatness: CGFloat) {}

    /// Global alpha (0...1) multiplied into everything painted afterwards.
    public func setAlpha(_ alpha: CGFloat) {
        guard !alpha.isNaN else { return }
        state.alpha = min(max(alpha, 0), 1)
    }

    /// How subsequent painting combines with the existing pixels.
    public func setBlendMode(_ mode: CGBlendMode) {
        state.blendMode = mode
    }

    /// Turns antialiasing of shapes on or off (part of the graphics state).
    public func setShouldAntialias(_ shouldAntialias: Bool) {
        state.shouldAntialias = shouldAntialias
        cairo_set_antialias(cairoContext, shouldAntialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    /// Runs `body` with shape antialiasing off, then puts back exactly the antialiasing that was set:
    /// what a saved graphics state around it would do for this one setting, at a fraction of the cost.
    package func withoutAntialiasing(_ body: () -> Void) {
        let flag = state.shouldAntialias
        let mode = cairo_get_antialias(cairoContext)
        state.shouldAntialias = false
        cairo_set_antialias(cairoContext, CAIRO_ANTIALIAS_NONE)
        body()
        state.shouldAntialias = flag
        cairo_set_antialias(cairoContext, mode)
    }

    /// Whether antialiasing may be used at all. Kept simple here: it acts like `setShouldAntialias(_:)`
    /// without changing the stored `shouldAntialias` preference.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) {
        let on = allowsAntialiasing && state.shouldAntialias
        cairo_set_antialias(cairoContext, on ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
    }

    /// How images are resampled when drawn scaled; `.none` keeps hard pixel edges (nearest neighbour).
    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// The cairo filter for the current interpolation quality.
    var cairoFilter: cairo_filter_t {
        switch state.interpolationQuality {
        case .none: return CAIRO_FILTER_NEAREST
        case .low: return CAIRO_FILTER_BILINEAR
        case .default, .medium: return CAIRO_FILTER_GOOD
        case .high: return CAIRO_FILTER_BEST
        }
    }

    /// Sets cairo's source to `color` with the global alpha applied.
    func setSource(_ color: CGColor) {
        if let image = color.patternImage {
            setPatternSource(image, tileSize: color.patternTileSize, alpha: Double(color.alpha * state.alpha))
            return
        }
        let c = color.rgba
        cairo_set_source_rgba(cairoContext, c.r, c.g, c.b, c.a * Double(state.alpha))
    }
}

extension CGContext {
    /// Sets cairo's source to `image` repeated with one copy per `tileSize` user-space units from the
    /// origin, its top row at the smaller y (upright in a y-down space). Cairo cannot fade a surface
    /// source, so an alpha below 1 paints a faded copy of the image.
    private func setPatternSource(_ image: CGImage, tileSize: CGSize, alpha: Double) {
        var faded: OpaquePointer?
        if alpha < 1, let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height)) {
            let cr = cairo_create(copy)
            cairo_set_source_surface(cr, image.surface, 0, 0)
            cairo_paint_with_alpha(cr, max(alpha, 0))
            cairo_destroy(cr)
            faded = copy
        }
        defer { if let faded { cairo_surface_destroy(faded) } }
        guard let pattern = cairo_pattern_create_for_surface(faded ?? image.surface) else { return }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(pattern, image.shouldInterpolate ? cairoFilter : CAIRO_FILTER_NEAREST)
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, Double(image.width) / Double(tileSize.width), Double(image.height) / Double(tileSize.height))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_set_source(cairoContext, pattern)
        cairo_pattern_destroy(pattern)
    }
}
