import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listing 7.7: a red 100-point layer in the middle of the view. A click on the layer
/// as it is drawn (its presentation layer's hit test) gives it a random colour; a click anywhere
/// else moves it there in a 4-s transaction. M switches to hit-testing the model layer instead,
/// which is already at the destination while the layer is moving (clicks on what is drawn miss).
final class PresentationViewController: UIViewController, DemoKeyResponder {
    private(set) var hitTestsModel: Bool
    private var random: CubesScene.SeededGenerator
    let colorLayer = CALayer()
    private var caption: CATextLayer!

    /// The size of the window the view fills (the storyboard's view size on iOS).
    private let screenSize: CGSize

    init(hitTestsModel: Bool, seed: UInt64, screenSize: CGSize) {
        self.hitTestsModel = hitTestsModel
        self.screenSize = screenSize
        random = CubesScene.SeededGenerator(seed: seed)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    /// The view comes at the window's size, so that `viewDidLoad` can centre the layer in it.
    override func loadView() {
        view = UIView(frame: CGRect(origin: .zero, size: screenSize))
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        caption = DemoCaption.add(to: view)
        updateCaption()
        colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        colorLayer.position = CGPoint(x: view.bounds.size.width / 2, y: view.bounds.size.height / 2)
        colorLayer.backgroundColor = UIColor.red.cgColor
        view.layer.addSublayer(colorLayer)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let point = touches.first?.location(in: view) else { return }
        let tested = hitTestsModel ? colorLayer : colorLayer.presentation()
        if tested?.hitTest(point) != nil {
            let red = CGFloat.random(in: 0...1, using: &random)
            let green = CGFloat.random(in: 0...1, using: &random)
            let blue = CGFloat.random(in: 0...1, using: &random)
            colorLayer.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0).cgColor
        } else {
            CATransaction.begin()
            CATransaction.setAnimationDuration(4.0)
            colorLayer.position = point
            CATransaction.commit()
        }
    }

    private func updateCaption() {
        caption.string = "Listing 7.7: hit test of the " + (hitTestsModel ? "model layer (M)" : "presentation layer (M)")
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let text = event.character else { return false }
        guard text.lowercased() == "m" else { return false }
        hitTestsModel.toggle()
        updateCaption()
        return true
    }
}
