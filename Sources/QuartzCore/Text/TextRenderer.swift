import CoreGraphics
import CALinuxPangoCairo
import Foundation

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
    static func draw(_ text: String, in ctx: CGContext, bounds: CGRect, style: TextStyle, runs: [TextRun] = []) {
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

        guard let layout = TextFontMap.current.makeLayout(for: cr) else { return }
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
        if !runs.isEmpty, let attributes = TextRun.attributeList(runs, in: text, baseSize: style.fontSize) {
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }

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

/// One run of an attributed string: its attributes over a range of the string's UTF-16 units, by
/// the key names Apple's text attributes use (`NSAttributedString.Key` and Core Text's).
package struct TextRun {
    package var range: NSRange
    package var attributes: [NSAttributedString.Key: Any]

    package init(range: NSRange, attributes: [NSAttributedString.Key: Any]) {
        self.range = range
        self.attributes = attributes
    }

    /// The runs of `string`.
    package static func runs(of string: NSAttributedString) -> [TextRun] {
        var runs: [TextRun] = []
        string.enumerateAttributes(in: NSRange(location: 0, length: string.length), options: []) { attributes, range, _ in
            if !attributes.isEmpty { runs.append(TextRun(range: range, attributes: attributes)) }
        }
        return runs
    }

    /// Pango attributes for `runs` over `text`: font (its name and size), colour, underline and
    /// strikethrough. Nil when no run has one of them.
    static func attributeList(_ runs: [TextRun], in text: String, baseSize: CGFloat) -> OpaquePointer? {
        guard let list = pango_attr_list_new() else { return nil }
        var any = false
        let utf16 = text.utf16
        for run in runs {
            // UTF-16 offsets to UTF-8 byte offsets.
            guard run.range.location >= 0, run.range.length > 0, run.range.location + run.range.length <= utf16.count,
                  let start16 = utf16.index(utf16.startIndex, offsetBy: run.range.location, limitedBy: utf16.endIndex),
                  let end16 = utf16.index(start16, offsetBy: run.range.length, limitedBy: utf16.endIndex) else { continue }
            let start = UInt32(text.utf8.distance(from: text.utf8.startIndex, to: start16))
            let end = UInt32(text.utf8.distance(from: text.utf8.startIndex, to: end16))
            func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
                guard let attribute else { return }
                attribute.pointee.start_index = start
                attribute.pointee.end_index = end
                pango_attr_list_insert(list, attribute)
                any = true
            }
            for (key, value) in run.attributes {
                switch key.rawValue {
                case "NSColor", "CTForegroundColor":
                    guard let color = color(of: value) else { continue }
                    let (r, g, b, a) = TextRenderer.components(of: color)
                    func u16(_ x: Double) -> UInt16 { UInt16(min(max(x, 0), 1) * 65535) }
                    insert(pango_attr_foreground_new(u16(r), u16(g), u16(b)))
                    insert(pango_attr_foreground_alpha_new(u16(a)))
                case "NSFont":
                    let desc = TextFont.makeDescription(for: value, size: size(of: value) ?? baseSize)
                    insert(pango_attr_font_desc_new(desc))
                    pango_font_description_free(desc)
                case "NSUnderline":
                    let style = number(value)
                    guard style != 0 else { continue }
                    insert(pango_attr_underline_new(style & 0x9 == 0x9 ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE))
                case "NSStrikethrough":
                    guard number(value) != 0 else { continue }
                    insert(pango_attr_strikethrough_new(1))
                default:
                    continue
                }
            }
        }
        guard any else {
            pango_attr_list_unref(list)
            return nil
        }
        return list
    }

    /// A colour from a `CGColor` or an object holding one (`cgColor`, as UIColor does).
    package static func color(of value: Any) -> CGColor? {
        if let color = KeyedValue.unwrap(value) as? CGColor { return color }
        for child in Mirror(reflecting: value).children where child.label == "cgColor" {
            if let color = child.value as? CGColor { return color }
        }
        return nil
    }

    /// A font object's size (`pointSize`), if it has one.
    package static func size(of font: Any) -> CGFloat? {
        for child in Mirror(reflecting: font).children where child.label == "pointSize" || child.label == "size" {
            if let size = KeyedValue.scalar(child.value), size > 0 { return size }
        }
        return nil
    }

    /// An integer style (`NSUnderlineStyle`'s raw value, a number).
    static func number(_ value: Any) -> Int {
        if let style = value as? any RawRepresentable, let raw = style.rawValue as? Int { return raw }
        return KeyedValue.scalar(value).map { Int($0) } ?? 0
    }
}
