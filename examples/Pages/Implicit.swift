// Implicit animations: changing a standalone layer's property animates it over a quarter of a second,
// inside a transaction whose duration can be changed. Tap the window to change the colour.
import UIKit
import PlaygroundSupport

class ColorViewController: UIViewController {
    let colorLayer = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemGroupedBackground
        colorLayer.frame = CGRect(x: 85, y: 85, width: 150, height: 150)
        colorLayer.backgroundColor = UIColor.systemTeal.cgColor
        view.layer.addSublayer(colorLayer)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(changeColor)))
    }

    @objc func changeColor() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        colorLayer.backgroundColor = UIColor(hue: .random(in: 0...1), saturation: 0.8, brightness: 0.9, alpha: 1).cgColor
        CATransaction.commit()
    }
}

let controller = ColorViewController()
controller.preferredContentSize = CGSize(width: 320, height: 320)
PlaygroundPage.current.liveView = controller
