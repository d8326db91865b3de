import CoreGraphics
import Foundation
import QuartzCore

/// What a navigation bar asks and tells about its items being pushed and popped.
@preconcurrency @MainActor
public protocol UINavigationBarDelegate: AnyObject {
    func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem)
    func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool
    func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem)
}

extension UINavigationBarDelegate {
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPush item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPush item: UINavigationItem) {}
    public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool { true }
    public func navigationBar(_ navigationBar: UINavigationBar, didPop item: UINavigationItem) {}
}

/// A bar of navigation items: the top item's title in the middle (bold, 17 points, or its title
/// view), its left items or a back button ("‹" and the previous item's back title) on the left,
/// its right items on the right. A light bar with a hairline along its bottom, no blur. The back
/// button pops the top item (in a navigation controller: the top controller).
@preconcurrency @MainActor
open class UINavigationBar: UIView {
    /// The height of a navigation bar (iPhone's, without a large title).
    nonisolated public static let barHeight: CGFloat = 44
    static let edgeMargin: CGFloat = 8

    open weak var delegate: (any UINavigationBarDelegate)?
    /// The bar's background colour (nil: the default light grey).
    open var barTintColor: UIColor? { didSet { applyBackground() } }
    /// Attributes of the title (`.font`, `.foregroundColor`).
    open var titleTextAttributes: [NSAttributedString.Key: Any]? { didSet { itemsDidChange() } }
    /// Stored only: titles are never large here.
    open var prefersLargeTitles = false
    /// Stored only: the bar is drawn opaque.
    open var isTranslucent = true
    open var barStyle: UIBarStyle = .default
    open var shadowImage: UIImage?

    /// The items, bottom (root) first.
    open var items: [UINavigationItem]? {
        get { stack.isEmpty ? nil : stack }
        set { setItems(newValue, animated: false) }
    }
    open var topItem: UINavigationItem? { stack.last }
    open var backItem: UINavigationItem? { stack.count > 1 ? stack[stack.count - 2] : nil }

    /// Called when the back button is tapped (the navigation controller pops); nil: the bar pops.
    var backAction: (() -> Void)?

    private var stack: [UINavigationItem] = []
    private let titleLabel = UILabel()
    private var buttons: [UIView] = []
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
        titleLabel.textAlignment = .center
        titleLabel.font = UIFont.boldSystemFont(ofSize: 17)
        addSubview(titleLabel)
        hairline.backgroundColor = UIColor(white: 0.7, alpha: 1).cgColor
        hairline.delegate = ControlLayerDelegate.shared
        layer.addSublayer(hairline)
    }

    private func applyBackground() {
        backgroundColor = barTintColor ?? UIColor(white: 0.97, alpha: 1)
    }

    open func setItems(_ items: [UINavigationItem]?, animated: Bool) {
        for item in stack { item.bar = nil }
        stack = items ?? []
        for item in stack { item.bar = self }
        itemsDidChange()
    }

    open func pushItem(_ item: UINavigationItem, animated: Bool) {
        guard delegate?.navigationBar(self, shouldPush: item) ?? true else { return }
        stack.append(item)
        item.bar = self
        itemsDidChange()
        delegate?.navigationBar(self, didPush: item)
    }

    @discardableResult
    open func popItem(animated: Bool) -> UINavigationItem? {
        guard let item = stack.last, delegate?.navigationBar(self, shouldPop: item) ?? true else { return nil }
        stack.removeLast()
        item.bar = nil
        itemsDidChange()
        delegate?.navigationBar(self, didPop: item)
        return item
    }

    /// Rebuilds the title and the buttons from the top item.
    func itemsDidChange() {
        for view in buttons { view.removeFromSuperview() }
        buttons = []
        titleLabel.isHidden = true
        guard let top = topItem else { return }
        if let titleView = top.titleView {
            addSubview(titleView)
            buttons.append(titleView)
        } else {
            titleLabel.isHidden = false
            let attributes = titleTextAttributes ?? [:]
            titleLabel.font = attributes[.font] as? UIFont ?? UIFont.boldSystemFont(ofSize: 17)
            titleLabel.textColor = attributes[.foregroundColor] as? UIColor ?? .black
            titleLabel.text = top.title
        }
        leftViews = []
        if let back = backItem, !top.hidesBackButton, top.leftBarButtonItems == nil || top.leftItemsSupplementBackButton {
            let title = back.backBarButtonItem?.title ?? back.backButtonTitle ?? back.title ?? "Back"
            let button = UIButton(type: .system)
            button.setTitle("‹ " + title, for: .normal)
            button.titleLabel?.font = UIFont.systemFont(ofSize: 17)
            button.addAction(UIAction { [weak self] _ in self?.backTapped() }, for: .touchUpInside)
            leftViews.append(button)
        }
        leftViews += (top.leftBarButtonItems ?? []).map(makeView)
        rightViews = (top.rightBarButtonItems ?? []).map(makeView)
        for view in leftViews + rightViews {
            addSubview(view)
            buttons.append(view)
        }
        setNeedsLayout()
        layoutIfNeeded()
    }

    private var leftViews: [UIView] = []
    private var rightViews: [UIView] = []

    private func makeView(_ item: UIBarButtonItem) -> UIView {
        if let custom = item.customView { return custom }
        let button = UIButton(type: .system)
        button.setTitle(item.image == nil ? item.title : nil, for: .normal)
        button.setImage(item.image, for: .normal)
        button.titleLabel?.font = item.style == .done ? UIFont.boldSystemFont(ofSize: 17) : UIFont.systemFont(ofSize: 17)
        button.tintColor = item.tintColor
        button.isEnabled = item.isEnabled
        button.addAction(UIAction { [weak self, weak item] _ in item?.sendAction(from: self, event: nil) }, for: .touchUpInside)
        return button
    }

    private func backTapped() {
        if let backAction { backAction() } else { popItem(animated: true) }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        hairline.frame = CGRect(x: 0, y: bounds.height - 0.5, width: bounds.width, height: 0.5)
        var left = Self.edgeMargin
        for view in leftViews {
            let size = view.sizeThatFits(CGSize(width: bounds.width / 3, height: bounds.height))
            view.frame = CGRect(x: left, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
            left += size.width + Self.edgeMargin
        }
        var right = bounds.width - Self.edgeMargin
        for view in rightViews {
            let size = view.sizeThatFits(CGSize(width: bounds.width / 3, height: bounds.height))
            right -= size.width
            view.frame = CGRect(x: right, y: (bounds.height - size.height) / 2, width: size.width, height: size.height)
            right -= Self.edgeMargin
        }
        // The title centred in the bar, kept clear of the buttons.
        let room = max(0, min(bounds.width / 2 - left, right - bounds.width / 2)) * 2
        let title: UIView = topItem?.titleView ?? titleLabel
        let size = title.sizeThatFits(CGSize(width: room, height: bounds.height))
        let width = min(size.width, room)
        title.frame = CGRect(x: (bounds.width - width) / 2, y: (bounds.height - min(size.height, bounds.height)) / 2,
                             width: width, height: min(size.height, bounds.height))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: Self.barHeight)
    }
}
