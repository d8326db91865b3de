import CoreGraphics
import Foundation
import QuartzCore

/// A font: a PostScript name and a size in points, drawn by the library's font mapping (Apple's
/// families map to the DejaVu fonts, as for `UIFont` and `CATextLayer`). As a `.font` (or
/// `kCTFontAttributeName`) attribute it sets the text's font.
public final class CTFont: @unchecked Sendable {
    /// The name the font was made with (read by the text engine by this property's name).
    public let postScriptName: String
    /// The size in points.
    public let size: CGFloat
    public let matrix: CGAffineTransform

    init(name: String, size: CGFloat, matrix: CGAffineTransform) {
        postScriptName = name
        self.size = size
        self.matrix = matrix
    }

    /// Ascent and descent measured from the font's laid-out lines.
    fileprivate lazy var metrics: (ascent: CGFloat, descent: CGFloat) = {
        let layout = TextLayout(string: "Xg", defaults: TextDefaults(font: postScriptName, fontSize: size))
        let line = layout.lines(width: nil).first
        return (line?.ascent ?? size * 0.93, line?.descent ?? size * 0.24)
    }()
}

/// A font of `name` at `size` points (0: 12, Core Text's default).
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    CTFont(name: String(name), size: size > 0 && size.isFinite ? size : 12, matrix: matrix?.pointee ?? .identity)
}

/// The same font at another size (0: the same size).
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: AnyObject?) -> CTFont {
    CTFont(name: font.postScriptName, size: size > 0 && size.isFinite ? size : font.size, matrix: matrix?.pointee ?? font.matrix)
}

public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
/// The distance from the baseline to the top of the line.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { font.metrics.ascent }
/// The distance from the baseline to the bottom of the line (positive).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { font.metrics.descent }
/// Extra space between lines: 0 (the line heights already include the font's gap).
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { 0 }
/// The height of capitals (DejaVu Sans' proportion of the size).
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { font.size * 0.729 }
/// The height of lower-case x (DejaVu Sans' proportion of the size).
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { font.size * 0.547 }
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { 2048 }

public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.postScriptName as NSString }
/// The family: the PostScript name up to its style suffix.
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString {
    (font.postScriptName.split(separator: "-").first.map(String.init) ?? font.postScriptName) as NSString
}
public func CTFontCopyFullName(_ font: CTFont) -> CFString {
    font.postScriptName.replacingOccurrences(of: "-", with: " ") as NSString
}
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { CTFontCopyFullName(font) }

public let kCTFontPostScriptNameKey: CFString = "postScriptName"
public let kCTFontFamilyNameKey: CFString = "family"
public let kCTFontFullNameKey: CFString = "full"
public let kCTFontStyleNameKey: CFString = "style"

/// One of the font's names (`kCTFontPostScriptNameKey`, `kCTFontFamilyNameKey`, ...).
public func CTFontCopyName(_ font: CTFont, _ nameKey: CFString) -> CFString? {
    switch String(nameKey) {
    case "postScriptName": return CTFontCopyPostScriptName(font)
    case "family": return CTFontCopyFamilyName(font)
    case "full": return CTFontCopyFullName(font)
    case "style":
        let parts = font.postScriptName.split(separator: "-")
        return (parts.count > 1 ? String(parts[1]) : "Regular") as NSString
    default: return nil
    }
}

// Attribute names (Apple's raw values; the same as UIKit's keys where both exist).
public let kCTFontAttributeName: CFString = "NSFont"
public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
public let kCTKernAttributeName: CFString = "NSKern"
public let kCTLigatureAttributeName: CFString = "NSLigature"
public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"
public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"
public let kCTStrokeWidthAttributeName: CFString = "NSStrokeWidth"
public let kCTStrokeColorAttributeName: CFString = "NSStrokeColor"
public let kCTBaselineOffsetAttributeName: CFString = "NSBaselineOffset"

/// The direction glyph advances are measured in.
public enum CTFontOrientation: UInt32, Sendable {
    case `default` = 0, horizontal = 1, vertical = 2
}

/// The outline of `glyph` at the font's size, in glyph space (origin on the baseline, y up), through
/// `matrix` when given; nil for a glyph with no outline (a space). Text made into a shape layer's
/// path starts here.
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard let path = TextLayout.glyphPath(font: font, size: font.size, glyph: glyph) else { return nil }
    let transform = font.matrix.concatenating(matrix?.pointee ?? .identity)
    guard transform != .identity else { return path }
    let moved = CGMutablePath()
    moved.addPath(path, transform: transform)
    return moved
}

/// The font's glyph for each of `count` UTF-16 characters, into `glyphs` (0 where it has none);
/// false when some character has none.
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UniChar>,
                                         _ glyphs: UnsafeMutablePointer<CGGlyph>, _ count: CFIndex) -> Bool {
    guard count > 0 else { return true }
    let found = TextLayout.glyphs(for: Array(UnsafeBufferPointer(start: characters, count: count)), font: font, size: font.size)
    for (k, glyph) in found.enumerated() { glyphs[k] = glyph }
    return !found.contains(0)
}

/// The advance of each of `count` glyphs, into `advances` when given; returns their sum (the
/// horizontal advances: vertical text is not laid out).
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    var total = 0.0
    for k in 0..<max(count, 0) {
        let advance = TextLayout.glyphAdvance(font: font, size: font.size, glyph: glyphs[k])
        advances?[k] = advance
        total += Double(advance.width)
    }
    return total
}
