import CoreGraphics
import CPangoCairo
import Foundation

/// Measures text as `CATextLayer` lays it out (Pango, unhinted metrics), for `sizeThatFits`.
///
/// The font name goes through the same mapping as `CATextLayer`'s (QuartzCore's `TextFont`, which
/// is internal there, so the small part of it that turns a name into a Pango description is
/// repeated here: PostScript `Family-Style` names, Apple's families → DejaVu).
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
        let desc = description(for: fontName, size: size)
        defer { pango_font_description_free(desc) }
        pango_layout_set_font_description(layout, desc)
        return body(layout)
    }

    private static let sans: Set<String> = [
        "helvetica", "helveticaneue", "arial", "system", "systemfont", "sanfrancisco", "lucidagrande",
        "applesystemuifont", "geneva", "verdana", "avenir", "avenirnext", "sans", "sansserif",
    ]
    private static let mono: Set<String> = ["courier", "couriernew", "menlo", "monaco", "sfmono", "monospace", "mono"]
    private static let serif: Set<String> = ["times", "timesnewroman", "georgia", "palatino", "baskerville", "serif", "newyork"]

    private static func family(for name: String) -> String {
        var key = name.lowercased().filter { $0.isLetter }
        if name.hasPrefix(".") || key.hasPrefix("sfui") || key.hasPrefix("sfpro") || key.hasPrefix("sfcompact") { return "DejaVu Sans" }
        if key.hasPrefix("sfmono") { key = "sfmono" }
        if sans.contains(key) { return "DejaVu Sans" }
        if mono.contains(key) { return "DejaVu Sans Mono" }
        if serif.contains(key) { return "DejaVu Serif" }
        return name
    }

    private static func description(for name: String, size: CGFloat) -> OpaquePointer? {
        let name = name.trimmingCharacters(in: .whitespaces)
        let desc: OpaquePointer?
        if let dash = name.firstIndex(of: "-"), !name.contains(" ") {
            desc = pango_font_description_new()
            pango_font_description_set_family(desc, family(for: String(name[..<dash])))
            let s = name[name.index(after: dash)...].lowercased()
            let weight: PangoWeight
            if s.contains("semibold") || s.contains("demibold") { weight = PANGO_WEIGHT_SEMIBOLD }
            else if s.contains("extrabold") || s.contains("heavy") || s.contains("black") { weight = PANGO_WEIGHT_HEAVY }
            else if s.contains("bold") { weight = PANGO_WEIGHT_BOLD }
            else if s.contains("medium") { weight = PANGO_WEIGHT_MEDIUM }
            else if s.contains("ultralight") || s.contains("thin") { weight = PANGO_WEIGHT_ULTRALIGHT }
            else if s.contains("light") { weight = PANGO_WEIGHT_LIGHT }
            else { weight = PANGO_WEIGHT_NORMAL }
            pango_font_description_set_weight(desc, weight)
            if s.contains("italic") { pango_font_description_set_style(desc, PANGO_STYLE_ITALIC) }
            else if s.contains("oblique") { pango_font_description_set_style(desc, PANGO_STYLE_OBLIQUE) }
        } else {
            desc = pango_font_description_from_string(name.isEmpty ? "DejaVu Sans" : name)
            let given = pango_font_description_get_family(desc).map { String(cString: $0) } ?? ""
            pango_font_description_set_family(desc, given.isEmpty ? "DejaVu Sans" : family(for: given))
        }
        pango_font_description_set_absolute_size(desc, Double(size) * Double(PANGO_SCALE))
        return desc
    }
}
