#if os(Linux)
import Foundation
import LayerHost
import WaylandShell
import WaylandTestSupport
import XCTest

/// A pane of a window (`EmbeddedLayerHost`): the pointer and touch frames over it reach its content
/// in its own space, a press that began on it keeps the frames until the release, the content hears
/// the pointer leave, and `invalidate()` drops what the content set.
final class EmbeddedLayerHostTests: XCTestCase {
    private var weston: WestonProcess?
    private var parent: WaylandLayerHost?

    override func tearDown() {
        parent = nil
        weston?.stop()
        super.tearDown()
    }

    /// A 200×120 window whose pane is 80×60 at (100, 40) of a container at (10, 20).
    @MainActor
    private func makePane() throws -> EmbeddedLayerHost {
        let weston = try WestonProcess(width: 400, height: 300)
        self.weston = weston
        let parent = try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) {
            try WaylandLayerHost(title: "Pane", size: CGSize(width: 200, height: 120), decorations: false, renderer: .software)
        }
        self.parent = parent
        let container = CALayer()
        container.frame = CGRect(x: 10, y: 20, width: 190, height: 100)
        parent.rootLayer.addSublayer(container)
        let pane = EmbeddedLayerHost(in: parent, size: CGSize(width: 80, height: 60))
        pane.rootLayer.position = CGPoint(x: 90 + 40, y: 20 + 30)  // frame (90, 20) in the container
        container.addSublayer(pane.rootLayer)
        return pane
    }

    private func pointer(_ kinds: WaylandPointerEvent.Kinds, x: Double, y: Double, held: Set<UInt32> = []) -> WaylandPointerEvent {
        var event = WaylandPointerEvent()
        event.kinds = kinds
        event.x = x
        event.y = y
        event.pressedButtons = held
        return event
    }

    func testPointerFramesOverThePaneReachItInItsSpaceAndAHeldPressStaysWithIt() throws {
        try MainActor.assumeIsolated {
            let pane = try makePane()
            var seen: [WaylandPointerEvent] = []
            pane.didReceivePointerEvent = { seen.append($0) }
            let left = WaylandPointerEvent.ButtonCode.left

            XCTAssertFalse(pane.route(pointer(.motion, x: 50, y: 50)), "left of the pane")
            XCTAssertTrue(seen.isEmpty)
            XCTAssertTrue(pane.route(pointer(.motion, x: 105, y: 45)))
            XCTAssertEqual(seen.last?.x, 5)
            XCTAssertEqual(seen.last?.y, 5)
            XCTAssertEqual(seen.last?.kinds, [.motion, .enter], "the content hears the pointer arrive")
            XCTAssertTrue(pane.route(pointer(.button, x: 105, y: 45, held: [left])))
            // Dragged out of the pane with the button held: still the pane's, until the release.
            XCTAssertTrue(pane.route(pointer(.motion, x: 300, y: 110, held: [left])))
            XCTAssertEqual(seen.last?.x, 200)
            XCTAssertTrue(pane.route(pointer(.button, x: 300, y: 110)))
            XCTAssertEqual(seen.count, 4)
            // The next frame out there is not the pane's: its content hears a leave.
            XCTAssertFalse(pane.route(pointer(.motion, x: 300, y: 110)))
            XCTAssertEqual(seen.count, 5)
            XCTAssertEqual(seen.last?.kinds, .leave)
            XCTAssertFalse(pane.hasPointer)
        }
    }

    func testTouchesThatBeganOnThePaneAreItsUntilTheyEnd() throws {
        try MainActor.assumeIsolated {
            let pane = try makePane()
            var seen: [WaylandTouchEvent] = []
            pane.didReceiveTouchEvent = { seen.append($0) }
            var began = WaylandTouchEvent()
            began.touches = [WaylandTouchEvent.Touch(id: 1, phase: .began, x: 110, y: 50),
                             WaylandTouchEvent.Touch(id: 2, phase: .began, x: 20, y: 20)]
            XCTAssertTrue(pane.route(began))
            XCTAssertEqual(seen.last?.touches.map(\.id), [1], "the touch that began outside is not the pane's")
            XCTAssertEqual(seen.last?.touches.first?.x, 10)
            var moved = WaylandTouchEvent()
            moved.touches = [WaylandTouchEvent.Touch(id: 1, phase: .moved, x: 5, y: 5)]
            XCTAssertTrue(pane.route(moved), "moved out of the pane, still its touch")
            var ended = WaylandTouchEvent()
            ended.touches = [WaylandTouchEvent.Touch(id: 1, phase: .ended, x: 5, y: 5)]
            XCTAssertTrue(pane.route(ended))
            XCTAssertFalse(pane.route(moved), "an ended touch is no longer the pane's")
        }
    }

    func testResizingTellsTheContentAndInvalidatingDropsItsHandlers() throws {
        try MainActor.assumeIsolated {
            let pane = try makePane()
            final class Content {}
            var sizes: [CGSize] = []
            weak var released: Content?
            do {
                let content = Content()
                released = content
                // The content keeps itself alive through the pane's handler, as a demo's shell does.
                pane.didResize = { [content] size in _ = content; sizes.append(size) }
            }
            pane.setContentSize(CGSize(width: 80, height: 60))
            pane.setContentSize(CGSize(width: 90, height: 70))
            XCTAssertEqual(sizes, [CGSize(width: 90, height: 70)], "only a change is told")
            XCTAssertEqual(pane.contentSize, CGSize(width: 90, height: 70))
            XCTAssertNotNil(released)
            pane.invalidate()
            XCTAssertNil(pane.rootLayer.superlayer)
            XCTAssertNil(released, "invalidate releases what the content kept through the pane")
        }
    }
}
#endif
