import CoreGraphics
import Foundation
import QuartzCore

/// One line of attributed text, laid out unwrapped. Drawn by `CTLineDraw` with its baseline's start at
/// the context's `textPosition`, through its `textMatrix`, upright in a y-up user space (Core Text's:
/// flip a UIKit context first, as Apple's code does).
public final class CTLine {
    let string: NSAttributedString
    /// The range of the original string this line shows (its own string starts at 0).
    let stringRange: NSRange
    let layout: TextLayout
    /// A truncated line's width (the ellipsis replaces what does not fit).
    let truncationWidth: CGFloat?

    init(_ string: NSAttributedString, range: NSRange? = nil, truncation: (CGFloat, NSLineBreakMode)? = nil) {
        self.string = string
        stringRange = range ?? NSRange(location: 0, length: string.length)
        var defaults = TextDefaults()
        if let (_, mode) = truncation {
            let style = NSMutableParagraphStyle()
            style.lineBreakMode = mode
            defaults.paragraph = style
        }
        truncationWidth = truncation?.0
        layout = TextLayout(string, defaults: defaults)
    }

    fileprivate var metrics: TextLayout.LineMetrics? { layout.lines(width: truncationWidth, height: nil).first }

    /// The glyphs of the line, in the order drawn (their indices in the line's own string).
    fileprivate lazy var glyphs: [TextLayout.Glyph] = layout.glyphs(width: truncationWidth).first ?? []
}

public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
    CTLine(attrString)
}

/// How `CTLineCreateTruncatedLine` shortens a line.
public enum CTLineTruncationType: UInt32, Sendable {
    case start = 0, end = 1, middle = 2
}

/// The line shortened with an ellipsis to `width` points (the token is always "…").
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType,
                                      _ truncationToken: CTLine?) -> CTLine? {
    guard width > 0, width.isFinite else { return nil }
    let mode: NSLineBreakMode
    switch truncationType {
    case .start: mode = .byTruncatingHead
    case .middle: mode = .byTruncatingMiddle
    case .end: mode = .byTruncatingTail
    }
    return CTLine(line.string, range: line.stringRange, truncation: (CGFloat(width), mode))
}

/// The line's width; its ascent, descent and leading through the pointers.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                       _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let metrics = line.metrics
    ascent?.pointee = metrics?.ascent ?? 0
    descent?.pointee = metrics?.descent ?? 0
    leading?.pointee = 0
    return Double(metrics?.width ?? 0)
}

/// The line's bounds relative to its origin, y up (its typographic box).
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    guard let metrics = line.metrics else { return .null }
    return CGRect(x: 0, y: -metrics.descent, width: metrics.width, height: metrics.ascent + metrics.descent)
}

public func CTLineGetStringRange(_ line: CTLine) -> CFRange {
    CFRange(location: line.stringRange.location, length: line.stringRange.length)
}

/// The number of glyphs the line draws.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex {
    line.glyphs.count
}

/// The distance from the line's start to the character at `charIndex` (an index of the original string).
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex,
                                          _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    let local = min(max(charIndex - line.stringRange.location, 0), line.string.length)
    let prefix = line.string.attributedSubstring(from: NSRange(location: 0, length: local))
    let offset = TextLayout(prefix, defaults: TextDefaults()).size(width: nil).width
    secondaryOffset?.pointee = offset
    return offset
}

/// Draws the line with its baseline's start at the context's text position.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    guard let metrics = line.metrics else { return }
    context.saveGState()
    context.translateBy(x: context.textPosition.x, y: context.textPosition.y)
    context.concatenate(context.textMatrix)
    // Core Text's y-up space to the engine's y-down one, about the baseline.
    context.scaleBy(x: 1, y: -1)
    line.layout.draw(in: context, rect: CGRect(x: 0, y: -metrics.origin.y,
                                               width: line.truncationWidth ?? .infinity, height: .infinity),
                     wraps: false)
    context.restoreGState()
    context.textPosition.x += metrics.width
}

/// The line's glyph runs: one per run of the same attributes, each with the glyphs that show its
/// characters, their positions from the line's origin and their advances.
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray {
    var runs: [CTRun] = []
    let glyphs = line.glyphs
    line.string.enumerateAttributes(in: NSRange(location: 0, length: line.string.length), options: []) { attributes, range, _ in
        runs.append(CTRun(attributes: attributes, range: NSRange(location: line.stringRange.location + range.location,
                                                                 length: range.length),
                          glyphs: glyphs.filter { range.contains($0.index) }, stringOffset: line.stringRange.location))
    }
    return runs as NSArray
}

/// A run of one line with the same attributes, and its glyphs.
public final class CTRun {
    let attributes: [NSAttributedString.Key: Any]
    let range: NSRange
    let glyphs: [TextLayout.Glyph]
    /// Where the line's own string starts in the original one.
    let stringOffset: Int

    init(attributes: [NSAttributedString.Key: Any], range: NSRange, glyphs: [TextLayout.Glyph], stringOffset: Int) {
        self.attributes = attributes
        self.range = range
        self.glyphs = glyphs
        self.stringOffset = stringOffset
    }

    /// The glyphs of `range` (a zero length: to the end).
    fileprivate func slice(_ range: CFRange) -> ArraySlice<TextLayout.Glyph> {
        let r = resolved(range, length: glyphs.count)
        return glyphs[r.location..<(r.location + r.length)]
    }
}

public func CTRunGetAttributes(_ run: CTRun) -> CFDictionary {
    var dictionary: [String: Any] = [:]
    for (key, value) in run.attributes { dictionary[key.rawValue] = value }
    return dictionary as NSDictionary
}

public func CTRunGetStringRange(_ run: CTRun) -> CFRange {
    CFRange(location: run.range.location, length: run.range.length)
}

public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex {
    run.glyphs.count
}

/// Copies the glyphs of `range` (a zero length: every glyph from its start) into `buffer`.
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (k, glyph) in run.slice(range).enumerated() { buffer[k] = glyph.glyph }
}

/// Copies where the glyphs of `range` are, from the line's origin (y up), into `buffer`.
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (k, glyph) in run.slice(range).enumerated() { buffer[k] = glyph.position }
}

/// Copies the advances of the glyphs of `range` into `buffer`.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (k, glyph) in run.slice(range).enumerated() { buffer[k] = CGSize(width: glyph.advance, height: 0) }
}

/// Copies the index in the string of the character each glyph of `range` shows into `buffer`.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (k, glyph) in run.slice(range).enumerated() { buffer[k] = run.stringOffset + glyph.index }
}

/// The run's glyphs in place: nil, as Apple's may return; `CTRunGetGlyphs` copies them.
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { nil }
/// The run's positions in place: nil, as Apple's may return; `CTRunGetPositions` copies them.
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { nil }
/// The run's advances in place: nil; `CTRunGetAdvances` copies them.
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? { nil }

/// The width of the glyphs of `range`; the line's ascent and descent through the pointers.
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    let font = run.attributes[NSAttributedString.Key(String(kCTFontAttributeName))] as? CTFont
    ascent?.pointee = font.map(CTFontGetAscent) ?? 0
    descent?.pointee = font.map(CTFontGetDescent) ?? 0
    leading?.pointee = 0
    return Double(run.slice(range).reduce(0) { $0 + $1.advance })
}
