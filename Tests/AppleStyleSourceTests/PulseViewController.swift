import QuartzCore
import UIKit

/// A view controller as an Apple-platform app writes one (Swift 5): layers built in `viewDidLoad` from
/// `UIBezierPath`s, a replicator of pulsing dots, laid out in `viewDidLayoutSubviews`, and a property
/// animator started from `viewDidAppear`.
class PulseViewController: UIViewController {
    let replicator = CAReplicatorLayer()
    let dot = CALayer()
    let badge = CAShapeLayer()
    var animator: UIViewPropertyAnimator?
    var didAppear = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        dot.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        dot.cornerRadius = 5
        dot.backgroundColor = #colorLiteral(red: 0.1, green: 0.5, blue: 0.9, alpha: 1).cgColor
        replicator.addSublayer(dot)
        replicator.instanceCount = 5
        replicator.instanceTransform = CATransform3DMakeTranslation(20, 0, 0)
        replicator.instanceDelay = 0.2
        view.layer.addSublayer(replicator)

        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 0.5
        pulse.duration = 0.5
        pulse.autoreverses = true
        pulse.repeatCount = HUGE
        dot.add(pulse, forKey: "pulse")

        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 60, height: 30),
                                byRoundingCorners: [.topLeft, .bottomRight],
                                cornerRadii: CGSize(width: 8, height: 8))
        path.append(UIBezierPath(arcCenter: CGPoint(x: 30, y: 15), radius: 5, startAngle: 0,
                                 endAngle: .pi * 2, clockwise: true))
        badge.path = path.cgPath
        badge.fillRule = .evenOdd
        badge.fillColor = UIColor.red.cgColor
        view.layer.addSublayer(badge)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        replicator.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 20)
        dot.position = CGPoint(x: 10, y: 10)
        badge.frame = CGRect(x: view.bounds.width - 70, y: 40, width: 60, height: 30)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        didAppear = true
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
            self.view.alpha = 0.5
        }
        animator.startAnimation()
        self.animator = animator
    }
}
