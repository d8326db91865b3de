import CoreGraphics
import Foundation
import QuartzCore

/// A view that shows what lies behind it through an effect: with a `UIBlurEffect`, the pixels
/// already drawn under its frame blurred (by the renderer: its layer's backdrop blur, a Linux
/// layer property where Apple uses a private backdrop layer) and tinted in the style's colour. Put
/// subviews into `contentView`, which lies above the effect.
@MainActor
open class UIVisualEffectView: UIView {
    /// The effect (nil: none; the view shows its content only).
    open var effect: UIVisualEffect? {
        didSet { applyEffect() }
    }

    /// The view subviews go into, above the effect, filling the view.
    public let contentView = UIView(frame: .zero)

    /// The tint drawn over the blur, below `contentView`.
    private let tintView = UIView(frame: .zero)

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        installSubviews()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        installSubviews()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        installSubviews()
    }

    private func installSubviews() {
        for view in [tintView, contentView] {
            view.frame = bounds
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            addSubview(view)
        }
        tintView.isUserInteractionEnabled = false
        applyEffect()
    }

    /// The blur radius and tint of `effect` (a vibrancy effect takes its blur's).
    private func applyEffect() {
        let blur = (effect as? UIBlurEffect) ?? (effect as? UIVibrancyEffect)?.blurEffect
        if let blur, effect is UIBlurEffect {
            let look = blur.appearance
            layer.backdropBlurRadius = look.radius
            tintView.backgroundColor = UIColor(white: look.white, alpha: look.alpha)
        } else {
            layer.backdropBlurRadius = 0
            tintView.backgroundColor = nil
        }
    }
}
