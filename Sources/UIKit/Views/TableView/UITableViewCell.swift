import CoreGraphics
import Foundation
import QuartzCore

/// One row of a table view: a `contentView` holding UIKit's standard labels and image (placed by
/// `CellStyle`), an accessory at the trailing edge, a grey background while selected or
/// highlighted, and a hairline separator along the bottom (which the table styles).
///
/// A table makes registered cell classes with `init(_reuseStyle:reuseIdentifier:)`, a required
/// initializer that calls `init(style:reuseIdentifier:)` dynamically, so a subclass's override of
/// that initializer runs without an Objective-C runtime. Subclasses inherit it when they override
/// both designated initializers (`init(style:reuseIdentifier:)` and `init?(coder:)`) or none.
@preconcurrency @MainActor
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    public enum EditingStyle: Int, Sendable { case none, delete, insert }

    /// The style the labels are laid out in.
    public let cellStyle: CellStyle
    open private(set) var reuseIdentifier: String?

    /// The view subviews go in (inset from the accessory). It lays the cell's labels out again
    /// when one of them changes (a new text asks its superview for layout).
    public let contentView: UIView = CellContentView()

    private var _textLabel: UILabel?
    private var _detailTextLabel: UILabel?
    private var _imageView: UIImageView?

    /// The main label (made on first use).
    open var textLabel: UILabel? {
        if _textLabel == nil {
            let label = UILabel()
            if cellStyle == .value2 {
                label.font = UIFont.systemFont(ofSize: 15)
                label.textAlignment = .right
                label.textColor = UIColor(red: 0, green: 0.48, blue: 1, alpha: 1)
            }
            contentView.addSubview(label)
            _textLabel = label
            setNeedsLayout()
        }
        return _textLabel
    }

    /// The secondary label; nil in the `.default` style, as in UIKit.
    open var detailTextLabel: UILabel? {
        guard cellStyle != .default else { return nil }
        if _detailTextLabel == nil {
            let label = UILabel()
            switch cellStyle {
            case .value1: label.textColor = UIColor(white: 0.54, alpha: 1); label.textAlignment = .right
            case .subtitle: label.font = UIFont.systemFont(ofSize: 12)
            default: label.font = UIFont.systemFont(ofSize: 15)
            }
            contentView.addSubview(label)
            _detailTextLabel = label
            setNeedsLayout()
        }
        return _detailTextLabel
    }

    /// The leading image (made on first use; takes room only with an image).
    open var imageView: UIImageView? {
        if _imageView == nil {
            let view = UIImageView()
            contentView.addSubview(view)
            _imageView = view
            setNeedsLayout()
        }
        return _imageView
    }

    open var accessoryType: AccessoryType = .none { didSet { updateAccessory() } }
    /// A view shown in place of `accessoryType`'s mark.
    open var accessoryView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let accessoryView { addSubview(accessoryView) }
            updateAccessory()
        }
    }
    open var selectionStyle: SelectionStyle = .default
    /// Shown behind the content (none by default).
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }
    /// Shown behind the content while selected or highlighted (a light grey view by default).
    open var selectedBackgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            updateSelectionBackground()
        }
    }

    open var isSelected: Bool {
        get { selected }
        set { setSelected(newValue, animated: false) }
    }
    open var isHighlighted: Bool {
        get { highlighted }
        set { setHighlighted(newValue, animated: false) }
    }
    private var selected = false
    private var highlighted = false

    /// How far the separator is inset from the edges (UIKit's leading inset by default).
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { setNeedsLayout() } }

    /// The hairline along the bottom edge (the table sets its colour and hides it).
    let separatorLayer = CALayer()
    /// The mark drawn for `accessoryType` (a chevron or a check mark).
    private let accessoryLayer = CAShapeLayer()

    public init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        setUpCell()
    }

    public required init?(coder: NSCoder) {
        cellStyle = .default
        super.init(coder: coder)
        setUpCell()
    }

    public convenience override init(frame: CGRect) {
        self.init(style: .default, reuseIdentifier: nil)
        self.frame = frame
    }

    /// What a table view calls to make a registered class: `init(style:reuseIdentifier:)` of the
    /// dynamic class (see the type's documentation).
    public required convenience init(_reuseStyle style: CellStyle, reuseIdentifier: String?) {
        self.init(style: style, reuseIdentifier: reuseIdentifier)
    }

    private func setUpCell() {
        backgroundColor = UIColor(white: 1, alpha: 1)
        (contentView as? CellContentView)?.cell = self
        addSubview(contentView)
        separatorLayer.backgroundColor = CGColor(gray: 0.78, alpha: 1)
        separatorLayer.zPosition = 10
        layer.addSublayer(separatorLayer)
        accessoryLayer.fillColor = nil
        accessoryLayer.lineWidth = 2
        accessoryLayer.lineCap = .round
        accessoryLayer.lineJoin = .round
        layer.addSublayer(accessoryLayer)
        // Neither is moved by view animations.
        for l in [separatorLayer, accessoryLayer as CALayer] {
            l.actions = ["position": NSNull(), "bounds": NSNull(), "hidden": NSNull(), "path": NSNull()]
        }
        updateAccessory()
    }

    /// Resets the cell before a table hands it out again (override to clear content; call super).
    open func prepareForReuse() {
        setHighlighted(false, animated: false)
    }

    open func setSelected(_ selected: Bool, animated: Bool) {
        self.selected = selected
        updateSelectionBackground()
    }

    open func setHighlighted(_ highlighted: Bool, animated: Bool) {
        self.highlighted = highlighted
        updateSelectionBackground()
    }

    /// The selected background is shown while selected or highlighted, and the labels highlight.
    private func updateSelectionBackground() {
        let on = (selected || highlighted) && selectionStyle != .none
        if on {
            if selectedBackgroundView == nil {
                let view = UIView()
                view.backgroundColor = UIColor(white: 0.82, alpha: 1)
                selectedBackgroundView = view
                return
            }
            if let view = selectedBackgroundView, view.superview !== self {
                insertSubview(view, belowSubview: contentView)
            }
            selectedBackgroundView?.frame = bounds
        } else {
            selectedBackgroundView?.removeFromSuperview()
        }
        _textLabel?.isHighlighted = on
        _detailTextLabel?.isHighlighted = on
    }

    /// The width the accessory takes at the trailing edge.
    private var accessoryWidth: CGFloat {
        if let accessoryView { return accessoryView.bounds.width + 16 }
        return accessoryType == .none ? 0 : 38
    }

    private func updateAccessory() {
        accessoryLayer.isHidden = accessoryView != nil || accessoryType == .none
        switch accessoryType {
        case .checkmark:
            accessoryLayer.strokeColor = CGColor(red: 0, green: 0.48, blue: 1, alpha: 1)
        default:
            accessoryLayer.strokeColor = CGColor(gray: 0.77, alpha: 1)
        }
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let trailing = accessoryWidth
        contentView.frame = CGRect(x: 0, y: 0, width: max(0, b.width - trailing), height: b.height)
        backgroundView?.frame = b
        selectedBackgroundView?.frame = b
        let hairline = 1 / max(1, layer.contentsScale)
        separatorLayer.frame = CGRect(x: separatorInset.left, y: b.height - hairline,
                                      width: max(0, b.width - separatorInset.left - separatorInset.right), height: hairline)
        layOutAccessory(in: b, width: trailing)
        layOutLabels(in: contentView.bounds)
    }

    private func layOutAccessory(in b: CGRect, width: CGFloat) {
        if let accessoryView {
            let s = accessoryView.bounds.size
            accessoryView.frame = CGRect(x: b.maxX - 16 - s.width, y: (b.height - s.height) / 2, width: s.width, height: s.height)
            return
        }
        let path = CGMutablePath()
        let cx = b.maxX - 22, cy = b.midY
        switch accessoryType {
        case .checkmark:
            path.move(to: CGPoint(x: cx - 6, y: cy))
            path.addLine(to: CGPoint(x: cx - 2, y: cy + 4))
            path.addLine(to: CGPoint(x: cx + 6, y: cy - 5))
        case .none:
            break
        default:
            // A chevron (the detail buttons are drawn as one too).
            path.move(to: CGPoint(x: cx - 2, y: cy - 6))
            path.addLine(to: CGPoint(x: cx + 3, y: cy))
            path.addLine(to: CGPoint(x: cx - 2, y: cy + 6))
        }
        accessoryLayer.frame = layer.bounds
        accessoryLayer.path = path
    }

    /// UIKit's standard layouts: the image at the leading edge, then the labels by style.
    fileprivate func layOutLabels(in c: CGRect) {
        let margin: CGFloat = 16
        var x = margin
        if let imageView = _imageView {
            if let size = imageView.image?.size, size.width > 0 {
                let h = min(size.height, c.height)
                let w = size.width * h / max(size.height, 1)
                imageView.frame = CGRect(x: x, y: (c.height - h) / 2, width: w, height: h)
                x += w + margin
            } else {
                imageView.frame = .zero
            }
        }
        let width = max(0, c.width - x - margin)
        switch cellStyle {
        case .default:
            _textLabel?.frame = CGRect(x: x, y: 0, width: width, height: c.height)
        case .subtitle:
            let hasDetail = _detailTextLabel?.text?.isEmpty == false
            if hasDetail {
                _textLabel?.frame = CGRect(x: x, y: c.height / 2 - 21, width: width, height: 21)
                _detailTextLabel?.frame = CGRect(x: x, y: c.height / 2, width: width, height: 17)
            } else {
                _textLabel?.frame = CGRect(x: x, y: 0, width: width, height: c.height)
            }
        case .value1:
            // The detail takes its text's width at the trailing edge; the title the rest.
            let detailWidth = min(width, _detailTextLabel?.text?.isEmpty == false ? _detailTextLabel!.intrinsicContentSize.width : 0)
            let gap: CGFloat = detailWidth > 0 ? 8 : 0
            _textLabel?.frame = CGRect(x: x, y: 0, width: max(0, width - detailWidth - gap), height: c.height)
            _detailTextLabel?.frame = CGRect(x: x + width - detailWidth, y: 0, width: detailWidth, height: c.height)
        case .value2:
            let titleWidth = min(width, 80)
            _textLabel?.frame = CGRect(x: x, y: 0, width: titleWidth, height: c.height)
            _detailTextLabel?.frame = CGRect(x: x + titleWidth + 6, y: 0, width: max(0, width - titleWidth - 6), height: c.height)
        }
    }
}

/// A cell's content view: its layout places the cell's labels, so that a label whose text changed
/// is laid out again by size.
private final class CellContentView: UIView {
    weak var cell: UITableViewCell?

    override func layoutSubviews() {
        super.layoutSubviews()
        cell?.layOutLabels(in: bounds)
    }
}
