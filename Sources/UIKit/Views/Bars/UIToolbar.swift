import CoreGraphics
import Foundation
import QuartzCore

/// A bar of buttons, usually along the bottom of the screen: its `items` left to right, 16 points
/// from the edges and 8 apart, flexible spaces sharing the width left over, fixed spaces taking
/// their `width`. Each button item is a `.system` button in the item's `tintColor` (nil: the bar's
/// `tintColor`), its title bold for `.done` items; a tap sends the item's action with the item as
/// the sender. The look is simple: a light bar with a hairline along its top, no blur.
@preconcurrency @MainActor
open class UIToolbar: UIView {
    /// The height of a toolbar (iPhone's in portrait).
    nonisolated public static let barHeight: CGFloat = 44
    /// The space at each end and between items.
    static let edgeMargin: CGFloat = 16
    static let itemSpacing: CGFloat = 8

    /// The items, left to right (nil: none).
    open var items: [UIBarButtonItem]? {
        didSet { itemsDidChange() }
    }

    /// The bar's background colour (nil: the default light grey).
    open var barTintColor: UIColor? { didSet { applyBackground() } }

    /// Stored only: the bar is drawn light.
    open var barStyle: UIBarStyle = .default

    /// Stored only: the bar is drawn opaque.
    open var isTranslucent = true

    /// What shows each item, in `items` order (nil for spaces).
    private(set) var itemViews: [UIView?] = []
    private let hairline = CALayer()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        applyBackground()
        hairline.backgroundColor = UIColor(white: 0.7, alpha: 1).cgColor
        hairline.delegate = ControlLayerDelegate.shared
        layer.addSublayer(hairline)
    }

    /// Sets `items` (`animated` is not honoured: the items change at once).
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        self.items = items
    }

    private func applyBackground() {
        backgroundColor = barTintColor ?? UIColor(white: 0.97, alpha: 1)
    }

    private func itemsDidChange() {
        for view in itemViews { view?.removeFromSuperview() }
        itemViews = (items ?? []).map { item in
            item.didChange = { [weak self, weak item] in
                guard let self, let item else { return }
                self.refresh(item)
            }
            if item.isFlexibleSpace || item.isFixedSpace { return nil }
            if let custom = item.customView {
                addSubview(custom)
                return custom
            }
            let button = UIButton(type: .system)
            button.addAction(UIAction { [weak self, weak item] _ in item?.sendAction(from: self, event: nil) },
                             for: .touchUpInside)
            addSubview(button)
            configure(button, for: item)
            return button
        }
        setNeedsLayout()
    }

    private func configure(_ button: UIButton, for item: UIBarButtonItem) {
        button.setTitle(item.image == nil ? item.title : nil, for: .normal)
        button.setImage(item.image, for: .normal)
        button.titleLabel?.font = item.style == .done ? UIFont.boldSystemFont(ofSize: 17) : UIFont.systemFont(ofSize: 17)
        button.tintColor = item.tintColor
        button.isEnabled = item.isEnabled
    }

    /// Shows `item`'s new values (a new custom view or a change of kind rebuilds the items).
    private func refresh(_ item: UIBarButtonItem) {
        guard let index = items?.firstIndex(where: { $0 === item }) else { return }
        if let button = itemViews[index] as? UIButton, item.customView == nil {
            configure(button, for: item)
            setNeedsLayout()
        } else {
            itemsDidChange()
        }
    }

    // MARK: Layout

    /// The bar's own height at the width given.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UIToolbar.barHeight)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIToolbar.barHeight)
    }

    /// The width each item takes (flexible spaces: 0, they share what is left).
    private func fixedWidth(of index: Int, _ item: UIBarButtonItem) -> CGFloat {
        if item.isFlexibleSpace { return 0 }
        if item.isFixedSpace { return max(item.width, 0) }
        guard let view = itemViews[index] else { return 0 }
        if item.width > 0 { return item.width }
        return item.customView != nil ? view.bounds.width : view.sizeThatFits(.zero).width
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / max(1, layer.contentsScale))
        let items = self.items ?? []
        guard !items.isEmpty else { return }
        let widths = items.enumerated().map { fixedWidth(of: $0.offset, $0.element) }
        let flexibleCount = items.filter(\.isFlexibleSpace).count
        let used = widths.reduce(0, +) + 2 * UIToolbar.edgeMargin + CGFloat(items.count - 1) * UIToolbar.itemSpacing
        let flexible = flexibleCount > 0 ? max(bounds.width - used, 0) / CGFloat(flexibleCount) : 0
        var x = UIToolbar.edgeMargin
        for (i, item) in items.enumerated() {
            let width = item.isFlexibleSpace ? flexible : widths[i]
            if let view = itemViews[i] {
                let height = item.customView != nil ? min(view.bounds.height, bounds.height) : bounds.height
                view.frame = CGRect(x: x, y: ((bounds.height - height) / 2).rounded(), width: width, height: height)
            }
            x += width + UIToolbar.itemSpacing
        }
    }
}
