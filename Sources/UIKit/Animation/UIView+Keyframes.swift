import CoreGraphics
import Foundation
import QuartzCore

extension UIView {
    /// Options of `animateKeyframes` (Apple's raw values): the block options it shares with
    /// `AnimationOptions`, and how values between keyframes are computed (bits 10–12).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        public static let allowAnimatedContent = KeyframeAnimationOptions(rawValue: 1 << 7)

        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The calculation mode bits.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }
    }

    /// Animates the changes made in `addKeyframe` blocks inside `animations`, one keyframe animation
    /// per changed property (a `CAKeyframeAnimation` whose values are the property before the block
    /// and after each keyframe, at the key times the keyframes give).
    ///
    /// Between keyframes a property holds its value; a change made in `animations` outside any
    /// keyframe animates over the whole duration. The options' calculation mode applies to every
    /// property (`.calculationModeDiscrete`: each keyframe's value appears at its start time; the paced
    /// modes ignore the times). The whole animation runs ease-in-out, as UIKit's, unless a curve of
    /// `AnimationOptions` is passed in the raw value (`KeyframeAnimationOptions(rawValue:
    /// AnimationOptions.curveLinear.rawValue)`, the usual idiom). Animations start from what is on
    /// screen, with or without `.beginFromCurrentState`; `.repeat` and `.autoreverse` apply to each.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        let collector = UIViewKeyframeCollector()
        var context = UIViewAnimationContext(duration: duration, delay: delay,
                                             options: AnimationOptions(rawValue: options.rawValue & ~(0x7 << 10)),
                                             spring: nil)
        let block = UIViewAnimationBlock(options: context.options, parent: UIViewAnimationContext.stack.last?.block)
        context.block = block
        context = context.inheriting(from: UIViewAnimationContext.stack.last)
        context.keyframes = collector
        CATransaction.begin()
        CATransaction.setCompletionBlock { completion?(block.finished) }
        UIViewAnimationContext.stack.append(context)
        collector.beginKeyframe()
        animations()
        collector.endKeyframe(relativeStartTime: 0, relativeDuration: 1)
        if context.options.contains(.layoutSubviews) { layOutChangedViews(of: block) }
        UIViewAnimationContext.stack.removeLast()
        block.close()
        for (layer, keyPath, animation) in collector.makeAnimations(mode: options.calculationMode) {
            context.configure(animation, for: layer)
            layer.add(animation, forKey: keyPath)
        }
        CATransaction.commit()
    }

    /// A keyframe of the enclosing `animateKeyframes` block: the changes `animations` makes run from
    /// `frameStartTime` for `frameDuration`, both fractions (0...1) of the whole animation. Outside a
    /// keyframe block, `animations` runs as part of whatever block is open (or unanimated).
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        guard let collector = UIViewAnimationContext.stack.last?.keyframes else {
            animations()
            return
        }
        collector.beginKeyframe()
        animations()
        collector.endKeyframe(relativeStartTime: frameStartTime, relativeDuration: frameDuration)
    }
}

/// The property changes of an `animateKeyframes` block, keyframe by keyframe.
@MainActor
final class UIViewKeyframeCollector {
    private struct Keyframe {
        var start: Double
        var duration: Double
        var value: Any
    }

    private final class Track {
        let layer: CALayer
        let keyPath: String
        let initial: Any
        var keyframes: [Keyframe] = []
        init(layer: CALayer, keyPath: String, initial: Any) {
            self.layer = layer
            self.keyPath = keyPath
            self.initial = initial
        }
    }

    private var tracks: [Track] = []
    /// The tracks changed in each open keyframe block, innermost last.
    private var open: [[Track]] = []

    /// Notes a change of `keyPath` of `layer` (from its action search; the model holds the new value).
    func record(_ layer: CALayer, keyPath: String) {
        let track: Track
        if let existing = tracks.first(where: { $0.layer === layer && $0.keyPath == keyPath }) {
            track = existing
        } else {
            guard let initial = layer.valueBeforeCurrentTransaction(forKey: keyPath) else { return }
            track = Track(layer: layer, keyPath: keyPath, initial: initial)
            tracks.append(track)
        }
        guard !open.isEmpty else { return }
        if !open[open.count - 1].contains(where: { $0 === track }) { open[open.count - 1].append(track) }
    }

    func beginKeyframe() { open.append([]) }

    /// Closes the innermost keyframe block: each property it changed gets a keyframe with its value now.
    func endKeyframe(relativeStartTime start: Double, relativeDuration duration: Double) {
        guard let changed = open.popLast() else { return }
        for track in changed {
            guard let value = track.layer.value(forKey: track.keyPath) else { continue }
            track.keyframes.append(Keyframe(start: start, duration: duration, value: value))
        }
    }

    /// One keyframe animation per changed property (keyTimes and values; duration and the rest are the
    /// caller's).
    func makeAnimations(mode: CAAnimationCalculationMode) -> [(CALayer, String, CAKeyframeAnimation)] {
        tracks.compactMap { track in
            guard !track.keyframes.isEmpty else { return nil }
            var points: [(time: Double, value: Any)] = [(0, track.initial)]
            var current = track.initial
            // Stable: keyframes starting together keep the order they were added in.
            let sorted = track.keyframes.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
            for keyframe in sorted.map(\.element) {
                let start = min(max(keyframe.start.isFinite ? keyframe.start : 0, 0), 1)
                let end = min(max(start + (keyframe.duration.isFinite ? max(keyframe.duration, 0) : 0), start), 1)
                let last = points[points.count - 1].time
                if mode == .discrete {
                    // The value appears when its keyframe starts.
                    let time = max(start, last)
                    if time == last { points[points.count - 1].value = keyframe.value } else { points.append((time, keyframe.value)) }
                } else {
                    if start > last { points.append((start, current)) }
                    points.append((max(end, last), keyframe.value))
                }
                current = keyframe.value
            }
            if points[points.count - 1].time < 1 { points.append((1, current)) }
            let animation = CAKeyframeAnimation(keyPath: track.keyPath)
            animation.values = points.map(\.value)
            animation.keyTimes = points.map { NSNumber(value: $0.time) }
            animation.calculationMode = mode
            return (track.layer, track.keyPath, animation)
        }
    }
}
