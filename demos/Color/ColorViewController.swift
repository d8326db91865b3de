import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's colour-changing layer (listings 7.1-7.6, 8.1-8.3, 8.5, 10.3 and snippets 7.a, 8.a):
/// a white 200-point `layerView` with the blue 100-point `colorLayer` at (50, 50), and a "Change
/// Color" button below that runs the chosen listing's `changeColor`. Random colours come from a
/// seeded generator (`--seed`, uniform components) so that runs repeat.
final class ColorViewController: UIViewController, DemoActionScreen, CAAnimationDelegate {
    private(set) var listing: ColorListing
    private var random: CubesScene.SeededGenerator
    let layerView = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    private(set) var colorLayer: CALayer?
    let button = UIButton(type: .system)
    private var caption: CATextLayer!

    init(listing: ColorListing, seed: UInt64) {
        self.listing = listing
        random = CubesScene.SeededGenerator(seed: seed)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.8, alpha: 1)
        caption = DemoCaption.add(to: view)
        layerView.backgroundColor = .white
        view.addSubview(layerView)
        button.setTitle("Change Color", for: .normal)
        button.sizeToFit()
        button.addAction(UIAction { [weak self] _ in self?.changeColor() }, for: .touchUpInside)
        view.addSubview(button)
        load(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY - 20)
        button.center = CGPoint(x: view.bounds.midX, y: layerView.frame.maxY + 30)
    }

    /// The listing's `viewDidLoad`: the colour layer (or the backing layer) starts blue.
    private func load(_ listing: ColorListing) {
        self.listing = listing
        caption.string = listing.caption
        colorLayer?.removeFromSuperlayer()
        colorLayer = nil
        layerView.layer.removeAllAnimations()
        layerView.backgroundColor = .white
        switch listing {
        case .backing:
            layerView.layer.backgroundColor = UIColor.blue.cgColor
        case .actionForLayer:
            logActions()
        default:
            let colorLayer = CALayer()
            colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            colorLayer.backgroundColor = UIColor.blue.cgColor
            if listing == .push {
                let transition = CATransition()
                transition.type = .push
                transition.subtype = .fromLeft
                colorLayer.actions = ["backgroundColor": transition]
            }
            layerView.layer.addSublayer(colorLayer)
            self.colorLayer = colorLayer
        }
    }

    /// A random colour, each component uniform in 0...1.
    private func randomColor() -> UIColor {
        let red = CGFloat.random(in: 0...1, using: &random)
        let green = CGFloat.random(in: 0...1, using: &random)
        let blue = CGFloat.random(in: 0...1, using: &random)
        return UIColor(red: red, green: green, blue: blue, alpha: 1.0)
    }

    /// The "Change Color" button's action, as the chosen listing writes it.
    func changeColor() {
        switch listing {
        case .implicit, .push:
            colorLayer?.backgroundColor = randomColor().cgColor
        case .transaction, .disableActions, .completion:
            CATransaction.begin()
            CATransaction.setAnimationDuration(1.0)
            if listing == .disableActions { CATransaction.setDisableActions(true) }
            if listing == .completion {
                CATransaction.setCompletionBlock { [weak self] in
                    guard let colorLayer = self?.colorLayer else { return }
                    var transform = colorLayer.affineTransform()
                    transform = transform.rotated(by: .pi / 2)
                    colorLayer.setAffineTransform(transform)
                }
            }
            colorLayer?.backgroundColor = randomColor().cgColor
            CATransaction.commit()
        case .backing:
            CATransaction.begin()
            CATransaction.setAnimationDuration(1.0)
            layerView.layer.backgroundColor = randomColor().cgColor
            CATransaction.commit()
        case .actionForLayer:
            logActions()
        case .basic:
            let color = randomColor()
            let animation = CABasicAnimation()
            animation.keyPath = "backgroundColor"
            animation.toValue = color.cgColor
            colorLayer?.add(animation, forKey: nil)
        case .fixed:
            let animation = CABasicAnimation()
            animation.keyPath = "backgroundColor"
            animation.toValue = randomColor().cgColor
            if let colorLayer { applyBasicAnimation(animation, to: colorLayer) }
        case .didStop:
            let animation = CABasicAnimation()
            animation.keyPath = "backgroundColor"
            animation.toValue = randomColor().cgColor
            animation.delegate = self
            colorLayer?.add(animation, forKey: nil)
        case .keyframes, .easedKeyframes:
            let animation = CAKeyframeAnimation()
            animation.keyPath = "backgroundColor"
            animation.duration = 2.0
            animation.values = [UIColor.blue.cgColor, UIColor.red.cgColor, UIColor.green.cgColor, UIColor.blue.cgColor]
            if listing == .easedKeyframes {
                let fn = CAMediaTimingFunction(name: .easeIn)
                animation.timingFunctions = [fn, fn, fn]
            }
            colorLayer?.add(animation, forKey: nil)
        }
    }

    /// Listing 8.2: the animation starts from the value on screen, and the model takes the end value
    /// first (with actions off, so no implicit animation runs as well).
    func applyBasicAnimation(_ animation: CABasicAnimation, to layer: CALayer) {
        guard let keyPath = animation.keyPath else { return }
        animation.fromValue = (layer.presentation() ?? layer).value(forKeyPath: keyPath)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(animation.toValue, forKeyPath: keyPath)
        CATransaction.commit()
        layer.add(animation, forKey: nil)
    }

    /// Listing 8.3: the end value becomes the model's when the animation stops.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard let animation = anim as? CABasicAnimation else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        colorLayer?.setValue(animation.toValue, forKeyPath: "backgroundColor")
        CATransaction.commit()
    }

    func animationDidStart(_ anim: CAAnimation) {}

    /// Listing 7.5: the view's action for its layer's backgroundColor, outside and inside an
    /// animation block.
    private func logActions() {
        demoLog("Outside: " + logDescription(layerView.action(for: layerView.layer, forKey: "backgroundColor")))
        UIView.beginAnimations(nil, context: nil)
        demoLog("Inside: " + logDescription(layerView.action(for: layerView.layer, forKey: "backgroundColor")))
        UIView.commitAnimations()
    }

    // The "Change Color" button on Space; a window waits for it, a snapshot's script clicks it.
    var runsActionWhenShown: Bool { false }
    var snapshotActionTimes: [CFTimeInterval] { [] }

    func performAction() { changeColor() }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let text = event.character else { return false }
        guard let listing = ColorListing.allCases.first(where: { $0.key == text }) else { return false }
        load(listing)
        return true
    }
}
