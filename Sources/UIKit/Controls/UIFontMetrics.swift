import CoreGraphics
import Foundation

/// Scales fonts and lengths with the user's preferred text size, as a text style's size grows from
/// its `.large` size. Linux has no preferred text size: at `.large` (the default everywhere here)
/// every font and value is returned unchanged; a trait collection with another category scales.
open class UIFontMetrics: NSObject, @unchecked Sendable {
    /// The metrics of `.body`.
    public class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    private let textStyle: UIFont.TextStyle

    /// The metrics of `textStyle`.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    /// How much larger the style is at the category of `traitCollection` (the current traits' when
    /// nil) than at `.large`.
    private func factor(compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        var category = (traitCollection ?? UITraitCollection.current).preferredContentSizeCategory
        if category == .unspecified { category = .large }
        return textStyle.pointSize(for: category) / textStyle.pointSize(for: .large)
    }

    /// `font` at its size scaled for the current content size category.
    open func scaledFont(for font: UIFont) -> UIFont {
        scaledFont(for: font, compatibleWith: nil)
    }

    /// `font` scaled for the category of `traitCollection`.
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        font.withSize(font.pointSize * factor(compatibleWith: traitCollection))
    }

    /// `font` scaled for the current category, no larger than `maximumPointSize` (0: no limit).
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        scaledFont(for: font, maximumPointSize: maximumPointSize, compatibleWith: nil)
    }

    /// `font` scaled for the category of `traitCollection`, no larger than `maximumPointSize` (0: no limit).
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat,
                         compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        let scaled = font.pointSize * factor(compatibleWith: traitCollection)
        return font.withSize(maximumPointSize > 0 ? min(scaled, maximumPointSize) : scaled)
    }

    /// `value` (a length beside text: spacing, an icon's size) scaled as the style's font.
    open func scaledValue(for value: CGFloat) -> CGFloat {
        scaledValue(for: value, compatibleWith: nil)
    }

    /// `value` scaled for the category of `traitCollection`.
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat {
        value * factor(compatibleWith: traitCollection)
    }
}
