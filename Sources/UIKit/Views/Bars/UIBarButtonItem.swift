import CoreGraphics
import Foundation

/// A button of a bar (a `UIToolbar` here): a title or an image, a target and action (or a
/// `UIAction`), a system item, or a space.
///
/// A tap calls the action with the item as the sender, as Apple's: a target that adopts
/// `UIControlTarget` through it, any other object through the method the selector names, a nil
/// target the first responder up the chain from the bar that answers it. System items that iOS
/// draws as icons are drawn as short text here (`+` for `.add`, `Search`…): there are no SF Symbols.
@preconcurrency @MainActor
open class UIBarButtonItem: UIBarItem {
    /// How the item is drawn (Apple's raw values).
    public enum Style: Int, Sendable {
        case plain = 0
        /// iOS 6's bordered look: drawn as `.plain`.
        @available(*, deprecated, renamed: "plain")
        case bordered = 1
        /// Bold, for the button that finishes a task.
        case done = 2
    }

    /// The items the system knows (Apple's raw values).
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize
        case bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo
        @available(*, deprecated, message: "no longer supported")
        case pageCurl = 23
        case close = 24

        /// The text drawn for the item (nil for the spaces).
        var title: String? {
            switch self {
            case .done: return "Done"
            case .cancel: return "Cancel"
            case .edit: return "Edit"
            case .save: return "Save"
            case .add: return "+"
            case .flexibleSpace, .fixedSpace: return nil
            case .compose: return "Compose"
            case .reply: return "Reply"
            case .action: return "Share"
            case .organize: return "Organize"
            case .bookmarks: return "Bookmarks"
            case .search: return "Search"
            case .refresh: return "\u{21BB}"
            case .stop: return "\u{2715}"
            case .camera: return "Camera"
            case .trash: return "Delete"
            case .play: return "\u{25B6}"
            case .pause: return "\u{2759}\u{2759}"
            case .rewind: return "\u{25C0}\u{25C0}"
            case .fastForward: return "\u{25B6}\u{25B6}"
            case .undo: return "Undo"
            case .redo: return "Redo"
            case .close: return "\u{2715}"
            default: return nil
            }
        }
    }

    open var style: Style = .plain { didSet { itemDidChange() } }
    /// The object the action is sent to (held weakly; nil: the responder chain).
    open weak var target: AnyObject?
    open var action: Selector?
    /// The action performed on a tap (iOS 14), after the target's.
    open var primaryAction: UIAction? {
        didSet { if let primaryAction, !primaryAction.title.isEmpty { title = primaryAction.title } }
    }
    /// A `.fixedSpace` item's width, or the width a button takes (0: its content's).
    open var width: CGFloat = 0 { didSet { itemDidChange() } }
    /// A view shown instead of a button.
    open var customView: UIView? { didSet { itemDidChange() } }
    /// The colour of the item's title and image (nil: the bar's tint).
    open var tintColor: UIColor? { didSet { itemDidChange() } }

    /// The system item the item was made as (nil for other items).
    private(set) var systemItem: SystemItem?

    public override init() {
        super.init()
    }

    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.title = title
        self.style = style
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init()
        self.image = image
        self.style = style
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init()
        self.systemItem = systemItem
        self.title = systemItem.title
        if systemItem == .done || systemItem == .save { style = .done }
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// An item that performs `primaryAction` on a tap (iOS 14).
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init(barButtonSystemItem: systemItem, target: nil, action: nil)
        self.primaryAction = primaryAction
        title = systemItem.title
    }

    /// An item titled `title` (or the action's title) that performs `primaryAction` (iOS 14).
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.init()
        self.primaryAction = primaryAction
        if let title { self.title = title }
        self.image = image
    }

    /// An item that shows `customView`.
    public convenience init(customView: UIView) {
        self.init()
        self.customView = customView
    }

    /// A space that shares the bar's free width with the other flexible spaces (iOS 14).
    public class func flexibleSpace() -> UIBarButtonItem {
        let item = UIBarButtonItem()
        item.systemItem = .flexibleSpace
        return item
    }

    /// A space `width` points wide (iOS 14).
    public class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem()
        item.systemItem = .fixedSpace
        item.width = width
        return item
    }

    var isFlexibleSpace: Bool { systemItem == .flexibleSpace }
    var isFixedSpace: Bool { systemItem == .fixedSpace }

    /// Sends the item's action (to its target, or up the chain from `responder`), then performs its
    /// `primaryAction`.
    func sendAction(from responder: UIResponder?, event: UIEvent?) {
        if let action {
            if let t = target as? UIControlTarget {
                t.perform(action, sender: self, event: event)
            } else if let target {
                SelectorDispatch.perform(action, on: target, with: [self, event])
            } else {
                var r = responder
                while let current = r {
                    if let t = current as? UIControlTarget { t.perform(action, sender: self, event: event); break }
                    if SelectorDispatch.responds(current, to: action) {
                        SelectorDispatch.perform(action, on: current, with: [self, event])
                        break
                    }
                    r = current.next
                }
            }
        }
        primaryAction?.perform(sender: self)
    }
}
