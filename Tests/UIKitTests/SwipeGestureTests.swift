import QuartzCore
@testable import UIKit
import XCTest

/// Swipe and screen-edge pan recognition from synthetic touch streams.
final class SwipeGestureTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    @MainActor private final class StateLog {
        var states: [UIGestureRecognizer.State] = []
    }

    @MainActor private func makeSwipe(_ direction: UISwipeGestureRecognizer.Direction? = nil)
        -> (UIWindow, UISwipeGestureRecognizer, StateLog, CARenderer) {
        let (window, renderer) = makeRenderedWindow()
        let v = UIView(frame: window.bounds)
        window.addSubview(v)
        let log = StateLog()
        let swipe = UISwipeGestureRecognizer { log.states.append($0.state) }
        if let direction { swipe.direction = direction }
        v.addGestureRecognizer(swipe)
        CATransaction.flush()
        return (window, swipe, log, renderer)
    }

    func testDefaults() { MainActor.assumeIsolated {
        let swipe = UISwipeGestureRecognizer()
        XCTAssertEqual(swipe.direction, .right)
        XCTAssertEqual(swipe.numberOfTouchesRequired, 1)
        XCTAssertEqual(UISwipeGestureRecognizer.Direction.down.rawValue, 8)
        XCTAssertEqual(UIScreenEdgePanGestureRecognizer().edges, [])
        XCTAssertEqual(UIRectEdge.all.rawValue, 15)
    } }

    func testAQuickRightSwipeIsRecognizedDuringTheMove() { MainActor.assumeIsolated {
        let (window, swipe, log, renderer) = makeSwipe()
        window.touch(0, .began, 50, 100, at: 1)
        window.touch(0, .moved, 80, 103, at: 1.05)
        XCTAssertEqual(log.states, [], "30 points are not enough")
        window.touch(0, .moved, 120, 106, at: 1.1)
        XCTAssertEqual(log.states, [.recognized])
        window.touch(0, .ended, 130, 106, at: 1.15)
        XCTAssertEqual(log.states, [.recognized])
        XCTAssertEqual(swipe.direction, .right, "the directions asked for, as Apple's")
        _ = renderer
    } }

    func testWrongDirectionSlowOrCrookedSwipesFail() { MainActor.assumeIsolated {
        let (window, swipe, log, renderer) = makeSwipe()
        // Left, while only right counts.
        window.touch(0, .began, 200, 100, at: 1)
        window.touch(0, .moved, 120, 100, at: 1.1)
        window.touch(0, .ended, 120, 100, at: 1.2)
        // Too slow: past 0.5 s.
        window.touch(0, .began, 50, 100, at: 2)
        window.touch(0, .moved, 60, 100, at: 2.3)
        window.touch(0, .moved, 150, 100, at: 2.7)
        window.touch(0, .ended, 150, 100, at: 2.8)
        // Too crooked: 60 right and 40 down.
        window.touch(0, .began, 50, 100, at: 3)
        window.touch(0, .moved, 110, 140, at: 3.1)
        window.touch(0, .ended, 110, 140, at: 3.2)
        // Lifted before going far enough.
        window.touch(0, .began, 50, 100, at: 4)
        window.touch(0, .moved, 70, 100, at: 4.05)
        window.touch(0, .ended, 70, 100, at: 4.1)
        XCTAssertEqual(log.states, [])
        // Left counts once asked for; up with both vertical directions.
        swipe.direction = [.left, .up]
        window.touch(0, .began, 200, 100, at: 5)
        window.touch(0, .moved, 120, 100, at: 5.1)
        window.touch(0, .ended, 120, 100, at: 5.2)
        window.touch(0, .began, 100, 200, at: 6)
        window.touch(0, .moved, 100, 120, at: 6.1)
        window.touch(0, .ended, 100, 120, at: 6.2)
        XCTAssertEqual(log.states, [.recognized, .recognized])
        _ = renderer
    } }

    func testTwoFingerSwipeNeedsTwoFingers() { MainActor.assumeIsolated {
        let (window, swipe, log, renderer) = makeSwipe(.down)
        swipe.numberOfTouchesRequired = 2
        // One finger: nothing.
        window.touch(0, .began, 100, 50, at: 1)
        window.touch(0, .moved, 100, 150, at: 1.1)
        window.touch(0, .ended, 100, 150, at: 1.2)
        XCTAssertEqual(log.states, [])
        window.dispatchTouches([.init(id: 1, phase: .began, location: CGPoint(x: 100, y: 50)),
                                .init(id: 2, phase: .began, location: CGPoint(x: 140, y: 50))], timestamp: 2)
        window.dispatchTouches([.init(id: 1, phase: .moved, location: CGPoint(x: 100, y: 120)),
                                .init(id: 2, phase: .moved, location: CGPoint(x: 140, y: 120))], timestamp: 2.1)
        XCTAssertEqual(log.states, [.recognized])
        window.dispatchTouches([.init(id: 1, phase: .ended, location: CGPoint(x: 100, y: 120)),
                                .init(id: 2, phase: .ended, location: CGPoint(x: 140, y: 120))], timestamp: 2.2)
        _ = renderer
    } }

    func testEdgePanBeginsOnlyFromItsEdges() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let v = UIView(frame: window.bounds)
        window.addSubview(v)
        let log = StateLog()
        var translations: [CGPoint] = []
        let edge = UIScreenEdgePanGestureRecognizer {
            log.states.append($0.state)
            translations.append(($0 as! UIScreenEdgePanGestureRecognizer).translation(in: v))
        }
        edge.edges = .left
        v.addGestureRecognizer(edge)
        CATransaction.flush()
        // From the middle: no pan.
        window.touch(0, .began, 150, 150, at: 1)
        window.touch(0, .moved, 200, 150, at: 1.1)
        window.touch(0, .ended, 200, 150, at: 1.2)
        // From the right edge, which is not one of its edges.
        window.touch(0, .began, 295, 150, at: 2)
        window.touch(0, .moved, 250, 150, at: 2.1)
        window.touch(0, .ended, 250, 150, at: 2.2)
        XCTAssertEqual(log.states, [])
        // From the left edge.
        window.touch(0, .began, 5, 150, at: 3)
        window.touch(0, .moved, 40, 150, at: 3.1)
        window.touch(0, .moved, 60, 152, at: 3.2)
        window.touch(0, .ended, 60, 152, at: 3.3)
        XCTAssertEqual(log.states, [.began, .changed, .ended])
        XCTAssertEqual(translations.last, CGPoint(x: 55, y: 2))
        _ = renderer
    } }
}
