import QuartzCore
@testable import UIKit
import XCTest

/// XCTest on Linux cannot discover `@MainActor` test classes: the class is nonisolated and its
/// bodies run as main-thread code through `MainActor.assumeIsolated`.
final class ResponderTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { _ = UIResponder.current?.resignFirstResponder() }
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testTouchesGoToTheHitViewAndUnhandledOnesReachTheSuperview() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let parent = RecordingView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))   // handles nothing
        window.addSubview(parent)
        parent.addSubview(child)
        CATransaction.flush()
        var seenView: UIView?
        let probe = RecordingView(frame: .zero)
        _ = probe
        window.touch(1, .began, 70, 70, at: 1)
        seenView = window.activeTouches.first?.touch.view
        window.touch(1, .moved, 280, 280, at: 1.1)   // outside both views: still the same view
        window.touch(1, .ended, 280, 280, at: 1.2)
        XCTAssertTrue(seenView === child)
        XCTAssertEqual(parent.log, ["began", "moved", "ended"])
        XCTAssertEqual(parent.locations, [CGPoint(x: 20, y: 20)])
        _ = renderer
    } }

    func testTouchLocationsAndPhases() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let v = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(v)
        CATransaction.flush()
        final class Catcher: UIView {
            nonisolated(unsafe) var seen: [(UITouch.Phase, CGPoint, CGPoint, Int)] = []
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) { record(t, e) }
            override func touchesMoved(_ t: Set<UITouch>, with e: UIEvent?) { record(t, e) }
            override func touchesEnded(_ t: Set<UITouch>, with e: UIEvent?) { record(t, e) }
            func record(_ t: Set<UITouch>, _ e: UIEvent?) {
                let touch = t.first!
                seen.append((touch.phase, touch.location(in: self), touch.previousLocation(in: self), e?.allTouches?.count ?? 0))
            }
        }
        let c = Catcher(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        v.addSubview(c)
        CATransaction.flush()
        window.touch(3, .began, 110, 120, at: 1)
        window.touch(3, .moved, 130, 125, at: 1.02)
        window.touch(3, .ended, 130, 125, at: 1.04)
        XCTAssertEqual(c.seen.map(\.0), [.began, .moved, .ended])
        XCTAssertEqual(c.seen[1].1, CGPoint(x: 30, y: 25))
        XCTAssertEqual(c.seen[1].2, CGPoint(x: 10, y: 20))
        XCTAssertEqual(c.seen.map(\.3), [1, 1, 1])
        XCTAssertTrue(window.activeTouches.isEmpty)
        _ = renderer
    } }

    func testTapCountCountsQuickTapsAtTheSamePlace() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(v)
        CATransaction.flush()
        window.tap(100, 100, at: 1, type: .indirectPointer)
        window.tap(103, 101, at: 1.2, type: .indirectPointer)    // double click
        window.tap(103, 101, at: 1.4, type: .indirectPointer)    // triple
        window.tap(103, 101, at: 3, type: .indirectPointer)      // too late
        window.tap(100, 100, at: 3.2, type: .indirectPointer)
        window.tap(200, 200, at: 3.4, type: .indirectPointer)    // too far
        XCTAssertEqual(v.tapCounts, [1, 2, 3, 1, 2, 1])
        _ = renderer
    } }

    func testKeysGoToTheFirstResponderOrTheWindow() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let v = RecordingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(v)
        let q = UIKey(keyCode: UIKeyboardHIDUsage(linuxKeyCode: 16), characters: "Q", charactersIgnoringModifiers: "q",
                      modifierFlags: .shift)
        XCTAssertEqual(q.keyCode, UIKeyboardHIDUsage(rawValue: 0x14))   // HID q
        XCTAssertFalse(v.becomeFirstResponder())
        v.acceptsFirstResponder = true
        XCTAssertTrue(v.becomeFirstResponder())
        XCTAssertTrue(v.isFirstResponder)
        window.dispatchKey(q, isDown: true, timestamp: 1)
        window.dispatchKey(q, isDown: true, timestamp: 1.5)   // a repeat: no second began
        window.dispatchKey(q, isDown: false, timestamp: 2)
        XCTAssertEqual(v.log, ["pressesBegan q", "pressesEnded q"])
        XCTAssertEqual(UIKeyboardHIDUsage(linuxKeyCode: 103), .keyboardUpArrow)
        XCTAssertEqual(UIKeyboardHIDUsage(linuxKeyCode: 2), .keyboard1)
        XCTAssertEqual(UIKeyboardHIDUsage(linuxKeyCode: 30), .keyboardA)
        _ = renderer
    } }

    func testUnhandledPressesTravelUpTheChain() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let parent = RecordingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        final class Focusable: UIView { override var canBecomeFirstResponder: Bool { true } }
        let child = Focusable(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        window.addSubview(parent)
        parent.addSubview(child)
        XCTAssertTrue(child.becomeFirstResponder())
        let up = UIKey(keyCode: .keyboardUpArrow, characters: "", charactersIgnoringModifiers: "up", modifierFlags: [])
        window.dispatchKey(up, isDown: true, timestamp: 1)
        window.dispatchKey(up, isDown: false, timestamp: 1.1)
        XCTAssertEqual(parent.log, ["pressesBegan up", "pressesEnded up"])
        _ = renderer
    } }
}
