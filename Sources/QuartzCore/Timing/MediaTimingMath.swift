/// The timing of one animation, as `MediaTimingMath` reads it: the `CAMediaTiming` values with the
/// duration already resolved.
struct MediaTimingParameters: Equatable, Sendable {
    /// When the active period begins, in the parent's time (seconds).
    var beginTime: Double
    /// One pass, in the animation's local time (seconds); resolved by the caller (0 becomes the
    /// transaction's duration or 0.25 s), > 0.
    var duration: Double
    /// Local seconds per parent second; 0 freezes the animation at `timeOffset`, negative plays it backwards.
    var speed: Double
    /// Where in its active period the animation starts, in local seconds; wraps (see `MediaTimingMath`).
    var timeOffset: Double
    /// Repetitions: 0 means once, fractions end mid-pass, `.infinity` repeats forever.
    var repeatCount: Double
    /// The total active time in local seconds; 0 means unused (then `repeatCount` counts).
    var repeatDuration: Double
    /// Whether each repetition plays forwards then backwards (a round trip is one repetition).
    var autoreverses: Bool
    /// What is shown before the beginning and after the end.
    var fillMode: CAMediaTimingFillMode
}

/// Where an animation is at one parent time.
struct AnimationTime: Equatable, Sendable {
    /// The time within one forward pass, 0...duration, after autoreverse folding and fill clamping;
    /// `simpleTime / duration` is what the timing function receives.
    var simpleTime: Double
    /// The repetitions completed before this one (round trips with `autoreverses`), for `isCumulative`.
    var iteration: Int
    /// Before the active period, shown only because the fill mode is backwards or both.
    var isBeforeStart: Bool
    /// After the active period (it is over), shown only because the fill mode is forwards or both.
    var isAfterEnd: Bool
}

/// Core Animation's timing arithmetic for one animation: from a time in its parent's time space (the
/// layer's local time, or the enclosing group's) to the position within one pass of its duration.
///
/// The rules, in the order they apply:
/// 1. Active duration D = `repeatDuration` if > 0, else `duration` × (`repeatCount`, or 1 when it is
///    0) × (2 with `autoreverses`, a round trip being one repetition). D may be infinite.
/// 2. The active period in parent time is [`beginTime`, `beginTime` + D / |`speed`|): at exactly its end
///    the animation is over. Elapsed local time e = (t − `beginTime`) × |`speed`|.
/// 3. The play position is e, or D − e for a negative speed: the animation's timeline plays backwards
///    over the same period (Core Animation's literal formula would instead put the active period
///    *before* `beginTime` and leave the animation filling backwards for ever afterwards, which no one
///    can use; the speed's sign is read as the direction of play). Speed 0 freezes e at 0, so the
///    animation shows its `timeOffset` position from `beginTime` on, for ever.
/// 4. `timeOffset` is added in local time (not scaled by speed, as CAMediaTiming.h's
///    `t = (tp − begin) × speed + offset` has it) and the sum wraps modulo D: duration 1 with offset 0.5
///    plays 0.5→1, then 0→0.5, then ends; the total play time stays D. (003 ch9 claims speed 2 with
///    offset 0.5 "skips to the end" of a 1 s animation, which scales the offset by speed; the header's
///    formula, followed here, starts it half way.) For an infinite D the position wraps by whole cycles
///    only when it would be negative.
/// 5. The position splits into repetitions of cycle c = `duration` (× 2 with `autoreverses`):
///    iteration = ⌊position / c⌋; in the second half of a round trip the time runs back
///    (simpleTime = 2·duration − phase).
/// 6. Outside the active period: before `beginTime`, backwards/both fill shows the first state played;
///    from the end on, forwards/both fill shows the last state played (the value at the fractional
///    end of the last pass: repeatCount 1.5 with autoreverse ends on the end value, 1 on the start
///    value); otherwise the animation contributes nothing (nil).
///
/// At an exact boundary (a repetition's or the wrap point), playing forwards shows the new pass
/// (left-closed), and a held end state is the limit of what was played (the end of the pass, not the
/// start of the next one). Playing backwards the roles swap.
enum MediaTimingMath {
    /// Total active time in the animation's local time: `repeatDuration` if > 0, else
    /// duration × (`repeatCount`, or 1 when 0) × (2 with `autoreverses`); may be `.infinity`.
    static func activeDuration(_ p: MediaTimingParameters) -> Double {
        if p.repeatDuration > 0 { return p.repeatDuration }
        let count = p.repeatCount > 0 ? p.repeatCount : 1       // 0, negative or NaN: once
        return p.duration * count * (p.autoreverses ? 2 : 1)
    }

    /// The parent time at which the active period ends: `beginTime` + D / |speed|; `.infinity` for
    /// infinite repeats or speed 0 (a frozen animation never ends).
    static func endTime(_ p: MediaTimingParameters) -> Double {
        let p = sanitized(p)
        let d = activeDuration(p)
        guard p.speed != 0, d.isFinite else { return .infinity }
        return p.beginTime + d / abs(p.speed)
    }

