import CoreGraphics
import Foundation
import QuartzCore

/// A read-only text view, drawn by a `CATextLayer` (Pango) sublayer.
///
/// UIKit's layout: the text is centred vertically in the bounds (the text layer, which draws from
/// its top, is placed at the middle), aligned horizontally by `textAlignment`; `numberOfLines` 1
/// (the default) keeps one line, 0 wraps without limit, n wraps to at most n lines;
/// `lineBreakMode` truncates with an ellipsis (`.byTruncatingTail` by default) or clips.
/// `adjustsFontSizeToFitWidth` shrinks a single line that does not fit; `shadowColor` draws a sharp
/// copy of the text behind it at `shadowOffset`.
/// Defaults as UIKit's: 17-point system font, black text, no user interaction.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// The layer that draws the text (a Linux detail; its frame is the text rectangle).
    let textLayer: CATextLayer = ControlLayerDelegate.adopt(CATextLayer())

    open var text: String? {
        didSet {
            if settingAttributedText { return textDidChange() }
            // Plain text replaces attributed text (the attributed setter sets `text` itself).
            let dropsStyle = styledText != nil
            styledText = nil
            if text != oldValue || dropsStyle { textDidChange() }
        }
    }

    /// The text with its attributes, drawn as string drawing draws it (runs without a font or a
    /// colour use the label's `font` and `textColor`; a paragraph style's alignment wins over
    /// `textAlignment`). Setting it sets `text` to its characters; setting `text` replaces it with
    /// the plain text in the label's font and colour, which the getter then returns, as Apple's.
    open var attributedText: NSAttributedString? {
        get {
            if let styledText { return styledText }
            return text.map { NSAttributedString(string: $0, attributes: [.font: font as Any, .foregroundColor: textColor as Any]) }
        }
        set {
            settingAttributedText = true
            defer { settingAttributedText = false }
            styledText = newValue.map { NSAttributedString(attributedString: $0) }
            text = newValue?.string
        }
    }
    /// `attributedText` when it was set, a copy.
    private var styledText: NSAttributedString?
    private var settingAttributedText = false

    open var font: UIFont! = UIFont.systemFont(ofSize: 17) {
        didSet {
            if font == nil { font = UIFont.systemFont(ofSize: 17) }
            textDidChange()
        }
    }

    open var textColor: UIColor! = UIColor(red: 0, green: 0, blue: 0, alpha: 1) {
        didSet {
            if textColor == nil { textColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1) }
            applyColor()
        }
    }

    open var textAlignment: NSTextAlignment = .natural { didSet { applyStyle() } }
    open var numberOfLines = 1 { didSet { textDidChange() } }
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { applyStyle() } }

    /// Whether a single line too wide for the bounds is drawn in a smaller font (false by default):
    /// the largest size that fits, down to `minimumScaleFactor` × the font's size, after which it is
    /// truncated by `lineBreakMode`. Labels of more than one line keep their font, as Apple's.
    open var adjustsFontSizeToFitWidth = false { didSet { setNeedsLayout(); layoutTextLayer() } }

    /// The smallest fraction of the font's size a shrinking label goes down to (0, the default:
    /// as small as it takes, as Apple's labels behave; values above 1 count as 1).
    open var minimumScaleFactor: CGFloat = 0 { didSet { setNeedsLayout(); layoutTextLayer() } }

    /// Where shrunk text sits vertically (`.alignBaselines` by default: on the baseline the
    /// full-size text would have).
    open var baselineAdjustment: UIBaselineAdjustment = .alignBaselines { didSet { setNeedsLayout(); layoutTextLayer() } }

    /// The colour of the text's shadow (nil, the default: no shadow). The shadow is sharp, as UIKit's.
    open var shadowColor: UIColor? { didSet { applyShadow() } }

    /// How far the shadow lies from the text in points (0 right, 1 up by default: Apple's).
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { applyShadow() } }

    /// Drawn in a lighter colour when false.
    open var isEnabled = true { didSet { applyColor() } }
    open var isHighlighted = false { didSet { applyColor() } }
    open var highlightedTextColor: UIColor? { didSet { applyColor() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isUserInteractionEnabled = false
        textLayer.contentsScale = layer.contentsScale
        layer.addSublayer(textLayer)
        applyStyle()
        applyColor()
        applyShadow()
        textDidChange()
    }

    private func applyShadow() {
        textLayer.shadowColor = shadowColor?.cgColor
        textLayer.shadowOpacity = shadowColor == nil ? 0 : 1
        textLayer.shadowRadius = 0
        textLayer.shadowOffset = shadowOffset
    }

    private func textDidChange() {
        textLayer.string = styledText ?? text
        textLayer.font = font.fontName
        textLayer.fontSize = font.pointSize
        setNeedsLayout()
        layoutTextLayer()
        invalidateIntrinsicContentSize()
    }

    private func applyStyle() {
        switch textAlignment {
        case .left: textLayer.alignmentMode = .left
        case .center: textLayer.alignmentMode = .center
        case .right: textLayer.alignmentMode = .right
        case .justified: textLayer.alignmentMode = .justified
        case .natural: textLayer.alignmentMode = .natural
        }
        switch lineBreakMode {
        case .byTruncatingHead: textLayer.truncationMode = .start
        case .byTruncatingMiddle: textLayer.truncationMode = .middle
        case .byTruncatingTail: textLayer.truncationMode = .end
        case .byClipping, .byWordWrapping, .byCharWrapping: textLayer.truncationMode = .none
        }
        textLayer.isWrapped = numberOfLines != 1
    }

    private func applyColor() {
        var color: UIColor = textColor
        if isHighlighted, let highlightedTextColor { color = highlightedTextColor }
        if !isEnabled { color = color.withAlphaComponent(0.35) }
        textLayer.foregroundColor = color.cgColor
    }

    /// The text is drawn at this scale too (set it to the screen's scale for crisp text).
    open override var contentScaleFactor: CGFloat {
        get { super.contentScaleFactor }
        set {
            super.contentScaleFactor = newValue
            textLayer.contentsScale = newValue
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTextLayer()
    }

    /// The text layer's frame: the bounds' width, the text's height (at most the bounds'), centred;
    /// shrunk text is placed by `baselineAdjustment`.
    private func layoutTextLayer() {
        textLayer.isWrapped = numberOfLines != 1
        let rect = textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
        let top = bounds.minY + ((bounds.height - rect.height) / 2).rounded()
        let size = fittingFontSize()
        textLayer.fontSize = size
        guard size < font.pointSize, let text else {
            textLayer.frame = CGRect(x: bounds.minX, y: top, width: bounds.width, height: rect.height)
            return
        }
        let height = min(measure(text, size: size, width: nil, maxLines: 1).height, bounds.height)
        let y: CGFloat
        switch baselineAdjustment {
        case .alignBaselines:
            let full = TextMeasurer.metrics(fontName: font.fontName, size: font.pointSize)
            let shrunk = TextMeasurer.metrics(fontName: font.fontName, size: size)
            y = top + full.ascent - shrunk.ascent
        case .alignCenters:
            y = bounds.minY + ((bounds.height - height) / 2).rounded()
        case .none:
            y = top
        }
        textLayer.frame = CGRect(x: bounds.minX, y: y, width: bounds.width, height: height)
    }

    /// The font size the text is drawn at: the font's, or with `adjustsFontSizeToFitWidth` on one
    /// line the largest that fits the bounds' width (not below `minimumScaleFactor` × the font's).
    func fittingFontSize() -> CGFloat {
        let full = font.pointSize
        guard adjustsFontSizeToFitWidth, numberOfLines == 1, let text, !text.isEmpty, bounds.width > 0 else { return full }
        func width(at size: CGFloat) -> CGFloat {
            measure(text, size: size, width: nil, maxLines: 1).width
        }
        let natural = width(at: full)
        guard natural > bounds.width else { return full }
        // At least a hundredth of the size (or a tenth of a point) when there is no limit.
        let factor = minimumScaleFactor.isFinite && minimumScaleFactor > 0 ? min(minimumScaleFactor, 1) : 0.01
        let smallest = max(full * factor, 0.1)
        // Text widths are close to proportional to the size: start there, then step down until it fits.
        var size = max(full * bounds.width / natural, smallest)
        var steps = 0
        while size > smallest, width(at: size) > bounds.width, steps < 40 {
            size = max(size * 0.98, smallest)
            steps += 1
        }
        return size
    }

    /// The rectangle the text takes within `bounds` (its top-left at the bounds' origin).
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let size = measure(text, size: font.pointSize, width: numberOfLines == 1 ? nil : bounds.width, maxLines: numberOfLines)
        return CGRect(x: bounds.minX, y: bounds.minY, width: min(size.width, bounds.width),
                      height: min(size.height, bounds.height))
    }

    /// The text's size: one line unless `numberOfLines` is not 1, then wrapped at `size.width`
    /// (no limit when it is 0 or less); rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width: CGFloat? = (numberOfLines == 1 || size.width <= 0) ? nil : size.width
        let s = measure(text, size: font.pointSize, width: width, maxLines: numberOfLines)
        return CGSize(width: s.width.rounded(.up), height: s.height.rounded(.up))
    }

    /// The size of the label's text (its attributed text when set) with the font at `size` points.
    private func measure(_ text: String, size: CGFloat, width: CGFloat?, maxLines: Int) -> CGSize {
        guard let styledText else {
            return TextMeasurer.size(of: text, fontName: font.fontName, pointSize: size, width: width, maxLines: maxLines)
        }
        return TextLayout(styledText, defaults: TextDefaults(font: font.fontName, fontSize: size))
            .size(width: width, maxLines: maxLines)
    }

    /// The text's natural size (`sizeThatFits` without a limit).
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: numberOfLines == 1 ? 0 : bounds.width, height: 0))
    }
}

/// Where a label's shrunk text sits vertically (Apple's raw values).
public enum UIBaselineAdjustment: Int, Sendable {
    /// On the baseline the text would have at its full size.
    case alignBaselines = 0
    /// Centred where the full-size text's centre would be.
    case alignCenters = 1
    /// With its top where the full-size text's top would be.
    case none = 2
}
