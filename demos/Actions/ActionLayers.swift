import Foundation
import QuartzCore

/// Neuburg's layer that never animates its position implicitly (001 E44): its `action(forKey:)`
/// answers nil for "position" before any search, and asks the search for everything else.
final class NoPositionActionLayer: CALayer {
    override func action(forKey event: String) -> CAAction? {
        if event == "position" { return nil }
        return super.action(forKey: event)
    }
}

/// Neuburg's layer whose new contents always push in from the left (001 E47): the class's default
/// action for "contents".
final class PushContentsLayer: CALayer {
    override class func defaultAction(forKey aKey: String) -> CAAction? {
        if aKey == "contents" {
            let tr = CATransition()
            tr.type = .push
            tr.subtype = .fromLeft
            return tr
        }
        return super.defaultAction(forKey: aKey)
    }
}

/// The layer delegates of the action listings: the guide's push for new contents (000 L6-1),
/// Neuburg's waggly path to the transaction's "newP" (001 E46), his pop-in when the layer is added
/// (E48) and pop-out when the transaction carries "byebye" (E49). Each answers only its own key
/// (nil lets the search go on).
final class ActionsLayerDelegate: NSObject, CALayerDelegate {
    enum Behaviour { case pushContents, wagglePosition, popIn, popOut }
    let behaviour: Behaviour

    init(_ behaviour: Behaviour) {
        self.behaviour = behaviour
    }

    func action(for layer: CALayer, forKey key: String) -> CAAction? {
        switch behaviour {
        case .pushContents: return pushContents(for: layer, forKey: key)
        case .wagglePosition: return wagglePosition(for: layer, forKey: key)
        case .popIn: return popIn(for: layer, forKey: key)
        case .popOut: return popOut(for: layer, forKey: key)
        }
    }

    /// 000 L6-1.
    private func pushContents(for theLayer: CALayer, forKey theKey: String) -> CAAction? {
        var theAnimation: CATransition?
        if theKey == "contents" {
            theAnimation = CATransition()
            theAnimation?.duration = 1.0
            theAnimation?.timingFunction = CAMediaTimingFunction(name: .easeIn)
            theAnimation?.type = .push
            theAnimation?.subtype = .fromRight
        }
        return theAnimation
    }

    /// 001 E46: through two points a third and two thirds of the way, 10 degrees to either side.
    private func wagglePosition(for layer: CALayer, forKey key: String) -> CAAction? {
        guard key == "position", let newValue = CATransaction.value(forKey: "newP") as? NSValue else { return nil }
        let oldP = layer.position
        let newP = newValue.cgPointValue
        let d = sqrt(pow(oldP.x - newP.x, 2) + pow(oldP.y - newP.y, 2))
        let r = d / 3.0
        let theta = atan2(newP.y - oldP.y, newP.x - oldP.x)
        let wag = 10 * CGFloat.pi / 180.0
        let p1 = CGPoint(x: oldP.x + r * cos(theta + wag), y: oldP.y + r * sin(theta + wag))
        let p2 = CGPoint(x: oldP.x + r * 2 * cos(theta - wag), y: oldP.y + r * 2 * sin(theta - wag))
        let anim = CAKeyframeAnimation()
        anim.values = [NSValue(cgPoint: oldP), NSValue(cgPoint: p1), NSValue(cgPoint: p2), NSValue(cgPoint: newP)]
        anim.calculationMode = .cubic
        return anim
    }

    /// 001 E48: fade in from nothing while swelling to 110% and back, 0.2 s.
    private func popIn(for lay: CALayer, forKey key: String) -> CAAction? {
        guard key == kCAOnOrderIn else { return nil }
        let anim1 = CABasicAnimation(keyPath: "opacity")
        anim1.fromValue = 0.0
        anim1.toValue = lay.opacity
        let anim2 = CABasicAnimation(keyPath: "transform")
        anim2.toValue = NSValue(caTransform3D: CATransform3DScale(lay.transform, 1.1, 1.1, 1.0))
        anim2.autoreverses = true
        anim2.duration = 0.1
        let group = CAAnimationGroup()
        group.animations = [anim1, anim2]
        group.duration = 0.2
        return group
    }

    /// 001 E49: for an opacity change marked "byebye", shrink to 10% while fading, 0.2 s.
    private func popOut(for layer: CALayer, forKey key: String) -> CAAction? {
        guard key == "opacity", CATransaction.value(forKey: "byebye") != nil else { return nil }
        let anim1 = CABasicAnimation(keyPath: "opacity")
        anim1.fromValue = layer.opacity
        anim1.toValue = 0.0
        let anim2 = CABasicAnimation(keyPath: "transform")
        anim2.toValue = NSValue(caTransform3D: CATransform3DScale(layer.transform, 0.1, 0.1, 1.0))
        let group = CAAnimationGroup()
        group.animations = [anim1, anim2]
        group.duration = 0.2
        return group
    }
}
