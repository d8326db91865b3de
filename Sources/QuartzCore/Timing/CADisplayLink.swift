import Foundation

/// A selector name: Objective-C's spelling (`tap:`, `tapWithSender:`) or Swift's (`tap(_:)`). Linux
/// has no Objective-C runtime; target-action calls the method it names through `SelectorDispatch`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }
    public var description: String { name }
}

/// How a `CADisplayLink(target:selector:)` target may be called on Linux (a Linux addition; on Apple
/// platforms the selector is sent through the Objective-C runtime). Any other target has the method
/// the selector names called with the link (`SelectorDispatch`).
public protocol CADisplayLinkTarget: AnyObject {
    func displayLinkDidFire(_ link: CADisplayLink, selector: Selector)
}

/// The range of frame rates a display link would like (frames per second; 0 means no preference).
public struct CAFrameRateRange: Equatable, Sendable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?

    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    public init(minimum: Float, maximum: Float, __preferred: Float) {
        self.init(minimum: minimum, maximum: maximum, preferred: __preferred)
    }

    /// No preference: the display's rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)

    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}

/// A timer that fires once per frame of the display, in step with the compositor.
///
/// While a link is added to a run loop and not paused, the window keeps asking the compositor for
/// frames; each frame's callback is delivered on that run loop with `timestamp` (the time of the
/// frame that was last shown), `targetTimestamp` (when the next one will be shown) and `duration`
/// (the refresh interval), all on the `CACurrentMediaTime()` clock. Without a window, links run
/// from a 60 Hz run-loop timer.
open class CADisplayLink: NSObject {
    private let fire: (CADisplayLink) -> Void
    /// What the render threads read when a frame begins, written by the link's owner: under `lock`.
    private struct Schedule {
        var runLoops: [(RunLoop, RunLoop.Mode)] = []
        var isPaused = false
        var preferredFramesPerSecond = 0
        var preferredFrameRateRange = CAFrameRateRange.default
        var frameInterval = 1
        var skipped = 0
    }
    private let lock = NSLock()
    private var schedule = Schedule()
    private func withSchedule<T>(_ body: (inout Schedule) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&schedule)
    }

    /// The order links were made in (offscreen frames call them in it).
    let order = CADisplayLink.nextOrder()
    nonisolated(unsafe) private static var madeCount = 0
    private static let orderLock = NSLock()
    private static func nextOrder() -> Int {
        orderLock.lock(); defer { orderLock.unlock() }
        madeCount += 1
        return madeCount
    }

    /// The time of the last frame shown (0 before the first callback). Written on the link's run
    /// loop just before each callback, so the callback reads its own frame's times.
    open private(set) var timestamp: CFTimeInterval = 0
    /// When the frame being prepared will be shown.
    open private(set) var targetTimestamp: CFTimeInterval = 0
    /// The interval between frames.
    open private(set) var duration: CFTimeInterval = 0
    /// Stops callbacks without removing the link.
    open var isPaused: Bool {
        get { withSchedule { $0.isPaused } }
        set {
            withSchedule { $0.isPaused = newValue }
            DisplayLinkClock.shared.linksChanged()
        }
    }
    /// The wanted rate (0: the display's); callbacks are skipped to approximate it.
    open var preferredFramesPerSecond: Int {
        get { withSchedule { $0.preferredFramesPerSecond } }
        set { withSchedule { $0.preferredFramesPerSecond = newValue } }
    }
    open var preferredFrameRateRange: CAFrameRateRange {
        get { withSchedule { $0.preferredFrameRateRange } }
        set { withSchedule { $0.preferredFrameRateRange = newValue } }
    }
    /// The number of frames between callbacks (deprecated on Apple platforms).
    open var frameInterval: Int {
        get { withSchedule { $0.frameInterval } }
        set { withSchedule { $0.frameInterval = newValue } }
    }

    /// A link that calls the method `sel` names on `target` with the link each frame (or, when the
    /// target adopts `CADisplayLinkTarget`, calls it through that). The target is held weakly.
    public init(target: Any, selector sel: Selector) {
        weak let weakTarget = target as AnyObject
        fire = { link in
            guard let target = weakTarget else { return }
            if let t = target as? CADisplayLinkTarget {
                t.displayLinkDidFire(link, selector: sel)
            } else {
                SelectorDispatch.perform(sel, on: target, with: [link])
            }
        }
        super.init()
    }

    /// A link that calls `handler` each frame (a Linux addition).
    public init(handler: @escaping (CADisplayLink) -> Void) {
        fire = handler
        super.init()
    }

    /// Starts callbacks on `runloop` in `mode`.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        withSchedule { $0.runLoops.append((runloop, mode)) }
        DisplayLinkClock.shared.add(self)
    }

    /// Stops callbacks on `runloop` in `mode`.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let none = withSchedule { schedule -> Bool in
            schedule.runLoops.removeAll { $0.0 === runloop && $0.1 == mode }
            return schedule.runLoops.isEmpty
        }
        if none { DisplayLinkClock.shared.remove(self) }
    }

    /// Removes the link from every run loop; it never fires again.
    open func invalidate() {
        withSchedule { $0.runLoops = [] }
        DisplayLinkClock.shared.remove(self)
    }

    var isActive: Bool { withSchedule { !$0.isPaused && !$0.runLoops.isEmpty } }

    /// One frame (from any thread: each window's render thread reports its frames): decides, under
    /// the link's lock, whether this frame is one the link's rate calls back for, then calls the
    /// target on its run loops with the frame's times (`synchronously`: now, on this thread, for an
    /// offscreen frame).
    func frame(timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval, duration: CFTimeInterval,
               synchronously: Bool = false) {
        let due = withSchedule { schedule -> (every: Int, runLoops: [(RunLoop, RunLoop.Mode)])? in
            guard !schedule.isPaused, !schedule.runLoops.isEmpty else { return nil }
            let rangeRate = Int(schedule.preferredFrameRateRange.preferred ?? 0)
            let rate = rangeRate > 0 ? rangeRate : schedule.preferredFramesPerSecond
            let every = max(schedule.frameInterval, rate > 0 && duration > 0 ? Int((1 / duration / Double(rate)).rounded()) : 1)
            schedule.skipped += 1
            guard schedule.skipped >= every else { return nil }
            schedule.skipped = 0
            return (every, schedule.runLoops)
        }
        guard let due else { return }
        let times = (timestamp, targetTimestamp, duration * Double(due.every))
        if synchronously {
            (self.timestamp, self.targetTimestamp, self.duration) = times
            fire(self)
            return
        }
        for (runLoop, mode) in due.runLoops {
            runLoop.perform(inModes: [mode]) { [weak self] in
                guard let self, self.isActive else { return }
                (self.timestamp, self.targetTimestamp, self.duration) = times
                self.fire(self)
            }
        }
    }
}

