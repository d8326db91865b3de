import Foundation
import QuartzCore
import UIKit

/// Neuburg's compass (his chapter 16, seed-examples §0.5): a 200-point disc with a light gradient,
/// the letters N, E, S and W, and `arrow`, a hosted sublayer the size of the compass (so it turns
/// about the compass's centre) drawing a red needle to the north and a black one to the south.
/// The compass does no drawing of its own; its sublayers are not a view's layers, so they animate
/// implicitly.
final class CompassLayer: CALayer {
    static let side: CGFloat = 200
    private(set) var arrow = CAShapeLayer()

    override init() {
        super.init()
        setUp()
    }

    override init(layer: Any) { super.init(layer: layer) }

    /// How a view makes its layer of `layerClass` here.
    required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        let disc = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        let face = CAGradientLayer()
        face.frame = disc
        face.colors = [UIColor(red: 0.98, green: 0.98, blue: 1, alpha: 1).cgColor,
                       UIColor(red: 0.78, green: 0.84, blue: 0.92, alpha: 1).cgColor]
        let round = CAShapeLayer()
        round.frame = disc
        round.path = CGPath(ellipseIn: disc, transform: nil)
        face.mask = round
        addSublayer(face)

        let rim = CAShapeLayer()
        rim.frame = disc
        rim.path = CGPath(ellipseIn: disc.insetBy(dx: 1.5, dy: 1.5), transform: nil)
        rim.fillColor = nil
        rim.strokeColor = UIColor(white: 0.35, alpha: 1).cgColor
        rim.lineWidth = 3
        addSublayer(rim)

        for (letter, angle) in [("N", 0.0), ("E", 90.0), ("S", 180.0), ("W", 270.0)] {
            let text = CATextLayer()
            text.string = letter
            text.fontSize = 20
            text.alignmentMode = .center
            text.foregroundColor = UIColor(white: 0.3, alpha: 1).cgColor
            text.bounds = CGRect(x: 0, y: 0, width: 24, height: 26)
            let a = CGFloat(angle) * .pi / 180
            text.position = CGPoint(x: disc.midX + sin(a) * 80, y: disc.midY - cos(a) * 80 + 2)
            addSublayer(text)
        }

        arrow.frame = disc
        let c = CGPoint(x: disc.midX, y: disc.midY)
        let north = CGMutablePath()
        north.addLines(between: [CGPoint(x: c.x, y: 30), CGPoint(x: c.x + 8, y: c.y), CGPoint(x: c.x - 8, y: c.y)])
        north.closeSubpath()
        let needle = CAShapeLayer()
        needle.frame = disc
        needle.path = north
        needle.fillColor = UIColor(red: 0.85, green: 0.05, blue: 0.05, alpha: 1).cgColor
        let south = CGMutablePath()
        south.addLines(between: [CGPoint(x: c.x + 8, y: c.y), CGPoint(x: c.x, y: 150), CGPoint(x: c.x - 8, y: c.y)])
        south.closeSubpath()
        arrow.path = south
        arrow.fillColor = UIColor(white: 0.1, alpha: 1).cgColor
        arrow.addSublayer(needle)
        addSublayer(arrow)
    }
}

/// The view whose layer is the compass.
final class CompassView: UIView {
    override class var layerClass: AnyClass { CompassLayer.self }
}
