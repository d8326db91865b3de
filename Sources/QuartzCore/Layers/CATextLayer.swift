import CoreGraphics
import CALinuxPangoCairo
import Foundation

/// How a `CATextLayer` shortens a line that does not fit its bounds.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// No truncation: the text is clipped by the bounds (the default).
    public static let none = CATextLayerTruncationMode(rawValue: "none")
    /// An ellipsis replaces the start of the line.
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    /// An ellipsis replaces the end of the line.
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    /// An ellipsis replaces the middle of the line.
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}

/// How a `CATextLayer` lines its text up horizontally within its bounds.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Left for left-to-right text, right for right-to-left text (the default).
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Wrapped lines fill the width; a paragraph's last line is aligned naturally.
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// A layer that draws a string, laid out with Pango (Linux) in its bounds: from the top-left
/// corner, one line per paragraph unless `isWrapped`, clipped to the bounds.
///
/// Apple's API and defaults: 36-point Helvetica (here DejaVu Sans, see `TextFont`), opaque white.
/// Changing any text property marks the layer as needing display; the text is drawn at
/// `contentsScale` like any layer content.
open class CATextLayer: CALayer {
    // The text properties are stored by key (in the layer's values), so that presentation layers
    // and the render side have them with the rest.

    /// The text: a `String` (or `NSString`), or an `NSAttributedString` whose runs may change the
    /// layer's font (name and size), color, underline and strikethrough (Apple's attribute names:
    /// `NSAttributedString.Key.font`, `.foregroundColor`, `.underlineStyle`, `.strikethroughStyle`, and
    /// Core Text's foreground colour). Other values draw nothing.
    open var string: Any? {
        get { value(forKey: "string") }
        set { setValue(newValue, forKey: "string") }
    }

    /// The font: a name (`String`, e.g. `"Helvetica-Bold"`, or a Pango description such as
    /// `"DejaVu Serif Italic"`), or a font object with a name; nil is the default (Helvetica, which
    /// maps to DejaVu Sans). The size comes from `fontSize`.
    open var font: Any? {
        get { value(forKey: "font") }
        set { setValue(newValue, forKey: "font") }
    }

    /// The font size in points (default 36).
    open var fontSize: CGFloat {
        get { value(forKey: "fontSize") as? CGFloat ?? 36 }
        set { setValue(newValue, forKey: "fontSize") }
    }

    /// The text color (default opaque white); nil draws black, CoreText's default.
    open var foregroundColor: CGColor? {
        get { value(forKey: "foregroundColor") as? CGColor }
        set { setValue(newValue, forKey: "foregroundColor") }
    }

    /// Whether lines wrap at the bounds' width (default false: one line per paragraph).
    open var isWrapped: Bool {
        get { value(forKey: "wrapped") as? Bool ?? false }
        set { setValue(newValue, forKey: "wrapped") }
    }

    /// Where an ellipsis shortens text that does not fit (default `.none`).
    open var truncationMode: CATextLayerTruncationMode {
        get { value(forKey: "truncationMode") as? CATextLayerTruncationMode ?? .none }
        set { setValue(newValue, forKey: "truncationMode") }
    }

    /// Horizontal alignment within the bounds (default `.natural`).
    open var alignmentMode: CATextLayerAlignmentMode {
        get { value(forKey: "alignmentMode") as? CATextLayerAlignmentMode ?? .natural }
        set { setValue(newValue, forKey: "alignmentMode") }
    }

    /// Whether glyph positions are rounded to whole pixels (default false). Here: whether font
    /// metrics are hinted.
    open var allowsFontSubpixelQuantization: Bool {
        get { value(forKey: "allowsFontSubpixelQuantization") as? Bool ?? false }
        set { setValue(newValue, forKey: "allowsFontSubpixelQuantization") }
    }

    static let opaqueWhite = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// The keys `draw(in:)` depends on (Apple's key names).
    static let textKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode", "alignmentMode",
        "allowsFontSubpixelQuantization",
    ]

    public override init() {
        super.init()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override class func animatesImplicitly(forKey key: String) -> Bool {
        key == "fontSize" || key == "foregroundColor" || super.animatesImplicitly(forKey: key)
    }

    /// True for the text properties, and for `bounds` and `contentsScale` (the layout and the
    /// backing store depend on them).
    open override class func needsDisplay(forKey key: String) -> Bool {
        textKeys.contains(key) || key == "bounds" || key == "contentsScale" || super.needsDisplay(forKey: key)
    }

    open override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "fontSize": return CGFloat(36)
        case "foregroundColor": return opaqueWhite
        case "wrapped", "allowsFontSubpixelQuantization": return false
        case "truncationMode": return CATextLayerTruncationMode.none
        case "alignmentMode": return CATextLayerAlignmentMode.natural
        default: return super.defaultValue(forKey: key)
        }
    }

    /// Text keys are stored by key, converted to their types first: the color, the flags, the
    /// size and the string constants (from their raw `String`s too). A value that does not convert
    /// is ignored.
    open override func setValue(_ value: Any?, forKey key: String) {
        typealias V = KeyedValue
        let converted: Any??
        switch key {
        case "string", "font": converted = .some(V.unwrap(value))
        case "fontSize": converted = V.scalar(value).map { $0 }
        case "foregroundColor": converted = V.optional(value, as: CGColor.self).map { $0 }
        case "wrapped", "allowsFontSubpixelQuantization": converted = V.flag(value).map { $0 }
        case "truncationMode": converted = V.constant(value, as: CATextLayerTruncationMode.self).map { $0 }
        case "alignmentMode": converted = V.constant(value, as: CATextLayerAlignmentMode.self).map { $0 }
        default: return super.setValue(value, forKey: key)
        }
        storeConvertedValue(converted, forKey: key, keepsNil: key == "foregroundColor")
    }

    /// The characters of `string`, or nil when it holds no text.
    var plainText: String? {
        switch string {
        case let s as String: return s
        case let s as Substring: return String(s)
        case let s as NSAttributedString: return s.string
        case let s as NSString: return s as String
        default: return nil
        }
    }

    /// Draws the text with Pango into the context's cairo surface, from the top-left of `bounds`.
    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        guard let text = plainText, !text.isEmpty, fontSize > 0, fontSize.isFinite else { return }
        let runs = (string as? NSAttributedString).map(TextRun.runs) ?? []
        TextRenderer.draw(text, in: ctx, bounds: bounds, style: TextStyle(layer: self), runs: runs)
    }
}
