import Foundation
import XCTest

/// `demo scroll-layer` (seed-examples §8): dragging the view scrolls its CAScrollLayer by the drag,
/// reversed, without limits. The demo traces each scroll as `{"type":"scroll","x","y"}` (bounds origin).
final class SwayScrollLayerTests: SwayTestCase {
    func testDraggingScrollsByTheDragWithoutClamping() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["scroll-layer"], in: sway, feature: "`demo scroll-layer`")
        Thread.sleep(forTimeInterval: 0.5)   // the first frame
        // The view covers (40, 40)-(340, 340) of the window, which fills the output.
        try sway.pointer(["drag", "200", "200", "150", "170", "--steps", "5"])
        Thread.sleep(forTimeInterval: 0.3)
        try sway.pointer(["drag", "100", "100", "300", "300", "--steps", "5"])   // past the top-left edge
        Thread.sleep(forTimeInterval: 0.3)
        let scrolls = finishTrace(demo, trace).filter { $0.type == "scroll" }
        let origins = scrolls.compactMap { line in line.number("x").flatMap { x in line.number("y").map { (x, $0) } } }
        guard let afterFirst = origins.first(where: { $0 == (50, 30) }) else {
            return XCTFail("no scroll to (50, 30) after dragging by (-50, -30); scrolls: \(origins)")
        }
        XCTAssertEqual(afterFirst.0, 50)
        let last = try XCTUnwrap(origins.last)
        XCTAssertEqual(last.0, -150, accuracy: 0.001, "no clamping at the left edge: \(origins)")
        XCTAssertEqual(last.1, -170, accuracy: 0.001, "no clamping at the top edge: \(origins)")
    }
}
