import CoreGraphics
import Foundation

/// A view that lines up its arranged subviews along an axis (iOS 9), placing them itself in
/// `layoutSubviews` (`StackArrangement`), as UIKit does through the constraints it makes.
///
/// Sizes come from each arranged view's `intrinsicContentSize` or from a width/height constraint
/// on it to a constant (`widthAnchor.constraint(equalToConstant:)`); hidden arranged views take no
/// space and no spacing. The stack view itself reports the size of its arrangement to the
/// constraint solver, so one placed by constraints at an edge takes its content's size.
///
/// Differences from UIKit: `.firstBaseline` and `.lastBaseline` both align like `.top` (`.leading`):
/// baselines are not known to the layout; `isBaselineRelativeArrangement` is stored only; a view
/// with no preferred size across the axis keeps its current cross size under the non-fill
/// alignments (UIKit's is ambiguous); when `.fill` must stretch or shrink views of equal hugging or
/// compression-resistance priority, the last of them gives; spacing uses `spacing` and custom
/// spacing only (no baseline-to-baseline or system spacing rules beyond 8 points).
@preconcurrency @MainActor
open class UIStackView: UIView {
    /// How the arranged views share the stack view's length (Apple's raw values).
    public enum Distribution: Int, Sendable {
        case fill = 0
        case fillEqually = 1
        case fillProportionally = 2
        case equalSpacing = 3
        case equalCentering = 4
    }

    /// How the arranged views are placed across the axis (Apple's raw values; `.top` is `.leading`
    /// and `.bottom` is `.trailing`).
    public enum Alignment: Int, Sendable {
        case fill = 0
        case leading = 1
        case firstBaseline = 2
        case center = 3
        case trailing = 4
        case lastBaseline = 5

        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    /// `customSpacing(after:)` when none was set: `spacing` applies.
    public static let spacingUseDefault = CGFloat(Float.greatestFiniteMagnitude)
    /// The system's standard spacing (8 points here).
    public static let spacingUseSystem = CGFloat(Float.leastNormalMagnitude)

    /// The views the stack view places, in order (each is also a subview).
    open private(set) var arrangedSubviews: [UIView] = []

    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementDidChange() } }
    open var distribution: Distribution = .fill { didSet { arrangementDidChange() } }
    open var alignment: Alignment = .fill { didSet { arrangementDidChange() } }
    /// The space between adjacent arranged views (a minimum for the equal distributions).
    open var spacing: CGFloat = 0 { didSet { arrangementDidChange() } }
    /// Stored only: baselines are not known to the layout.
    open var isBaselineRelativeArrangement = false
    /// Whether the arrangement fills the bounds inset by `layoutMargins` rather than the bounds.
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementDidChange() } }

    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    public init(arrangedSubviews views: [UIView]) {
        super.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init(coder: NSCoder) {
        super.init(coder: coder)!
    }

    // MARK: Arranged subviews

    /// Appends `view` to the arranged views (adding it as a subview when it is not one).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Puts `view` at `stackIndex` among the arranged views (moving it when already arranged);
    /// a view that is not yet a subview is added as the last subview.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        guard view !== self else { return }
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: max(0, min(stackIndex, arrangedSubviews.count)))
        // UIKit places arranged views with constraints of its own.
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementDidChange()
    }

    /// Stops arranging `view`; it stays a subview (remove it from the superview yourself), as UIKit
    /// documents.
    open func removeArrangedSubview(_ view: UIView) {
        guard arrangedSubviews.contains(where: { $0 === view }) else { return }
        arrangedSubviews.removeAll { $0 === view }
        customSpacings[ObjectIdentifier(view)] = nil
        arrangementDidChange()
    }

    /// The space after `arrangedSubview` instead of `spacing` (`spacingUseDefault` goes back to it).
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing == UIStackView.spacingUseDefault ? nil : spacing
        arrangementDidChange()
    }

    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    /// A subview taken out of the stack view is no longer arranged either.
    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        removeArrangedSubview(subview)
    }

    // MARK: Layout

    open override func layoutSubviews() {
        super.layoutSubviews()
        let arrangement = makeArrangement()
        let frames = arrangement.frames(in: arrangementRect)
        for (view, frame) in zip(arrangement.views, frames) { view.setFrameFromLayout(frame) }
    }

    /// The rectangle the arranged views fill.
    private var arrangementRect: CGRect {
        isLayoutMarginsRelativeArrangement ? bounds.inset(by: layoutMargins) : bounds
    }

    private func makeArrangement() -> StackArrangement {
        let vertical = axis == .vertical
        var items: [StackArrangement.Item] = []
        for (i, view) in arrangedSubviews.enumerated() {
            let preferred = view.preferredLayoutSize
            var gap = customSpacings[ObjectIdentifier(view)] ?? spacing
            if gap == UIStackView.spacingUseSystem { gap = systemSpacing }
            let mainAxis: NSLayoutConstraint.Axis = vertical ? .vertical : .horizontal
            items.append(StackArrangement.Item(
                isHidden: view.isHidden,
                main: vertical ? preferred.height : preferred.width,
                cross: vertical ? preferred.width : preferred.height,
                currentCross: vertical ? view.bounds.width : view.bounds.height,
                hugging: view.contentHuggingPriority(for: mainAxis).rawValue,
                compression: view.contentCompressionResistancePriority(for: mainAxis).rawValue,
                spacingAfter: i == arrangedSubviews.count - 1 ? 0 : gap))
        }
        return StackArrangement(views: arrangedSubviews, items: items, vertical: vertical,
                                distribution: distribution, alignment: alignment)
    }

    /// The size of the arrangement (plus the margins when it is inside them), for the solver.
    override var contentSizeForConstraintLayout: CGSize {
        var size = makeArrangement().contentSize
        if isLayoutMarginsRelativeArrangement {
            if size.width >= 0 { size.width += layoutMargins.left + layoutMargins.right }
            if size.height >= 0 { size.height += layoutMargins.top + layoutMargins.bottom }
        }
        return size
    }

    override func isPlacedByOwnLayout(_ subview: UIView) -> Bool {
        arrangedSubviews.contains { $0 === subview }
    }

    override func arrangedSubviewContentSizeDidChange(_ subview: UIView) {
        if isPlacedByOwnLayout(subview) { arrangementDidChange() }
    }

    override func arrangedSubviewVisibilityDidChange(_ subview: UIView) {
        if isPlacedByOwnLayout(subview) { arrangementDidChange() }
    }

    /// The stack view and, as its content size changed, its superview lay out again.
    private func arrangementDidChange() {
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }
}

extension UIView {
    /// The size a stack view gives the view along each axis: a required-or-strongest width/height
    /// constraint to a constant installed on it, else its content size (-1: no preference).
    var preferredLayoutSize: CGSize {
        var size = contentSizeForConstraintLayout
        var best: [Float] = [-1, -1]
        for c in installedConstraints where c.firstItem === self && c.secondItem == nil && c.relation == .equal {
            let axis: Int
            switch c.firstAttribute {
            case .width: axis = 0
            case .height: axis = 1
            default: continue
            }
            guard c.priority.rawValue > best[axis] else { continue }
            best[axis] = c.priority.rawValue
            if axis == 0 { size.width = c.constant } else { size.height = c.constant }
        }
        return size
    }
}
