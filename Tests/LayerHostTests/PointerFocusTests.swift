import LayerHost
import WaylandShell
import XCTest

/// The enter and leave a receiver is told as the pointer moves between receivers.
final class PointerFocusTests: XCTestCase {
    private enum Receiver { case a, b }

    private func frame(_ kinds: WaylandPointerEvent.Kinds, x: Double = 5) -> WaylandPointerEvent {
        var event = WaylandPointerEvent()
        event.kinds = kinds
        event.x = x
        return event
    }

    func testMovingBetweenReceiversSendsALeaveThenAnEnter() {
        var focus = PointerFocus<Receiver>()
        var log: [(Receiver, WaylandPointerEvent.Kinds, Double)] = []
        let record = { (r: Receiver, e: WaylandPointerEvent) in log.append((r, e.kinds, e.x)) }
        focus.route(frame(.motion, x: 1), to: .a, send: record)
        focus.route(frame(.motion, x: 2), to: .a, send: record)
        focus.route(frame(.motion, x: 3), to: .b, send: record)
        focus.route(frame(.motion, x: 4), to: nil, send: record)
        focus.route(frame(.leave, x: 5), to: .a, send: record)
        XCTAssertEqual(log.map { $0.0 }, [.a, .a, .a, .b, .b])
        XCTAssertEqual(log.map { $0.1 }, [[.motion, .enter], .motion, .leave, [.motion, .enter], .leave])
        XCTAssertEqual(log.map { $0.2 }, [1, 2, 3, 3, 4], "a leave is at the position of the frame that caused it")
        XCTAssertNil(focus.receiver, "a frame leaving the window goes to no receiver")
    }
}
