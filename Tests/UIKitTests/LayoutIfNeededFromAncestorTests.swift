import QuartzCore
import UIKit
import XCTest

/// UIKit: `layoutIfNeeded()` on a view whose superview needs layout lays out the superview
/// first (the layer walks up to the first ancestor that does not need layout).
final class LayoutIfNeededFromAncestorTests: XCTestCase {
    private final class CountingView: UIView {
        var layouts = 0
        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
        }
    }

    func testASubviewsLayoutIfNeededLaysOutItsSuperview() {
        MainActor.assumeIsolated {
            let parent = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            let child = CountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            parent.addSubview(child)
            parent.layoutIfNeeded()
            parent.layouts = 0
            child.layouts = 0
            parent.setNeedsLayout()
            child.layoutIfNeeded()
            XCTAssertEqual(parent.layouts, 1)
        }
    }
}
