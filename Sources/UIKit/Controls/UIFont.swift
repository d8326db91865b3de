import CoreGraphics
import Foundation

/// A font: a name and a size in points. Names are Apple's PostScript names (`"Helvetica-Bold"`,
/// `"Menlo-Regular"`) or fontconfig/Pango descriptions (`"DejaVu Serif Italic"`), drawn by
/// `CATextLayer`'s font mapping (Apple's families map to the DejaVu fonts). The system font is
/// `.SFUI-Regular` (DejaVu Sans), the bold one `.SFUI-Semibold`.
public final class UIFont: NSObject, @unchecked Sendable {
    /// Apple's font weights.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        var styleName: String {
            switch rawValue {
            case ..<(-0.7): return "Ultralight"
            case ..<(-0.5): return "Thin"
            case ..<(-0.2): return "Light"
            case ..<0.1: return "Regular"
            case ..<0.26: return "Medium"
            case ..<0.35: return "Semibold"
            case ..<0.5: return "Bold"
            case ..<0.6: return "Heavy"
            default: return "Black"
            }
        }
    }

    /// The PostScript name (what `CATextLayer.font` is given).
    public let fontName: String
    public let pointSize: CGFloat

    /// A font named `fontName`; nil for an empty name. (Apple returns nil for names it does not have;
    /// here fontconfig substitutes a similar font, so any other name gives a font.)
    public init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        self.fontName = fontName
        self.pointSize = fontSize
        super.init()
    }

    init(uncheckedName: String, size: CGFloat) {
        fontName = uncheckedName
        pointSize = size
        super.init()
    }

    public class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(uncheckedName: ".SFUI-Regular", size: fontSize)
    }

    public class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(uncheckedName: ".SFUI-Semibold", size: fontSize)
    }

    public class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(uncheckedName: ".SFUI-RegularItalic", size: fontSize)
    }

    public class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(uncheckedName: ".SFUI-" + weight.styleName, size: fontSize)
    }

    public class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(uncheckedName: "SFMono-" + weight.styleName, size: fontSize)
    }

    /// The system font size of labels (17 pt).
    public class var labelFontSize: CGFloat { 17 }
    public class var buttonFontSize: CGFloat { 18 }
    public class var systemFontSize: CGFloat { 14 }
    public class var smallSystemFontSize: CGFloat { 12 }

    /// The same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(uncheckedName: fontName, size: fontSize)
    }

    /// The family part of the name (`"Helvetica"` for `"Helvetica-Bold"`).
    public var familyName: String {
        if fontName.hasPrefix(".SFUI") { return ".SF UI Text" }
        if let dash = fontName.firstIndex(of: "-"), !fontName.contains(" ") { return String(fontName[..<dash]) }
        return fontName
    }

    /// The height of a line of text (Pango's line height for the font).
    public var lineHeight: CGFloat { TextMeasurer.metrics(fontName: fontName, size: pointSize).lineHeight }
    public var ascender: CGFloat { TextMeasurer.metrics(fontName: fontName, size: pointSize).ascent }
    /// Negative, as on Apple platforms.
    public var descender: CGFloat { -TextMeasurer.metrics(fontName: fontName, size: pointSize).descent }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return other.fontName == fontName && other.pointSize == pointSize
    }

    public override var hash: Int { fontName.hashValue ^ pointSize.hashValue }

    public override var description: String { "<UIFont \(fontName) \(pointSize)pt>" }
}
