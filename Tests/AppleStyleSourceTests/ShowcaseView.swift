// More code in the style of an app for Apple platforms (see SpinnerView.swift): a layer-backed
// view with a custom layer class, drawing, groups, transitions and the layer pause idiom.
import UIKit
import QuartzCore

class ShapeBackedView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }
    var shapeLayer: CAShapeLayer { layer as! CAShapeLayer }
    let textLayer = CATextLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func configure() {
        shapeLayer.lineDashPattern = [4, 2]
        shapeLayer.fillRule = .evenOdd
        layer.cornerRadius = 8
        clipsToBounds = true
        layer.masksToBounds = true
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.3
        layer.shadowOffset = CGSize(width: 0, height: 2)
        layer.needsDisplayOnBoundsChange = true
        textLayer.string = "Hi"
        textLayer.font = UIFont.systemFont(ofSize: 12)
        textLayer.fontSize = 12
        textLayer.alignmentMode = .center
        textLayer.contentsScale = UIScreen.main.scale
        layer.addSublayer(textLayer)
        let g = CAGradientLayer()
        g.locations = [0, 0.5, 1]
        g.type = .radial
        g.colors = [UIColor.red.cgColor, UIColor.green.cgColor, UIColor.blue.cgColor]
        layer.insertSublayer(g, at: 0)
        let r = CAReplicatorLayer()
        r.instanceColor = UIColor.white.cgColor
        r.instanceRedOffset = -0.1
        r.instanceAlphaOffset = -0.1
        layer.addSublayer(r)
    }

    override func draw(_ rect: CGRect) {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.setStrokeColor(UIColor.red.cgColor)
        ctx.setLineWidth(2)
        ctx.stroke(rect.insetBy(dx: 1, dy: 1))
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: rect.midX, y: rect.midY), radius: 10, startAngle: 0, endAngle: .pi * 2, clockwise: true)
        ctx.addPath(path)
        ctx.fillPath()
    }

    func animateThings() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.5)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
        CATransaction.setCompletionBlock { [weak self] in self?.alpha = 1 }
        let a = CABasicAnimation(keyPath: "position.x")
        a.byValue = 20
        let b = CABasicAnimation(keyPath: "transform.scale")
        b.toValue = 1.2
        let group = CAAnimationGroup()
        group.animations = [a, b]
        group.duration = 1
        group.isRemovedOnCompletion = false
        group.fillMode = .forwards
        layer.add(group, forKey: "nudge")
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromRight
        transition.duration = 0.3
        textLayer.add(transition, forKey: kCATransition)
        textLayer.string = "Bye"
        CATransaction.commit()

        let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = pausedTime
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 8))
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        layer.sublayerTransform = t
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.calculationModeCubic], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { self.alpha = 0.5 }
        }, completion: nil)
        UIView.transition(with: self, duration: 0.3, options: .transitionCrossDissolve, animations: {
            self.backgroundColor = .red
        }, completion: nil)
        UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0,
                       options: [.curveEaseOut, .allowUserInteraction], animations: {
            self.frame.origin.y += 10
        })
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) {
            self.alpha = 0
        }
        _ = layer.presentation()?.frame
    }
}
