import Foundation
import QuartzCore
import WaylandShell

/// The guide's transaction fragments (000 L3-1, L3-2, L5-5, L5-6, L5-7) and Neuburg's slower
/// implicit transaction (001 E24), each run on `theLayer`: a blue 200-point hosted layer in the
/// middle of the root. Every run starts from the layer at rest in the middle (actions disabled).
@MainActor
final class TransactionsScene: @preconcurrency LayerScene, DemoActionScreen {
    enum Variant: String, NumberedVariant {
        case l31 = "l3-1", l32 = "l3-2", l55 = "l5-5", l56 = "l5-6", l57 = "l5-7", e24

        var caption: String {
            switch self {
            case .l31: return "000 L3-1: opacity 0, implicit (0.25 s)"
            case .l32: return "000 L3-2: explicit 1-s fade, replaced by the model change's implicit one"
            case .l55: return "000 L5-5: zPosition and opacity in one transaction"
            case .l56: return "000 L5-6: the transaction's duration is 10 s"
            case .l57: return "000 L5-7: nested, position in 2 s, opacity in 5 s"
            case .e24: return "001 E24: setAnimationDuration(0.8), turn 45 deg"
            }
        }
    }

    static let side: CGFloat = 200

    let root: CALayer
    var rootLayer: CALayer { root }
    let theLayer = CALayer()
    private let caption: CATextLayer
    private(set) var variant: Variant
    private var centre = CGPoint.zero

    init(root: CALayer, variant: Variant) {
        self.root = root
        self.variant = variant
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        theLayer.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        theLayer.backgroundColor = CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)
        root.addSublayer(theLayer)
        caption = DemoCaption.make(width: 460)
        root.addSublayer(caption)
    }

    func layout(for size: CGSize) {
        centre = CGPoint(x: size.width / 2, y: size.height / 2)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        caption.position = CGPoint(x: 10, y: size.height - 24)
        CATransaction.commit()
        reset()
    }

    /// The layer at rest in the middle, opaque, flat and unturned, with no animation.
    private func reset() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        theLayer.removeAllAnimations()
        theLayer.position = centre
        theLayer.opacity = 1
        theLayer.zPosition = 0
        theLayer.transform = CATransform3DIdentity
        caption.string = variant.caption + " (Space; 1-6)"
        CATransaction.commit()
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = variantKey(event), let chosen = Variant(argument: key) else { return false }
        variant = chosen
        reset()
        return true
    }

    func performAction() {
        reset()
        switch variant {
        case .l31:
            theLayer.opacity = 0
        case .l32:
            let fadeAnim = CABasicAnimation(keyPath: "opacity")
            fadeAnim.fromValue = 1.0
            fadeAnim.toValue = 0.0
            fadeAnim.duration = 1.0
            theLayer.add(fadeAnim, forKey: "opacity")
            // The animation leaves the model alone: the final value is set as well. On this hosted
            // layer that change runs the implicit fade, added under the same key: it replaces the
            // explicit one (as on Apple platforms), so the layer fades in 0.25 s.
            theLayer.opacity = 0.0
        case .l55:
            CATransaction.begin()
            theLayer.zPosition = 200.0
            theLayer.opacity = 0.0
            CATransaction.commit()
        case .l56:
            CATransaction.begin()
            CATransaction.setValue(10.0, forKey: kCATransactionAnimationDuration)
            theLayer.zPosition = 200.0
            theLayer.opacity = 0.0
            CATransaction.commit()
        case .l57:
            CATransaction.begin() // outer
            CATransaction.setValue(2.0, forKey: kCATransactionAnimationDuration)
            theLayer.position = CGPoint(x: 0.0, y: 0.0)

            CATransaction.begin() // inner
            CATransaction.setValue(5.0, forKey: kCATransactionAnimationDuration)
            theLayer.zPosition = 200.0
            theLayer.opacity = 0.0
            CATransaction.commit() // inner

            CATransaction.commit() // outer: the animations start here
        case .e24:
            CATransaction.setAnimationDuration(0.8)
            theLayer.transform = CATransform3DRotate(theLayer.transform, .pi / 4, 0, 0, 1)
        }
    }
}
