import CoreGraphics
import Foundation
import QuartzCore

/// An on/off control, drawn as iOS draws it: a 51×31 capsule (green when on, light gray when off)
/// and a 27-point white round thumb that slides from one end to the other in 0.25 s.
///
/// A tap (touch up inside) toggles it and sends `.valueChanged` (then `.primaryActionTriggered`);
/// `setOn(_:animated:)` and `isOn` change it without sending anything, as on iOS.
@preconcurrency @MainActor
open class UISwitch: UIControl {
    private let track: CALayer = ControlLayerDelegate.adopt(CALayer())
    let thumb: CALayer = ControlLayerDelegate.adopt(CALayer())

    /// iOS's fixed switch size.
    static let size = CGSize(width: 51, height: 31)
    static let thumbInset: CGFloat = 2
    /// How long the thumb takes to slide.
    public static let toggleDuration: TimeInterval = 0.25

    private var storedOn = false

    open var isOn: Bool {
        get { storedOn }
        set { setOn(newValue, animated: false) }
    }

    open var onTintColor: UIColor? { didSet { layoutParts() } }
    open var thumbTintColor: UIColor? { didSet { layoutParts() } }

    static let defaultOnColor = UIColor(red: 52 / 255.0, green: 199 / 255.0, blue: 89 / 255.0, alpha: 1)
    static let offColor = UIColor(red: 0.47, green: 0.47, blue: 0.5, alpha: 0.16)

    /// A switch of iOS's size at `frame`'s origin (the size is fixed, as on iOS).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UISwitch.size))
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        layer.addSublayer(track)
        let d = UISwitch.size.height - 2 * UISwitch.thumbInset
        thumb.bounds = CGRect(x: 0, y: 0, width: d, height: d)
        thumb.cornerRadius = d / 2
        thumb.shadowOpacity = 0.2
        thumb.shadowRadius = 2
        thumb.shadowOffset = CGSize(width: 0, height: 2)
        layer.addSublayer(thumb)
        layoutParts()
    }

    override var primaryActionEvent: Event { .valueChanged }

    /// Sets the state; with `animated` the thumb slides and the colour fades in 0.25 s. Sends no event.
    open func setOn(_ on: Bool, animated: Bool) {
        storedOn = on
        if animated {
            UIView.animate(withDuration: UISwitch.toggleDuration) { self.layoutParts() }
        } else {
            layoutParts()
        }
    }

    /// The thumb's centre for a state, in the switch's coordinates.
    func thumbCenter(on: Bool) -> CGPoint {
        let r = UISwitch.size.height / 2
        return CGPoint(x: on ? bounds.maxX - r : bounds.minX + r, y: bounds.midY)
    }

    private func layoutParts() {
        track.frame = bounds
        track.cornerRadius = bounds.height / 2
        track.backgroundColor = (storedOn ? (onTintColor ?? UISwitch.defaultOnColor) : UISwitch.offColor).cgColor
        thumb.backgroundColor = (thumbTintColor ?? UIColor(white: 1, alpha: 1)).cgColor
        thumb.position = thumbCenter(on: storedOn)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    open override func stateDidChange() {
        alpha = isEnabled ? 1 : 0.5
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UISwitch.size }
    open override var intrinsicContentSize: CGSize { UISwitch.size }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isTrackingInside(touch.location(in: self)) else { return }
        setOn(!storedOn, animated: true)
        sendTrackingActions(.valueChanged, with: event)
    }
}
