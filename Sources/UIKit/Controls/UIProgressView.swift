import CoreGraphics
import Foundation
import QuartzCore

/// A bar that fills from the left as a task progresses.
///
/// Drawn with layers, as iOS 13 and later draw it: a track across the bounds (light grey, rounded
/// for `.default`) and over it, from the left, the progress in `progressTintColor` (the view's
/// `tintColor` when nil). `setProgress(_:animated:)` slides the fill in 0.25 s.
@preconcurrency @MainActor
open class UIProgressView: UIView {
    /// The look of the bar (Apple's raw values).
    public enum Style: Int, Sendable {
        /// The 4-point rounded bar of standard interfaces.
        case `default` = 0
        /// The thinner, square bar used in a toolbar.
        case bar = 1
    }

    private let track: CALayer = ControlLayerDelegate.adopt(CALayer())
    let fill: CALayer = ControlLayerDelegate.adopt(CALayer())

    /// How long `setProgress(_:animated: true)` slides.
    static let animationDuration: TimeInterval = 0.25
    /// The default colour of the track.
    static let defaultTrackColor = UIColor(red: 120 / 255.0, green: 120 / 255.0, blue: 128 / 255.0, alpha: 0.2)

    /// The bar's look.
    open var progressViewStyle: Style = .default {
        didSet { layoutBar(); invalidateIntrinsicContentSize() }
    }

    private var storedProgress: Float = 0

    /// How much is done, from 0 to 1 (values outside are clamped, NaN counts as 0).
    open var progress: Float {
        get { storedProgress }
        set { setProgress(newValue, animated: false) }
    }

    /// The colour of the filled part (nil, the default: the view's `tintColor`).
    open var progressTintColor: UIColor? { didSet { applyColors() } }

    /// The colour of the unfilled track (nil, the default: a light grey).
    open var trackTintColor: UIColor? { didSet { applyColors() } }

    /// A bar of `style` (frame zero; its height comes from `sizeThatFits` and the intrinsic size).
    public convenience init(progressViewStyle style: Style) {
        self.init(frame: .zero)
        progressViewStyle = style
        let height = sizeThatFits(.zero).height
        frame = CGRect(x: 0, y: 0, width: 0, height: height)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        layer.addSublayer(track)
        layer.addSublayer(fill)
        applyColors()
        layoutBar()
    }

    /// Sets `progress` (clamped to 0...1); with `animated` the fill slides to it in 0.25 s.
    open func setProgress(_ progress: Float, animated: Bool) {
        storedProgress = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if animated {
            UIView.animate(withDuration: UIProgressView.animationDuration) { self.layoutBar() }
        } else {
            layoutBar()
        }
    }

    open override func tintColorDidChange() {
        super.tintColorDidChange()
        applyColors()
    }

    private func applyColors() {
        track.backgroundColor = (trackTintColor ?? UIProgressView.defaultTrackColor).cgColor
        fill.backgroundColor = (progressTintColor ?? tintColor).cgColor
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutBar()
    }

    private func layoutBar() {
        track.frame = bounds
        let radius = progressViewStyle == .default ? min(bounds.height / 2, 2) : 0
        track.cornerRadius = radius
        fill.cornerRadius = radius
        fill.frame = CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width * CGFloat(storedProgress),
                            height: bounds.height)
    }

    /// The style's height (4 points, 2.5 for `.bar`) at the width given.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: progressViewStyle == .bar ? 2.5 : 4)
    }

    /// No width of its own; the style's height.
    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: sizeThatFits(.zero).height)
    }
}
