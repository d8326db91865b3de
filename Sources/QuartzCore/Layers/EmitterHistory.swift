import Foundation

/// The values an emitter layer emitted with before its current ones, so that particles born before a
/// change keep what they were born with (a stopped emitter's particles live out their lives, a moved
/// emitter leaves its particles where they are). Kept in the layer's values (key `key`), recorded at
/// each change of an emitter property after the layer's first commit, in media time; segments whose
/// particles are all dead are dropped.
package struct EmitterHistory {
    struct Segment {
        /// Media times between which `values` were in force.
        var start: CFTimeInterval, end: CFTimeInterval
        /// The layer's emitter values then (history excluded).
        var values: [String: Any]
    }

    static let key = "emitterHistory"
    /// The most segments kept (the oldest go first).
    static let maxSegments = 32

    var segments: [Segment] = []
    /// The media time since which the current values are in force.
    var currentStart = -CFTimeInterval.infinity

    /// Records that `values`, in force since `currentStart`, end at `now`; drops dead segments.
    mutating func close(_ values: [String: Any], at now: CFTimeInterval) {
        guard now.isFinite else { return }
        if now > currentStart {
            var kept = values
            kept.removeValue(forKey: Self.key)
            segments.append(Segment(start: currentStart, end: now, values: kept))
            currentStart = now
        }
        segments.removeAll { $0.end + EmitterSimulation.reach($0.values) < now }
        if segments.count > Self.maxSegments { segments.removeFirst(segments.count - Self.maxSegments) }
    }
}
