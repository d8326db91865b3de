import CoreGraphics
import Foundation

/// Runs the life cycle of attached animations on the main thread: `animationDidStart` when an
/// animation's active period begins, `animationDidStop(_:finished:)` when it ends (removing it
/// when `isRemovedOnCompletion`), and the completion blocks of the transactions that added them.
///
/// It wakes up exactly when the next such event is due (a run-loop timer on the system clock), or,
/// under a frozen `CAMediaClock`, whenever the clock is advanced; renders and commits also poll it.
final class AnimationScheduler {
    static let shared = AnimationScheduler()

    private final class WeakLayer {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }

    private var layers: [ObjectIdentifier: WeakLayer] = [:]
    private var timer: Timer?
    private var isProcessing = false

    /// Watches `layer`'s animations.
    func register(_ layer: CALayer) {
        onMain { self.layers[ObjectIdentifier(layer)] = WeakLayer(layer) }
    }

    /// Ends `attached`: its delegate hears `animationDidStop(_:finished:)` (once) and its
    /// transactions stop waiting for it.
    func stop(_ attached: AttachedAnimation, finished: Bool) {
        guard !attached.didStop else { return }
        attached.didStop = true
        onMain {
            attached.animation.delegate?.animationDidStop(attached.animation, finished: finished)
            attached.releaseTrackers()
        }
    }

    /// Delivers every start and end due at the current media time, then arms the next wake-up.
    func process() {
        guard Thread.isMainThread, !isProcessing else { return }
        isProcessing = true
        defer { isProcessing = false }
        let now = CACurrentMediaTime()
        for (id, entry) in layers {
            guard let layer = entry.layer else { layers[id] = nil; continue }
            process(layer, at: now)
            if layer.attachedAnimations.isEmpty { layers[id] = nil }
        }
        scheduleNextWakeUp()
    }

    private func process(_ layer: CALayer, at now: CFTimeInterval) {
        let local = layer.localTime(fromMediaTime: now)
        var finished: [AttachedAnimation] = []
        for attached in layer.attachedAnimations {
            guard let timing = attached.timing, !attached.didStop else { continue }
            if !attached.didStart, local >= timing.beginTime || timing.speed == 0 {
                attached.didStart = true
                attached.animation.delegate?.animationDidStart(attached.animation)
            }
            if local >= MediaTimingMath.endTime(timing) { finished.append(attached) }
        }
        guard !finished.isEmpty else { return }
        let removed = finished.filter { $0.animation.isRemovedOnCompletion }
        if !removed.isEmpty {
            layer.attachedAnimations.removeAll { a in removed.contains { $0 === a } }
            CATransaction.layerDidChange(layer)
        }
        for attached in finished { stop(attached, finished: true) }
    }

    /// Arms a timer for the next start or end of any watched animation (not under a frozen clock,
    /// whose time only moves through `CAMediaClock.advance(by:)`).
    func scheduleNextWakeUp() {
        onMain {
            self.timer?.invalidate()
            self.timer = nil
            guard !CAMediaClock.isFrozen, let next = self.nextEventTime() else { return }
            let delay = max(0, next - CACurrentMediaTime())
            // `Timer(timeInterval:repeats:block:)` of swift-corelibs-foundation fires at once (its
            // fire date is now, not now + interval): give the fire date explicitly.
            let timer = Timer(fire: Date(timeIntervalSinceNow: delay), interval: 0, repeats: false) { [weak self] _ in
                self?.process()
            }
            RunLoop.main.add(timer, forMode: .common)
            self.timer = timer
        }
    }

    /// The media time of the next start or end among the watched animations.
    private func nextEventTime() -> CFTimeInterval? {
        var next = CFTimeInterval.infinity
        for entry in layers.values {
            guard let layer = entry.layer else { continue }
            for attached in layer.attachedAnimations where !attached.didStop {
                guard let timing = attached.timing else { continue }
                let local = attached.didStart ? MediaTimingMath.endTime(timing) : timing.beginTime
                guard local.isFinite else { continue }
                next = min(next, layer.mediaTime(fromLocalTime: local))
            }
        }
        return next.isFinite ? next : nil
    }

    private func onMain(_ work: @escaping () -> Void) {
        if Thread.isMainThread { work() } else { DispatchQueue.main.async(execute: work) }
    }
}
