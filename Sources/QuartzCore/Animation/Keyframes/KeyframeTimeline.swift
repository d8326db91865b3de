import Foundation

/// The timing of a keyframe animation's segments: where each segment begins and ends within one
/// pass (fractions 0...1), and the easing of each segment.
///
/// `locate(_:)` answers "which segment, and how far through it" for a fraction of the pass; the
/// evaluator then interpolates within that segment. The boundaries come from `keyTimes`, from
/// even spacing, or (paced modes) from the segments' lengths.
struct KeyframeTimeline {
    /// Segment boundaries: `boundaries[i]` and `boundaries[i + 1]` are where segment i starts and
    /// ends. Non-decreasing, in 0...1; count = segment count + 1. A segment of zero duration is
    /// passed over (its end value is reached at once).
    let boundaries: [Double]
    /// The easing of each segment's local fraction; nil is linear. Count = segment count.
    let easings: [CAMediaTimingFunction?]

    var segmentCount: Int { boundaries.count - 1 }

    private init(boundaries: [Double], easings: [CAMediaTimingFunction?]?) {
        self.boundaries = boundaries
        self.easings = easings ?? Array(repeating: nil, count: boundaries.count - 1)
    }

    /// `segments` segments of equal duration.
    init(evenlySpaced segments: Int, easings: [CAMediaTimingFunction?]? = nil) {
        precondition(segments >= 1)
        self.init(boundaries: (0...segments).map { Double($0) / Double(segments) }, easings: easings)
    }

    /// Segments timed by `keyTimes` (one per keyframe, so count = segments + 1) when they are
    /// valid, evenly spaced otherwise.
    init(keyTimes: [Double]?, segments: Int, easings: [CAMediaTimingFunction?]? = nil) {
        if let keyTimes, KeyframeTimeline.areValid(keyTimes, count: segments + 1) {
            self.init(boundaries: keyTimes, easings: easings)
        } else {
            self.init(evenlySpaced: segments, easings: easings)
        }
    }

    /// Segments whose durations are proportional to `lengths` (constant speed). Evenly spaced when
    /// a length is unknown (nil), negative or not finite, or when they are all zero.
    init(proportionalTo lengths: [Double?]) {
        let known = lengths.compactMap { $0 }
        let total = known.reduce(0, +)
        guard known.count == lengths.count, known.allSatisfy({ $0 >= 0 }), total.isFinite, total > 0 else {
            self.init(evenlySpaced: lengths.count)
            return
        }
        var boundaries = [0.0], sum = 0.0
        for length in known {
            sum += length
            boundaries.append(sum / total)
        }
        boundaries[boundaries.count - 1] = 1
        self.init(boundaries: boundaries, easings: nil)
    }

    /// Key times are usable when there are exactly `count` of them, each finite and in 0...1, and
    /// they never decrease. They need not start at 0 or end at 1: before the first the segment
    /// start holds, after the last the end value holds.
    static func areValid(_ keyTimes: [Double], count: Int) -> Bool {
        guard keyTimes.count == count else { return false }
        for (i, t) in keyTimes.enumerated() {
            guard t.isFinite, t >= 0, t <= 1 else { return false }
            if i > 0, t < keyTimes[i - 1] { return false }
        }
        return true
    }

    /// The easing for each of `segments` segments from an animation's `timingFunctions`: the first
    /// `segments` entries are used, extras are ignored, missing ones are linear.
    static func easings(_ timingFunctions: [CAMediaTimingFunction]?, segments: Int) -> [CAMediaTimingFunction?] {
        let given = timingFunctions ?? []
        return (0..<segments).map { $0 < given.count ? given[$0] : nil }
    }

    /// The segment holding fraction `f` of the pass and the eased fraction of that segment reached
    /// at `f` (0...1, or beyond where a custom timing function overshoots). Before the first boundary: (0, 0); at or after the last: (last, 1). At a
    /// boundary between segments the later segment is chosen, at its start.
    func locate(_ f: Double) -> (segment: Int, fraction: Double) {
        let count = segmentCount
        guard f > boundaries[0] else { return (0, 0) }
        guard f < boundaries[count] else { return (count - 1, 1) }
        // The last boundary <= f; it starts a segment of positive duration since f < the next.
        var low = 0, high = count
        while high - low > 1 {
            let mid = (low + high) / 2
            if boundaries[mid] <= f { low = mid } else { high = mid }
        }
        let local = (f - boundaries[low]) / (boundaries[low + 1] - boundaries[low])
        guard let easing = easings[low] else { return (low, local) }
        return (low, easing.progress(at: local))
    }
}
