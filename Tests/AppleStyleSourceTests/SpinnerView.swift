// Code written the way an app for Apple platforms writes it, in the Swift 5 language mode: it must
// compile here unchanged (warnings allowed, as Xcode allows them). Do not "fix" it for Linux.
import QuartzCore
import UIKit

class SpinnerView: UIView, CAAnimationDelegate {
    let ringLayer = CAShapeLayer()
    let gradientLayer = CAGradientLayer()
    let replicatorLayer = CAReplicatorLayer()
    let dotLayer = CALayer()
    var stoppedAnimations: [String] = []
    var startedAnimations = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        backgroundColor = .clear
        ringLayer.fillColor = UIColor.clear.cgColor
        ringLayer.strokeColor = #colorLiteral(red: 0.2, green: 0.4, blue: 1, alpha: 1).cgColor
        ringLayer.lineWidth = 4
        ringLayer.lineCap = .round
        ringLayer.strokeEnd = 0.75
        gradientLayer.colors = [UIColor.red.cgColor, #colorLiteral(red: 0, green: 0, blue: 1, alpha: 1).cgColor]
        gradientLayer.startPoint = CGPoint(x: 0, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1, y: 0.5)
        gradientLayer.mask = ringLayer
        replicatorLayer.instanceCount = 8
        replicatorLayer.instanceTransform = CATransform3DMakeRotation(CGFloat.pi / 4, 0, 0, 1)
        replicatorLayer.instanceDelay = 0.1
        dotLayer.backgroundColor = UIColor.white.cgColor
        dotLayer.cornerRadius = 3
        replicatorLayer.addSublayer(dotLayer)
        layer.addSublayer(gradientLayer)
        layer.addSublayer(replicatorLayer)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        gradientLayer.frame = bounds
        ringLayer.frame = bounds
        ringLayer.path = CGPath(ellipseIn: bounds.insetBy(dx: 4, dy: 4), transform: nil)
        replicatorLayer.frame = bounds
        dotLayer.frame = CGRect(x: bounds.midX - 3, y: 0, width: 6, height: 6)
    }

    func startAnimating() {
        let spin = CAKeyframeAnimation(keyPath: "transform")
        spin.values = [
            NSValue(caTransform3D: CATransform3DIdentity),
            NSValue(caTransform3D: CATransform3DMakeRotation(CGFloat(M_PI), 0, 0, 1)),
            NSValue(caTransform3D: CATransform3DMakeRotation(2 * CGFloat(M_PI), 0, 0, 1)),
        ]
        spin.keyTimes = [0, 0.5, 1]
        spin.duration = 1
        spin.repeatCount = HUGE
        gradientLayer.add(spin, forKey: "spin")

        let pulse = CABasicAnimation(keyPath: "opacity")
        pulse.fromValue = 1.0
        pulse.toValue = 0.25
        pulse.duration = 0.5
        pulse.autoreverses = true
        pulse.repeatCount = Float(HUGE)
        dotLayer.add(pulse, forKey: "pulse")

        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 0.75
        grow.duration = 0.4
        grow.delegate = self
        ringLayer.add(grow, forKey: "grow")
    }

    func stopAnimating() {
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            self.stoppedAnimations.append("transaction")
        }
        gradientLayer.removeAnimation(forKey: "spin")
        dotLayer.removeAllAnimations()
        CATransaction.commit()
    }

    func fadeOut(completion: ((Bool) -> Void)? = nil) {
        UIView.animate(withDuration: 0.25) {
            self.alpha = 0
        }
        UIView.animate(withDuration: 0.25, animations: {
            self.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        }, completion: completion)
    }

    lazy var revealAnimator: UIViewPropertyAnimator = {
        let animator = UIViewPropertyAnimator(duration: 0.6, curve: .easeOut) { [unowned self] in
            self.transform = CGAffineTransform(translationX: 0, y: -40)
        }
        animator.addCompletion { position in
            if position == .end { self.stoppedAnimations.append("revealed") }
        }
        return animator
    }()

    func scrubReveal(to fraction: CGFloat) {
        revealAnimator.pauseAnimation()
        revealAnimator.fractionComplete = fraction
    }

    // MARK: - CAAnimationDelegate

    func animationDidStart(_ anim: CAAnimation) {
        startedAnimations += 1
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stoppedAnimations.append(flag ? "finished" : "removed")
    }
}

/// A layer delegate that is not a view, as apps write them for a plain CALayer.
class BadgeDrawer: NSObject, CALayerDelegate {
    var drawCount = 0
    weak var owner: UIView?

    func draw(_ layer: CALayer, in ctx: CGContext) {
        drawCount += 1
        ctx.setFillColor(UIColor.orange.cgColor)
        ctx.fillEllipse(in: layer.bounds)
    }

    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        return event == "position" ? NSNull() : nil
    }

    func layoutSublayers(of layer: CALayer) {
        owner?.setNeedsLayout()
    }
}

/// An animation delegate that is not a view, touching a view when the animation ends.
class FadeCoordinator: NSObject, CAAnimationDelegate {
    let view: UIView
    init(view: UIView) { self.view = view }

    func fade() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSNumber(value: 1)
        fade.toValue = NSNumber(value: 0)
        fade.duration = 0.2
        fade.delegate = self
        view.layer.add(fade, forKey: "fade")
        view.layer.opacity = 0
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        view.isHidden = true
    }
}
