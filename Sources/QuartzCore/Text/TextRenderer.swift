import CoreGraphics
import CPangoCairo

/// The text properties of a `CATextLayer`, read once per draw.
struct TextStyle {
    var font: Any?
    var fontSize: CGFloat
    var color: CGColor?
    var isWrapped: Bool
    var truncationMode: CATextLayerTruncationMode
    var alignmentMode: CATextLayerAlignmentMode
    var quantizesMetrics: Bool

    init(layer: CATextLayer) {
        font = layer.font
        fontSize = layer.fontSize
        color = layer.foregroundColor
        isWrapped = layer.isWrapped
        truncationMode = layer.truncationMode
        alignmentMode = layer.alignmentMode
        quantizesMetrics = layer.allowsFontSubpixelQuantization
    }
}

/// Lays text out with Pango and draws it with pangocairo into a `CGContext`'s cairo context.
enum TextRenderer {
    /// Draws `text` from the top-left corner of `bounds`, given in the context's user space. A y-up
    /// user space (a flipped layer's backing store) is flipped locally so that the text is upright in
    /// the layer's own orientation, starting at the top of its bounds.
    static func draw(_ text: String, in ctx: CGContext, bounds: CGRect, style: TextStyle) {
        let cr = ctx.cairoContext
        cairo_save(cr)
        defer { cairo_restore(cr) }

        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        if m.xx * m.yy - m.xy * m.yx < 0 {
            // y-up in the device's y-down space: mirror about the bounds' middle.
            cairo_translate(cr, 0, Double(bounds.minY + bounds.maxY))
            cairo_scale(cr, 1, -1)
        }

        guard let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }

        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, style.quantizesMetrics ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, style.quantizesMetrics ? CAIRO_HINT_STYLE_DEFAULT : CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        pango_layout_context_changed(layout)

        let desc = TextFont.makeDescription(for: style.font, size: style.fontSize)
        defer { pango_font_description_free(desc) }
        pango_layout_set_font_description(layout, desc)
        pango_layout_set_text(layout, text, -1)

        let scale = Double(PANGO_SCALE)
        let width = Int32(clamping: Int((Double(max(bounds.width, 0)) * scale).rounded(.down)))
        let height = Int32(clamping: Int((Double(max(bounds.height, 0)) * scale).rounded(.down)))

        let ellipsize: PangoEllipsizeMode
        switch style.truncationMode {
        case .start: ellipsize = PANGO_ELLIPSIZE_START
        case .middle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
        case .end: ellipsize = PANGO_ELLIPSIZE_END
        default: ellipsize = PANGO_ELLIPSIZE_NONE
        }

        // Pango aligns lines within the layout's width; without one (neither wrapping nor
        // truncating) it aligns them within the widest line, and the block is placed below.
        let hasWidth = style.isWrapped || ellipsize != PANGO_ELLIPSIZE_NONE
        if hasWidth {
            pango_layout_set_width(layout, width)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_ellipsize(layout, ellipsize)
            // Wrapped: the last line that fits is the one ellipsized; otherwise one line per paragraph.
            if style.isWrapped, ellipsize != PANGO_ELLIPSIZE_NONE { pango_layout_set_height(layout, height) }
        }
        switch style.alignmentMode {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER); pango_layout_set_auto_dir(layout, 0)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT); pango_layout_set_auto_dir(layout, 0)
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT); pango_layout_set_auto_dir(layout, 0)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        default: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }

        var x = Double(bounds.minX)
        if !hasWidth {
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let textWidth = Double(logical.width) / scale
            switch style.alignmentMode {
            case .center: x += (Double(bounds.width) - textWidth) / 2
            case .right: x += Double(bounds.width) - textWidth
            default: break
            }
        }

        let (r, g, b, a) = components(of: style.color)
        cairo_set_source_rgba(cr, r, g, b, a)
        cairo_move_to(cr, x, Double(bounds.minY))
        pango_cairo_show_layout(cr, layout)
    }

    /// Straight red, green, blue, alpha of a color (gray expanded); black for nil.
    static func components(of color: CGColor?) -> (Double, Double, Double, Double) {
        guard let c = color?.components?.map(Double.init) else { return (0, 0, 0, 1) }
        switch c.count {
        case 2: return (c[0], c[0], c[0], c[1])
        case 4: return (c[0], c[1], c[2], c[3])
        default: return (0, 0, 0, c.last ?? 1)
        }
    }
}
