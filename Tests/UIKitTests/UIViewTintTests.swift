import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIView.tintColor` (inherited, system blue at the top, dimmed), `tintColorDidChange()` and
/// `tintAdjustmentMode`.
final class UIViewTintTests: XCTestCase {
    private final class Listener: UIView {
        var calls = 0
        override func tintColorDidChange() {
            super.tintColorDidChange()
            calls += 1
        }
    }

    private func rgba(_ color: UIColor?) -> [CGFloat] {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        _ = color?.getRed(&r, green: &g, blue: &b, alpha: &a)
        return [r, g, b, a].map { ($0 * 255).rounded() }
    }

    func testTheTintIsInheritedAndSystemBlueAtTheTop() { MainActor.assumeIsolated {
        let root = UIView(), child = UIView(), grandchild = UIView()
        root.addSubview(child)
        child.addSubview(grandchild)
        XCTAssertEqual(rgba(grandchild.tintColor), rgba(.systemBlue))
        root.tintColor = .red
        XCTAssertEqual(rgba(grandchild.tintColor), rgba(.red))
        child.tintColor = .green
        XCTAssertEqual(rgba(grandchild.tintColor), rgba(.green))
        XCTAssertEqual(rgba(root.tintColor), rgba(.red))
        child.tintColor = nil
        XCTAssertEqual(rgba(grandchild.tintColor), rgba(.red), "nil inherits again")
        XCTAssertNotNil(child.tintColor)
    } }

    func testChangesAreToldToTheViewsThatInheritThem() { MainActor.assumeIsolated {
        let root = Listener(), inheriting = Listener(), own = Listener(), underOwn = Listener()
        root.addSubview(inheriting)
        root.addSubview(own)
        own.addSubview(underOwn)
        own.tintColor = .green
        XCTAssertEqual([root.calls, inheriting.calls, own.calls, underOwn.calls], [0, 0, 1, 1])
        root.tintColor = .red
        XCTAssertEqual([root.calls, inheriting.calls, own.calls, underOwn.calls], [1, 1, 1, 1],
                       "a view with its own tint (and its subtree) keeps it")
        root.tintColor = .red
        XCTAssertEqual(root.calls, 1, "no change, no call")
        // Moving under another tint tells the moved subtree.
        let other = UIView()
        other.tintColor = .blue
        other.addSubview(inheriting)
        XCTAssertEqual(inheriting.calls, 2)
        XCTAssertEqual(rgba(inheriting.tintColor), rgba(.blue))
        let sameTint = UIView()
        sameTint.tintColor = .blue
        sameTint.addSubview(inheriting)
        XCTAssertEqual(inheriting.calls, 2, "the same tint: no call")
    } }

    func testDimmingGreysTheTintDownTheTree() { MainActor.assumeIsolated {
        let root = UIView(), child = Listener(), normal = Listener()
        root.addSubview(child)
        root.addSubview(normal)
        normal.tintAdjustmentMode = .normal
        XCTAssertEqual(child.tintAdjustmentMode, .normal, "automatic reads as normal at the top")
        root.tintColor = .red
        let calls = (child.calls, normal.calls)
        root.tintAdjustmentMode = .dimmed
        XCTAssertEqual(child.tintAdjustmentMode, .dimmed)
        XCTAssertEqual(normal.tintAdjustmentMode, .normal)
        XCTAssertEqual(child.calls, calls.0 + 1)
        XCTAssertEqual(normal.calls, calls.1, "its own mode does not change")
        let dimmed = rgba(child.tintColor)
        XCTAssertEqual(dimmed[0], dimmed[1], "grey")
        XCTAssertEqual(dimmed[1], dimmed[2])
        XCTAssertEqual(rgba(normal.tintColor), rgba(.red))
        root.tintAdjustmentMode = .automatic
        XCTAssertEqual(rgba(child.tintColor), rgba(.red))
    } }

    func testControlsFollowTheInheritedTint() { MainActor.assumeIsolated {
        let root = UIView()
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        root.addSubview(button)
        XCTAssertEqual(rgba(button.currentTitleColor), rgba(.systemBlue))
        root.tintColor = .red
        XCTAssertEqual(rgba(button.titleLabel?.textColor), rgba(.red), "redrawn in the new tint")
        let bar = UITabBar()
        root.addSubview(bar)
        XCTAssertEqual(rgba(bar.tintColor), rgba(.red), "the tab bar's tint is the view's")
    } }
}
