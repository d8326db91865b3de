import Foundation

// The text attributes UIKit adds to Foundation's attributed strings (Apple's names and raw values).
// String drawing, `UILabel` and `CATextLayer` draw them alike (QuartzCore's `TextLayout`).
extension NSAttributedString.Key {
    /// An `NSParagraphStyle`: alignment, line breaking, spacing, indents (of the whole paragraph,
    /// from its first character).
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// A number: points added after each character (positive spreads, negative tightens).
    public static let kern = NSAttributedString.Key("NSKern")
    /// A number: 0 turns ligatures off, 1 (the default) keeps the standard ones.
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// A number: points the glyphs are raised above the baseline.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// A number, in percent of the font size: positive strokes the outline only, negative fills and
    /// strokes it.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// A `UIColor` for the outline (the foreground colour when absent).
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// An `NSShadow`.
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// A `UIColor` for the underline (the foreground colour when absent).
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// A `UIColor` for the strikethrough line (the foreground colour when absent).
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// A `UIFont` (name and size).
    public static let font = NSAttributedString.Key("NSFont")
    /// A `UIColor` for the glyphs.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A `UIColor` behind the text.
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// An `NSUnderlineStyle` raw value (`Int`).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// An `NSUnderlineStyle` raw value (`Int`).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
}

/// How a line is drawn under or through text.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}
