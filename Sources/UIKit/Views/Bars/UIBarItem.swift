import CoreGraphics
import Foundation

/// An item of a bar (the base of `UITabBarItem`): a title, an image, a tag; a bar that shows the
/// item redraws it when these change.
@preconcurrency @MainActor
open class UIBarItem: NSObject {
    open var title: String? { didSet { itemDidChange() } }
    open var image: UIImage? { didSet { itemDidChange() } }
    /// Moves the image within its place (stored; the tab bar offsets its icon by it).
    open var imageInsets: UIEdgeInsets = .zero { didSet { itemDidChange() } }
    open var isEnabled = true { didSet { itemDidChange() } }
    open var tag = 0

    public override init() {
        super.init()
    }

    /// Tells the bar showing the item to draw it again.
    var didChange: (() -> Void)?

    func itemDidChange() { didChange?() }
}

/// A tab of a `UITabBar`: title, image (tinted as a template: only its alpha counts), and the
/// image shown while selected.
@preconcurrency @MainActor
open class UITabBarItem: UIBarItem {
    /// Shown instead of `image` while the item is selected (nil: `image`).
    open var selectedImage: UIImage? { didSet { itemDidChange() } }
    /// Text in a red badge at the icon's top-right corner (nil: no badge).
    open var badgeValue: String? { didSet { itemDidChange() } }
    /// The badge's colour (nil: system red).
    open var badgeColor: UIColor? { didSet { itemDidChange() } }

    public override init() {
        super.init()
    }

    public init(title: String?, image: UIImage?, tag: Int) {
        super.init()
        self.title = title
        self.image = image
        self.tag = tag
    }

    public init(title: String?, image: UIImage?, selectedImage: UIImage?) {
        super.init()
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }
}
