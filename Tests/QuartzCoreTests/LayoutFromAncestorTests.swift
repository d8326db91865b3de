import QuartzCore
import XCTest

/// Apple: on `layoutIfNeeded()` the layer's superlayers are walked up to the first one that does
/// not need layout, and layout runs over the whole tree below it: asking a sublayer lays out an
/// ancestor that needs it first.
final class LayoutFromAncestorTests: XCTestCase {
    private final class RecordingLayer: CALayer {
        var log: (String) -> Void = { _ in }
        var name2 = ""
        override func layoutSublayers() {
            super.layoutSublayers()
            log(name2)
        }
    }

    func testLayoutIfNeededStartsAtTheHighestAncestorThatNeedsLayout() {
        var order: [String] = []
        let top = RecordingLayer(), middle = RecordingLayer(), leaf = RecordingLayer()
        for (layer, name) in [(top, "top"), (middle, "middle"), (leaf, "leaf")] {
            layer.name2 = name
            layer.log = { order.append($0) }
        }
        top.addSublayer(middle)
        middle.addSublayer(leaf)
        top.layoutIfNeeded()
        order = []
        top.setNeedsLayout()
        middle.setNeedsLayout()
        leaf.setNeedsLayout()
        leaf.layoutIfNeeded()
        XCTAssertEqual(order, ["top", "middle", "leaf"])
        XCTAssertFalse(top.needsLayout())

        // The walk stops at the first ancestor that does not need layout.
        order = []
        middle.setNeedsLayout()
        leaf.layoutIfNeeded()
        XCTAssertEqual(order, ["middle"])
    }
}
