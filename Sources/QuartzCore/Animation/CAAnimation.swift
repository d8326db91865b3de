import CoreGraphics
import Foundation

/// The methods an animation's delegate may implement; both are optional.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active period began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended (`flag` true) or was removed before it finished (`flag` false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract base of Core Animation's animations: timing, easing, a delegate, and removal.
///
/// A layer stores a copy of an animation when it is added, so changing the object afterwards has
/// no effect on the running animation; the delegate receives that copy.
open class CAAnimation: NSObject, CAMediaTiming, CAAction, NSCopying {
    // MARK: CAMediaTiming

    // Setting NaN (or an infinite speed, time offset or begin time) is ignored with a warning
    // (`TimingValueCheck`).
    open var beginTime: CFTimeInterval {
        get { timing.beginTime }
        set { if TimingValueCheck.accepts(newValue, "CAAnimation.beginTime") { timing.beginTime = newValue } }
    }
    /// One pass, in seconds; 0 means the adding transaction's duration (0.25 s by default).
    open var duration: CFTimeInterval {
        get { timing.duration }
        set { if TimingValueCheck.accepts(newValue, "CAAnimation.duration", allowsInfinity: true) { timing.duration = newValue } }
    }
    open var speed: Float {
        get { timing.speed }
        set { if TimingValueCheck.accepts(newValue, "CAAnimation.speed") { timing.speed = newValue } }
    }
    /// Where playback starts within the active period; it wraps around, so the total play time
    /// is unchanged.
    open var timeOffset: CFTimeInterval {
        get { timing.timeOffset }
        set { if TimingValueCheck.accepts(newValue, "CAAnimation.timeOffset") { timing.timeOffset = newValue } }
    }
    /// 0 plays once; fractions end mid-pass; `.infinity` repeats forever.
    open var repeatCount: Float {
        get { timing.repeatCount }
        set { if TimingValueCheck.accepts(newValue, "CAAnimation.repeatCount", allowsInfinity: true) { timing.repeatCount = newValue } }
    }
    open var repeatDuration: CFTimeInterval {
        get { timing.repeatDuration }
        set {
            if TimingValueCheck.accepts(newValue, "CAAnimation.repeatDuration", allowsInfinity: true) { timing.repeatDuration = newValue }
        }
    }
    /// The values behind the timing properties above.
    private var timing = (beginTime: CFTimeInterval(0), duration: CFTimeInterval(0), speed: Float(1),
                          timeOffset: CFTimeInterval(0), repeatCount: Float(0), repeatDuration: CFTimeInterval(0))
    /// Each repetition plays forwards, then backwards.
    open var autoreverses = false
    open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: Animation

    /// The pacing of one pass; nil is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops. Held strongly, as on Apple platforms.
    open var delegate: CAAnimationDelegate?
    /// Whether the layer drops the animation once it ends (true by default).
    open var isRemovedOnCompletion = true
    /// Values stored with `setValue(_:forKey:)` for keys the class has no property for (tags).
    var taggedValues: [String: Any] = [:]

    public override init() {
        super.init()
    }

    /// A copy of `other` (used by `copy()`, which must keep the dynamic class).
    public required convenience init(copying other: CAAnimation) {
        self.init()
        copyValues(from: other)
    }

    /// The default value of a property key (nil for keys without one).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "speed": return Float(1)
        case "removedOnCompletion": return true
        case "fillMode": return CAMediaTimingFillMode.removed
        case "beginTime", "duration", "timeOffset", "repeatDuration": return CFTimeInterval(0)
        case "repeatCount": return Float(0)
        case "autoreverses": return false
        default: return nil
        }
    }

    /// Whether the value of `key` is archived (always true here).
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    // MARK: Copying

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init(copying: self)
        return copy
    }

    /// Copies every property of `other` into the receiver; subclasses extend it.
    func copyValues(from other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed
        timeOffset = other.timeOffset; repeatCount = other.repeatCount; repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses; fillMode = other.fillMode
        timingFunction = other.timingFunction; delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion; taggedValues = other.taggedValues
    }

    // MARK: Keyed access (tags)

    /// The value of a property by its Apple key name, or a value stored with `setValue(_:forKey:)`.
    open func value(forKey key: String) -> Any? {
        if let v = propertyValue(forKey: key) { return v }
        return taggedValues[key] ?? type(of: self).defaultValue(forKey: key)
    }

    /// Sets a property by its Apple key name, or stores a tag for any other key.
    open func setValue(_ value: Any?, forKey key: String) {
        if setPropertyValue(value, forKey: key) { return }
        taggedValues[key] = value
    }

    /// The built-in properties by key; subclasses extend it.
    func propertyValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return beginTime
        case "duration": return duration
        case "speed": return speed
        case "timeOffset": return timeOffset
        case "repeatCount": return repeatCount
        case "repeatDuration": return repeatDuration
        case "autoreverses": return autoreverses
        case "fillMode": return fillMode
        case "timingFunction": return timingFunction
        case "delegate": return delegate
        case "removedOnCompletion": return isRemovedOnCompletion
        default: return nil
        }
    }

    /// Sets a built-in property by key; returns false for keys that are not properties.
    func setPropertyValue(_ value: Any?, forKey key: String) -> Bool {
        switch key {
        case "beginTime": if let v = KeyedValue.scalar(value) { beginTime = CFTimeInterval(v) }
        case "duration": if let v = KeyedValue.scalar(value) { duration = CFTimeInterval(v) }
        case "speed": if let v = KeyedValue.float(value) { speed = v }
        case "timeOffset": if let v = KeyedValue.scalar(value) { timeOffset = CFTimeInterval(v) }
        case "repeatCount": if let v = KeyedValue.float(value) { repeatCount = v }
        case "repeatDuration": if let v = KeyedValue.scalar(value) { repeatDuration = CFTimeInterval(v) }
        case "autoreverses": if let v = KeyedValue.flag(value) { autoreverses = v }
        case "fillMode": if let v = KeyedValue.constant(value, as: CAMediaTimingFillMode.self) { fillMode = v }
        case "timingFunction": timingFunction = value as? CAMediaTimingFunction
        case "delegate": delegate = value as? CAAnimationDelegate
        case "removedOnCompletion": if let v = KeyedValue.flag(value) { isRemovedOnCompletion = v }
        default: return false
        }
        return true
    }

    // MARK: CAAction

    /// Adds the animation to `anObject` (a layer) under `event`, which is how actions animate.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}
