import CoreGraphics
import Foundation
import QuartzCore

/// A control that performs an action on a tap: a title (a `UILabel`) per state, centred.
///
/// `.system` buttons draw the title in the tint colour (system blue) and dim it to 20 % while
/// highlighted, as iOS does; `.custom` buttons draw white titles and show the highlighted state only
/// through what is set for `.highlighted`. `backgroundColor` is the view's layer background (square
/// unless `layer.cornerRadius` is set, as on iOS). Per-state values fall back to `.normal`'s.
/// A touch up inside sends `.touchUpInside` then `.primaryActionTriggered`.
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
    private var titleColors: [UInt: UIColor] = [:]

    /// The label that shows the current title (nil for none? never here: created with the button).
    public let titleLabel: UILabel? = UILabel()

    /// The colour of `.system` titles (iOS's system blue).
    open var tintColor: UIColor! = UIColor(red: 0, green: 122 / 255.0, blue: 1, alpha: 1) {
        didSet { updateTitle() }
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
    }

    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

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

    open var currentTitle: String? { title(for: state) }
    open var currentTitleColor: UIColor { titleColor(for: state) ?? UIColor(red: 1, green: 1, blue: 1, alpha: 1) }

    open override func stateDidChange() {
        updateTitle()
    }

    private func updateTitle() {
        guard let titleLabel else { return }
        titleLabel.text = currentTitle
        titleLabel.textColor = currentTitleColor
        // System buttons fade their title while pressed (unless a highlighted colour is given).
        let dims = buttonType != .custom && isHighlighted && titleColors[State.highlighted.rawValue] == nil
        titleLabel.alpha = dims ? 0.2 : 1
        setNeedsLayout()
        layoutTitle()
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutTitle()
    }

    private func layoutTitle() {
        guard let titleLabel else { return }
        let size = titleLabel.sizeThatFits(.zero)
        let w = min(size.width, bounds.width), h = min(size.height, bounds.height)
        let x: CGFloat
        switch contentHorizontalAlignment {
        case .left, .leading: x = 0
        case .right, .trailing: x = bounds.width - w
        case .fill: x = 0
        case .center: x = ((bounds.width - w) / 2).rounded()
        }
        let y: CGFloat
        switch contentVerticalAlignment {
        case .top: y = 0
        case .bottom: y = bounds.height - h
        case .fill, .center: y = ((bounds.height - h) / 2).rounded()
        }
        let width = contentHorizontalAlignment == .fill ? bounds.width : w
        titleLabel.frame = CGRect(x: x, y: y, width: width, height: contentVerticalAlignment == .fill ? bounds.height : h)
    }

    /// The title's size; `.system` buttons are at least 30 points high, as on iOS.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let s = titleLabel?.sizeThatFits(.zero) ?? .zero
        return CGSize(width: s.width, height: buttonType == .custom ? s.height : max(s.height, 30))
    }
}
