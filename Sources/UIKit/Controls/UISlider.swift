import CoreGraphics
import Foundation
import QuartzCore

/// A control that picks a value from a continuous range by dragging a thumb along a track.
///
/// Drawn with layers as iOS draws it: a 4-point rounded track (system blue left of the thumb, light
/// gray right of it) and a 28-point white round thumb with a soft shadow; the thumb's centre runs
/// from 14 points inside one end to 14 inside the other. As on iOS a touch must begin on the thumb
/// (or within 10 points of it) to drag; the thumb then follows the touch's horizontal moves, and
/// `.valueChanged` is sent on each change when `isContinuous` (the default), otherwise once at the
/// end if the value changed.
@preconcurrency @MainActor
open class UISlider: UIControl {
    private let minimumTrack: CALayer = ControlLayerDelegate.adopt(CALayer())
    private let maximumTrack: CALayer = ControlLayerDelegate.adopt(CALayer())
    let thumb: CALayer = ControlLayerDelegate.adopt(CALayer())

    static let thumbDiameter: CGFloat = 28
    static let trackHeight: CGFloat = 4

    private var storedValue: Float = 0

    /// The value, kept within `minimumValue...maximumValue`.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    open var minimumValue: Float = 0 {
        didSet {
            if maximumValue < minimumValue { maximumValue = minimumValue }
            setValue(storedValue, animated: false)
        }
    }

    open var maximumValue: Float = 1 {
        didSet {
            if minimumValue > maximumValue { minimumValue = maximumValue }
            setValue(storedValue, animated: false)
        }
    }

    open var isContinuous = true

    open var minimumTrackTintColor: UIColor? = UIColor(red: 0, green: 122 / 255.0, blue: 1, alpha: 1) { didSet { applyColors() } }
    open var maximumTrackTintColor: UIColor? = UIColor(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.2) { didSet { applyColors() } }
    open var thumbTintColor: UIColor? = UIColor(red: 1, green: 1, blue: 1, alpha: 1) { didSet { applyColors() } }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        for track in [maximumTrack, minimumTrack] {
            track.cornerRadius = UISlider.trackHeight / 2
            layer.addSublayer(track)
        }
        thumb.cornerRadius = UISlider.thumbDiameter / 2
        thumb.bounds = CGRect(x: 0, y: 0, width: UISlider.thumbDiameter, height: UISlider.thumbDiameter)
        thumb.shadowOpacity = 0.25
        thumb.shadowRadius = 3
        thumb.shadowOffset = CGSize(width: 0, height: 2)
        thumb.borderWidth = 0.5
        thumb.borderColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.06)
        layer.addSublayer(thumb)
        applyColors()
        layoutParts()
    }

    override var primaryActionEvent: Event { .valueChanged }

    /// Sets the value (clamped to the range), moving the thumb in 0.25 s when `animated`. Sends no event.
    open func setValue(_ value: Float, animated: Bool) {
        let v = value.isNaN ? minimumValue : min(max(value, minimumValue), maximumValue)
        storedValue = v
        if animated {
            UIView.animate(withDuration: 0.25) { self.layoutParts() }
        } else {
            layoutParts()
        }
    }

    private func applyColors() {
        minimumTrack.backgroundColor = (minimumTrackTintColor ?? UIColor(red: 0, green: 122 / 255.0, blue: 1, alpha: 1)).cgColor
        maximumTrack.backgroundColor = (maximumTrackTintColor ?? UIColor(white: 0.85, alpha: 1)).cgColor
        thumb.backgroundColor = (thumbTintColor ?? UIColor(white: 1, alpha: 1)).cgColor
    }

    open override func stateDidChange() {
        alpha = isEnabled ? 1 : 0.5   // a disabled slider is drawn faded
    }

    // MARK: Geometry

    /// Where the thumb's centre can be: from `r` to `width - r`, `r` the thumb's radius.
    private var thumbTravel: (start: CGFloat, length: CGFloat) {
        let r = UISlider.thumbDiameter / 2
        return (bounds.minX + r, max(bounds.width - 2 * r, 0))
    }

    private var fraction: CGFloat {
        maximumValue > minimumValue ? CGFloat((storedValue - minimumValue) / (maximumValue - minimumValue)) : 0
    }

    /// The thumb's centre in the slider's coordinates.
    var thumbCenter: CGPoint {
        let travel = thumbTravel
        return CGPoint(x: travel.start + travel.length * fraction, y: bounds.midY)
    }

    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - UISlider.trackHeight / 2, width: bounds.width, height: UISlider.trackHeight)
    }

    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let r = UISlider.thumbDiameter / 2
        let f = maximumValue > minimumValue ? CGFloat((min(max(value, minimumValue), maximumValue) - minimumValue) / (maximumValue - minimumValue)) : 0
        let x = rect.minX + r + max(rect.width - 2 * r, 0) * f
        return CGRect(x: x - r, y: rect.midY - r, width: 2 * r, height: 2 * r)
    }

    private func layoutParts() {
        let track = trackRect(forBounds: bounds)
        let center = thumbCenter
        minimumTrack.frame = CGRect(x: track.minX, y: track.minY, width: max(center.x - track.minX, 0), height: track.height)
        maximumTrack.frame = CGRect(x: center.x, y: track.minY, width: max(track.maxX - center.x, 0), height: track.height)
        thumb.position = center
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    /// iOS's slider height (31) and a width of the given size's (at least the thumb's).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: max(size.width, UISlider.thumbDiameter), height: 31)
    }

    // MARK: Gesture recognizers

    /// A slider's default action is a drag of its thumb, not a tap: an ancestor's pan that starts
    /// on the thumb and moves along the slider is refused (Apple's rule); other gestures are not.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer.view !== self, isEnabled, isTracking,
              let pan = gestureRecognizer as? UIPanGestureRecognizer else { return true }
        let moved = pan.translation(in: self)
        return abs(moved.y) > abs(moved.x)
    }

    // MARK: Tracking

    private var grabOffset: CGFloat = 0
    private var valueAtTouchDown: Float = 0

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let p = touch.location(in: self)
        let thumbFrame = CGRect(x: thumbCenter.x - UISlider.thumbDiameter / 2, y: thumbCenter.y - UISlider.thumbDiameter / 2,
                                width: UISlider.thumbDiameter, height: UISlider.thumbDiameter)
        guard thumbFrame.insetBy(dx: -10, dy: -10).contains(p) else { return false }
        grabOffset = p.x - thumbCenter.x
        valueAtTouchDown = storedValue
        return true
    }

    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let travel = thumbTravel
        let x = touch.location(in: self).x - grabOffset
        let f = travel.length > 0 ? min(max((x - travel.start) / travel.length, 0), 1) : 0
        let newValue = minimumValue + Float(f) * (maximumValue - minimumValue)
        if newValue != storedValue {
            setValue(newValue, animated: false)
            if isContinuous { sendTrackingActions(.valueChanged, with: event) }
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if !isContinuous, storedValue != valueAtTouchDown { sendTrackingActions(.valueChanged, with: event) }
    }
}
