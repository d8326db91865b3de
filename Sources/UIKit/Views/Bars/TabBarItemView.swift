import CoreGraphics
import Foundation
import QuartzCore

/// One tab of a `UITabBar`: the item's image as a template (a view of the tint colour masked by
/// the image's alpha) over its title in 10-point text, and a badge when the item has a value.
@MainActor
final class TabBarItemView: UIView {
    let item: UITabBarItem
    private let icon = UIView()
    private let iconMask = ControlLayerDelegate.adopt(CALayer())
    private let titleLabel = UILabel()
    private let badge = UILabel()
    private var isSelected = false

    /// The largest icon a tab shows (points); bigger images are scaled down to fit.
    static let iconSide: CGFloat = 30

    init(item: UITabBarItem) {
        self.item = item
        super.init(frame: .zero)
        icon.isUserInteractionEnabled = false
        icon.layer.mask = iconMask
        addSubview(icon)
        titleLabel.textAlignment = .center
        addSubview(titleLabel)
        badge.font = UIFont.systemFont(ofSize: 12)
        badge.textColor = .white
        badge.textAlignment = .center
        badge.layer.cornerRadius = 9
        badge.clipsToBounds = true
        addSubview(badge)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    private var shownImage: UIImage? { isSelected ? (item.selectedImage ?? item.image) : item.image }

    /// Shows the item's current values in `tint`.
    func update(selected: Bool, tint: UIColor) {
        isSelected = selected
        let color = item.isEnabled ? tint : tint.withAlphaComponent(0.4)
        icon.backgroundColor = color
        iconMask.contents = shownImage?.cgImage
        icon.isHidden = shownImage == nil
        titleLabel.text = item.title
        titleLabel.textColor = color
        titleLabel.font = UIFont.systemFont(ofSize: shownImage == nil ? 12 : 10)
        badge.text = item.badgeValue
        badge.isHidden = item.badgeValue == nil
        badge.backgroundColor = item.badgeColor ?? UIColor(red: 1, green: 59 / 255.0, blue: 48 / 255.0, alpha: 1)
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let title = titleLabel.sizeThatFits(.zero)
        guard let image = shownImage else {
            titleLabel.frame = CGRect(x: 0, y: ((bounds.height - title.height) / 2).rounded(), width: bounds.width,
                                      height: title.height)
            return
        }
        let scale = min(1, TabBarItemView.iconSide / max(image.size.width, image.size.height, 1))
        let size = CGSize(width: image.size.width * scale, height: image.size.height * scale)
        let insets = item.imageInsets
        icon.frame = CGRect(x: ((bounds.width - size.width) / 2).rounded() + insets.left - insets.right,
                            y: 4 + (TabBarItemView.iconSide - size.height) / 2 + insets.top - insets.bottom,
                            width: size.width, height: size.height)
        iconMask.frame = icon.bounds
        titleLabel.frame = CGRect(x: 0, y: 4 + TabBarItemView.iconSide + 1, width: bounds.width, height: title.height)
        let badgeSize = badge.sizeThatFits(.zero)
        let badgeWidth = max(18, badgeSize.width + 10)
        badge.frame = CGRect(x: icon.frame.maxX - 6, y: 2, width: badgeWidth, height: 18)
    }
}
