import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Neuburg's compass-arrow animations (001 E23-E29, E31, E33; seed-examples §7.1.6), each turning
/// or shaking `arrow` of the compass as his code does, from wherever it points. A click on the
/// compass (or Space) runs the chosen one; keys 1-9 choose.
final class CompassViewController: UIViewController, DemoActionScreen {
    enum Variant: String, NumberedVariant {
        case e23, e24, e25, e26, e27, e28, e29, e31, e33

        var caption: String {
            switch self {
            case .e23: return "001 E23: implicit turn of 45 degrees"
            case .e24: return "001 E24: the implicit transaction lasts 0.8 s"
            case .e25: return "001 E25: ... with the \"clunk\" timing function"
            case .e26: return "001 E26: explicit, from and to values, model set first"
            case .e27: return "001 E27: explicit, condensed"
            case .e28: return "001 E28: waggle, 3 times back and forth"
            case .e29: return "001 E29: waggle, additive, rotateZ value function"
            case .e31: return "001 E31: damped waggle, keyframes"
            case .e33: return "001 E33: group: clunky turn, then damped waggle"
            }
        }
    }

    nonisolated static let size = CGSize(width: 300, height: 300)
    static let compassCentre = CGPoint(x: 150, y: 135)

    private(set) var variant: Variant
    let compass = CompassView()
    private let caption = UILabel()

    init(variant: Variant) {
        self.variant = variant
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        compass.bounds = CGRect(x: 0, y: 0, width: CompassLayer.side, height: CompassLayer.side)
        compass.center = Self.compassCentre
        view.addSubview(compass)
        caption.frame = CGRect(x: 10, y: 266, width: 285, height: 24)
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = .darkGray
        caption.text = variant.caption
        view.addSubview(caption)
        compass.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
            MainActor.assumeIsolated { self?.performAction() }
        })
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = variantKey(event), let chosen = Variant(argument: key) else { return false }
        variant = chosen
        caption.text = chosen.caption
        return true
    }

    /// The "clunk" timing function: a slow start, then a whip into place.
    private var clunk: CAMediaTimingFunction { CAMediaTimingFunction(controlPoints: 0.9, 0.1, 0.7, 0.9) }

    func performAction() {
        let c = compass.layer as! CompassLayer
        switch variant {
        case .e23:
            c.arrow.transform = CATransform3DRotate(c.arrow.transform, .pi / 4.0, 0, 0, 1)
        case .e24:
            CATransaction.setAnimationDuration(0.8)
            c.arrow.transform = CATransform3DRotate(c.arrow.transform, .pi / 4.0, 0, 0, 1)
        case .e25:
            CATransaction.setAnimationDuration(0.8)
            CATransaction.setAnimationTimingFunction(clunk)
            c.arrow.transform = CATransform3DRotate(c.arrow.transform, .pi / 4.0, 0, 0, 1)
        case .e26:
            // Capture the start and end values.
            let startValue = c.arrow.transform
            let endValue = CATransform3DRotate(startValue, .pi / 4.0, 0, 0, 1)
            // Change the layer, without implicit animation.
            CATransaction.setDisableActions(true)
            c.arrow.transform = endValue
            // The explicit animation.
            let anim = CABasicAnimation(keyPath: "transform")
            anim.duration = 0.8
            anim.timingFunction = clunk
            anim.fromValue = NSValue(caTransform3D: startValue)
            anim.toValue = NSValue(caTransform3D: endValue)
            c.arrow.add(anim, forKey: nil)
        case .e27:
            CATransaction.setDisableActions(true)
            c.arrow.transform = CATransform3DRotate(c.arrow.transform, .pi / 4.0, 0, 0, 1)
            let anim = CABasicAnimation(keyPath: "transform")
            anim.duration = 0.8
            anim.timingFunction = clunk
            c.arrow.add(anim, forKey: nil)
        case .e28:
            let nowValue = c.arrow.transform
            let startValue = CATransform3DRotate(nowValue, .pi / 40.0, 0, 0, 1)
            let endValue = CATransform3DRotate(nowValue, -.pi / 40.0, 0, 0, 1)
            let anim = CABasicAnimation(keyPath: "transform")
            anim.duration = 0.05
            anim.timingFunction = CAMediaTimingFunction(name: .linear)
            anim.repeatCount = 3
            anim.autoreverses = true
            anim.fromValue = NSValue(caTransform3D: startValue)
            anim.toValue = NSValue(caTransform3D: endValue)
            c.arrow.add(anim, forKey: nil)
        case .e29:
            let anim = CABasicAnimation(keyPath: "transform")
            anim.duration = 0.05
            anim.timingFunction = CAMediaTimingFunction(name: .linear)
            anim.repeatCount = 3
            anim.autoreverses = true
            anim.isAdditive = true
            anim.valueFunction = CAValueFunction(name: .rotateZ)
            anim.fromValue = CGFloat.pi / 40
            anim.toValue = -CGFloat.pi / 40
            c.arrow.add(anim, forKey: nil)
        case .e31:
            let anim = CAKeyframeAnimation(keyPath: "transform")
            anim.values = Self.dampedWaggle()
            anim.isAdditive = true
            anim.valueFunction = CAValueFunction(name: .rotateZ)
            c.arrow.add(anim, forKey: nil)
        case .e33:
            // Capture the current value, set the final one.
            let rot = CGFloat.pi / 4.0
            CATransaction.setDisableActions(true)
            let current = c.arrow.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
            c.arrow.setValue(current + rot, forKeyPath: "transform.rotation.z")
            // First animation: rotate and clunk.
            let anim1 = CABasicAnimation(keyPath: "transform")
            anim1.duration = 0.8
            anim1.timingFunction = clunk
            anim1.fromValue = current
            anim1.toValue = current + rot
            anim1.valueFunction = CAValueFunction(name: .rotateZ)
            // Second animation: waggle.
            let anim2 = CAKeyframeAnimation(keyPath: "transform")
            anim2.values = Self.dampedWaggle()
            anim2.duration = 0.25
            anim2.beginTime = anim1.duration
            anim2.isAdditive = true
            anim2.valueFunction = CAValueFunction(name: .rotateZ)
            // The group.
            let group = CAAnimationGroup()
            group.animations = [anim1, anim2]
            group.duration = anim1.duration + anim2.duration
            c.arrow.add(group, forKey: nil)
        }
    }

    /// E31's angles: 0, then pi/20, -pi/25, ... -pi/55 alternating, then 0.
    static func dampedWaggle() -> [CGFloat] {
        var values: [CGFloat] = [0.0]
        var direction: CGFloat = 1
        for i in stride(from: 20, to: 60, by: 5) {
            values.append(direction * .pi / CGFloat(i))
            direction *= -1
        }
        values.append(0.0)
        return values
    }
}
