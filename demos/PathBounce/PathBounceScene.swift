import Foundation
import QuartzCore

/// The guide's bounce (000 L3-3, Figure 3-1): `theLayer`, a red 40-point disc resting at (74, 74),
/// follows a path of two cubic arcs, (74, 74) down and up to (320, 74), then on to (566, 74), in
/// 5 s, one keyframe segment per arc. The path is also drawn, in grey, beneath it.
@MainActor
final class PathBounceScene: @preconcurrency LayerScene, DemoActionScreen {
    nonisolated static let size = CGSize(width: 640, height: 480)
    nonisolated static let start = CGPoint(x: 74, y: 74)

    let root: CALayer
    var rootLayer: CALayer { root }
    let theLayer = CALayer()
    let trail = CAShapeLayer()

    init(root: CALayer) {
        self.root = root
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        trail.path = Self.bouncePath()
        trail.fillColor = nil
        trail.strokeColor = CGColor(gray: 0.75, alpha: 1)
        trail.lineWidth = 2
        trail.lineDashPattern = [6, 4]
        root.addSublayer(trail)
        theLayer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        theLayer.cornerRadius = 20
        theLayer.backgroundColor = CGColor(red: 0.9, green: 0.15, blue: 0.1, alpha: 1)
        theLayer.position = Self.start
        root.addSublayer(theLayer)
        let caption = DemoCaption.make(width: 600)
        caption.string = "000 L3-3: a bounce along a path of two arcs, 5 s (Space replays)"
        caption.position = CGPoint(x: 10, y: Self.size.height - 24)
        root.addSublayer(caption)
    }

    /// The listing's path: two arcs, a bounce.
    static func bouncePath() -> CGPath {
        let thePath = CGMutablePath()
        thePath.move(to: CGPoint(x: 74.0, y: 74.0))
        thePath.addCurve(to: CGPoint(x: 320.0, y: 74.0), control1: CGPoint(x: 74.0, y: 500.0),
                         control2: CGPoint(x: 320.0, y: 500.0))
        thePath.addCurve(to: CGPoint(x: 566.0, y: 74.0), control1: CGPoint(x: 320.0, y: 500.0),
                         control2: CGPoint(x: 566.0, y: 500.0))
        return thePath
    }

    /// The scene keeps the listing's coordinates whatever the window's size.
    func layout(for size: CGSize) {}

    func performAction() {
        let theAnimation = CAKeyframeAnimation(keyPath: "position")
        theAnimation.path = Self.bouncePath()
        theAnimation.duration = 5.0
        theLayer.add(theAnimation, forKey: "position")
    }
}
