import CoreGraphics
import CPangoCairo
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
    /// The text: a `String` (or `NSString`), or an `NSAttributedString` whose characters are drawn with
    /// the layer's font and color (its attributes are not used yet). Other values draw nothing.
    open var string: Any? { didSet { didChangeValue("string", changed: true) } }

    /// The font: a name (`String`, e.g. `"Helvetica-Bold"`, or a Pango description such as
    /// `"DejaVu Serif Italic"`), or a font object with a name; nil is the default (Helvetica, which
    /// maps to DejaVu Sans). The size comes from `fontSize`.
    open var font: Any? { didSet { didChangeValue("font", changed: true) } }

    /// The font size in points (default 36).
    open var fontSize: CGFloat = 36 {
        didSet { didChangeValue("fontSize", changed: fontSize != oldValue, oldValue: oldValue) }
    }

    /// The text color (default opaque white); nil draws black, CoreText's default.
    open var foregroundColor: CGColor? = CATextLayer.opaqueWhite {
        didSet { didChangeValue("foregroundColor", changed: foregroundColor != oldValue, oldValue: oldValue) }
    }

    /// Whether lines wrap at the bounds' width (default false: one line per paragraph).
    open var isWrapped = false {
        didSet { didChangeValue("wrapped", changed: isWrapped != oldValue) }
    }

    /// Where an ellipsis shortens text that does not fit (default `.none`).
    open var truncationMode: CATextLayerTruncationMode = .none {
        didSet { didChangeValue("truncationMode", changed: truncationMode != oldValue) }
    }

    /// Horizontal alignment within the bounds (default `.natural`).
    open var alignmentMode: CATextLayerAlignmentMode = .natural {
        didSet { didChangeValue("alignmentMode", changed: alignmentMode != oldValue) }
    }

    /// Whether glyph positions are rounded to whole pixels (default false). Here: whether font
    /// metrics are hinted.
    open var allowsFontSubpixelQuantization = false {
        didSet { didChangeValue("allowsFontSubpixelQuantization", changed: allowsFontSubpixelQuantization != oldValue) }
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
        guard let other = layer as? CATextLayer else { return }
        suppressesChangeRecording = true
        defer { suppressesChangeRecording = false }
        string = other.string
        font = other.font
        fontSize = other.fontSize
        foregroundColor = other.foregroundColor
        isWrapped = other.isWrapped
        truncationMode = other.truncationMode
        alignmentMode = other.alignmentMode
        allowsFontSubpixelQuantization = other.allowsFontSubpixelQuantization
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func makePresentationCopy() -> CALayer { CATextLayer(layer: self) }

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

    open override func value(forKey key: String) -> Any? {
        switch key {
        case "string": return string
        case "font": return font
        case "fontSize": return fontSize
        case "foregroundColor": return foregroundColor
        case "wrapped": return isWrapped
        case "truncationMode": return truncationMode
        case "alignmentMode": return alignmentMode
        case "allowsFontSubpixelQuantization": return allowsFontSubpixelQuantization
        default: return super.value(forKey: key)
        }
    }

    open override func setValue(_ value: Any?, forKey key: String) {
        typealias V = KeyedValue
        switch key {
        case "string": string = V.unwrap(value)
        case "font": font = V.unwrap(value)
        case "fontSize": if let v = V.scalar(value) { fontSize = v }
        case "foregroundColor": if let v = V.optional(value, as: CGColor.self) { foregroundColor = v }
        case "wrapped": if let v = V.flag(value) { isWrapped = v }
        case "truncationMode": if let v = V.constant(value, as: CATextLayerTruncationMode.self) { truncationMode = v }
        case "alignmentMode": if let v = V.constant(value, as: CATextLayerAlignmentMode.self) { alignmentMode = v }
        case "allowsFontSubpixelQuantization": if let v = V.flag(value) { allowsFontSubpixelQuantization = v }
        default: super.setValue(value, forKey: key)
        }
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
        TextRenderer.draw(text, in: ctx, bounds: bounds, style: TextStyle(layer: self))
    }
}
