import CoreGraphics
import Foundation

/// Constraint-based layout on views: anchors, installed constraints, layout guides, content
/// priorities and the update pass. The stored state is in `UIView`'s body; the solver is
/// `ConstraintSolver`, run by `UIView.layoutSubviews()`.
extension UIView {
    private var anchors: AnchorSet {
        if let anchorSet { return anchorSet }
        let made = AnchorSet(self)
        anchorSet = made
        return made
    }

    public var leadingAnchor: NSLayoutXAxisAnchor { anchors.leading }
    public var trailingAnchor: NSLayoutXAxisAnchor { anchors.trailing }
    public var leftAnchor: NSLayoutXAxisAnchor { anchors.left }
    public var rightAnchor: NSLayoutXAxisAnchor { anchors.right }
    public var centerXAnchor: NSLayoutXAxisAnchor { anchors.centerX }
    public var topAnchor: NSLayoutYAxisAnchor { anchors.top }
    public var bottomAnchor: NSLayoutYAxisAnchor { anchors.bottom }
    public var centerYAnchor: NSLayoutYAxisAnchor { anchors.centerY }
    /// The top edge here (text baselines are not known to the solver).
    public var firstBaselineAnchor: NSLayoutYAxisAnchor { anchors.firstBaseline }
    /// The bottom edge here (text baselines are not known to the solver).
    public var lastBaselineAnchor: NSLayoutYAxisAnchor { anchors.lastBaseline }
    public var widthAnchor: NSLayoutDimension { anchors.width }
    public var heightAnchor: NSLayoutDimension { anchors.height }

    private var guides: (margins: UILayoutGuide, safeArea: UILayoutGuide) {
        if let ownGuides { return ownGuides }
        let made = (UILayoutGuide(kind: .margins, owningView: self), UILayoutGuide(kind: .safeArea, owningView: self))
        ownGuides = made
        return made
    }

    /// The bounds inset by `layoutMargins`.
    public var layoutMarginsGuide: UILayoutGuide { guides.margins }
    /// The bounds inset by `safeAreaInsets` (the whole bounds here).
    public var safeAreaLayoutGuide: UILayoutGuide { guides.safeArea }
    /// iOS 9's readable-width guide: the margins guide here (no readable-width rule).
    public var readableContentGuide: UILayoutGuide { guides.margins }

    // MARK: Installed constraints

    /// The constraints installed on the view (by activation or `addConstraint(_:)`).
    public var constraints: [NSLayoutConstraint] { installedConstraints }

    /// Installs `constraint` on the view (prefer `isActive`, which finds the view itself).
    public func addConstraint(_ constraint: NSLayoutConstraint) {
        if let other = constraint.installedView {
            if other === self { return }
            other.removeConstraint(constraint)
        }
        installedConstraints.append(constraint)
        constraint.installedView = self
        ConstraintSolver.activeCount += 1
        constraint.itemsNeedLayout()
        setNeedsLayout()
    }

    public func addConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { addConstraint(c) }
    }

    public func removeConstraint(_ constraint: NSLayoutConstraint) {
        guard constraint.installedView === self else { return }
        installedConstraints.removeAll { $0 === constraint }
        constraint.installedView = nil
        ConstraintSolver.activeCount -= 1
        constraint.itemsNeedLayout()
        setNeedsLayout()
    }

    public func removeConstraints(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { removeConstraint(c) }
    }

    /// Leaving the tree: deactivates the constraints held by `ancestor` and the views above it
    /// that refer to this view or a view in its subtree (Apple's `removeFromSuperview()`); those
    /// the subtree holds among its own views stay.
    func removeConstraintsReferencingSubtree(fromAncestorsFrom ancestor: UIView) {
        func isInSubtree(_ item: AnyObject?) -> Bool {
            NSLayoutConstraint.view(of: item)?.isDescendant(of: self) == true
        }
        var holder: UIView? = ancestor
        while let view = holder {
            for c in view.installedConstraints where isInSubtree(c.firstItem) || isInSubtree(c.secondItem) {
                view.removeConstraint(c)
            }
            holder = view.superview
        }
    }

    // MARK: Layout guides

    public var layoutGuides: [UILayoutGuide] { addedLayoutGuides }

    /// Adds `layoutGuide` to the view's coordinate space; constraints place it as they place subviews.
    public func addLayoutGuide(_ layoutGuide: UILayoutGuide) {
        if let other = layoutGuide.owningView, other !== self { other.removeLayoutGuide(layoutGuide) }
        guard !addedLayoutGuides.contains(where: { $0 === layoutGuide }) else { return }
        addedLayoutGuides.append(layoutGuide)
        layoutGuide.owningView = self
        setNeedsLayout()
    }

    public func removeLayoutGuide(_ layoutGuide: UILayoutGuide) {
        guard addedLayoutGuides.contains(where: { $0 === layoutGuide }) else { return }
        addedLayoutGuides.removeAll { $0 === layoutGuide }
        layoutGuide.owningView = nil
        setNeedsLayout()
    }

    // MARK: Content priorities

    /// How strongly the view resists growing beyond its intrinsic size (250 by default).
    public func contentHuggingPriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? huggingPriorities.0 : huggingPriorities.1
    }

    public func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { huggingPriorities.0 = priority } else { huggingPriorities.1 = priority }
        superview?.setNeedsLayout()
    }

    /// How strongly the view resists shrinking below its intrinsic size (750 by default).
    public func contentCompressionResistancePriority(for axis: NSLayoutConstraint.Axis) -> UILayoutPriority {
        axis == .horizontal ? compressionPriorities.0 : compressionPriorities.1
    }

    public func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {
        if axis == .horizontal { compressionPriorities.0 = priority } else { compressionPriorities.1 = priority }
        superview?.setNeedsLayout()
    }

    // MARK: The update pass

    /// Asks for `updateConstraints()` before the next layout.
    public func setNeedsUpdateConstraints() {
        needsConstraintUpdate = true
        setNeedsLayout()
        superview?.setNeedsLayout()
    }

    public func needsUpdateConstraints() -> Bool { needsConstraintUpdate }

    /// Runs `updateConstraints()` now on the view and the subviews that asked for it, deepest
    /// first (a view controller's root view asks its controller, `updateViewConstraints()`).
    public func updateConstraintsIfNeeded() {
        for sub in subviews { sub.updateConstraintsIfNeeded() }
        guard needsConstraintUpdate else { return }
        if let controller = owningViewController {
            controller.updateViewConstraints()
        } else {
            updateConstraints()
        }
        needsConstraintUpdate = false
    }

    /// Before a layout: the subviews' and the view's own pending constraint updates.
    func runConstraintUpdatePass() {
        if needsConstraintUpdate || subviews.contains(where: \.needsConstraintUpdate) { updateConstraintsIfNeeded() }
    }
}
