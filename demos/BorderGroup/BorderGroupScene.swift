import Foundation
import QuartzCore
import UIKit

/// The guide's grouped border animations (000 L3-4): on `theLayer`, a white 200-point hosted layer
/// on grey, a paced keyframe animation of `borderWidth` (1, 10, 5, 30, 0.5, 15, 2, 50, 0) and a paced
/// one of `borderColor` (green, red, blue), grouped for 5 s under the key "BorderChanges". Paced:
/// the width changes at a constant 38.8 points a second (194 points of change in all), the colour
/// reaches red half way, at 2.5 s.
@MainActor
final class BorderGroupScene: @preconcurrency LayerScene, DemoActionScreen {
    nonisolated static let side: CGFloat = 200

    let root: CALayer
    var rootLayer: CALayer { root }
    let theLayer = CALayer()

    init(root: CALayer) {
        self.root = root
        root.backgroundColor = CGColor(gray: 0.85, alpha: 1)
        theLayer.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        theLayer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(theLayer)
        let caption = DemoCaption.make(width: 460)
        caption.string = "000 L3-4: border width and colour grouped, paced, 5 s (Space replays)"
        caption.name = "caption"
        root.addSublayer(caption)
    }

    func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        theLayer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.sublayers?.first { $0.name == "caption" }?.position = CGPoint(x: 10, y: size.height - 24)
        CATransaction.commit()
    }

    func performAction() {
        // Animation 1
        let widthAnim = CAKeyframeAnimation(keyPath: "borderWidth")
        let widthValues: [CGFloat] = [1.0, 10.0, 5.0, 30.0, 0.5, 15.0, 2.0, 50.0, 0.0]
        widthAnim.values = widthValues
        widthAnim.calculationMode = .paced

        // Animation 2
        let colorAnim = CAKeyframeAnimation(keyPath: "borderColor")
        let colorValues = [UIColor.green.cgColor, UIColor.red.cgColor, UIColor.blue.cgColor]
        colorAnim.values = colorValues
        colorAnim.calculationMode = .paced

        // Animation group
        let group = CAAnimationGroup()
        group.animations = [colorAnim, widthAnim]
        group.duration = 5.0
        theLayer.add(group, forKey: "BorderChanges")
    }
}
