// Explicit animations: a CABasicAnimation and a CAKeyframeAnimation added to layers. The model values
// stay as they are; the presentation layer shows the animation.
import UIKit
import PlaygroundSupport

let view = UIView(frame: CGRect(x: 0, y: 0, width: 360, height: 240))
view.backgroundColor = .white

let square = CALayer()
square.frame = CGRect(x: 40, y: 70, width: 100, height: 100)
square.backgroundColor = UIColor.systemPink.cgColor
view.layer.addSublayer(square)

let spin = CABasicAnimation(keyPath: "transform.rotation")
spin.fromValue = 0
spin.toValue = CGFloat.pi / 2
spin.duration = 1
spin.repeatCount = .infinity
spin.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
square.add(spin, forKey: "spin")

let ball = CALayer()
ball.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
ball.position = CGPoint(x: 260, y: 200)
ball.cornerRadius = 20
ball.backgroundColor = UIColor.systemIndigo.cgColor
view.layer.addSublayer(ball)

let bounce = CAKeyframeAnimation(keyPath: "position.y")
bounce.values = [200, 60, 200]
bounce.keyTimes = [0, 0.5, 1]
bounce.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn)]
bounce.duration = 1.2
bounce.repeatCount = .infinity
ball.add(bounce, forKey: "bounce")

PlaygroundPage.current.liveView = view
