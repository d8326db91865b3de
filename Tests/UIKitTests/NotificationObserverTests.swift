import Foundation
import QuartzCore
import UIKit
import XCTest

/// `NotificationCenter.addObserver(_:selector:name:object:)` on Linux: delivery through
/// `NotificationTarget` with the selector, Foundation's name and sender matching, removal by the
/// `AnyObject` overloads, weakly held observers.
final class NotificationObserverTests: XCTestCase {
    /// Records what it is called with.
    final class Observer: NotificationTarget {
        var calls: [(selector: String, name: String, object: AnyObject?)] = []
        func perform(_ selector: Selector, with notification: Notification) {
            calls.append((selector.name, notification.name.rawValue, notification.object as AnyObject?))
        }
    }

    /// Adopts nothing: kept, never called.
    final class Bystander {}

    private let center = NotificationCenter()
    private let ping = Notification.Name("ping")
    private let pong = Notification.Name("pong")

    func testTheObserverIsCalledWithItsSelectorAndTheNotification() {
        let observer = Observer()
        center.addObserver(observer, selector: "didPing:", name: ping, object: nil)
        let sender = NSObject()
        center.post(name: ping, object: sender)
        center.post(name: pong, object: sender)
        XCTAssertEqual(observer.calls.map(\.selector), ["didPing:"])
        XCTAssertEqual(observer.calls.first?.name, "ping")
        XCTAssertTrue(observer.calls.first?.object === sender)
    }

    func testANilNameObservesEveryNameAndAnObjectLimitsTheSender() {
        let all = Observer(), fromA = Observer()
        let a = NSObject(), b = NSObject()
        center.addObserver(all, selector: "any:", name: nil, object: nil)
        center.addObserver(fromA, selector: "fromA:", name: ping, object: a)
        center.post(name: ping, object: a)
        center.post(name: ping, object: b)
        center.post(name: pong, object: a)
        XCTAssertEqual(all.calls.map(\.name), ["ping", "ping", "pong"])
        XCTAssertEqual(fromA.calls.count, 1)
        XCTAssertTrue(fromA.calls.first?.object === a)
    }

    func testAddingTwiceDeliversTwiceAndSelectorsTellTheRegistrationsApart() {
        let observer = Observer()
        center.addObserver(observer, selector: "first:", name: ping, object: nil)
        center.addObserver(observer, selector: "second:", name: ping, object: nil)
        center.post(name: ping, object: nil)
        XCTAssertEqual(Set(observer.calls.map(\.selector)), ["first:", "second:"])
    }

    func testRemoveObserverRemovesEveryRegistration() {
        let observer = Observer()
        center.addObserver(observer, selector: "a:", name: ping, object: nil)
        center.addObserver(observer, selector: "b:", name: pong, object: nil)
        center.removeObserver(observer)
        center.post(name: ping, object: nil)
        center.post(name: pong, object: nil)
        XCTAssertTrue(observer.calls.isEmpty)
    }

    func testRemoveObserverByNameAndObjectRemovesOnlyThose() {
        let observer = Observer()
        let a = NSObject(), b = NSObject()
        center.addObserver(observer, selector: "ping:", name: ping, object: nil)
        center.addObserver(observer, selector: "pongA:", name: pong, object: a)
        center.addObserver(observer, selector: "pongB:", name: pong, object: b)
        center.removeObserver(observer, name: pong, object: a)
        center.post(name: ping, object: nil)
        center.post(name: pong, object: a)
        center.post(name: pong, object: b)
        XCTAssertEqual(observer.calls.map(\.selector), ["ping:", "pongB:"])
        observer.calls = []
        center.removeObserver(observer, name: ping, object: nil)
        center.post(name: ping, object: nil)
        center.post(name: pong, object: b)
        XCTAssertEqual(observer.calls.map(\.selector), ["pongB:"])
    }

    func testRemovalInAnotherCenterLeavesThisOne() {
        let observer = Observer()
        center.addObserver(observer, selector: "ping:", name: ping, object: nil)
        NotificationCenter().removeObserver(observer)
        center.post(name: ping, object: nil)
        XCTAssertEqual(observer.calls.count, 1)
    }

    func testObserversAreHeldWeakly() {
        weak var gone: Observer?
        do {
            let observer = Observer()
            gone = observer
            center.addObserver(observer, selector: "ping:", name: ping, object: nil)
        }
        XCTAssertNil(gone, "the center does not keep the observer alive")
        center.post(name: ping, object: nil)   // must not crash; ends the registration
        let survivor = Observer()
        center.addObserver(survivor, selector: "ping:", name: ping, object: nil)
        center.post(name: ping, object: nil)
        XCTAssertEqual(survivor.calls.count, 1)
    }

    func testAnObserverThatAdoptsNothingIsKeptButNotCalled() {
        let bystander = Bystander()
        center.addObserver(bystander, selector: "ping:", name: ping, object: nil)
        center.post(name: ping, object: nil)   // nothing to call, nothing to crash
        center.removeObserver(bystander)
    }

    func testBlockObserversAreStillRemovedThroughTheObjectOverloads() {
        final class Count: @unchecked Sendable { var value = 0 }
        let count = Count()
        let token = center.addObserver(forName: ping, object: nil, queue: nil) { _ in count.value += 1 }
        center.post(name: ping, object: nil)
        center.removeObserver(token)
        center.post(name: ping, object: nil)
        XCTAssertEqual(count.value, 1)
        let token2 = center.addObserver(forName: pong, object: nil, queue: nil) { _ in count.value += 1 }
        center.removeObserver(token2, name: pong, object: nil)
        center.post(name: pong, object: nil)
        XCTAssertEqual(count.value, 1)
    }

    func testTheDefaultCenterDeliversToSelectorObservers() {
        let observer = Observer()
        let name = Notification.Name("NotificationObserverTests.default")
        NotificationCenter.default.addObserver(observer, selector: "note:", name: name, object: nil)
        NotificationCenter.default.post(name: name, object: nil)
        NotificationCenter.default.removeObserver(observer)
        NotificationCenter.default.post(name: name, object: nil)
        XCTAssertEqual(observer.calls.map(\.selector), ["note:"])
    }
}