    /// The animation's time for parent time `t`, or nil when it contributes nothing (before
    /// `beginTime` without a backwards fill, from the end time on without a forwards fill).
    static func animationTime(parentTime t: Double, _ p: MediaTimingParameters) -> AnimationTime? {
        animationTime(parentTime: t, ResolvedMediaTiming(p))
    }

    /// `animationTime` with the timing's derived values worked out beforehand.
    static func animationTime(parentTime t: Double, _ r: ResolvedMediaTiming) -> AnimationTime? {
        let d = r.activeDuration
        guard r.duration > 0, d > 0, !t.isNaN else { return nil }
        let reversed = r.speed < 0

        // The first and last positions played, on the timeline of positions 0...D (before the offset).
        // An infinite timeline played backwards runs down from 0 through negative positions, which
        // wrap by whole cycles (it is periodic).
        let top = d.isFinite ? d : 0
        let start: (position: Double, fromBelow: Bool) = reversed ? (top, true) : (0, false)
        let end: (position: Double, fromBelow: Bool) = reversed ? (0, false) : (d, true)

        if t < r.beginTime {
            guard r.fillsBackwards else { return nil }
            var time = split(start.position + r.timeOffset, fromBelow: start.fromBelow, r)
            time.isBeforeStart = true
            return time
        }
        if t >= r.endTime {
            guard r.fillsForwards else { return nil }
            var time = split(end.position + r.timeOffset, fromBelow: end.fromBelow, r)
            time.isAfterEnd = true
            return time
        }
        // Inside the active period; rounding must not carry e onto D (that is the end, handled above).
        let elapsed = min((t - r.beginTime) * abs(r.speed), d.nextDown)
        let position = reversed ? top - elapsed : elapsed
        return split(position + r.timeOffset, fromBelow: reversed, r)
    }

    /// NaN speed reads as 0 (frozen) and a non-finite offset as 0, so no NaN reaches the arithmetic.
    fileprivate static func sanitized(_ p: MediaTimingParameters) -> MediaTimingParameters {
        var p = p
        if p.speed.isNaN { p.speed = 0 }
        if !p.timeOffset.isFinite { p.timeOffset = 0 }
        return p
    }

    /// Splits a position on the (offset) timeline into a repetition and a time within one forward pass.
    /// `fromBelow`: the state shown is the limit from smaller positions, so a position exactly on a
    /// boundary belongs to the pass that ends there (playing backwards, or holding the end state).
    private static func split(_ rawPosition: Double, fromBelow: Bool, _ p: ResolvedMediaTiming) -> AnimationTime {
        let d = p.activeDuration
        let cycle = p.duration * (p.autoreverses ? 2 : 1)
        let position = wrap(rawPosition, period: d.isFinite ? d : cycle, always: d.isFinite, fromBelow: fromBelow)

        var iteration = (position / cycle).rounded(.down)
        var phase = position - iteration * cycle
        if fromBelow && phase <= 0 && position > 0 {
            iteration -= 1
            phase = cycle
        }
        phase = min(max(phase, 0), cycle)
        var simple = phase
        if p.autoreverses && phase > p.duration { simple = 2 * p.duration - phase }
        simple = min(max(simple, 0), p.duration)

        let clampedIteration = min(max(iteration, 0), Double(Int.max / 2))
        return AnimationTime(simpleTime: simple, iteration: Int(clampedIteration),
                             isBeforeStart: false, isAfterEnd: false)
    }

    /// `position` modulo `period`, in [0, period) or, `fromBelow`, in (0, period]. With `always` false
    /// (an infinite active duration) only a negative position is wrapped.
    private static func wrap(_ position: Double, period: Double, always: Bool, fromBelow: Bool) -> Double {
        guard position.isFinite, period > 0, period.isFinite else { return max(position.isFinite ? position : 0, 0) }
        if !always && (position > 0 || (position == 0 && !fromBelow)) { return position }
        var r = position.truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        if r >= period { r = 0 }               // r + period rounded up to period
        if fromBelow && r == 0 { r = period }
        return r
    }
}

/// One animation's `MediaTimingParameters` with what `MediaTimingMath.animationTime` derives from them
/// (the sanitized values, the active duration, the end time, the fill mode's two questions) worked out
/// once: a committed animation's timing does not change, and the evaluator reads it every frame. Plain
/// values (no fill-mode string), so render nodes keep it inline.
struct ResolvedMediaTiming: Equatable, Sendable {
    /// As in `MediaTimingParameters`, sanitized (no NaN speed, a finite offset).
    let beginTime: Double, duration: Double, speed: Double, timeOffset: Double
    let autoreverses: Bool
    let activeDuration: Double
    let endTime: Double
    let fillsBackwards: Bool
    let fillsForwards: Bool

    init(_ p: MediaTimingParameters) {
        let p = MediaTimingMath.sanitized(p)
        beginTime = p.beginTime
        duration = p.duration
        speed = p.speed
        timeOffset = p.timeOffset
        autoreverses = p.autoreverses
        activeDuration = MediaTimingMath.activeDuration(p)
        endTime = MediaTimingMath.endTime(p)
        fillsBackwards = p.fillMode == .backwards || p.fillMode == .both
        fillsForwards = p.fillMode == .forwards || p.fillMode == .both
    }
}
