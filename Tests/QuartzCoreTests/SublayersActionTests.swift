import QuartzCore
import XCTest

/// Core Animation asks a layer for its "sublayers" action (`action(forKey: "sublayers")`, through
/// the delegate, `actions`, `style` and `defaultAction(forKey:)`) when a sublayer is added or
/// removed; the inserted layer gets `kCAOnOrderIn` as before.
final class SublayersActionTests: XCTestCase {
    private final class Recorder: NSObject, CAAction {
        var runs: [String] = []
        func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
            runs.append(event)
        }
    }

    override func setUp() { CATransaction.flush() }
    override func tearDown() { CATransaction.flush() }

    func testAddingAndRemovingASublayerRunsTheSuperlayersSublayersAction() {
        let root = CALayer()
        root.markTreeAsRendered()
        let parent = CALayer()
        root.addSublayer(parent)
        CATransaction.flush()
        let recorder = Recorder()
        parent.actions = ["sublayers": recorder]
        let child = CALayer()
        parent.addSublayer(child)
        XCTAssertEqual(recorder.runs, ["sublayers"])
        child.removeFromSuperlayer()
        XCTAssertEqual(recorder.runs, ["sublayers", "sublayers"])
        parent.sublayers = [CALayer(), CALayer()]
        XCTAssertEqual(recorder.runs.count, 3, "one action for the whole array")
        withExtendedLifetime(root) {}
    }
}
