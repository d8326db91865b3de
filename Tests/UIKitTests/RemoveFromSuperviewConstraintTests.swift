import QuartzCore
@testable import UIKit
import XCTest

/// `removeFromSuperview()` removes the constraints that refer to the removed view or a view in
/// its subtree, wherever above it they are held (Apple's documented behaviour).
final class RemoveFromSuperviewConstraintTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
    }

    @MainActor private func constrained(_ view: UIView, in parent: UIView) -> UIView {
        view.translatesAutoresizingMaskIntoConstraints = false
        parent.addSubview(view)
        return view
    }

    func testConstraintsToTheRemovedViewAreRemovedAndInactive() { MainActor.assumeIsolated {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let sibling = constrained(UIView(), in: root)
        let view = constrained(UIView(), in: root)
        let toRoot = view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10)
        let toSibling = view.topAnchor.constraint(equalTo: sibling.bottomAnchor)
        let ownWidth = view.widthAnchor.constraint(equalToConstant: 50)
        let unrelated = sibling.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.5)
        NSLayoutConstraint.activate([toRoot, toSibling, ownWidth, unrelated])
        XCTAssertTrue(root.constraints.contains { $0 === toRoot })

        view.removeFromSuperview()
        XCTAssertFalse(toRoot.isActive)
        XCTAssertFalse(toSibling.isActive)
        XCTAssertFalse(root.constraints.contains { $0 === toRoot || $0 === toSibling })
        XCTAssertTrue(unrelated.isActive, "a constraint not referring to the view stays")
        XCTAssertTrue(ownWidth.isActive, "the view's own constraint on itself stays")
        XCTAssertTrue(view.constraints.contains { $0 === ownWidth })
    } }

    func testConstraintsToViewsInTheSubtreeAreRemovedFromEveryAncestor() { MainActor.assumeIsolated {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let middle = constrained(UIView(), in: root)
        let removed = constrained(UIView(), in: middle)
        let inner = constrained(UIView(), in: removed)
        let deepest = constrained(UIView(), in: inner)
        let other = constrained(UIView(), in: root)
        // Held by root (common ancestor of `deepest` and `other`) and by middle.
        let toOther = deepest.topAnchor.constraint(equalTo: other.bottomAnchor)
        let toMiddle = inner.leadingAnchor.constraint(equalTo: middle.leadingAnchor)
        let toMiddleGuide = inner.trailingAnchor.constraint(equalTo: middle.layoutMarginsGuide.trailingAnchor)
        // Held inside the removed subtree, between its own views.
        let withinSubtree = deepest.widthAnchor.constraint(equalTo: inner.widthAnchor)
        let toSubtreeGuide = deepest.topAnchor.constraint(equalTo: removed.layoutMarginsGuide.topAnchor)
        let outside = middle.widthAnchor.constraint(equalTo: other.widthAnchor)
        NSLayoutConstraint.activate([toOther, toMiddle, toMiddleGuide, withinSubtree, toSubtreeGuide, outside])
        XCTAssertTrue(root.constraints.contains { $0 === toOther })
        XCTAssertTrue(middle.constraints.contains { $0 === toMiddle })

        removed.removeFromSuperview()
        XCTAssertFalse(toOther.isActive)
        XCTAssertFalse(toMiddle.isActive)
        XCTAssertFalse(toMiddleGuide.isActive)
        XCTAssertTrue(middle.constraints.isEmpty)
        XCTAssertEqual(root.constraints.map(ObjectIdentifier.init), [ObjectIdentifier(outside)])
        XCTAssertTrue(withinSubtree.isActive)
        XCTAssertTrue(toSubtreeGuide.isActive)
        XCTAssertTrue(outside.isActive)
    } }

    func testMovingAViewToAnotherSuperviewRemovesTheOldOnes() { MainActor.assumeIsolated {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
        let first = constrained(UIView(), in: root)
        let second = constrained(UIView(), in: root)
        let view = constrained(UIView(), in: first)
        let toFirst = view.centerXAnchor.constraint(equalTo: first.centerXAnchor)
        toFirst.isActive = true
        second.addSubview(view)
        XCTAssertFalse(toFirst.isActive)
        XCTAssertTrue(first.constraints.isEmpty)
    } }
}
