import Foundation
import QuartzCore
import UIKit

/// Neuburg's sailing boat (001 E34, Figure 17.2): three animations grouped for 8 s on the boat
/// view's layer: the position along an S of four curves at an even pace (each 200 points across,
/// alternately left and right, and 75 down), a flip about the y axis at each apex so the boat
/// faces the way it sails (discrete), and an endless rocking of ±3 degrees every 0.5 s (additive).
/// The model position is set to the course's end. Space replays.
///
/// The course starts at the boat's own position near the top right (the book starts it at the
/// root view's position, which would take the 200-point swings off the screen; seed-examples §9).
final class SailboatViewController: UIViewController, DemoActionScreen {
    nonisolated static let size = CGSize(width: 400, height: 420)
    static let start = CGPoint(x: 320, y: 50)

    let boat = UIView()
    private let course = CAShapeLayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.6, green: 0.8, blue: 1, alpha: 1)
        course.path = Self.coursePath(from: Self.start).path
        course.fillColor = nil
        course.strokeColor = UIColor(red: 0.4, green: 0.6, blue: 0.9, alpha: 1).cgColor
        course.lineWidth = 1.5
        course.lineDashPattern = [5, 5]
        view.layer.addSublayer(course)
        boat.bounds = CGRect(origin: .zero, size: SailboatArt.size)
        boat.layer.contents = SailboatArt.boat().cgImage
        boat.center = Self.start
        view.addSubview(boat)
        let caption = UILabel(frame: CGRect(x: 10, y: 392, width: 380, height: 22))
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = .darkGray
        caption.text = "001 E34: a boat sails an S in 8 s, turns at each apex; Space replays"
        view.addSubview(caption)
    }

    /// The book's course from `start`: four curves of 200 points across (left first) and 75 down,
    /// leaving each point straight down and arriving straight down; and its last point.
    static func coursePath(from start: CGPoint) -> (path: CGPath, end: CGPoint) {
        let h: CGFloat = 200
        let v: CGFloat = 75
        let path = CGMutablePath()
        var leftright: CGFloat = 1
        var next = start
        var pos: CGPoint
        path.move(to: next)
        for _ in 0..<4 {
            pos = next
            leftright *= -1
            next = CGPoint(x: pos.x + h * leftright, y: pos.y + v)
            path.addCurve(to: next, control1: CGPoint(x: pos.x, y: pos.y + 30), control2: CGPoint(x: next.x, y: next.y - 30))
        }
        return (path, next)
    }

    func performAction() {
        // Replays start from the top right again.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        boat.layer.removeAllAnimations()
        boat.layer.position = Self.start
        CATransaction.commit()

        let (path, next) = Self.coursePath(from: boat.layer.position)
        let anim1 = CAKeyframeAnimation(keyPath: "position")
        anim1.path = path
        anim1.calculationMode = .paced

        let revs: [CGFloat] = [0.0, .pi, 0.0, .pi]
        let anim2 = CAKeyframeAnimation(keyPath: "transform")
        anim2.values = revs
        anim2.valueFunction = CAValueFunction(name: .rotateY)
        anim2.calculationMode = .discrete

        let pitches: [CGFloat] = [0.0, .pi / 60.0, 0.0, -.pi / 60.0, 0.0]
        let anim3 = CAKeyframeAnimation(keyPath: "transform")
        anim3.values = pitches
        anim3.repeatCount = .infinity
        anim3.duration = 0.5
        anim3.isAdditive = true
        anim3.valueFunction = CAValueFunction(name: .rotateZ)

        let group = CAAnimationGroup()
        group.animations = [anim1, anim2, anim3]
        group.duration = 8
        boat.layer.add(group, forKey: nil)
        CATransaction.setDisableActions(true)
        boat.layer.position = next
    }
}
