import CoreGraphics
import Foundation
import QuartzCore

/// A read-only text view, drawn by a `CATextLayer` (Pango) sublayer.
///
/// UIKit's layout: the text is centred vertically in the bounds (the text layer, which draws from
/// its top, is placed at the middle), aligned horizontally by `textAlignment`; `numberOfLines` 1
/// (the default) keeps one line, 0 wraps without limit, n wraps to at most n lines;
/// `lineBreakMode` truncates with an ellipsis (`.byTruncatingTail` by default) or clips.
/// Defaults as UIKit's: 17-point system font, black text, no user interaction.
@preconcurrency @MainActor
open class UILabel: UIView {
    /// The layer that draws the text (a Linux detail; its frame is the text rectangle).
    let textLayer: CATextLayer = ControlLayerDelegate.adopt(CATextLayer())

    open var text: String? { didSet { if text != oldValue { textDidChange() } } }

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
        textDidChange()
    }

    private func textDidChange() {
        textLayer.string = text
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

    /// The text layer's frame: the bounds' width, the text's height (at most the bounds'), centred.
    private func layoutTextLayer() {
        textLayer.isWrapped = numberOfLines != 1
        let rect = textRect(forBounds: bounds, limitedToNumberOfLines: numberOfLines)
        textLayer.frame = CGRect(x: bounds.minX, y: bounds.minY + ((bounds.height - rect.height) / 2).rounded(),
                                 width: bounds.width, height: rect.height)
    }

    /// The rectangle the text takes within `bounds` (its top-left at the bounds' origin).
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        guard let text, !text.isEmpty else { return CGRect(origin: bounds.origin, size: .zero) }
        let size = TextMeasurer.size(of: text, fontName: font.fontName, pointSize: font.pointSize,
                                     width: numberOfLines == 1 ? nil : bounds.width, maxLines: numberOfLines)
        return CGRect(x: bounds.minX, y: bounds.minY, width: min(size.width, bounds.width),
                      height: min(size.height, bounds.height))
    }

    /// The text's size: one line unless `numberOfLines` is not 1, then wrapped at `size.width`
    /// (no limit when it is 0 or less); rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        guard let text, !text.isEmpty else { return .zero }
        let width: CGFloat? = (numberOfLines == 1 || size.width <= 0) ? nil : size.width
        let s = TextMeasurer.size(of: text, fontName: font.fontName, pointSize: font.pointSize, width: width,
                                  maxLines: numberOfLines)
        return CGSize(width: s.width.rounded(.up), height: s.height.rounded(.up))
    }

    /// The text's natural size (`sizeThatFits` without a limit).
    open override var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: numberOfLines == 1 ? 0 : bounds.width, height: 0))
    }
}
