import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's easing test bench (listings 10.1, 10.2 and 10.4): a red 100-point square in the
/// middle of the view; a click moves it there in 1 s with the chosen timing function: through a
/// `CATransaction` on a hosted layer (10.1), or through `UIView.animate` with `.curveEaseOut` on a
/// view (10.2, UIKit animation does not act on hosted layers). Keys 1-8 choose (`EasingVariant`);
/// G shows or hides the graph of the curve (10.4).
final class EasingViewController: UIViewController, DemoKeyResponder {
    private(set) var variant: EasingVariant
    /// The size of the window the view fills (the storyboard's view size on iOS).
    private let screenSize: CGSize
    let colorLayer = CALayer()
    let colorView = UIView()
    let layerView = UIView(frame: CGRect(x: 20, y: 260, width: 200, height: 200))
    private var caption: CATextLayer!

    init(variant: EasingVariant, screenSize: CGSize) {
        self.variant = variant
        self.screenSize = screenSize
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// The view comes at the window's size, so that `viewDidLoad` can centre the square in it.
    override func loadView() {
        view = UIView(frame: CGRect(origin: .zero, size: screenSize))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        caption = DemoCaption.add(to: view)
        // Listing 10.1's red layer.
        colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        colorLayer.position = CGPoint(x: view.bounds.size.width / 2.0, y: view.bounds.size.height / 2.0)
        colorLayer.backgroundColor = UIColor.red.cgColor
        view.layer.addSublayer(colorLayer)
        // Listing 10.2's red view.
        colorView.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        colorView.center = CGPoint(x: view.bounds.size.width / 2, y: view.bounds.size.height / 2)
        colorView.backgroundColor = .red
        view.addSubview(colorView)
        // Listing 10.4's graph, shown on G.
        layerView.backgroundColor = UIColor(white: 0.95, alpha: 1)
        layerView.layer.borderColor = UIColor(white: 0.7, alpha: 1).cgColor
        layerView.layer.borderWidth = 1
        layerView.isUserInteractionEnabled = false
        view.addSubview(layerView)
        choose(variant)
        layerView.isHidden = variant != .graph
    }

    private func choose(_ variant: EasingVariant) {
        self.variant = variant
        caption.string = variant.caption
        colorView.isHidden = variant != .uikit
        colorLayer.isHidden = variant == .uikit
        TimingFunctionGraph.show(variant.function, in: layerView)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: view) else { return }
        if variant == .uikit {
            UIView.animate(withDuration: 1.0, delay: 0.0, options: .curveEaseOut, animations: {
                self.colorView.center = point
            }, completion: nil)
        } else {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1.0)
            CATransaction.setAnimationTimingFunction(variant.function)
            colorLayer.position = point
            CATransaction.commit()
        }
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let text = event.character else { return false }
        if text.lowercased() == "g" {
            layerView.isHidden.toggle()
            return true
        }
        guard let variant = EasingVariant(argument: text) else { return false }
        choose(variant)
        return true
    }
}
