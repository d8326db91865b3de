import UIKit

/// One layer, spinning and breathing: change the values, save, and run again.
class ViewController: UIViewController {

    let square = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        square.bounds = CGRect(x: 0, y: 0, width: 120, height: 120)
        square.backgroundColor = UIColor.systemBlue.cgColor
        square.cornerRadius = 24
        view.layer.addSublayer(square)

        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = 2 * CGFloat.pi
        spin.duration = 3
        spin.repeatCount = .infinity
        square.add(spin, forKey: "spin")

        let breathe = CABasicAnimation(keyPath: "opacity")
        breathe.fromValue = 1
        breathe.toValue = 0.4
        breathe.duration = 1.5
        breathe.autoreverses = true
        breathe.repeatCount = .infinity
        breathe.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        square.add(breathe, forKey: "breathe")
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        square.position = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }
}
