import CoreGraphics
import Foundation

/// One layout attribute of a view or layout guide, for making constraints with the anchors'
/// methods (`view.leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: 20)`). The
/// subclasses keep x-axis, y-axis and size anchors apart at compile time, as on Apple platforms.
/// The constraints come back inactive: activate them (`isActive`, `NSLayoutConstraint.activate`).
@preconcurrency @MainActor
open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    private weak var owner: AnyObject?
    let attribute: NSLayoutConstraint.Attribute

    init(item: AnyObject?, attribute: NSLayoutConstraint.Attribute) {
        owner = item
        self.attribute = attribute
        super.init()
    }

    /// The view or layout guide the anchor belongs to.
    open var item: AnyObject? { owner }

    /// The attribute's name, as Apple's debugging description gives it.
    open var name: String { "\(attribute)" }

    func constraint(_ relation: NSLayoutConstraint.Relation, to other: NSLayoutAnchor?,
                    multiplier: CGFloat = 1, constant: CGFloat = 0) -> NSLayoutConstraint {
        NSLayoutConstraint(item: owner as Any, attribute: attribute, relatedBy: relation,
                           toItem: other?.owner, attribute: other?.attribute ?? .notAnAttribute,
                           multiplier: multiplier, constant: constant)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.equal, to: anchor)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor)
    }

    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, constant: c)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, constant: c)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, constant: c)
    }
}

/// The standard spacing between sibling views (UIKit's usual 8 points).
let systemSpacing: CGFloat = 8

/// A left, right, leading, trailing or centre-x anchor.
@preconcurrency @MainActor
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self == anchor + multiplier × the system spacing` (8 points here).
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, constant: systemSpacing * multiplier)
    }

    open func constraint(greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor,
                         multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }

    open func constraint(lessThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor,
                         multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }
}

/// A top, bottom, baseline or centre-y anchor.
@preconcurrency @MainActor
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self == anchor + multiplier × the system spacing` (8 points here).
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, constant: systemSpacing * multiplier)
    }

    open func constraint(greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor,
                         multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }

    open func constraint(lessThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor,
                         multiplier: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, constant: systemSpacing * multiplier)
    }
}

/// A width or height anchor: constants and multiples as well as other dimensions.
@preconcurrency @MainActor
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: nil, constant: c)
    }

    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: nil, constant: c)
    }

    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: nil, constant: c)
    }

    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, multiplier: m)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, multiplier: m)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, multiplier: m)
    }

    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.equal, to: anchor, multiplier: m, constant: c)
    }

    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
                         constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.greaterThanOrEqual, to: anchor, multiplier: m, constant: c)
    }

    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat,
                         constant c: CGFloat) -> NSLayoutConstraint {
        constraint(.lessThanOrEqual, to: anchor, multiplier: m, constant: c)
    }
}

/// The anchors of a view or layout guide, made once on first use.
@MainActor
final class AnchorSet {
    let leading, trailing, left, right, centerX: NSLayoutXAxisAnchor
    let top, bottom, centerY, firstBaseline, lastBaseline: NSLayoutYAxisAnchor
    let width, height: NSLayoutDimension

    init(_ item: AnyObject) {
        leading = NSLayoutXAxisAnchor(item: item, attribute: .leading)
        trailing = NSLayoutXAxisAnchor(item: item, attribute: .trailing)
        left = NSLayoutXAxisAnchor(item: item, attribute: .left)
        right = NSLayoutXAxisAnchor(item: item, attribute: .right)
        centerX = NSLayoutXAxisAnchor(item: item, attribute: .centerX)
        top = NSLayoutYAxisAnchor(item: item, attribute: .top)
        bottom = NSLayoutYAxisAnchor(item: item, attribute: .bottom)
        centerY = NSLayoutYAxisAnchor(item: item, attribute: .centerY)
        firstBaseline = NSLayoutYAxisAnchor(item: item, attribute: .firstBaseline)
        lastBaseline = NSLayoutYAxisAnchor(item: item, attribute: .lastBaseline)
        width = NSLayoutDimension(item: item, attribute: .width)
        height = NSLayoutDimension(item: item, attribute: .height)
    }
}
