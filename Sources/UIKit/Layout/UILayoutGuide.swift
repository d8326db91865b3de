import CoreGraphics
import Foundation

/// A rectangle in a view's coordinate space that takes part in constraint layout without being a
/// view: a spacer or container made with `addLayoutGuide(_:)` (placed by the solver as a subview
/// would be), or one of the view's own guides, `layoutMarginsGuide` (the bounds inset by
/// `layoutMargins`) and `safeAreaLayoutGuide` (the bounds inset by `safeAreaInsets`).
@preconcurrency @MainActor
open class UILayoutGuide: NSObject {
    /// Which rectangle a guide is.
    enum Kind { case user, margins, safeArea }

    let kind: Kind
    /// The view whose coordinate space the guide lives in (set by `addLayoutGuide(_:)`).
    open weak var owningView: UIView?
    open var identifier = ""
    /// The placed rectangle of a user guide (the solver sets it).
    var placedFrame = CGRect.zero

    public override init() {
        kind = .user
        super.init()
    }

    init(kind: Kind, owningView: UIView) {
        self.kind = kind
        self.owningView = owningView
        super.init()
        identifier = kind == .margins ? "UIViewLayoutMarginsGuide" : "UIViewSafeAreaLayoutGuide"
    }

    /// The guide's rectangle in its owning view's coordinates.
    open var layoutFrame: CGRect {
        guard let view = owningView else { return placedFrame }
        switch kind {
        case .user: return placedFrame
        case .margins: return view.bounds.inset(by: view.layoutMargins)
        case .safeArea: return view.bounds.inset(by: view.safeAreaInsets)
        }
    }

    /// The insets of a view's own guide from the view's bounds (nil for a user guide).
    var insetsFromOwner: UIEdgeInsets? {
        guard let view = owningView else { return nil }
        switch kind {
        case .user: return nil
        case .margins: return view.layoutMargins
        case .safeArea: return view.safeAreaInsets
        }
    }

    private lazy var anchors = AnchorSet(self)

    public var leadingAnchor: NSLayoutXAxisAnchor { anchors.leading }
    public var trailingAnchor: NSLayoutXAxisAnchor { anchors.trailing }
    public var leftAnchor: NSLayoutXAxisAnchor { anchors.left }
    public var rightAnchor: NSLayoutXAxisAnchor { anchors.right }
    public var centerXAnchor: NSLayoutXAxisAnchor { anchors.centerX }
    public var topAnchor: NSLayoutYAxisAnchor { anchors.top }
    public var bottomAnchor: NSLayoutYAxisAnchor { anchors.bottom }
    public var centerYAnchor: NSLayoutYAxisAnchor { anchors.centerY }
    public var widthAnchor: NSLayoutDimension { anchors.width }
    public var heightAnchor: NSLayoutDimension { anchors.height }
}
