import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listing 3.3: a green view, then a red one overlapping it; raising the green view's
/// layer zPosition to 1 draws it in front, yet touches in the overlap still go to the red view,
/// which comes later among the siblings (hit testing follows the tree, not zPosition). Z switches
/// zPosition between 1 and 0; each touch logs the view it was delivered to.
final class ZOrderViewController: UIViewController, DemoKeyResponder {
    let greenView = UIView(frame: CGRect(x: 110, y: 110, width: 160, height: 160))
    let redView = UIView(frame: CGRect(x: 210, y: 210, width: 160, height: 160))
    private let raisesGreen: Bool
    private let caption = UILabel()

    init(raisesGreen: Bool) {
        self.raisesGreen = raisesGreen
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        layOutViews()
        if raisesGreen {
            // Listing 3.3: nearer the camera by one point.
            greenView.layer.zPosition = 1
        }
        describe()
    }

    /// The book's Interface Builder file: green first, red second, overlapping; and a caption.
    private func layOutViews() {
        view.backgroundColor = .white
        greenView.backgroundColor = .green
        redView.backgroundColor = .red
        view.addSubview(greenView)
        view.addSubview(redView)
        caption.frame = CGRect(x: 10, y: view.bounds.height - 40, width: view.bounds.width - 20, height: 30)
        caption.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        caption.font = .systemFont(ofSize: 13)
        caption.textColor = UIColor(white: 0.25, alpha: 1)
        caption.textAlignment = .center
        view.addSubview(caption)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touched = touches.first?.view else { return }
        let name = touched === redView ? "red" : touched === greenView ? "green" : "background"
        demoLog("touch delivered to the \(name) view")
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = event.character, ["z"].contains(key) else { return false }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        greenView.layer.zPosition = greenView.layer.zPosition == 0 ? 1 : 0
        CATransaction.commit()
        describe()
        return true
    }

    private func describe() {
        caption.text = "greenView.layer.zPosition = \(String(format: "%g", Double(greenView.layer.zPosition))) (Z) · click the overlap"
    }
}
