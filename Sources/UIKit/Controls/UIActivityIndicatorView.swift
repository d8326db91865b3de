import CoreGraphics
import Foundation
import QuartzCore

/// A spinner that shows something is in progress: eight rounded bars around a circle, darkest at the
/// head and fading behind it, turning an eighth of a turn every eighth of a second while animating.
///
/// Drawn with layers: one bar replicated eight times by a `CAReplicatorLayer` (each copy an eighth
/// of a turn back and lighter), turned by a discrete `CAKeyframeAnimation` of `transform.rotation.z`
/// (one turn a second, for ever), so it spins on the render side. The spinner keeps its style's size
/// (20 points `.medium`, 37 `.large`), centred in the bounds. As Apple's, it is hidden while stopped
/// unless `hidesWhenStopped` is false, and a new one is stopped.
@preconcurrency @MainActor
open class UIActivityIndicatorView: UIView {
    /// The look of the spinner (Apple's raw values).
    public enum Style: Int, Sendable {
        /// The 20-point spinner.
        case medium = 100
        /// The 37-point spinner.
        case large = 101

        /// iOS 12's large white spinner: `.large` here (set `color` for white).
        @available(*, deprecated, renamed: "large")
        public static var whiteLarge: Style { .large }
        /// iOS 12's white spinner: `.medium` here (set `color` for white).
        @available(*, deprecated, renamed: "medium")
        public static var white: Style { .medium }
        /// iOS 12's grey spinner: `.medium`.
        @available(*, deprecated, renamed: "medium")
        public static var gray: Style { .medium }

        /// The spinner's side in points.
        var side: CGFloat { self == .large ? 37 : 20 }
    }

    /// The key of the spinning animation on the replicator layer.
    static let spinKey = "spin"
    /// How many bars go round.
    static let barCount = 8

    /// The default colour of the bars (iOS's grey).
    static let defaultColor = UIColor(red: 142 / 255.0, green: 142 / 255.0, blue: 147 / 255.0, alpha: 1)

    let replicator: CAReplicatorLayer = ControlLayerDelegate.adopt(CAReplicatorLayer())
    private let bar: CALayer = ControlLayerDelegate.adopt(CALayer())

    /// The spinner's look; changing it resizes the bars (the view's frame stays as it is).
    open var style: Style = .medium {
        didSet { layoutSpinner(); invalidateIntrinsicContentSize() }
    }

    /// The colour of the bars (nil resets it to the default grey).
    open var color: UIColor! = UIActivityIndicatorView.defaultColor {
        didSet {
            if color == nil { color = UIActivityIndicatorView.defaultColor }
            bar.backgroundColor = color.cgColor
        }
    }

    /// Whether the view hides itself while stopped (true by default).
    open var hidesWhenStopped = true {
        didSet { if !animating { isHidden = hidesWhenStopped } }
    }

    private var animating = false

    /// Whether the spinner is turning (between `startAnimating()` and `stopAnimating()`).
    open var isAnimating: Bool { animating }

    /// A stopped spinner of `style`, its frame the style's size.
    public init(style: Style) {
        self.style = style
        super.init(frame: CGRect(x: 0, y: 0, width: style.side, height: style.side))
        commonInit()
    }

    /// A stopped `.medium` spinner.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        isUserInteractionEnabled = false
        bar.backgroundColor = color.cgColor
        replicator.addSublayer(bar)
        replicator.instanceCount = UIActivityIndicatorView.barCount
        // Each copy an eighth of a turn back (anticlockwise) and lighter: the trail follows the head.
        replicator.instanceTransform = CATransform3DMakeRotation(-2 * .pi / CGFloat(UIActivityIndicatorView.barCount), 0, 0, 1)
        replicator.instanceAlphaOffset = -0.8 / Float(UIActivityIndicatorView.barCount)
        layer.addSublayer(replicator)
        isHidden = hidesWhenStopped
        layoutSpinner()
    }

    /// Starts turning and shows the view. Does nothing when it is turning already.
    open func startAnimating() {
        guard !animating else { return }
        animating = true
        isHidden = false
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        let n = UIActivityIndicatorView.barCount
        spin.values = (0..<n).map { NSNumber(value: Double($0) * 2 * .pi / Double(n)) }
        spin.calculationMode = .discrete
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.isRemovedOnCompletion = false
        replicator.add(spin, forKey: UIActivityIndicatorView.spinKey)
    }

    /// Stops turning, and hides the view when `hidesWhenStopped`.
    open func stopAnimating() {
        guard animating else { return }
        animating = false
        replicator.removeAnimation(forKey: UIActivityIndicatorView.spinKey)
        if hidesWhenStopped { isHidden = true }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutSpinner()
    }

    private func layoutSpinner() {
        let side = style.side
        replicator.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        replicator.position = CGPoint(x: bounds.midX, y: bounds.midY)
        let width = (side / 8).rounded(.toNearestOrAwayFromZero) < 2 ? 2 : side / 8
        let length = side * 0.28
        bar.frame = CGRect(x: (side - width) / 2, y: 0, width: width, height: length)
        bar.cornerRadius = width / 2
    }

    /// The style's size.
    open override var intrinsicContentSize: CGSize { CGSize(width: style.side, height: style.side) }

    /// The style's size.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { intrinsicContentSize }
}
