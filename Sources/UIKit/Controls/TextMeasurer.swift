import CALinuxCairo
import CoreGraphics
import CALinuxPangoCairo
import Foundation

/// Measures text as `CATextLayer` lays it out (Pango, unhinted metrics), for `sizeThatFits`.
///
/// The font name goes through `CATextLayer`'s mapping (QuartzCore's `TextFont`).
enum TextMeasurer {
    struct Metrics { var ascent: CGFloat; var descent: CGFloat; var lineHeight: CGFloat }

    /// The size of `text` (logical extents, in points): one line per paragraph when `width` is nil,
    /// wrapped at `width` otherwise; at most `maxLines` lines when it is above 0.
    static func size(of text: String, fontName: String, pointSize: CGFloat, width: CGFloat?, maxLines: Int) -> CGSize {
        guard !text.isEmpty, pointSize > 0 else { return .zero }
        return withLayout(fontName: fontName, size: pointSize) { layout in
            pango_layout_set_text(layout, text, -1)
            if let width, width > 0 {
                pango_layout_set_width(layout, Int32(clamping: Int(Double(width) * Double(PANGO_SCALE))))
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            }
            let count = Int(pango_layout_get_line_count(layout))
            let lines = maxLines > 0 ? min(count, maxLines) : count
            var w: Int32 = 0, h: Int32 = 0
            for i in 0..<lines {
                var logical = PangoRectangle()
                pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, Int32(i)), nil, &logical)
                w = max(w, logical.width)
                h += logical.height
            }
            let scale = CGFloat(PANGO_SCALE)
            return CGSize(width: CGFloat(w) / scale, height: CGFloat(h) / scale)
        }
    }

    static func metrics(fontName: String, size: CGFloat) -> Metrics {
        withLayout(fontName: fontName, size: size) { layout in
            pango_layout_set_text(layout, "Xg", -1)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let scale = CGFloat(PANGO_SCALE)
            let ascent = CGFloat(pango_layout_get_baseline(layout)) / scale
            let height = CGFloat(logical.height) / scale
            return Metrics(ascent: ascent, descent: height - ascent, lineHeight: height)
        }
    }

    private static func withLayout<T>(fontName: String, size: CGFloat, _ body: (OpaquePointer?) -> T) -> T {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let layout = pango_cairo_create_layout(cr)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        pango_layout_context_changed(layout)
        let desc = TextFont.makeDescription(for: fontName, size: size)
        defer { pango_font_description_free(desc) }
        pango_layout_set_font_description(layout, desc)
        return body(layout)
    }
}
