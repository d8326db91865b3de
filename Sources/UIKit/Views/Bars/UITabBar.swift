import CoreGraphics
import Foundation
import QuartzCore

/// What a tab bar tells its delegate (a tab bar controller is its own bar's delegate).
@preconcurrency @MainActor
public protocol UITabBarDelegate: AnyObject {
    /// The user selected `item` (not called for `selectedItem` set in code).
    func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem)
}

extension UITabBarDelegate {
    public func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {}
}

/// A bar of tabs along the bottom of the screen: its items side by side in equal widths, each an
/// icon over a title, the selected one in `tintColor`, the others in `unselectedItemTintColor`
/// (grey by default). A click (a touch that goes up on the item it went down on) selects an item
/// and tells the delegate. The look is simple: a light bar with a hairline along its top, no blur.
@preconcurrency @MainActor
open class UITabBar: UIView {
    /// The height of a tab bar (iPhone's, without a home indicator).
    nonisolated public static let barHeight: CGFloat = 49

    open weak var delegate: UITabBarDelegate?

    /// The tabs, left to right.
    open var items: [UITabBarItem]? {
        didSet { itemsDidChange() }
    }

    /// The highlighted tab (nil: none); set it to select a tab without telling the delegate.
    open weak var selectedItem: UITabBarItem? {
        didSet { refreshItems() }
    }

    /// The selected tab's icon and title are drawn in the view's `tintColor` (system blue unless
    /// set here or on an ancestor).
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        refreshItems()
    }

    /// The colour of the other tabs (nil: grey).
    open var unselectedItemTintColor: UIColor? { didSet { refreshItems() } }

    /// The bar's background colour (nil: the default light grey).
    open var barTintColor: UIColor? { didSet { applyBackground() } }

    /// Stored only: the bar is drawn opaque.
    open var isTranslucent = true

    private var itemViews: [TabBarItemView] = []
    private let hairline = CALayer()
    /// The item view a touch went down on.
    private var pressedItem: TabBarItemView?

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

    open func setItems(_ items: [UITabBarItem]?, animated: Bool) {
        self.items = items
    }

    private func applyBackground() {
        backgroundColor = barTintColor ?? UIColor(white: 0.97, alpha: 1)
    }

    private func itemsDidChange() {
        for view in itemViews { view.removeFromSuperview() }
        itemViews = (items ?? []).map { item in
            let view = TabBarItemView(item: item)
            item.didChange = { [weak self, weak view] in
                guard let self, let view else { return }
                view.update(selected: view.item === self.selectedItem, tint: self.tint(selected: view.item === self.selectedItem))
            }
            addSubview(view)
            return view
        }
        if let selected = selectedItem, !(items ?? []).contains(where: { $0 === selected }) { selectedItem = nil }
        refreshItems()
        setNeedsLayout()
    }

    private func tint(selected: Bool) -> UIColor {
        selected ? tintColor : (unselectedItemTintColor ?? UIColor(white: 0.56, alpha: 1))
    }

    private func refreshItems() {
        for view in itemViews {
            let selected = view.item === selectedItem
            view.update(selected: selected, tint: tint(selected: selected))
        }
    }

    // MARK: Layout

    /// The bar's own height at the width given.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: UITabBar.barHeight)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UITabBar.barHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        hairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: 1 / max(1, layer.contentsScale))
        guard !itemViews.isEmpty else { return }
        let width = bounds.width / CGFloat(itemViews.count)
        for (i, view) in itemViews.enumerated() {
            view.frame = CGRect(x: CGFloat(i) * width, y: 0, width: width, height: bounds.height)
        }
    }

    // MARK: Clicks

    private func itemView(at point: CGPoint) -> TabBarItemView? {
        itemViews.first { $0.frame.contains(point) }
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        pressedItem = itemView(at: touch.location(in: self))
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        defer { pressedItem = nil }
        guard let touch = touches.first, let pressed = pressedItem,
              itemView(at: touch.location(in: self)) === pressed, pressed.item.isEnabled else { return }
        userDidSelect(pressed.item)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        pressedItem = nil
    }

    /// A user's selection: a tab bar controller may refuse it (its delegate's `shouldSelect`);
    /// otherwise the item becomes selected and the delegate hears of it.
    func userDidSelect(_ item: UITabBarItem) {
        if let controller = delegate as? UITabBarController, !controller.tabBarShouldSelect(item) { return }
        selectedItem = item
        delegate?.tabBar(self, didSelect: item)
    }
}
