// A loader in the style of public sample code for Apple platforms: a full-circle track drawn
// counter-clockwise, a custom layer class that traps in init(coder:) and copies its field in
// init(layer:), dots placed with transform.translation points, a plain view as the tap target
// and a timer with a target and a selector.
import UIKit
import QuartzCore

class ProgressRingLayer: CALayer {
    var ringWidth: CGFloat = 3

    override init() {
        super.init()
    }

    override init(layer: Any) {
        if let other = layer as? ProgressRingLayer {
            ringWidth = other.ringWidth
        }
        super.init(layer: layer)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

class LoaderView: UIView {
    override class var layerClass: AnyClass { ProgressRingLayer.self }

    let trackLayer = CAShapeLayer()
    var dots: [CALayer] = []
    var taps = 0
    var ticks = 0
    var timer: Timer?

    override init(frame: CGRect) {
        super.init(frame: frame)
        (layer as! ProgressRingLayer).ringWidth = 6
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        trackLayer.path = UIBezierPath(arcCenter: center, radius: bounds.width / 2 - 4, startAngle: 0,
                                       endAngle: 2 * .pi, clockwise: false).cgPath
        trackLayer.strokeColor = UIColor.lightGray.cgColor
        trackLayer.fillColor = UIColor.clear.cgColor
        trackLayer.lineWidth = 4
        layer.addSublayer(trackLayer)
        for i in 0..<3 {
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
            dot.position = .zero
            dot.setValue(CGPoint(x: 10 + 20 * CGFloat(i), y: 30), forKeyPath: "transform.translation")
            layer.addSublayer(dot)
            dots.append(dot)
        }
        let tap = UITapGestureRecognizer(target: self, action: Selector(("handleTap:")))
        addGestureRecognizer(tap)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func handleTap(_ sender: UITapGestureRecognizer) {
        taps += 1
    }

    func startTicking() {
        timer = Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: Selector(("tick:")),
                                     userInfo: nil, repeats: true)
    }

    func tick(_ timer: Timer) {
        ticks += 1
    }
}
