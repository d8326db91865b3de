import Foundation

// Time in a render tree: each node's local time derives from its parent's (a mask's parent is the
// layer it masks), as `CALayer.localTime(fromMediaTime:)` derives it from the model tree.
extension RenderTree {
    /// Node `i`'s local time at media time `t`.
    package func localTime(of i: Int, atMediaTime t: CFTimeInterval) -> CFTimeInterval {
        let parent = parents[i]
        return nodes[i].properties.localTime(fromParentTime: parent < 0 ? t : localTime(of: parent, atMediaTime: t))
    }

    /// The media time at which node `i`'s local time is `t` (a paused node maps to its begin time).
    func mediaTime(of i: Int, fromLocalTime t: CFTimeInterval) -> CFTimeInterval {
        var time = t
        var n = i
        while n >= 0 {
            let p = nodes[n].properties
            time = p.speed == 0 ? p.beginTime : (time - p.timeOffset) / CFTimeInterval(p.speed) + p.beginTime
            n = parents[n]
        }
        return time
    }

    /// The product of the speeds from node `i` up to the root (0: its time stands still).
    func effectiveSpeed(of i: Int) -> Float {
        var speed: Float = 1
        var n = i
        while n >= 0 {
            speed *= nodes[n].properties.speed
            n = parents[n]
        }
        return speed
    }

    /// How much later than node `i` its last replicated instance runs (replicator ancestors' delays).
    func replicationLag(of i: Int) -> CFTimeInterval {
        var lag: CFTimeInterval = 0
        var n = parents[i]
        while n >= 0 {
            if nodes[n].kind == .replicatorLayer { lag += ReplicatorStyle(nodes[n].properties.extraValues).lag }
            n = parents[n]
        }
        return lag
    }

    /// The earliest media time ≥ `time` at which the picture changes by itself: `time` while an
    /// animation runs, the start or end of a later or frozen one, or infinity when the tree is
    /// still. Only the nodes with animations are visited, and the walk stops at the first running
    /// one. Frozen time moves nothing: a node whose time chain has speed 0, or an animation that
    /// shows one value while active (its speed, or all its group's, 0), asks for no frames.
    package func nextChangeTime(after time: CFTimeInterval) -> CFTimeInterval {
        var next = emitterChangeTime(after: time)
        if next == time { return time }
        for i in animatedNodes where effectiveSpeed(of: i) != 0 {
            let local = localTime(of: i, atMediaTime: time)
            // Replicated instances run the same animations later.
            let lag = replicationLag(of: i)
            for attached in nodes[i].animations {
                guard let timing = attached.timing else { return time }
                let end = MediaTimingMath.endTime(timing) + lag
                if local < timing.beginTime {
                    next = min(next, mediaTime(of: i, fromLocalTime: timing.beginTime))
                } else if local >= end {
                    continue
                } else if !attached.isFrozen || local < timing.beginTime + lag {
                    return time
                } else if end.isFinite {
                    // A frozen group still ends.
                    next = min(next, mediaTime(of: i, fromLocalTime: end))
                }
            }
        }
        return next
    }

    /// `nextChangeTime` for the emitters: `time` while one has particles alive or being born, the
    /// first birth of one yet to begin, infinity when all are done (or paused).
    private func emitterChangeTime(after time: CFTimeInterval) -> CFTimeInterval {
        var next = CFTimeInterval.infinity
        for i in emitterNodes where effectiveSpeed(of: i) != 0 {
            let local = localTime(of: i, atMediaTime: time)
            guard let activity = EmitterSimulation.nextActivity(nodes[i].properties.extraValues, atLocalTime: local,
                                                                localTime: { localTime(of: i, atMediaTime: $0) })
            else { continue }
            if activity <= local { return time }
            next = min(next, max(time, mediaTime(of: i, fromLocalTime: activity)))
        }
        return next
    }
}
