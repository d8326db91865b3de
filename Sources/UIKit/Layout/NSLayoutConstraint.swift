import CoreGraphics
import Foundation

/// A relation between two layout attributes, `firstItem.firstAttribute relation
/// secondItem.secondAttribute × multiplier + constant`, solved when the views lay out.
///
/// What is solved (`ConstraintSolver`): see there; in short, equalities and inequalities between
/// the edges, centres and sizes of a view's subviews, its layout guides, itself and views elsewhere
/// in the tree, per axis, propagated from what is already known; not a general linear solver.
///
/// Activating a constraint (`isActive`, `activate(_:)`) installs it on the nearest common ancestor
/// of its items (the item itself for a constraint on one item), as UIKit does; `constraints` of
/// that view then list it. Changing `constant` or `priority` lays the items' superviews out again,
/// so a change followed by `layoutIfNeeded()` inside `UIView.animate` animates the frames.
@preconcurrency @MainActor
open class NSLayoutConstraint: NSObject {
    /// The parts of an item's alignment rectangle (Apple's raw values). Leading and trailing are
    /// left and right (left to right only); the baselines are the top and bottom edges.
    public enum Attribute: Int, Sendable {
        case notAnAttribute = 0
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
        case centerXWithinMargins, centerYWithinMargins
    }

    /// How the two sides compare (Apple's raw values).
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    /// The two directions of layout (Apple's raw values).
    public enum Axis: Int, Sendable {
        case horizontal = 0
        case vertical = 1
    }

    private weak var first: AnyObject?
    private weak var second: AnyObject?
    open private(set) var firstAttribute: Attribute
    open private(set) var secondAttribute: Attribute
    open private(set) var relation: Relation
    open private(set) var multiplier: CGFloat

    /// Added to the second side; a change lays the items out again.
    open var constant: CGFloat {
        didSet { if constant != oldValue { itemsNeedLayout() } }
    }

    /// Required (1000) by default.
    open var priority = UILayoutPriority.required {
        didSet { if priority != oldValue { itemsNeedLayout() } }
    }

    open var identifier: String?
    open var shouldBeArchived = false

    /// The view the constraint is installed on (nil while inactive).
    weak var installedView: UIView?
    /// The order constraints were made in, which breaks ties between equal priorities.
    let serial: Int
    private static var nextSerial = 0

    /// `item1.attr1 relation item2.attr2 × multiplier + c` (item2 nil with `.notAnAttribute`: a constant).
    public init(item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
                attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat) {
        first = view1 as AnyObject
        second = view2.map { $0 as AnyObject }
        firstAttribute = attr1
        secondAttribute = view2 == nil ? .notAnAttribute : attr2
        self.relation = relation
        self.multiplier = multiplier
        constant = c
        serial = NSLayoutConstraint.nextSerial
        NSLayoutConstraint.nextSerial += 1
        super.init()
    }

    open var firstItem: AnyObject? { first }
    open var secondItem: AnyObject? { second }

    open var firstAnchor: NSLayoutAnchor<AnyObject> { NSLayoutAnchor(item: first, attribute: firstAttribute) }
    open var secondAnchor: NSLayoutAnchor<AnyObject>? {
        second == nil ? nil : NSLayoutAnchor(item: second, attribute: secondAttribute)
    }

    /// Whether the constraint takes part in layout: setting it installs the constraint on the
    /// items' nearest common ancestor or takes it off its view.
    open var isActive: Bool {
        get { installedView != nil }
        set {
            if newValue {
                guard installedView == nil else { return }
                guard let view = installationView() else {
                    ConstraintSolver.report("cannot activate \(summary): its items have no common ancestor")
                    return
                }
                view.addConstraint(self)
            } else {
                installedView?.removeConstraint(self)
            }
        }
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = true }
    }

    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for c in constraints { c.isActive = false }
    }

    /// The nearest common ancestor of the items' views (a layout guide counts as its owning view).
    private func installationView() -> UIView? {
        guard let a = NSLayoutConstraint.view(of: first) else { return nil }
        guard second != nil else { return a }
        guard let b = NSLayoutConstraint.view(of: second) else { return nil }
        var v: UIView? = a
        while let candidate = v {
            if b.isDescendant(of: candidate) { return candidate }
            v = candidate.superview
        }
        return nil
    }

    /// The view an item stands for: itself, or a layout guide's owning view.
    static func view(of item: AnyObject?) -> UIView? {
        if let view = item as? UIView { return view }
        return (item as? UILayoutGuide)?.owningView
    }

    /// The superviews whose layout places the items (a layout guide: its owning view).
    func itemsNeedLayout() {
        for item in [first, second] {
            if let view = item as? UIView {
                view.superview?.setNeedsLayout()
                view.setNeedsLayout()
            } else if let guide = item as? UILayoutGuide {
                guide.owningView?.setNeedsLayout()
            }
        }
    }

    /// A one-line summary for the solver's reports.
    var summary: String {
        func side(_ item: AnyObject?, _ attribute: Attribute) -> String {
            guard let item else { return "nil" }
            return "\(type(of: item)).\(attribute)"
        }
        let op = relation == .equal ? "==" : relation == .lessThanOrEqual ? "<=" : ">="
        var rhs = second == nil ? "\(constant)" : "\(side(second, secondAttribute))"
        if second != nil {
            if multiplier != 1 { rhs += " * \(multiplier)" }
            if constant != 0 { rhs += " + \(constant)" }
        }
        let name = identifier.map { " '\($0)'" } ?? ""
        return "<NSLayoutConstraint\(name) \(side(first, firstAttribute)) \(op) \(rhs) @\(priority.rawValue)>"
    }
}
