import CoreGraphics
import Foundation
import QuartzCore

/// A control that performs an action on a tap: a title (a `UILabel`) and an image (a `UIImageView`) per
/// state, centred side by side (image first), over a background image per state that fills the bounds
/// (resizable images nine-slice).
///
/// `.system` buttons draw the title in the view's `tintColor` (system blue unless set) and dim it to
/// 20 % while highlighted, as iOS does; their images are drawn as templates of the tint unless made
/// `.alwaysOriginal` (any button draws an `.alwaysTemplate` image so); `.custom` buttons draw white titles and show the highlighted state only
/// through what is set for `.highlighted`. `backgroundColor` is the view's layer background (square
/// unless `layer.cornerRadius` is set, as on iOS). Per-state values fall back to `.normal`'s.
/// A touch up inside sends `.touchUpInside` then `.primaryActionTriggered`. `contentEdgeInsets`,
/// `titleEdgeInsets` and `imageEdgeInsets` move and shrink the content as Apple's do.
@preconcurrency @MainActor
open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd
        case close = 7
        public static var plain: ButtonType { .system }
        public static var roundedRect: ButtonType { .system }
    }

    open private(set) var buttonType: ButtonType = .custom

    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: NSAttributedString] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]

    /// The label that shows the current title (nil for none? never here: created with the button).
    public let titleLabel: UILabel? = UILabel()

    /// The view that shows the current image (hidden without one).
    public let imageView: UIImageView? = UIImageView(frame: .zero)

    /// The current background image, filling the bounds behind everything else.
    private let backgroundImageView = UIImageView(frame: .zero)

    /// `.system` titles and template images are drawn in the view's `tintColor`.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateTitle()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    /// A button of `buttonType` (frame zero).
    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        imageView?.drawsAutomaticImagesAsTemplates = buttonType != .custom
        titleLabel?.font = buttonType == .custom ? UIFont.systemFont(ofSize: 18) : UIFont.systemFont(ofSize: 15)
        updateTitle()
    }

    /// A button that performs `primaryAction` on a tap, titled with its title (iOS 14).
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            setTitle(primaryAction.title, for: .normal)
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(type: .system, primaryAction: primaryAction)
        self.frame = frame
    }

    private func commonInit() {
        backgroundImageView.isHidden = true
        addSubview(backgroundImageView)
        if let imageView {
            imageView.isHidden = true
            addSubview(imageView)
        }
        if let titleLabel {
            titleLabel.textAlignment = .center
            titleLabel.font = UIFont.systemFont(ofSize: 18)
            addSubview(titleLabel)
        }
        updateTitle()
    }

    override var primaryActionEvent: Event { .touchUpInside }

    // MARK: Per-state values

    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        updateTitle()
        invalidateIntrinsicContentSize()
    }

    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// The title with its attributes in `state` (falls back to `.normal`'s); it wins over the plain
    /// title and the title colour, as Apple's.
    open func setAttributedTitle(_ title: NSAttributedString?, for state: State) {
        attributedTitles[state.rawValue] = title.map { NSAttributedString(attributedString: $0) }
        updateTitle()
        invalidateIntrinsicContentSize()
    }

    open func attributedTitle(for state: State) -> NSAttributedString? {
        attributedTitles[state.rawValue] ?? attributedTitles[State.normal.rawValue]
    }

    open var currentAttributedTitle: NSAttributedString? { attributedTitle(for: state) }

    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
        updateTitle()
    }

    open func titleColor(for state: State) -> UIColor? {
        if let c = titleColors[state.rawValue] { return c }
        if let c = titleColors[State.normal.rawValue] {
            return state.contains(.disabled) && buttonType == .system ? c.withAlphaComponent(0.35) : c
        }
        switch buttonType {
        case .custom: return UIColor(red: 1, green: 1, blue: 1, alpha: 1)
        default:
            return state.contains(.disabled) ? UIColor(red: 0.6, green: 0.6, blue: 0.6, alpha: 1) : tintColor
        }
    }

    /// The image shown beside the title in `state` (falls back to `.normal`'s).
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        updateTitle()
        invalidateIntrinsicContentSize()
    }

    open func image(for state: State) -> UIImage? {
        images[state.rawValue] ?? images[State.normal.rawValue]
    }

    /// The image that fills the button behind its content in `state` (falls back to `.normal`'s).
    open func setBackgroundImage(_ image: UIImage?, for state: State) {
        backgroundImages[state.rawValue] = image
        updateTitle()
        invalidateIntrinsicContentSize()
    }

    open func backgroundImage(for state: State) -> UIImage? {
        backgroundImages[state.rawValue] ?? backgroundImages[State.normal.rawValue]
    }

    open var currentImage: UIImage? { image(for: state) }
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }
    open var currentTitle: String? { currentAttributedTitle?.string ?? title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? UIColor(red: 1, green: 1, blue: 1, alpha: 1) }

    open override func stateDidChange() {
        updateTitle()
    }

    private func updateTitle() {
        guard let titleLabel else { return }
        titleLabel.textColor = currentTitleColor
        if let attributed = currentAttributedTitle {
            titleLabel.attributedText = attributed
        } else {
            titleLabel.text = currentTitle
        }
        // System buttons fade their title while pressed (unless a highlighted colour is given).
        let dims = buttonType != .custom && isHighlighted && titleColors[State.highlighted.rawValue] == nil
        titleLabel.alpha = dims ? 0.2 : 1
        let image = currentImage
        if let imageView {
            if imageView.image !== image { imageView.image = image }
            imageView.isHidden = image == nil
            let imageDims = buttonType != .custom && isHighlighted && images[State.highlighted.rawValue] == nil
            imageView.alpha = imageDims ? 0.2 : 1
        }
        let background = currentBackgroundImage
        if backgroundImageView.image !== background { backgroundImageView.image = background }
        backgroundImageView.isHidden = background == nil
        setNeedsLayout()
        layoutTitle()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTitle()
    }

    /// Lays out the background image over the bounds (`backgroundRect(forBounds:)`), the image in
    /// `imageRect(forContentRect:)` and the title in `titleRect(forContentRect:)` of the content rect.
    private func layoutTitle() {
        guard let titleLabel else { return }
        backgroundImageView.frame = backgroundRect(forBounds: bounds)
        let content = contentRect(forBounds: bounds)
        imageView?.frame = imageRect(forContentRect: content)
        titleLabel.frame = titleRect(forContentRect: content)
    }

    /// The space the content moves and shrinks by, inside the bounds (zero by default). Positive
    /// values inset; the button's `sizeThatFits` and intrinsic size grow by them, as Apple's.
    open var contentEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout(); layoutTitle(); invalidateIntrinsicContentSize() }
    }

    /// Moves and shrinks the title: it is placed as if the image and title were laid out in the
    /// content rect inset by these (so a left inset of 10 alone moves a centred title 5 points,
    /// left 10 with right −10 moves it 10). They do not change the button's size, as Apple's.
    open var titleEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout(); layoutTitle() }
    }

    /// Moves and shrinks the image as `titleEdgeInsets` does the title.
    open var imageEdgeInsets: UIEdgeInsets = .zero {
        didSet { setNeedsLayout(); layoutTitle() }
    }

    /// Where the background image is drawn: the bounds.
    open func backgroundRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// Where the image and title are placed: the bounds inset by `contentEdgeInsets`.
    open func contentRect(forBounds bounds: CGRect) -> CGRect { bounds.inset(by: contentEdgeInsets) }

    /// The title's frame: placed with the image in `contentRect` inset by `titleEdgeInsets`.
    open func titleRect(forContentRect contentRect: CGRect) -> CGRect {
        layoutGroup(in: contentRect.inset(by: titleEdgeInsets)).title
    }

    /// The image's frame: placed with the title in `contentRect` inset by `imageEdgeInsets`.
    open func imageRect(forContentRect contentRect: CGRect) -> CGRect {
        layoutGroup(in: contentRect.inset(by: imageEdgeInsets)).image
    }

    /// The image and title side by side (image first) in `rect`, as one group placed by the content
    /// alignments; each is cut to fit.
    private func layoutGroup(in rect: CGRect) -> (image: CGRect, title: CGRect) {
        let area = CGRect(x: rect.minX, y: rect.minY, width: max(rect.width, 0), height: max(rect.height, 0))
        let imageSize = currentImage?.size ?? .zero
        let text = titleLabel?.sizeThatFits(.zero) ?? .zero
        let imageWidth = min(imageSize.width, area.width)
        let w = min(text.width, area.width - imageWidth), h = min(text.height, area.height)
        let groupWidth = imageWidth + w
        let x: CGFloat
        switch contentHorizontalAlignment {
        case .left, .leading, .fill: x = area.minX
        case .right, .trailing: x = area.maxX - groupWidth
        case .center: x = area.minX + ((area.width - groupWidth) / 2).rounded()
        }
        func top(_ height: CGFloat) -> CGFloat {
            switch contentVerticalAlignment {
            case .top: return area.minY
            case .bottom: return area.maxY - height
            case .fill, .center: return area.minY + ((area.height - height) / 2).rounded()
            }
        }
        let imageHeight = min(imageSize.height, area.height)
        let image = CGRect(x: x, y: top(imageHeight), width: imageWidth, height: imageHeight)
        let width = contentHorizontalAlignment == .fill ? area.width - imageWidth : w
        let title = CGRect(x: x + imageWidth, y: contentVerticalAlignment == .fill ? area.minY : top(h), width: width,
                           height: contentVerticalAlignment == .fill ? area.height : h)
        return (image, title)
    }

    /// `sizeThatFits`: the content's size.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    /// The image and title side by side plus `contentEdgeInsets`, at least the background image's
    /// size; `.system` buttons are at least 30 points high, as on iOS.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let s = titleLabel?.sizeThatFits(.zero) ?? .zero
        let image = currentImage?.size ?? .zero, background = currentBackgroundImage?.size ?? .zero
        let insets = contentEdgeInsets
        let height = max(s.height + insets.top + insets.bottom, image.height + insets.top + insets.bottom, background.height)
        return CGSize(width: max(s.width + image.width + insets.left + insets.right, background.width),
                      height: buttonType == .custom ? height : max(height, 30))
    }
}
