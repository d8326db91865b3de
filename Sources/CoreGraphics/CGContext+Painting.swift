import CALinuxCairo

// Painting paths and shapes, and the one place where painting meets shadows, mask clips and blend modes.

extension CGContext {
    /// Fills the current path under `rule`, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        paint {
            setFillRule(rule)
            setSource(state.fillColor)
            cairo_fill(cairoContext)
        }
    }

    /// Strokes the current path with the current line style, then clears the path.
    public func strokePath() {
        paint {
            setSource(state.strokeColor)
            cairo_stroke(cairoContext)
        }
    }

    /// Paints the current path as `mode` says (fill before stroke), then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        paint {
            let cr = cairoContext
            switch mode {
            case .fill, .eoFill, .fillStroke, .eoFillStroke:
                setFillRule(mode == .eoFill || mode == .eoFillStroke ? .evenOdd : .winding)
                setSource(state.fillColor)
                if mode == .fill || mode == .eoFill {
                    cairo_fill(cr)
                } else {
                    cairo_fill_preserve(cr)
                    setSource(state.strokeColor)
                    cairo_stroke(cr)
                }
            case .stroke:
                setSource(state.strokeColor)
                cairo_stroke(cr)
            }
        }
    }

    /// Fills `rect` with the fill color. Like Apple, this clears the current path.
    public func fill(_ rect: CGRect) {
        if fillAliasedRect(rect) { return }
        fill([rect])
    }

    /// Fills the union of `rects`. Clears the current path.
    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    /// Strokes the outline of `rect` with the current line width. Clears the current path.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes the outline of `rect` with line width `width`, leaving the stored line width unchanged.
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let previous = cairo_get_line_width(cairoContext)
        setLineWidth(width)
        stroke(rect)
        cairo_set_line_width(cairoContext, previous)
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes independent segments: points 0–1, 2–3, and so on (an odd last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            emit([.move(points[index]), .line(points[index + 1])])
            index += 2
        }
        strokePath()
    }

    /// Makes `rect` transparent black (inside the clip), whatever the blend mode and alpha. Clears the path.
    public func clear(_ rect: CGRect) {
        guard !state.ctmIsSingular else { return }
        let cr = cairoContext
        cairo_save(cr)
        cairo_new_path(cr)
        emit(PathGeometry.rect(rect))
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_fill(cr)
        cairo_restore(cr)
        didPaint()
    }

    // MARK: - Internals

    func setFillRule(_ rule: CGPathFillRule) {
        cairo_set_fill_rule(cairoContext, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    }

    /// Runs `draw` (which sets a source and fills, strokes or paints) so that the result goes through the
    /// blend mode, shadow and mask clip. Without shadow or mask it draws straight into the target with the
    /// blend mode as cairo operator; otherwise it draws into a group first and composites the group.
    func paint(_ draw: () -> Void) {
        defer { didPaint() }
        let cr = cairoContext
        guard !state.ctmIsSingular else {
            cairo_new_path(cr)
            return
        }
        if state.shadow == nil && state.mask == nil {
            cairo_set_operator(cr, state.blendMode.cairoOperator)
            draw()
            return
        }
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        draw()
        guard let group = cairo_pop_group(cr) else { return }
        composite(group, alpha: 1)
        cairo_pattern_destroy(group)
    }

    /// Runs `draw`, which paints with cairo directly (text), through the blend mode, shadow and mask
    /// of the current state, as `fillPath()` and the other painting calls are.
    package func paintText(_ draw: () -> Void) {
        paint(draw)
    }

    /// Composites `pattern` (a group popped under the current CTM) onto the target with `alpha`, the
    /// blend mode, the shadow and the mask clip of the current state.
    func composite(_ pattern: OpaquePointer, alpha: CGFloat) {
        let cr = cairoContext
        cairo_save(cr)
        if state.mask != nil {
            cairo_push_group(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        } else {
            cairo_set_operator(cr, state.blendMode.cairoOperator)
        }
        if let shadow = state.shadow {
            drawShadow(shadow, of: pattern, alpha: alpha)
        }
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, Double(alpha))
        if let mask = state.mask, let masked = cairo_pop_group(cr) {
            cairo_set_source(cr, masked)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, state.blendMode.cairoOperator)
            cairo_mask_surface(cr, mask.surface, 0, 0)
            cairo_pattern_destroy(masked)
        }
        cairo_restore(cr)
    }

    /// Runs `body`, which uses cairo's path for its own purposes, and then puts the caller's current path
    /// back (cairo's path is not part of its saved state).
    func preservingPath(_ body: () -> Void) {
        let cr = cairoContext
        guard hasCurrentPoint, let saved = cairo_copy_path(cr) else {
            body()
            cairo_new_path(cr)
            return
        }
        body()
        cairo_new_path(cr)
        cairo_append_path(cr, saved)
        cairo_path_destroy(saved)
    }
}
