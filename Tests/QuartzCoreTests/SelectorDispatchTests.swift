import Foundation
@testable import QuartzCore
import XCTest

/// Targets written as for Apple's platforms, adopting none of the library's protocols.
class StepCounter: NSObject {
    var log: [String] = []
    func step() { log.append("step") }
    func step(_ link: CADisplayLink) { log.append("step(link)") }
    func tick(timer: Timer) { log.append("tick \(timer.timeInterval)") }
    func received(_ notification: Notification) { log.append("got \(notification.name.rawValue) \(notification.userInfo?["n"] ?? "-")") }
    func anything(_ sender: Any?) { log.append("anything \(sender.map { "\(type(of: $0))" } ?? "nil")") }
    func two(_ first: NSObject, second: AnyObject?) { log.append("two \(second == nil ? "nil" : "object")") }
    func returnsAValue() -> Int { 1 }
    func takesAnInt(_ n: Int) { log.append("int") }
}

final class LoudStepCounter: StepCounter {
    override func step() { log.append("loud step") }
}

private final class PrivateTarget {
    var calls = 0
    func ping() { calls += 1 }
}

enum Outer {
    final class Nested {
        var calls = 0
        func ping(_ sender: AnyObject) { calls += 1 }
    }
}

/// `SelectorDispatch`: a selector sent to any object calls the method it names, as Objective-C's
/// runtime does for target-action on Apple's platforms.
final class SelectorDispatchTests: XCTestCase {
    func testObjectiveCAndSwiftSpellingsCallTheNamedMethod() {
        let target = StepCounter()
        XCTAssertTrue(SelectorDispatch.perform(Selector("step"), on: target))
        XCTAssertTrue(SelectorDispatch.perform(Selector("anything:"), on: target, with: [target]))
        XCTAssertTrue(SelectorDispatch.perform(Selector("anything(_:)"), on: target, with: [nil]))
        XCTAssertTrue(SelectorDispatch.perform(Selector("two:second:"), on: target, with: [target, nil]))
        XCTAssertEqual(target.log, ["step", "anything StepCounter", "anything nil", "two nil"])
    }

    func testAnOverrideIsCalledAndInheritedMethodsAreFound() {
        let loud = LoudStepCounter()
        XCTAssertTrue(SelectorDispatch.perform(Selector("step"), on: loud))
        XCTAssertTrue(SelectorDispatch.perform(Selector("anything:"), on: loud, with: [1]))
        XCTAssertEqual(loud.log, ["loud step", "anything Int"])
    }

    func testPrivateAndNestedClassesAreTargetsToo() {
        let hidden = PrivateTarget()
        XCTAssertTrue(SelectorDispatch.perform(Selector("ping"), on: hidden))
        let nested = Outer.Nested()
        XCTAssertTrue(SelectorDispatch.perform(Selector("ping:"), on: nested, with: [hidden]))
        XCTAssertEqual(hidden.calls, 1)
        XCTAssertEqual(nested.calls, 1)
    }

    func testMethodsThatCannotBeCalledSoAreRefused() {
        let target = StepCounter()
        XCTAssertFalse(SelectorDispatch.perform(Selector("missing"), on: target))
        XCTAssertFalse(SelectorDispatch.perform(Selector("returnsAValue"), on: target), "a result would be lost")
        XCTAssertFalse(SelectorDispatch.perform(Selector("takesAnInt:"), on: target, with: [3]), "not a pointer")
        XCTAssertFalse(SelectorDispatch.perform(Selector("step:"), on: target, with: [target]),
                       "a StepCounter is not a CADisplayLink")
        XCTAssertFalse(SelectorDispatch.responds(target, to: Selector("missing")))
        XCTAssertTrue(target.log.isEmpty)
    }

    func testATimerCallsItsTargetWithItself() {
        let target = StepCounter()
        let timer = Timer(timeInterval: 0.5, target: target, selector: Selector("tickWithTimer:"), userInfo: nil, repeats: true)
        timer.fire()
        timer.fire()
        timer.invalidate()
        XCTAssertEqual(target.log, ["tick 0.5", "tick 0.5"])
        let scheduled = Timer.scheduledTimer(timeInterval: 0.01, target: target, selector: Selector("step"),
                                             userInfo: nil, repeats: false)
        let deadline = Date(timeIntervalSinceNow: 5)
        while target.log.count < 3, Date() < deadline { RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.01)) }
        XCTAssertEqual(target.log.last, "step")
        XCTAssertFalse(scheduled.isValid)
    }

    func testAnObserverWithASelectorIsCalledWithTheNotification() {
        let target = StepCounter()
        let center = NotificationCenter()
        let name = Notification.Name("SelectorDispatchTests.ping")
        center.addObserver(target, selector: Selector("received:"), name: name, object: nil)
        center.post(name: name, object: nil, userInfo: ["n": 7])
        center.removeObserver(target)
        center.post(name: name, object: nil)
        XCTAssertEqual(target.log, ["got SelectorDispatchTests.ping 7"])
    }

    func testADisplayLinkCallsItsTargetWithItself() {
        let target = StepCounter()
        let link = CADisplayLink(target: target, selector: Selector("step:"))
        link.add(to: .main, forMode: .default)
        let deadline = Date(timeIntervalSinceNow: 5)
        while target.log.isEmpty, Date() < deadline { RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.01)) }
        link.invalidate()
        XCTAssertEqual(target.log.first, "step(link)")
    }
}
