import QuartzCore
@testable import UIKit
import XCTest

/// A view that writes its lifecycle calls to a shared log.
final class LifecycleLoggingView: UIView {
    nonisolated(unsafe) var name = ""
    nonisolated(unsafe) var log: LifecycleLog?
    nonisolated(unsafe) var seenWindowInDidMove: [UIWindow?] = []

    convenience init(_ name: String, _ log: LifecycleLog) {
        self.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        self.name = name
        self.log = log
    }

    private func label(_ view: UIView?) -> String {
        guard let view else { return "nil" }
        return (view as? LifecycleLoggingView)?.name ?? (view is UIWindow ? "window" : "view")
    }

    override func willMove(toSuperview newSuperview: UIView?) { log?.add("\(name).willMove(toSuperview: \(label(newSuperview)))") }
    override func didMoveToSuperview() { log?.add("\(name).didMoveToSuperview \(label(superview))") }
    override func willMove(toWindow newWindow: UIWindow?) { log?.add("\(name).willMove(toWindow: \(label(newWindow)))") }
    override func didMoveToWindow() {
        seenWindowInDidMove.append(window)
        log?.add("\(name).didMoveToWindow")
    }
    override func didAddSubview(_ subview: UIView) { log?.add("\(name).didAddSubview(\(label(subview)))") }
    override func willRemoveSubview(_ subview: UIView) { log?.add("\(name).willRemoveSubview(\(label(subview)))") }
}

final class LifecycleLog: @unchecked Sendable {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    func take() -> [String] { defer { entries = [] }; return entries }
}

/// XCTest on Linux cannot discover `@MainActor` test classes: the class is nonisolated and its
/// bodies run as main-thread code through `MainActor.assumeIsolated`.
final class UIViewLifecycleTests: XCTestCase {
    func testAddingToAWindowTellsTheWholeSubtreeInOrder() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let parent = LifecycleLoggingView("parent", log)
        window.addSubview(parent)
        XCTAssertEqual(log.take(), ["parent.willMove(toSuperview: window)", "parent.willMove(toWindow: window)",
                                    "parent.didMoveToWindow", "parent.didMoveToSuperview window"])
        let child = LifecycleLoggingView("child", log)
        let grandchild = LifecycleLoggingView("grandchild", log)
        child.addSubview(grandchild)
        XCTAssertEqual(log.take(), ["grandchild.willMove(toSuperview: child)", "grandchild.didMoveToSuperview child",
                                    "child.didAddSubview(grandchild)"], "no window: no window calls")
        parent.addSubview(child)
        XCTAssertEqual(log.take(), [
            "child.willMove(toSuperview: parent)",
            "child.willMove(toWindow: window)", "grandchild.willMove(toWindow: window)",
            "child.didMoveToWindow", "grandchild.didMoveToWindow",
            "child.didMoveToSuperview parent",
            "parent.didAddSubview(child)",
        ])
        XCTAssertTrue(grandchild.window === window)
        XCTAssertTrue(grandchild.seenWindowInDidMove.last! === window, "the window is set when didMoveToWindow runs")

        child.removeFromSuperview()
        XCTAssertEqual(log.take(), [
            "child.willMove(toSuperview: nil)",
            "child.willMove(toWindow: nil)", "grandchild.willMove(toWindow: nil)",
            "parent.willRemoveSubview(child)",
            "child.didMoveToWindow", "grandchild.didMoveToWindow",
            "child.didMoveToSuperview nil",
        ])
        XCTAssertNil(grandchild.window)
        XCTAssertNil(grandchild.seenWindowInDidMove.last!)
    } }

    func testMovingBetweenSuperviewsOfOneWindowKeepsTheWindow() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = LifecycleLoggingView("a", log), b = LifecycleLoggingView("b", log), v = LifecycleLoggingView("v", log)
        window.addSubview(a)
        window.addSubview(b)
        a.addSubview(v)
        _ = log.take()
        b.insertSubview(v, at: 0)
        XCTAssertEqual(log.take(), ["v.willMove(toSuperview: b)", "a.willRemoveSubview(v)", "v.didMoveToSuperview b",
                                    "b.didAddSubview(v)"])
        XCTAssertTrue(v.superview === b)
        XCTAssertTrue(a.subviews.isEmpty)
    } }

    func testReorderingSiblingsIsNotAMove() { MainActor.assumeIsolated {
        let log = LifecycleLog()
        let parent = LifecycleLoggingView("parent", log)
        let a = LifecycleLoggingView("a", log), b = LifecycleLoggingView("b", log)
        parent.addSubview(a)
        parent.addSubview(b)
        _ = log.take()
        parent.bringSubviewToFront(a)
        parent.sendSubviewToBack(a)
        parent.insertSubview(b, belowSubview: a)
        XCTAssertEqual(log.take(), [])
        XCTAssertEqual(parent.subviews.map(ObjectIdentifier.init), [b, a].map(ObjectIdentifier.init))
        XCTAssertEqual(parent.layer.sublayers?.map(ObjectIdentifier.init), [b, a].map { ObjectIdentifier($0.layer) })
    } }

    func testWindowPropertyFollowsTheHierarchy() { MainActor.assumeIsolated {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(), b = UIView()
        a.addSubview(b)
        XCTAssertNil(b.window)
        window.addSubview(a)
        XCTAssertTrue(b.window === window)
        XCTAssertTrue(window.window === window)
        a.removeFromSuperview()
        XCTAssertNil(b.window)
    } }

    func testSizingDefaults() { MainActor.assumeIsolated {
        XCTAssertEqual(UIView.noIntrinsicMetric, -1)
        let v = UIView(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
        XCTAssertEqual(v.intrinsicContentSize, CGSize(width: -1, height: -1))
        XCTAssertEqual(v.sizeThatFits(CGSize(width: 500, height: 500)), CGSize(width: 30, height: 40),
                       "the current size, whatever is offered")
        v.sizeToFit()
        XCTAssertEqual(v.frame, CGRect(x: 5, y: 6, width: 30, height: 40))

        final class Fitting: UIView {
            override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 50, height: 20) }
        }
        let f = Fitting(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
        f.sizeToFit()
        XCTAssertEqual(f.frame, CGRect(x: 5, y: 6, width: 50, height: 20), "sizeToFit keeps the origin")
    } }

    func testInvalidatingTheIntrinsicSizeLaysOutTheSuperview() { MainActor.assumeIsolated {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView()
        parent.addSubview(child)
        parent.layoutIfNeeded()
        XCTAssertFalse(parent.layer.needsLayout())
        child.invalidateIntrinsicContentSize()
        XCTAssertTrue(parent.layer.needsLayout())
    } }
}
