import CALinuxCairo
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

        var defaults = TextDefaults(font: style.font, fontSize: style.fontSize, color: style.color)
        defaults.quantizesMetrics = style.quantizesMetrics
        let paragraph = NSMutableParagraphStyle()
        switch style.alignmentMode {
        case .center: paragraph.alignment = .center
        case .right: paragraph.alignment = .right
        case .left: paragraph.alignment = .left
        case .justified: paragraph.alignment = .justified
        default: paragraph.alignment = .natural
        }
        let truncation: NSLineBreakMode?
        switch style.truncationMode {
        case .start: truncation = .byTruncatingHead
        case .middle: truncation = .byTruncatingMiddle
        case .end: truncation = .byTruncatingTail
        default: truncation = nil
        }
        if style.isWrapped {
            // Wrapped: the last line that fits is the one shortened.
            defaults.lastLineTruncation = truncation
        } else if let truncation {
            // One line per paragraph, shortened to the width.
            paragraph.lineBreakMode = truncation
        }
        defaults.paragraph = paragraph
        // Lines below the bounds are drawn (and cut by the backing store), unless a truncation of
        // wrapped text keeps only the lines that fit.
        let height = style.isWrapped && truncation != nil ? bounds.height : .infinity
        TextLayout(string: text, runs: runs, defaults: defaults)
            .draw(in: ctx, rect: CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: height),
                  wraps: style.isWrapped, dropsLinesBelow: false)
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
