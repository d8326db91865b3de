import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listings 8.6, 8.7 and 8.10 in a white 300-point `containerView`: the cubic Bézier
/// curve from (0, 150) to (300, 150) (control points (75, 0) and (225, 300)) drawn by a shape
/// layer, and 1. (8.6) the 64-point ship moved along it by a 4-s keyframe animation of "position";
/// 2. (8.7) the same with `rotationMode` auto, turning the nose along the curve; 3. (8.10) a green
/// square moved and turned the same way and coloured red, in a 4-s animation group. Space replays.
final class ShipViewController: ListingViewController<ShipViewController.Listing>, DemoActionScreen {
    enum Listing: String, DemoListing {
        case path, rotate, group

        var caption: String {
            switch self {
            case .path: return "Listing 8.6: keyframe animation along a path"
            case .rotate: return "Listing 8.7: rotationMode auto"
            case .group: return "Listing 8.10: group of path and colour"
            }
        }
    }

    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    private var bezierPath = UIBezierPath()
    /// The layer the listing animates (the ship, or the group's square).
    private(set) var movingLayer = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        containerView.backgroundColor = .white
        view.addSubview(containerView)
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        containerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    /// The listing's `viewDidLoad`: the path, its shape layer, the moving layer and its animation.
    override func load(_ listing: Listing) {
        for layer in containerView.layer.sublayers ?? [] { layer.removeFromSuperlayer() }
        bezierPath = UIBezierPath()
        bezierPath.move(to: CGPoint(x: 0, y: 150))
        bezierPath.addCurve(to: CGPoint(x: 300, y: 150), controlPoint1: CGPoint(x: 75, y: 0),
                            controlPoint2: CGPoint(x: 225, y: 300))
        let pathLayer = CAShapeLayer()
        pathLayer.path = bezierPath.cgPath
        pathLayer.fillColor = UIColor.clear.cgColor
        pathLayer.strokeColor = UIColor.red.cgColor
        pathLayer.lineWidth = 3.0
        containerView.layer.addSublayer(pathLayer)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.position = CGPoint(x: 0, y: 150)
        if listing == .group {
            layer.backgroundColor = UIColor.green.cgColor
        } else {
            let ship = ShipLayerArt.ship(side: 64)
            layer.contents = ship.cgImage
            layer.contentsScale = ship.scale
        }
        containerView.layer.addSublayer(layer)
        movingLayer = layer
        animate()
    }

    /// Adds the listing's animation (again, for a replay).
    func animate() {
        switch listing {
        case .path, .rotate:
            let animation = CAKeyframeAnimation()
            animation.keyPath = "position"
            animation.duration = 4.0
            animation.path = bezierPath.cgPath
            if listing == .rotate { animation.rotationMode = .rotateAuto }
            movingLayer.add(animation, forKey: nil)
        case .group:
            let animation1 = CAKeyframeAnimation()
            animation1.keyPath = "position"
            animation1.path = bezierPath.cgPath
            animation1.rotationMode = .rotateAuto
            let animation2 = CABasicAnimation()
            animation2.keyPath = "backgroundColor"
            animation2.toValue = UIColor.red.cgColor
            let groupAnimation = CAAnimationGroup()
            groupAnimation.animations = [animation1, animation2]
            groupAnimation.duration = 4.0
            movingLayer.add(groupAnimation, forKey: nil)
        }
    }

    // The replay on Space; the listing has already played once when it loads.
    var runsActionWhenShown: Bool { false }
    var snapshotActionTimes: [CFTimeInterval] { [] }

    func performAction() { animate() }
}
