import CoreGraphics
import Foundation
import QuartzCore

/// A control of two halves, − and +, that decrease and increase a value by `stepValue`.
///
/// Drawn with layers as iOS 13 and later draw it: a 94×32 rounded grey rectangle with a divider,
/// the − and + glyphs in black, a glyph dimmed where its step cannot go further. A touch going
/// down on a half steps at once and sends `.valueChanged` (then `.primaryActionTriggered`), as
/// Apple's; with `autorepeat` holding it steps again after 0.5 s and then every 0.1 s. With
/// `isContinuous` false the event is sent once, when the touch ends, if the value changed.
/// Setting `value` in code sends nothing.
@preconcurrency @MainActor
open class UIStepper: UIControl {
    /// iOS's stepper size.
    static let size = CGSize(width: 94, height: 32)

    private let background: CALayer = ControlLayerDelegate.adopt(CALayer())
    private let divider: CALayer = ControlLayerDelegate.adopt(CALayer())
    let minusBar: CALayer = ControlLayerDelegate.adopt(CALayer())
    let plusBar: CALayer = ControlLayerDelegate.adopt(CALayer())
    private let plusStem: CALayer = ControlLayerDelegate.adopt(CALayer())

    private var storedValue: Double = 0

    /// The value, kept within `minimumValue...maximumValue` (0 by default; NaN is ignored).
    open var value: Double {
        get { storedValue }
        set {
            guard !newValue.isNaN else { return }
            storedValue = min(max(newValue, minimumValue), maximumValue)
            updateGlyphs()
        }
    }

    /// The lowest value (0 by default). Above `maximumValue` it raises that too (Apple raises an
    /// exception instead).
    open var minimumValue: Double = 0 {
        didSet {
            if minimumValue.isNaN { minimumValue = oldValue }
            if maximumValue < minimumValue { maximumValue = minimumValue }
            value = storedValue
        }
    }

    /// The highest value (100 by default). Below `minimumValue` it lowers that too.
    open var maximumValue: Double = 100 {
        didSet {
            if maximumValue.isNaN { maximumValue = oldValue }
            if minimumValue > maximumValue { minimumValue = maximumValue }
            value = storedValue
        }
    }

    /// How much a step changes the value (1 by default; values that are not above 0 are ignored,
    /// where Apple raises an exception).
    open var stepValue: Double = 1 {
        didSet { if !(stepValue > 0) || !stepValue.isFinite { stepValue = oldValue } }
    }

    /// Whether stepping past one end goes on from the other (false by default).
    open var wraps = false { didSet { updateGlyphs() } }

    /// Whether holding a half keeps stepping (true by default).
    open var autorepeat = true

    /// Whether `.valueChanged` is sent at each step while the user holds a half (true by default)
    /// or once when the touch ends.
    open var isContinuous = true

    /// The half the tracked touch went down on (−1, +1; 0: none).
    private var trackedDirection = 0
    private var valueAtTouchDown: Double = 0
    private var repeatTimer: Timer?
    private var trackingEvent: UIEvent?

    /// A stepper of iOS's size at `frame`'s origin (the size is fixed, as on iOS).
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: UIStepper.size))
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        background.backgroundColor = CGColor(red: 118 / 255.0, green: 118 / 255.0, blue: 128 / 255.0, alpha: 0.12)
        background.cornerRadius = 8
        divider.backgroundColor = CGColor(red: 60 / 255.0, green: 60 / 255.0, blue: 67 / 255.0, alpha: 0.29)
        for part in [background, divider, minusBar, plusBar, plusStem] { layer.addSublayer(part) }
        for glyph in [minusBar, plusBar, plusStem] { glyph.backgroundColor = CGColor(gray: 0, alpha: 1) }
        layoutParts()
        updateGlyphs()
    }

    override var primaryActionEvent: Event { .valueChanged }

    /// Whether a step in `direction` (−1 or +1) would change the value.
    private func canStep(_ direction: Int) -> Bool {
        wraps || (direction < 0 ? storedValue > minimumValue : storedValue < maximumValue)
    }

    /// One step in `direction`; past an end, the other end when `wraps`, else the end.
    private func step(_ direction: Int) {
        let next = storedValue + Double(direction) * stepValue
        if next > maximumValue {
            storedValue = wraps ? minimumValue : maximumValue
        } else if next < minimumValue {
            storedValue = wraps ? maximumValue : minimumValue
        } else {
            storedValue = next
        }
        updateGlyphs()
    }

    /// Steps the tracked half and, when continuous, tells the targets.
    private func stepTracked() {
        guard trackedDirection != 0, canStep(trackedDirection) else { return }
        let before = storedValue
        step(trackedDirection)
        if isContinuous, storedValue != before { sendTrackingActions(.valueChanged, with: trackingEvent) }
    }

    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        trackedDirection = touch.location(in: self).x < bounds.midX ? -1 : 1
        valueAtTouchDown = storedValue
        trackingEvent = event
        stepTracked()
        if autorepeat {
            let timer = Timer(fire: Date(timeIntervalSinceNow: 0.5), interval: 0.1, repeats: true) { [weak self] _ in
                MainActor.assumeIsolated { self?.stepTracked() }
            }
            RunLoop.main.add(timer, forMode: .common)
            repeatTimer = timer
        }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        finishTracking(with: event)
    }

    open override func cancelTracking(with event: UIEvent?) {
        finishTracking(with: event)
    }

    private func finishTracking(with event: UIEvent?) {
        repeatTimer?.invalidate()
        repeatTimer = nil
        trackedDirection = 0
        trackingEvent = nil
        if !isContinuous, storedValue != valueAtTouchDown { sendTrackingActions(.valueChanged, with: event) }
    }

    open override func stateDidChange() {
        updateGlyphs()
    }

    private func updateGlyphs() {
        let enabledAlpha: Float = isEnabled ? 1 : 0.3
        minusBar.opacity = canStep(-1) ? enabledAlpha : 0.3
        let plus: Float = canStep(1) ? enabledAlpha : 0.3
        plusBar.opacity = plus
        plusStem.opacity = plus
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutParts()
    }

    private func layoutParts() {
        background.frame = bounds
        let half = bounds.width / 2
        divider.frame = CGRect(x: bounds.minX + half - 0.5, y: bounds.minY + (bounds.height - 18) / 2, width: 1, height: 18)
        let glyph: CGFloat = 14, thickness: CGFloat = 2
        let midY = bounds.midY
        let minusX = bounds.minX + half / 2, plusX = bounds.minX + half * 1.5
        minusBar.frame = CGRect(x: minusX - glyph / 2, y: midY - thickness / 2, width: glyph, height: thickness)
        plusBar.frame = CGRect(x: plusX - glyph / 2, y: midY - thickness / 2, width: glyph, height: thickness)
        plusStem.frame = CGRect(x: plusX - thickness / 2, y: midY - glyph / 2, width: thickness, height: glyph)
        for bar in [minusBar, plusBar, plusStem] { bar.cornerRadius = thickness / 2 }
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { UIStepper.size }
    open override var intrinsicContentSize: CGSize { UIStepper.size }
}
