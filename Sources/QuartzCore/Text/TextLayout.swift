import CALinuxCairo
import CALinuxPangoCairo
import CoreGraphics
import Foundation

/// What text is drawn with where its attributes say nothing: Apple's defaults for attributed strings
/// are Helvetica 12 in black, with the default paragraph style.
package struct TextDefaults {
    package var font: Any?
    package var fontSize: CGFloat
    package var color: CGColor?
    package var paragraph: NSParagraphStyle
    /// Wrapped text that does not fit the height: the last line that fits is shortened so
    /// (`CATextLayer`'s truncation of wrapped text; a truncating paragraph style keeps one line instead).
    package var lastLineTruncation: NSLineBreakMode?
    /// Glyph metrics rounded to whole device pixels (`CATextLayer.allowsFontSubpixelQuantization`).
    package var quantizesMetrics = false

    package init(font: Any? = "Helvetica", fontSize: CGFloat = 12, color: CGColor? = nil,
                 paragraph: NSParagraphStyle = NSParagraphStyle()) {
        self.font = font
        self.fontSize = fontSize
        self.color = color
        self.paragraph = paragraph
    }
}

/// Attributed text laid out as Apple's text system lays it out, with Pango: one layout per paragraph
/// (its style is the `.paragraphStyle` at its first character, as Apple's rule is), wrapped at a
/// width or broken only at newlines, measured and drawn line by line into a `CGContext`.
///
/// Run attributes: `.font`, `.foregroundColor`, `.backgroundColor`, `.kern`, `.ligature` (0 turns
/// ligatures off), `.baselineOffset`, `.underlineStyle`/`.underlineColor`,
/// `.strikethroughStyle`/`.strikethroughColor`, `.strokeWidth` (percent of the font size; positive
/// strokes the outline only, negative fills and strokes) with `.strokeColor`, and `.shadow` (an
/// `NSShadow`, drawn through the context's shadow, so blurred as a `CGContext` shadow is). Paragraph
/// attributes: alignment, line break mode, line spacing, line height multiple, paragraph spacing
/// before and after, first-line and head indents, tail indent.
package struct TextLayout {
    package let string: String
    package let defaults: TextDefaults
    private let paragraphs: [Paragraph]

    /// One paragraph: its text (without the separator), its runs in its own UTF-8 offsets, its style.
    private struct Paragraph {
        var text: String
        var runs: [ByteRun]
        var style: NSParagraphStyle
        /// Where it starts in the whole string, in UTF-16 units.
        var utf16Start: Int
    }

    /// A run's attributes over UTF-8 bytes of its paragraph.
    private struct ByteRun {
        var start: UInt32
        var end: UInt32
        var attributes: [NSAttributedString.Key: Any]
    }

    package init(_ string: NSAttributedString, defaults: TextDefaults) {
        self.init(string: string.string, runs: TextRun.runs(of: string), defaults: defaults)
    }

    package init(string: String, runs: [TextRun] = [], defaults: TextDefaults) {
        self.string = string
        self.defaults = defaults
        var paragraphs: [Paragraph] = []
        let utf16 = Array(string.utf16)
        var start = 0
        func close(_ end: Int) {
            let text = String(decoding: utf16[start..<end], as: UTF16.self)
            var byteRuns: [ByteRun] = []
            var style = defaults.paragraph
            for run in runs {
                let lower = max(run.range.location, start), upper = min(run.range.location + run.range.length, end)
                if run.range.location <= start, run.range.location + run.range.length > start,
                   let paragraph = run.attributes[.paragraphStyleKey] as? NSParagraphStyle {
                    style = paragraph
                }
                guard lower < upper else { continue }
                let startByte = UInt32(String(decoding: utf16[start..<lower], as: UTF16.self).utf8.count)
                let endByte = UInt32(String(decoding: utf16[start..<upper], as: UTF16.self).utf8.count)
                byteRuns.append(ByteRun(start: startByte, end: endByte, attributes: run.attributes))
            }
            paragraphs.append(Paragraph(text: text, runs: byteRuns, style: style, utf16Start: start))
        }
        var i = 0
        while i < utf16.count {
            let unit = utf16[i]
            if unit == 0x0A || unit == 0x0D || unit == 0x2029 {
                close(i)
                if unit == 0x0D, i + 1 < utf16.count, utf16[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
        close(utf16.count)
        self.paragraphs = paragraphs
    }

    // MARK: Measuring

    /// The size of the text laid out in `width` (nil: lines broken at newlines only), counting at
    /// most `maxLines` lines (0: all) and only the lines that fit in `height` when it is given
    /// (at least the first).
    package func size(width: CGFloat?, height: CGFloat? = nil, maxLines: Int = 0) -> CGSize {
        var result = CGSize.zero
        TextLayout.withMeasuringContext { cr in
            walk(cr, width: width, alignWidth: width, height: height, maxLines: maxLines) { line in
                result.width = max(result.width, line.right)
                result.height = max(result.height, line.bottom)
            }
        }
        return result
    }

    /// The distance from the top of the text to the first line's baseline.
    package func firstBaseline(width: CGFloat?) -> CGFloat {
        var baseline: CGFloat?
        TextLayout.withMeasuringContext { cr in
            walk(cr, width: width, alignWidth: width, height: nil, maxLines: 1) { line in
                if baseline == nil { baseline = line.baseline }
            }
        }
        return baseline ?? 0
    }

    // MARK: Drawing

    /// Draws the text with its top-left at `rect`'s origin in a y-down user space (UIKit's), wrapped
    /// at `rect`'s width when `wraps` (else broken at newlines only, lines aligned within the width
    /// when it is finite), drawing only the lines that fit in `rect`'s height when it is finite and at
    /// most `maxLines` (0: all). The context's shadow, blend mode, clip and alpha apply, as to any
    /// painting.
    package func draw(in ctx: CGContext, rect: CGRect, wraps: Bool = true, maxLines: Int = 0, dropsLinesBelow: Bool = true) {
        guard !string.isEmpty, rect.origin.x.isFinite, rect.origin.y.isFinite else { return }
        let cr = ctx.cairoContext
        cairo_save(cr)
        defer { cairo_restore(cr) }
        // As Apple's string drawing, the text is upright in a y-down user space (UIKit's).
        let width: CGFloat? = rect.width.isFinite && rect.width > 0 ? rect.width : nil
        let height: CGFloat? = rect.height.isFinite ? rect.height : nil
        let origin = rect.origin

        // A pass per distinct shadow (its runs drawn through the context's shadow), then the rest.
        var shadows: [NSShadow] = []
        for paragraph in paragraphs {
            for run in paragraph.runs {
                if let shadow = run.attributes[.shadowKey] as? NSShadow, !shadows.contains(where: { $0 === shadow }) {
                    shadows.append(shadow)
                }
            }
        }
        for shadow in shadows {
            ctx.saveGState()
            Self.apply(shadow, to: ctx)
            ctx.paintText {
                drawLines(cr, origin: origin, width: width, height: height, wraps: wraps, maxLines: maxLines,
                          dropsLinesBelow: dropsLinesBelow) {
                    ($0[.shadowKey] as? NSShadow) === shadow
                }
            }
            ctx.restoreGState()
        }
        ctx.paintText {
            drawLines(cr, origin: origin, width: width, height: height, wraps: wraps, maxLines: maxLines,
                      dropsLinesBelow: dropsLinesBelow) {
                $0[.shadowKey] as? NSShadow == nil
            }
        }
    }

    /// Sets the context's shadow from an `NSShadow` (its offset in the current user space).
    private static func apply(_ shadow: NSShadow, to ctx: CGContext) {
        let color = shadow.shadowColor.flatMap(TextRun.color) ?? CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0)
        var m = cairo_matrix_t()
        cairo_get_matrix(ctx.cairoContext, &m)
        var dx = Double(shadow.shadowOffset.width), dy = Double(shadow.shadowOffset.height)
        cairo_matrix_transform_distance(&m, &dx, &dy)
        // Core Graphics shadow offsets are in the base space, y up.
        ctx.setShadow(offset: CGSize(width: dx, height: -dy), blur: shadow.shadowBlurRadius, color: color)
    }

    private func drawLines(_ cr: OpaquePointer?, origin: CGPoint, width: CGFloat?, height: CGFloat?, wraps: Bool,
                           maxLines: Int, dropsLinesBelow: Bool, visible: @escaping ([NSAttributedString.Key: Any]) -> Bool) {
        walk(cr, width: wraps ? width : nil, alignWidth: width, height: height, maxLines: maxLines,
             dropsLinesBelow: dropsLinesBelow, visible: visible) { line in
            let x = Double(origin.x) + Double(line.x), baseline = Double(origin.y) + Double(line.baseline)
            cairo_move_to(cr, x, baseline)
            pango_cairo_show_layout_line(cr, line.line)
            // Outlines of the runs with a stroke width.
            var runX = x
            var node = line.line.pointee.runs
            while let current = node {
                node = current.pointee.next
                guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                      let item = run.pointee.item, let glyphs = run.pointee.glyphs else { continue }
                defer { runX += Double(pango_glyph_string_get_width(glyphs)) / Double(PANGO_SCALE) }
                guard let attributes = line.attributes(item.pointee.offset), visible(attributes),
                      let strokeWidth = attributes[.strokeWidthKey].flatMap(KeyedValue.scalar), strokeWidth != 0 else { continue }
                let size = attributes[.fontKey].flatMap(TextRun.size) ?? defaults.fontSize
                let color = attributes[.strokeColorKey].flatMap(TextRun.color)
                    ?? attributes[.foregroundColorKey].flatMap(TextRun.color) ?? defaults.color
                let (r, g, b, a) = TextRenderer.components(of: color)
                cairo_save(cr)
                cairo_new_path(cr)
                cairo_move_to(cr, runX, baseline)
                pango_cairo_glyph_string_path(cr, item.pointee.analysis.font, glyphs)
                cairo_set_source_rgba(cr, r, g, b, a)
                cairo_set_line_width(cr, Double(abs(strokeWidth) * size / 100))
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
                cairo_restore(cr)
            }
        }
    }

    // MARK: Lines

    /// One laid-out line, in points from the text's top-left corner.
    private struct Line {
        let line: UnsafeMutablePointer<PangoLayoutLine>
        /// The line's characters in the whole string (UTF-16).
        let range: NSRange
        let x: CGFloat
        let right: CGFloat
        let baseline: CGFloat
        let top: CGFloat
        let bottom: CGFloat
        let attributes: (Int32) -> [NSAttributedString.Key: Any]?
        /// Which paragraph it is of (`paragraphs`).
        let paragraph: Int
    }

    /// Lays each paragraph out and calls `body` with each line that is drawn: at most `maxLines`,
    /// and within `height` (the first line always). `width` wraps; `alignWidth` (the wrap width by
    /// default) is what alignment and the tail indent measure from.
    private func walk(_ cr: OpaquePointer?, width: CGFloat?, alignWidth: CGFloat?, height: CGFloat?,
                      maxLines: Int, dropsLinesBelow: Bool = true, visible: (([NSAttributedString.Key: Any]) -> Bool)? = nil,
                      _ body: (Line) -> Void) {
        let scale = CGFloat(PANGO_SCALE)
        var y: CGFloat = 0, count = 0
        for (p, paragraph) in paragraphs.enumerated() {
            let style = paragraph.style
            if p > 0 { y += style.paragraphSpacingBefore }
            guard let (layout, room) = makeLayout(cr, paragraph, width: width, alignWidth: alignWidth,
                                                  remainingHeight: height.map { $0 - y }, visible: visible) else { continue }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let iter = pango_layout_get_iter(layout)
            defer { pango_layout_iter_free(iter) }
            let head = style.headIndent
            repeat {
                guard let line = pango_layout_iter_get_line_readonly(iter) else { break }
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iter, nil, &logical)
                let top = y + CGFloat(logical.y) / scale
                let bottom = top + CGFloat(logical.height) / scale
                if dropsLinesBelow, let height, count > 0, bottom > height + 0.01 { return }
                if maxLines > 0, count >= maxLines { return }
                // Pango's extents include the first line's indent (relative to the head indent).
                var x = head + CGFloat(logical.x) / scale
                if let room {
                    // An unwrapped line aligned by hand within the room the paragraph has.
                    let free = room - CGFloat(logical.x + logical.width) / scale
                    switch style.alignment {
                    case .center: x += max(free, 0) / 2
                    case .right: x += max(free, 0)
                    default: break
                    }
                }
                let runs = paragraph.runs
                let range = Self.utf16Range(of: line, in: paragraph)
                body(Line(line: line, range: range, x: x, right: x + CGFloat(logical.width) / scale,
                          baseline: y + CGFloat(pango_layout_iter_get_baseline(iter)) / scale, top: top, bottom: bottom,
                          attributes: { offset in
                              runs.first { UInt32(offset) >= $0.start && UInt32(offset) < $0.end }?.attributes ?? [:]
                          }, paragraph: p))
                count += 1
            } while pango_layout_iter_next_line(iter) != 0
            var extents = PangoRectangle()
            pango_layout_get_extents(layout, nil, &extents)
            y += CGFloat(extents.height) / scale + style.paragraphSpacing
        }
    }

    /// A line's characters in the whole string, in UTF-16 units.
    private static func utf16Range(of line: UnsafeMutablePointer<PangoLayoutLine>, in paragraph: Paragraph) -> NSRange {
        let utf8 = paragraph.text.utf8
        let startByte = min(Int(line.pointee.start_index), utf8.count)
        let endByte = min(startByte + Int(line.pointee.length), utf8.count)
        let start = utf8.index(utf8.startIndex, offsetBy: startByte), end = utf8.index(utf8.startIndex, offsetBy: endByte)
        let lower = paragraph.text.utf16.distance(from: paragraph.text.utf16.startIndex, to: start)
        let upper = paragraph.text.utf16.distance(from: paragraph.text.utf16.startIndex, to: end)
        return NSRange(location: paragraph.utf16Start + lower, length: upper - lower)
    }

    /// One line as Core Text describes it: its characters, its origin (the start of its baseline,
    /// from the text's top-left, y down), its typographic width, ascent and descent.
    package struct LineMetrics {
        package let range: NSRange
        package let origin: CGPoint
        package let width: CGFloat
        package let ascent: CGFloat
        package let descent: CGFloat
    }

    /// The lines laid out in `width` (nil: broken at newlines only) that fit in `height` (nil: all).
    package func lines(width: CGFloat?, height: CGFloat? = nil) -> [LineMetrics] {
        var result: [LineMetrics] = []
        TextLayout.withMeasuringContext { cr in
            walk(cr, width: width, alignWidth: width, height: height, maxLines: 0) { line in
                result.append(LineMetrics(range: line.range, origin: CGPoint(x: line.x, y: line.baseline),
                                          width: line.right - line.x, ascent: line.baseline - line.top,
                                          descent: line.bottom - line.baseline))
            }
        }
        return result
    }

    /// One glyph of a laid-out line, as Core Text's runs hand them out.
    package struct Glyph {
        /// The glyph's index in its font.
        package let glyph: UInt16
        /// Where its origin is from the line's origin (the start of the baseline), y up as Core Text's.
        package let position: CGPoint
        /// Its advance, in points.
        package let advance: CGFloat
        /// The character it shows (the first of its cluster), in the whole string (UTF-16).
        package let index: Int
    }

    /// The glyphs of each line (unwrapped, or wrapped at `width`), in the order they are drawn.
    package func glyphs(width: CGFloat? = nil) -> [[Glyph]] {
        var result: [[Glyph]] = []
        let scale = CGFloat(PANGO_SCALE)
        TextLayout.withMeasuringContext { cr in
            walk(cr, width: width, alignWidth: width, height: nil, maxLines: 0) { line in
                let text = paragraphs[line.paragraph].text
                let utf16Start = paragraphs[line.paragraph].utf16Start
                let utf8 = Array(text.utf8)
                var glyphs: [Glyph] = []
                var x: CGFloat = 0
                var node = line.line.pointee.runs
                while let current = node {
                    node = current.pointee.next
                    guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self),
                          let item = run.pointee.item, let string = run.pointee.glyphs else { continue }
                    for i in 0..<Int(string.pointee.num_glyphs) {
                        let info = string.pointee.glyphs[i]
                        let byte = Int(item.pointee.offset) + Int(string.pointee.log_clusters[i])
                        let index = utf16Start + String(decoding: utf8[0..<min(byte, utf8.count)], as: UTF8.self).utf16.count
                        let advance = CGFloat(info.geometry.width) / scale
                        // Pango's "empty" and unknown-character glyphs are not font glyphs: 0, as Core Text's missing glyph.
                        let id = info.glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 || info.glyph == PANGO_GLYPH_EMPTY ? 0 : info.glyph
                        glyphs.append(Glyph(glyph: UInt16(truncatingIfNeeded: id),
                                            position: CGPoint(x: x + CGFloat(info.geometry.x_offset) / scale,
                                                              y: -CGFloat(info.geometry.y_offset) / scale),
                                            advance: advance, index: index))
                        x += advance
                    }
                }
                result.append(glyphs)
            }
        }
        return result
    }

    /// The outline of glyph `glyph` of the font `font` names at `size` points, in Core Text's glyph
    /// space: origin on the baseline, y up. Nil for a glyph with no outline.
    package static func glyphPath(font: Any?, size: CGFloat, glyph: UInt16) -> CGPath? {
        var path: CGMutablePath?
        withScaledFont(font, size: size) { cr, scaled in
            cairo_new_path(cr)
            cairo_set_scaled_font(cr, scaled)
            var one = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
            cairo_glyph_path(cr, &one, 1)
            guard let copied = cairo_copy_path(cr) else { return }
            defer { cairo_path_destroy(copied) }
            let made = CGMutablePath()
            var i = 0
            let count = Int(copied.pointee.num_data)
            // Cairo's outline is y down from the baseline; Core Text's glyph space is y up.
            func point(_ k: Int) -> CGPoint {
                let p = copied.pointee.data[i + k].point
                return CGPoint(x: p.x, y: -p.y)
            }
            while i < count {
                let header = copied.pointee.data[i].header
                switch header.type {
                case CAIRO_PATH_MOVE_TO: made.move(to: point(1))
                case CAIRO_PATH_LINE_TO: made.addLine(to: point(1))
                case CAIRO_PATH_CURVE_TO: made.addCurve(to: point(3), control1: point(1), control2: point(2))
                case CAIRO_PATH_CLOSE_PATH: made.closeSubpath()
                default: break
                }
                i += Int(header.length)
            }
            path = made.isEmpty ? nil : made
        }
        return path
    }

    /// How far glyph `glyph` of the font `font` names at `size` points advances the pen, in points.
    package static func glyphAdvance(font: Any?, size: CGFloat, glyph: UInt16) -> CGSize {
        var advance = CGSize.zero
        withScaledFont(font, size: size) { _, scaled in
            var one = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
            var extents = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(scaled, &one, 1, &extents)
            advance = CGSize(width: extents.x_advance, height: -extents.y_advance)
        }
        return advance
    }

    /// The glyph of each character of `characters` in the font `font` names, shaped one by one (as
    /// Core Text maps characters, without ligatures or kerning); 0 where the font has none.
    package static func glyphs(for characters: [UInt16], font: Any?, size: CGFloat) -> [UInt16] {
        characters.map { unit in
            guard let scalar = Unicode.Scalar(unit) else { return 0 }
            let string = NSAttributedString(string: String(Character(scalar)))
            return TextLayout(string, defaults: TextDefaults(font: font, fontSize: size)).glyphs().first?.first?.glyph ?? 0
        }
    }

    /// Calls `body` with a measuring context (identity matrix) and the cairo font of `font` at
    /// `size` points, outlines unhinted.
    private static func withScaledFont(_ font: Any?, size: CGFloat, _ body: (OpaquePointer?, OpaquePointer) -> Void) {
        withMeasuringContext { cr in
            guard let layout = TextFontMap.current.makeLayout(for: cr) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let context = pango_layout_get_context(layout)
            let options = cairo_font_options_create()
            defer { cairo_font_options_destroy(options) }
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            pango_cairo_context_set_font_options(context, options)
            let desc = TextFont.makeDescription(for: font, size: size)
            defer { pango_font_description_free(desc) }
            guard let loaded = pango_context_load_font(context, desc) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
            guard let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(loaded)) else { return }
            cairo_save(cr)
            defer { cairo_restore(cr) }
            cairo_identity_matrix(cr)
            body(cr, scaled)
        }
    }

    /// The Pango layout of one paragraph, its hidden runs (not `visible`) laid out but not painted,
    /// and, for a paragraph that is not wrapped or truncated, the width its lines are aligned in by
    /// hand (Pango aligns only within a width it also wraps at).
    private func makeLayout(_ cr: OpaquePointer?, _ paragraph: Paragraph, width: CGFloat?, alignWidth: CGFloat?,
                            remainingHeight: CGFloat?,
                            visible: (([NSAttributedString.Key: Any]) -> Bool)?) -> (OpaquePointer, CGFloat?)? {
        guard let layout = TextFontMap.current.makeLayout(for: cr) else { return nil }
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        let quantizes = defaults.quantizesMetrics
        cairo_font_options_set_hint_metrics(options, quantizes ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, quantizes ? CAIRO_HINT_STYLE_DEFAULT : CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
        pango_layout_context_changed(layout)

        let desc = TextFont.makeDescription(for: defaults.font, size: defaults.fontSize)
        pango_layout_set_font_description(layout, desc)
        pango_font_description_free(desc)
        pango_layout_set_text(layout, paragraph.text, -1)
        let list = attributeList(paragraph, visible: visible)
        pango_layout_set_attributes(layout, list)
        pango_attr_list_unref(list)

        let style = paragraph.style
        let scale = Double(PANGO_SCALE)
        let head = style.headIndent
        // The lines' room: up to a positive tail indent from the leading edge, else up to the
        // container's trailing edge less the tail indent.
        func room(_ container: CGFloat) -> CGFloat {
            max((style.tailIndent > 0 ? style.tailIndent : container + style.tailIndent) - head, 1)
        }
        pango_layout_set_indent(layout, Int32(clamping: Int(Double(style.firstLineHeadIndent - head) * scale)))
        let ellipsis: PangoEllipsizeMode
        switch style.lineBreakMode {
        case .byTruncatingHead: ellipsis = PANGO_ELLIPSIZE_START
        case .byTruncatingMiddle: ellipsis = PANGO_ELLIPSIZE_MIDDLE
        case .byTruncatingTail: ellipsis = PANGO_ELLIPSIZE_END
        default: ellipsis = PANGO_ELLIPSIZE_NONE
        }
        let wraps = width != nil && (style.lineBreakMode == .byWordWrapping || style.lineBreakMode == .byCharWrapping)
        var manualRoom: CGFloat?
        if wraps, let width {
            pango_layout_set_width(layout, Int32(clamping: Int(Double(room(width)) * scale)))
            pango_layout_set_wrap(layout, style.lineBreakMode == .byCharWrapping ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
            if let last = defaults.lastLineTruncation, let remainingHeight {
                // Pango drops the lines below the height and ellipsizes the last one kept.
                let modes: [NSLineBreakMode: PangoEllipsizeMode] = [.byTruncatingHead: PANGO_ELLIPSIZE_START,
                                                                   .byTruncatingMiddle: PANGO_ELLIPSIZE_MIDDLE,
                                                                   .byTruncatingTail: PANGO_ELLIPSIZE_END]
                if let mode = modes[last] {
                    pango_layout_set_ellipsize(layout, mode)
                    pango_layout_set_height(layout, Int32(clamping: Int(Double(max(remainingHeight, 0)) * scale)))
                }
            }
        } else if ellipsis != PANGO_ELLIPSIZE_NONE, let container = width ?? alignWidth {
            // One line per paragraph, shortened with an ellipsis to fit.
            pango_layout_set_width(layout, Int32(clamping: Int(Double(room(container)) * scale)))
            pango_layout_set_ellipsize(layout, ellipsis)
        } else {
            manualRoom = (width ?? alignWidth).map(room)
        }
        switch style.alignment {
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified:
            pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
            pango_layout_set_justify(layout, 1)
        default: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        pango_layout_set_auto_dir(layout, style.alignment == .natural ? 1 : 0)
        if manualRoom != nil { pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT) }
        if style.lineSpacing > 0 { pango_layout_set_spacing(layout, Int32(clamping: Int(Double(style.lineSpacing) * scale))) }
        if style.lineHeightMultiple > 0 { pango_layout_set_line_spacing(layout, Float(style.lineHeightMultiple)) }
        return (layout, manualRoom)
    }

    /// The Pango attributes of a paragraph's runs; runs not `visible` keep their metrics but paint
    /// nothing (no colour, background, lines).
    private func attributeList(_ paragraph: Paragraph, visible: (([NSAttributedString.Key: Any]) -> Bool)?) -> OpaquePointer? {
        let list = pango_attr_list_new()
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?, _ run: ByteRun) {
            guard let attribute else { return }
            attribute.pointee.start_index = run.start
            attribute.pointee.end_index = run.end
            pango_attr_list_insert(list, attribute)
        }
        func u16(_ x: Double) -> UInt16 { UInt16(min(max(x, 0), 1) * 65535) }
        // Pango reads an alpha of 0 as "not set" (the cairo source's): 1/65535 paints nothing.
        let invisible: UInt16 = 1
        // The default colour for every run (a run's own colour overrides it).
        let whole = ByteRun(start: 0, end: UInt32(paragraph.text.utf8.count), attributes: [:])
        let (r0, g0, b0, a0) = TextRenderer.components(of: defaults.color)
        func insertDefaultColor(_ run: ByteRun, shown: Bool) {
            insert(pango_attr_foreground_new(u16(r0), u16(g0), u16(b0)), run)
            insert(pango_attr_foreground_alpha_new(shown ? max(u16(a0), invisible) : invisible), run)
        }
        insertDefaultColor(whole, shown: visible?([:]) ?? true)
        for run in paragraph.runs {
            let attributes = run.attributes
            let shown = visible?(attributes) ?? true
            let strokeWidth = attributes[.strokeWidthKey].flatMap(KeyedValue.scalar) ?? 0
            if attributes[.foregroundColorKey] == nil { insertDefaultColor(run, shown: shown) }
            for (key, value) in attributes {
                switch key.rawValue {
                case "NSFont":
                    let desc = TextFont.makeDescription(for: value, size: TextRun.size(of: value) ?? defaults.fontSize)
                    insert(pango_attr_font_desc_new(desc), run)
                    pango_font_description_free(desc)
                case "NSKern":
                    guard let kern = KeyedValue.scalar(value) else { continue }
                    insert(pango_attr_letter_spacing_new(Int32(clamping: Int(Double(kern) * Double(PANGO_SCALE)))), run)
                case "NSLigature":
                    if TextRun.number(value) == 0 { insert(pango_attr_font_features_new("liga 0, clig 0"), run) }
                case "NSBaselineOffset":
                    guard let rise = KeyedValue.scalar(value) else { continue }
                    insert(pango_attr_rise_new(Int32(clamping: Int(Double(rise) * Double(PANGO_SCALE)))), run)
                case "NSColor", "CTForegroundColor":
                    guard shown, let color = TextRun.color(of: value) else { continue }
                    let (r, g, b, a) = TextRenderer.components(of: color)
                    insert(pango_attr_foreground_new(u16(r), u16(g), u16(b)), run)
                    insert(pango_attr_foreground_alpha_new(max(u16(a), invisible)), run)
                case "NSBackgroundColor" where shown:
                    guard let color = TextRun.color(of: value) else { continue }
                    let (r, g, b, a) = TextRenderer.components(of: color)
                    insert(pango_attr_background_new(u16(r), u16(g), u16(b)), run)
                    insert(pango_attr_background_alpha_new(max(u16(a), invisible)), run)
                case "NSUnderline" where shown:
                    let style = TextRun.number(value)
                    guard style != 0 else { continue }
                    insert(pango_attr_underline_new(style & 0x9 == 0x9 ? PANGO_UNDERLINE_DOUBLE : PANGO_UNDERLINE_SINGLE), run)
                case "NSStrikethrough" where shown:
                    guard TextRun.number(value) != 0 else { continue }
                    insert(pango_attr_strikethrough_new(1), run)
                case "NSUnderlineColor" where shown:
                    guard let color = TextRun.color(of: value) else { continue }
                    let (r, g, b, _) = TextRenderer.components(of: color)
                    insert(pango_attr_underline_color_new(u16(r), u16(g), u16(b)), run)
                case "NSStrikethroughColor" where shown:
                    guard let color = TextRun.color(of: value) else { continue }
                    let (r, g, b, _) = TextRenderer.components(of: color)
                    insert(pango_attr_strikethrough_color_new(u16(r), u16(g), u16(b)), run)
                default:
                    continue
                }
            }
            // Hidden in this pass, or an outline only: the glyphs are not filled.
            if !shown || strokeWidth > 0 { insert(pango_attr_foreground_alpha_new(invisible), run) }
        }
        return list
    }

    /// Runs `body` with a cairo context for measuring (unscaled, unhinted).
    private static func withMeasuringContext(_ body: (OpaquePointer?) -> Void) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        body(cr)
    }
}

extension NSAttributedString.Key {
    // The raw names of Apple's attribute keys, for the text engine below UIKit (UIKit declares the
    // public constants with the same raw values).
    static let fontKey = NSAttributedString.Key("NSFont")
    static let foregroundColorKey = NSAttributedString.Key("NSColor")
    static let paragraphStyleKey = NSAttributedString.Key("NSParagraphStyle")
    static let shadowKey = NSAttributedString.Key("NSShadow")
    static let strokeWidthKey = NSAttributedString.Key("NSStrokeWidth")
    static let strokeColorKey = NSAttributedString.Key("NSStrokeColor")
}
