import CoreGraphics
import Foundation

extension UIFont {
    /// The Dynamic Type styles (Apple's names and raw values).
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// The point sizes of the style at each content size category, extra small to the largest
        /// accessibility size (the tables of Apple's Human Interface Guidelines, iOS).
        var pointSizes: [CGFloat] {
            switch self {
            case .largeTitle: return [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
            case .title1: return [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
            case .title2: return [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
            case .title3: return [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
            case .headline, .body: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
            case .callout: return [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
            case .subheadline: return [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
            case .footnote: return [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
            case .caption1: return [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
            case .caption2: return [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
            default: return [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]   // an unknown style: body's
            }
        }

        /// The style's size at `category` (`.large`'s for `.unspecified` or an unknown category).
        func pointSize(for category: UIContentSizeCategory) -> CGFloat {
            let sizes = pointSizes
            let i = category.order
            return sizes.indices.contains(i) ? sizes[i] : sizes[UIContentSizeCategory.large.order]
        }

        /// The style's weight: semibold for `.headline`, regular for the others (as Apple's).
        var weight: UIFont.Weight { self == .headline ? .semibold : .regular }
    }

    /// The system font of `style` at the preferred content size category, `.large` on Linux:
    /// 34 points for `.largeTitle`, 28, 22 and 20 for the titles, 17 semibold for `.headline`,
    /// 17 for `.body`, 16 `.callout`, 15 `.subheadline`, 13 `.footnote`, 12 `.caption1`, 11 `.caption2`.
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        preferredFont(forTextStyle: style, compatibleWith: nil)
    }

    /// The system font of `style` at the content size category of `traitCollection` (the
    /// preferred one, `.large`, when nil or unspecified).
    public class func preferredFont(forTextStyle style: TextStyle,
                                    compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let category = traitCollection?.preferredContentSizeCategory ?? .unspecified
        let size = style.pointSize(for: category == .unspecified ? .large : category)
        return systemFont(ofSize: size, weight: style.weight)
    }
}