/// Drives display links: frames reported by windows (`frameDidBegin`), or a 60 Hz timer on the
/// main run loop while no window reports frames. With several windows, links fire once per
/// refresh: a frame of another window whose target time falls within half a refresh of the last
/// one fired is the same refresh seen twice.
package final class DisplayLinkClock {
    package static let shared = DisplayLinkClock()

    private let lock = NSLock()
    private var links: [ObjectIdentifier: CADisplayLink] = [:]
    private var lastWindowFrame: CFTimeInterval = -.infinity
    private var lastFiredTarget: CFTimeInterval = -.infinity
    private var lastSource: ObjectIdentifier?
    private var timer: Timer?
    private var activityObservers: [(id: Int, observer: (Bool) -> Void)] = []
    private var nextObserverID = 0

    /// Calls `observer` (on any thread) when links start or stop needing frames, so that a window
    /// can ask its compositor for frame callbacks; until the returned observation is cancelled.
    package func addActivityObserver(_ observer: @escaping (Bool) -> Void) -> ActivityObservation {
        lock.lock(); defer { lock.unlock() }
        nextObserverID += 1
        activityObservers.append((nextObserverID, observer))
        return ActivityObservation(clock: self, id: nextObserverID)
    }

    fileprivate func removeActivityObserver(_ id: Int) {
        lock.lock(); defer { lock.unlock() }
        activityObservers.removeAll { $0.id == id }
    }

    /// Whether some link wants frames.
    package var isActive: Bool {
        lock.lock(); defer { lock.unlock() }
        return links.values.contains { $0.isActive }
    }

    func add(_ link: CADisplayLink) {
        lock.lock()
        links[ObjectIdentifier(link)] = link
        lock.unlock()
        linksChanged()
    }

    func remove(_ link: CADisplayLink) {
        lock.lock()
        links[ObjectIdentifier(link)] = nil
        lock.unlock()
        linksChanged()
    }

    func linksChanged() {
        let active = isActive
        lock.lock()
        let observers = activityObservers
        lock.unlock()
        for o in observers { o.observer(active) }
        let work = { self.updateFallbackTimer(active: active) }
        if Thread.isMainThread { work() } else { DispatchQueue.main.async(execute: work) }
    }

    /// Window `source` is about to draw a frame: fire the links (from any thread; callbacks go to
    /// the links' run loops). Times are on the `CACurrentMediaTime()` clock.
    package func frameDidBegin(from source: AnyObject, timestamp: CFTimeInterval, targetTimestamp: CFTimeInterval,
                               duration: CFTimeInterval) {
        let id = ObjectIdentifier(source)
        lock.lock()
        lastWindowFrame = CACurrentMediaTime()
        let sameRefresh = abs(targetTimestamp - lastFiredTarget) < duration / 2
        guard id == lastSource || !sameRefresh else {
            lock.unlock()
            return
        }
        lastSource = id
        lastFiredTarget = targetTimestamp
        let list = Array(links.values)
        lock.unlock()
        for link in list { link.frame(timestamp: timestamp, targetTimestamp: targetTimestamp, duration: duration) }
    }

    /// A frame drawn offscreen on the frozen clock (a program's `CA_RECORD`): every active link is
    /// called now, on this thread, with the frame's times. Main thread.
    package func fireOffscreenFrame(timestamp: CFTimeInterval, duration: CFTimeInterval) {
        lock.lock()
        let list = links.values.sorted { $0.order < $1.order }
        lock.unlock()
        for link in list {
            link.frame(timestamp: timestamp, targetTimestamp: timestamp + duration, duration: duration, synchronously: true)
        }
    }

    /// Stops every link (a playground page's reload: the links of the build before go with it).
    package func invalidateAll() {
        lock.lock()
        let list = Array(links.values)
        lock.unlock()
        for link in list { link.invalidate() }
    }

    private func updateFallbackTimer(active: Bool) {
        guard active else {
            timer?.invalidate()
            timer = nil
            return
        }
        guard timer == nil else { return }
        let interval = 1.0 / 60
        let timer = Timer(fire: Date(timeIntervalSinceNow: interval), interval: interval, repeats: true) { [weak self] _ in
            guard let self else { return }
            let now = CACurrentMediaTime()
            self.lock.lock()
            let windowDrives = now - self.lastWindowFrame < 0.1
            self.lock.unlock()
            guard !windowDrives else { return }
            self.frameDidBegin(from: self, timestamp: now, targetTimestamp: now + interval, duration: interval)
            self.lock.lock()
            self.lastWindowFrame = -.infinity
            self.lock.unlock()
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }
}

/// A registration made with `DisplayLinkClock.addActivityObserver`: `cancel()` ends it.
package final class ActivityObservation: @unchecked Sendable {
    private weak var clock: DisplayLinkClock?
    private let id: Int

    fileprivate init(clock: DisplayLinkClock, id: Int) {
        self.clock = clock
        self.id = id
    }

    /// Stops the notifications (idempotent).
    package func cancel() { clock?.removeActivityObserver(id) }
}
