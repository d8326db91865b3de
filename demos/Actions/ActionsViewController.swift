import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// The action listings on one screen (seed-examples §8 `actions`): Lockwood's test of a view's
/// actions (003 L7.5), the guide's delegate push and disabled removal (000 L6-1, L6-2), and
/// Neuburg's actions (001 E44-E49), one at a time on `layer`, an 80-point hosted layer of
/// `layerView`. A click (or Space) runs the chosen one; keys 1-9 choose.
final class ActionsViewController: UIViewController, DemoActionScreen {
    enum Variant: String, NumberedVariant {
        case l75 = "l7-5", l61 = "l6-1", l62 = "l6-2", e44, e45, e46, e47, e48, e49

        var caption: String {
            switch self {
            case .l75: return "003 L7.5: a view's action outside and inside an animation block"
            case .l61: return "000 L6-1: the delegate pushes new contents in from the right"
            case .l62: return "000 L6-2: removed with actions disabled"
            case .e44: return "001 E44: no position action (jumps), opacity fades"
            case .e45: return "001 E45: a 5-s position action beats the 1-s transaction"
            case .e46: return "001 E46: the delegate waggles the move to \"newP\""
            case .e47: return "001 E47: the class pushes new contents in from the left"
            case .e48: return "001 E48: pops in when added (onOrderIn)"
            case .e49: return "001 E49: pops out, then is removed (\"byebye\")"
            }
        }
    }

    static let start = CGPoint(x: 100, y: 100)
    static let side: CGFloat = 80

    private(set) var variant: Variant
    let layerView = UIView()
    private let caption = UILabel()
    private(set) var layer = CALayer()
    /// The delegate of `layer` (a layer holds its delegate weakly).
    private var layerDelegate: ActionsLayerDelegate?
    private let pictures = ActionsArt.pictures()
    private var pictureIndex = 0
    /// E45, E46: whether the next click moves the layer there (else back).
    private var movesAway = true

    init(variant: Variant) {
        self.variant = variant
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        layerView.frame = CGRect(x: 0, y: 0, width: 400, height: 370)
        layerView.backgroundColor = .white
        view.addSubview(layerView)
        caption.frame = CGRect(x: 10, y: 372, width: 390, height: 24)
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = .darkGray
        view.addSubview(caption)
        layerView.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in
            MainActor.assumeIsolated { self?.performAction() }
        })
        show(variant)
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = variantKey(event), let chosen = Variant(argument: key) else { return false }
        show(chosen)
        return true
    }

    /// A fresh layer for `variant`: of its class, with its delegate or actions, at rest.
    private func show(_ chosen: Variant) {
        variant = chosen
        caption.text = chosen.caption
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.removeFromSuperlayer()
        switch chosen {
        case .e44: layer = NoPositionActionLayer()
        case .e47: layer = PushContentsLayer()
        default: layer = CALayer()
        }
        layer.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        layer.position = Self.start
        layer.backgroundColor = UIColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 1).cgColor
        pictureIndex = 0
        movesAway = true
        switch chosen {
        case .l61: layerDelegate = ActionsLayerDelegate(.pushContents)
        case .e46: layerDelegate = ActionsLayerDelegate(.wagglePosition)
        case .e48: layerDelegate = ActionsLayerDelegate(.popIn)
        case .e49: layerDelegate = ActionsLayerDelegate(.popOut)
        default: layerDelegate = nil
        }
        layer.delegate = layerDelegate
        if chosen == .l61 || chosen == .e47 { layer.contents = pictures[0] }
        if chosen == .e45 {
            let ba = CABasicAnimation()
            ba.duration = 5
            layer.actions = ["position": ba]
        }
        // E48 pops in when added: the click adds it.
        if chosen != .e48 { layerView.layer.addSublayer(layer) }
        CATransaction.commit()
    }

    func performAction() {
        switch variant {
        case .l75:
            // Outside any animation block the view answers NSNull: no implicit animation.
            log("Outside: \(logDescription(layerView.action(for: layerView.layer, forKey: "backgroundColor")))")
            UIView.beginAnimations(nil, context: nil)
            log("Inside: \(logDescription(layerView.action(for: layerView.layer, forKey: "backgroundColor")))")
            UIView.commitAnimations()
        case .l61, .e47:
            pictureIndex = (pictureIndex + 1) % pictures.count
            layer.contents = pictures[pictureIndex]
        case .l62:
            if layer.superlayer != nil {
                CATransaction.begin()
                CATransaction.setValue(true, forKey: kCATransactionDisableActions)
                layer.removeFromSuperlayer()
                CATransaction.commit()
            } else {
                layerView.layer.addSublayer(layer)
            }
        case .e44:
            layer.position = CGPoint(x: layer.position.x == Self.start.x ? 300 : Self.start.x, y: Self.start.y)
            layer.opacity = layer.opacity == 1 ? 0.3 : 1
        case .e45:
            CATransaction.setAnimationDuration(1)
            layer.position = movesAway ? CGPoint(x: 100, y: 200) : Self.start   // the animation takes 5 seconds
            movesAway.toggle()
        case .e46:
            let newP = movesAway ? CGPoint(x: 200, y: 300) : Self.start
            CATransaction.setValue(NSValue(cgPoint: newP), forKey: "newP")
            layer.position = newP   // the delegate waggles the layer into place
            movesAway.toggle()
        case .e48:
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.removeFromSuperlayer()
            CATransaction.commit()
            layerView.layer.addSublayer(layer)
        case .e49:
            if layer.superlayer != nil {
                let layer = self.layer
                CATransaction.setCompletionBlock { layer.removeFromSuperlayer() }
                CATransaction.setValue("", forKey: "byebye")
                layer.opacity = 0
            } else {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.opacity = 1
                layerView.layer.addSublayer(layer)
                CATransaction.commit()
            }
        }
    }

    private func log(_ line: String) {
        demoLog(line)
        caption.text = line
    }
}
