import Foundation

/// How an observer added with `NotificationCenter.addObserver(_:selector:name:object:)` is called on
/// Linux (a Linux addition; on Apple platforms the selector is sent through the Objective-C runtime).
/// As with `CADisplayLinkTarget` and UIKit's control targets, an observer that adopts this protocol
/// is called with the notification and the selector it was added with (switch on `selector.name`
/// when one observer handles several); any other observer has the method the selector names called
/// with the notification (`SelectorDispatch`), as Objective-C would.
///
/// Notifications are delivered synchronously on the thread that posts them, as on Apple platforms,
/// so the protocol is nonisolated. A main-actor class (a view controller) declares its conformance
/// `@MainActor` (`extension MyController: @MainActor NotificationTarget`) and is then called only
/// for notifications posted on the main actor.
public protocol NotificationTarget: AnyObject {
    func perform(_ selector: Selector, with notification: Notification)
}

/// Selector-based observers, which swift-corelibs-foundation's `NotificationCenter` does not offer
/// (it has only the block-based `addObserver(forName:object:queue:using:)`). Each registration is a
/// block observer of the center whose block holds the observer weakly and calls it through
/// `NotificationTarget`; so posting, name and object matching are Foundation's own.
///
/// Removal: Foundation's `removeObserver(_:)` and `removeObserver(_:name:object:)` take `Any` and
/// only know block tokens; the overloads here take `AnyObject`, which Swift prefers for any class
/// instance (`removeObserver(self)`), remove the selector registrations and then pass the call on
/// to Foundation's, so block tokens are removed as before. A name written `.init("…")` in place
/// makes Swift pick Foundation's method instead: write `Notification.Name("…")` or a constant.
extension NotificationCenter {
    /// Adds `observer` (held weakly, as on Apple platforms since iOS 9, so it need not remove
    /// itself before it goes away) for the notifications named `aName` (nil: all) from
    /// `anObject` (nil: any sender); each one calls the method `aSelector` names (or the observer's
    /// `NotificationTarget` conformance).
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?,
                            object anObject: Any?) {
        // Apple's observer is an object; a value could not be held weakly, nor removed.
        guard type(of: observer) is AnyClass else { return }
        let target = observer as AnyObject
        let registration = SelectorObservation(observer: target, name: aName, object: anObject, center: self)
        let token = addObserver(forName: aName, object: anObject, queue: nil) { [weak registration] notification in
            registration?.deliver(notification, selector: aSelector)
        }
        registration.token = token
        SelectorObservation.registry.add(registration)
    }

    /// Removes every registration of `observer`: its selector observations and, as Foundation does,
    /// the block observer it may be the token of.
    public func removeObserver(_ observer: AnyObject) {
        removeObserver(observer, name: nil, object: nil)
    }

    /// Removes `observer`'s registrations for `aName` (nil: every name) and `anObject` (nil: every
    /// sender), then passes the call on to Foundation's method (block tokens).
    public func removeObserver(_ observer: AnyObject, name aName: NSNotification.Name?, object anObject: Any?) {
        let removed = SelectorObservation.registry.remove(from: self, observer: observer, name: aName, object: anObject)
        for registration in removed {
            if let token = registration.token { removeObserver(token as Any, name: nil, object: nil) }
        }
        removeObserver(observer as Any, name: aName, object: anObject)
    }
}

/// One `addObserver(_:selector:name:object:)` registration: the weakly held observer, what it
/// observes, and the center's block token that delivers to it.
final class SelectorObservation: @unchecked Sendable {
    static let registry = Registry()

    weak var observer: AnyObject?
    let observerID: ObjectIdentifier
    let name: NSNotification.Name?
    /// The sender the registration is limited to (identity only; nil: any).
    let objectID: ObjectIdentifier?
    weak var center: NotificationCenter?
    var token: NSObjectProtocol?

    init(observer: AnyObject, name: NSNotification.Name?, object: Any?, center: NotificationCenter) {
        self.observer = observer
        observerID = ObjectIdentifier(observer)
        self.name = name
        objectID = object.map { ObjectIdentifier($0 as AnyObject) }
        self.center = center
    }

    /// Calls the observer, or, once it has gone away, ends the registration.
    func deliver(_ notification: Notification, selector: Selector) {
        guard let target = observer else {
            SelectorObservation.registry.discard(self)
            if let token, let center { center.removeObserver(token as Any, name: nil, object: nil) }
            return
        }
        if let target = target as? NotificationTarget {
            target.perform(selector, with: notification)
        } else {
            SelectorDispatch.perform(selector, on: target, with: [notification])
        }
    }

    /// Every live registration, across centers (one lock: notifications may be posted on any thread).
    final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var registrations: [SelectorObservation] = []

        func add(_ registration: SelectorObservation) {
            lock.lock()
            defer { lock.unlock() }
            registrations.removeAll { $0.observer == nil }
            registrations.append(registration)
        }

        func discard(_ registration: SelectorObservation) {
            lock.lock()
            defer { lock.unlock() }
            registrations.removeAll { $0 === registration }
        }

        /// Takes out and returns `observer`'s registrations in `center` matching the name and sender.
        func remove(from center: NotificationCenter, observer: AnyObject, name: NSNotification.Name?,
                    object: Any?) -> [SelectorObservation] {
            let id = ObjectIdentifier(observer)
            let objectID = object.map { ObjectIdentifier($0 as AnyObject) }
            lock.lock()
            defer { lock.unlock() }
            var removed: [SelectorObservation] = []
            registrations.removeAll { r in
                guard r.center === center, r.observerID == id, r.observer === observer,
                      name == nil || r.name == name, objectID == nil || r.objectID == objectID else { return false }
                removed.append(r)
                return true
            }
            return removed
        }
    }
}
