import CoreGraphics
import Foundation

// The paragraph attributes of Apple's text system (UIKit's on iOS), here below UIKit so that
// `CATextLayer`'s attributed strings honour them too; UIKit re-exports them.

/// Horizontal text alignment (UIKit's raw values; Foundation on Linux has no `NSTextAlignment`).
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center = 1, right = 2, justified = 3, natural = 4
}

/// How text that does not fit is wrapped or shortened (UIKit's raw values).
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}

/// The writing direction of a paragraph (Apple's raw values).
public enum NSWritingDirection: Int, Sendable {
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// A paragraph's layout: alignment, line breaking, spacing and indents (the `.paragraphStyle`
/// attribute). Immutable; `NSMutableParagraphStyle` is the one to set up. Defaults are Apple's
/// (`NSParagraphStyle.default`): natural alignment, word wrapping, no spacing or indents.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The default paragraph style.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    fileprivate var values = Values()

    fileprivate struct Values: Equatable {
        var alignment: NSTextAlignment = .natural
        var lineBreakMode: NSLineBreakMode = .byWordWrapping
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var baseWritingDirection: NSWritingDirection = .natural
        var hyphenationFactor: Float = 0
        var allowsDefaultTighteningForTruncation = false
    }

    public override init() {
        super.init()
    }

    /// Text alignment within the line fragment.
    open var alignment: NSTextAlignment { values.alignment }
    /// How lines that do not fit are broken or truncated.
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    /// Points added between the lines of a paragraph.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// Points added after the paragraph.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// Points added before the paragraph.
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// Indent of the first line from the leading edge.
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// Indent of the other lines from the leading edge.
    open var headIndent: CGFloat { values.headIndent }
    /// Positive: the trailing edge's distance from the leading edge; zero or negative: from the
    /// container's trailing edge.
    open var tailIndent: CGFloat { values.tailIndent }
    /// The least height of a line (0: none).
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    /// The greatest height of a line (0: none).
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    /// A factor for the natural line height (0: none).
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
    open var hyphenationFactor: Float { values.hyphenationFactor }
    open var allowsDefaultTighteningForTruncation: Bool { values.allowsDefaultTighteningForTruncation }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.values = values
        return copy
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.values = values
        return copy
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return other.values == values
    }

    open override var hash: Int { Int(values.lineSpacing * 31 + values.headIndent) ^ values.alignment.rawValue }
}

/// A paragraph style to set up.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// Spacings and indents are never negative; a value that is not a number is 0.
    private static func nonNegative(_ value: CGFloat) -> CGFloat { max(0, value.isFinite ? value : 0) }

    open override var alignment: NSTextAlignment {
        get { values.alignment }
        set { values.alignment = newValue }
    }
    open override var lineBreakMode: NSLineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    open override var lineSpacing: CGFloat {
        get { values.lineSpacing }
        set { values.lineSpacing = Self.nonNegative(newValue) }
    }
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = Self.nonNegative(newValue) }
    }
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = Self.nonNegative(newValue) }
    }
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = Self.nonNegative(newValue) }
    }
    open override var headIndent: CGFloat {
        get { values.headIndent }
        set { values.headIndent = Self.nonNegative(newValue) }
    }
    open override var tailIndent: CGFloat {
        get { values.tailIndent }
        set { values.tailIndent = newValue.isFinite ? newValue : 0 }
    }
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = Self.nonNegative(newValue) }
    }
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = Self.nonNegative(newValue) }
    }
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = Self.nonNegative(newValue) }
    }
    open override var baseWritingDirection: NSWritingDirection {
        get { values.baseWritingDirection }
        set { values.baseWritingDirection = newValue }
    }
    open override var hyphenationFactor: Float {
        get { values.hyphenationFactor }
        set { values.hyphenationFactor = min(max(newValue, 0), 1) }
    }
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { values.allowsDefaultTighteningForTruncation }
        set { values.allowsDefaultTighteningForTruncation = newValue }
    }

    /// Copies every value of `obj`.
    open func setParagraphStyle(_ obj: NSParagraphStyle) {
        values = obj.values
    }
}

/// A text shadow (the `.shadow` attribute): offset in points (y down in UIKit), blur radius and
/// colour (a `UIColor` or a `CGColor`). Apple's defaults: offset (0, -3), no blur, black at 1/3 alpha.
open class NSShadow: NSObject, NSCopying, @unchecked Sendable {
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowBlurRadius: CGFloat = 0
    open var shadowColor: Any?

    public override init() {
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSShadow()
        copy.shadowOffset = shadowOffset
        copy.shadowBlurRadius = shadowBlurRadius
        copy.shadowColor = shadowColor
        return copy
    }
}
