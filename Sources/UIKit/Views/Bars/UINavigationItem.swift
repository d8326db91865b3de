import CoreGraphics
import Foundation

/// What a navigation bar shows for one controller: its title (or a title view), the buttons at
/// either end, and the back button the next controller shows to come back to it.
@preconcurrency @MainActor
open class UINavigationItem: NSObject {
    /// How a large title is shown (stored: bars here always show the standard title).
    public enum LargeTitleDisplayMode: Int, Sendable {
        case automatic, always, never
    }

    open var title: String? { didSet { changed() } }
    open var titleView: UIView? { didSet { changed() } }
    open var prompt: String? { didSet { changed() } }
    /// The button the next controller's bar shows to come back here (nil: one with this title).
    open var backBarButtonItem: UIBarButtonItem? { didSet { changed() } }
    /// The title of the back button that comes back here (nil: this item's title).
    open var backButtonTitle: String? { didSet { changed() } }
    open var hidesBackButton = false { didSet { changed() } }
    open var leftItemsSupplementBackButton = false { didSet { changed() } }
    open var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic

    open var leftBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }
    open var rightBarButtonItems: [UIBarButtonItem]? { didSet { changed() } }

    /// The first of `leftBarButtonItems`.
    open var leftBarButtonItem: UIBarButtonItem? {
        get { leftBarButtonItems?.first }
        set { leftBarButtonItems = newValue.map { [$0] } }
    }

    /// The first of `rightBarButtonItems`.
    open var rightBarButtonItem: UIBarButtonItem? {
        get { rightBarButtonItems?.first }
        set { rightBarButtonItems = newValue.map { [$0] } }
    }

    /// The bar showing the item, told of changes.
    weak var bar: UINavigationBar?

    public init(title: String) {
        self.title = title
        super.init()
    }

    public override init() {
        super.init()
    }

    public required init?(coder: NSCoder) {
        super.init()
    }

    open func setHidesBackButton(_ hidesBackButton: Bool, animated: Bool) { self.hidesBackButton = hidesBackButton }
    open func setLeftBarButton(_ item: UIBarButtonItem?, animated: Bool) { leftBarButtonItem = item }
    open func setRightBarButton(_ item: UIBarButtonItem?, animated: Bool) { rightBarButtonItem = item }
    open func setLeftBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { leftBarButtonItems = items }
    open func setRightBarButtonItems(_ items: [UIBarButtonItem]?, animated: Bool) { rightBarButtonItems = items }

    private func changed() {
        bar?.itemsDidChange()
    }
}
