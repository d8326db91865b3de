import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The media clock behind `CACurrentMediaTime()` (a Linux addition).
///
/// By default it reads `CLOCK_MONOTONIC`, in seconds, as Core Animation's host time does. Tests and
/// offscreen rendering freeze it at an exact value and advance it by hand, which makes every
/// animation, timer-free transaction and render deterministic.
public enum CAMediaClock {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var frozenTime: CFTimeInterval?

    /// Makes `CACurrentMediaTime()` return exactly `time` until `advance(by:)` or `unfreeze()`.
    public static func freeze(at time: CFTimeInterval) {
        lock.lock()
        frozenTime = time
        lock.unlock()
        if Thread.isMainThread { AnimationScheduler.shared.process() }
    }

    /// Moves a frozen clock forward by `seconds`; on a running clock it does nothing.
    /// On the main thread, animation starts and ends that fall due are delivered at once
    /// (`animationDidStart`, `animationDidStop(_:finished:)`, transaction completion blocks).
    public static func advance(by seconds: CFTimeInterval) {
        lock.lock()
        if let t = frozenTime { frozenTime = t + seconds }
        lock.unlock()
        if Thread.isMainThread { AnimationScheduler.shared.process() }
    }

    /// Returns to the system's monotonic clock.
    public static func unfreeze() {
        lock.lock()
        frozenTime = nil
        lock.unlock()
        if Thread.isMainThread { AnimationScheduler.shared.process() }
    }

    /// Whether the clock is frozen.
    public static var isFrozen: Bool {
        lock.lock(); defer { lock.unlock() }
        return frozenTime != nil
    }

    /// The system's monotonic time in seconds, ignoring any freeze.
    public static func systemTime() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) * 1e-9
    }

    static func now() -> CFTimeInterval {
        lock.lock(); defer { lock.unlock() }
        return frozenTime ?? systemTime()
    }
}

/// The current media time in seconds: `CLOCK_MONOTONIC`, or the frozen value of `CAMediaClock`.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.now()
}
