import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's chapter 1-3 project: a white 200-point `layerView` in the middle of a light grey view,
/// hosting a blue 100-point layer at (50, 50) (listing 1.1). Variant `delegate` (listing 2.5) makes
/// the controller the blue layer's delegate, which strokes a 10-point red circle in it after an
/// explicit `display()`. A click tells which layer it is in, as an alert: with `containsPoint:`
/// (listing 3.4) or with `hitTest:` (listing 3.5); K switches. A moves the blue layer's anchorPoint
/// between the middle and the top-left corner, keeping its position (figure 3.3, the guide's
/// figure 1-5); T rotates it by 30 degrees about that anchor (the guide's figure 1-6). The caption
/// shows the blue layer's geometry (its frame derived from bounds, position, anchor and transform).
final class LayersViewController: UIViewController, CALayerDelegate, DemoKeyResponder {
    enum HitTesting: String {
        case containsPoint = "containsPoint:", hitTest = "hitTest:"
    }

    let layerView = UIView()
    var blueLayer: CALayer!
    private(set) var hitTesting: HitTesting
    private let drawsCircle: Bool
    private let alertLabel = UILabel()
    private let caption = UILabel()

    init(hitTesting: HitTesting, drawsCircle: Bool) {
        self.hitTesting = hitTesting
        self.drawsCircle = drawsCircle
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        layOutViews()

        // Listing 1.1 (kept in a property by listing 3.4): a blue sublayer of the white view's layer.
        blueLayer = CALayer()
        blueLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        blueLayer.backgroundColor = UIColor.blue.cgColor
        if drawsCircle {
            // Listing 2.5: the controller draws the layer, at the screen's scale, once asked to.
            blueLayer.delegate = self
            blueLayer.contentsScale = UIScreen.main.scale
        }
        layerView.layer.addSublayer(blueLayer)
        if drawsCircle { blueLayer.display() }
        describeGeometry()
    }

    /// What the book's Interface Builder file holds: the white view, centred; an alert and a caption.
    private func layOutViews() {
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        layerView.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        layerView.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        layerView.backgroundColor = .white
        view.addSubview(layerView)

        alertLabel.frame = CGRect(x: 20, y: 16, width: view.bounds.width - 40, height: 36)
        alertLabel.autoresizingMask = [.flexibleWidth]
        alertLabel.textAlignment = .center
        alertLabel.font = .boldSystemFont(ofSize: 17)
        alertLabel.backgroundColor = UIColor(white: 0.2, alpha: 0.85)
        alertLabel.textColor = .white
        alertLabel.layer.cornerRadius = 8
        alertLabel.layer.masksToBounds = true
        alertLabel.isHidden = true
        view.addSubview(alertLabel)

        caption.frame = CGRect(x: 10, y: view.bounds.height - 58, width: view.bounds.width - 20, height: 48)
        caption.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        caption.numberOfLines = 2
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = UIColor(white: 0.25, alpha: 1)
        caption.textAlignment = .center
        view.addSubview(caption)
    }

    // Listing 2.5's drawing: a thick red circle on the ellipse of the bounds; half the line falls
    // outside the backing image and is cut off.
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setLineWidth(10)
        ctx.setStrokeColor(UIColor.red.cgColor)
        ctx.strokeEllipse(in: layer.bounds)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first else { return }
        switch hitTesting {
        case .containsPoint: findLayerWithContainsPoint(touch)
        case .hitTest: findLayerWithHitTest(touch)
        }
    }

    /// Listing 3.4: the point converted into each layer's coordinates in turn.
    private func findLayerWithContainsPoint(_ touch: UITouch) {
        var point = touch.location(in: view)
        point = layerView.layer.convert(point, from: view.layer)
        if layerView.layer.contains(point) {
            point = blueLayer.convert(point, from: layerView.layer)
            if blueLayer.contains(point) {
                showAlert("Inside Blue Layer")
            } else {
                showAlert("Inside White Layer")
            }
        }
    }

    /// Listing 3.5: the deepest layer under the point, which is given in the superlayer's coordinates.
    private func findLayerWithHitTest(_ touch: UITouch) {
        let point = touch.location(in: view)
        let layer = layerView.layer.hitTest(point)
        if layer === blueLayer {
            showAlert("Inside Blue Layer")
        } else if layer === layerView.layer {
            showAlert("Inside White Layer")
        }
    }

    /// The book's UIAlertView: a banner at the top, and the title logged.
    private func showAlert(_ title: String) {
        alertLabel.text = title
        alertLabel.isHidden = false
        demoLog("alert (\(hitTesting.rawValue)): \(title)")
    }

    // MARK: Keys

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = event.character, ["k", "a", "t"].contains(key) else { return false }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        switch key {
        case "k":
            hitTesting = hitTesting == .containsPoint ? .hitTest : .containsPoint
        case "a":
            // The position stays: the layer moves so that its new anchor sits there.
            blueLayer.anchorPoint = blueLayer.anchorPoint == CGPoint(x: 0.5, y: 0.5) ? .zero : CGPoint(x: 0.5, y: 0.5)
        case "t":
            let rotated = blueLayer.affineTransform() != .identity
            blueLayer.setAffineTransform(rotated ? .identity : CGAffineTransform(rotationAngle: .pi / 6))
        default:
            break
        }
        CATransaction.commit()
        describeGeometry()
        return true
    }

    /// The caption, and the same line logged: the hit-testing method and the blue layer's geometry.
    private func describeGeometry() {
        func f(_ v: CGFloat) -> String { String(format: "%g", Double((v * 10).rounded() / 10)) }
        let b = blueLayer.bounds, p = blueLayer.position, a = blueLayer.anchorPoint, r = blueLayer.frame
        let angle = atan2(blueLayer.affineTransform().b, blueLayer.affineTransform().a) * 180 / .pi
        let text = "\(hitTesting.rawValue) (K) · anchorPoint (\(f(a.x)), \(f(a.y))) (A) · rotation \(f(angle))° (T)\n"
            + "bounds (\(f(b.minX)), \(f(b.minY)), \(f(b.width)), \(f(b.height))) · position (\(f(p.x)), \(f(p.y)))"
            + " · frame (\(f(r.minX)), \(f(r.minY)), \(f(r.width)), \(f(r.height)))"
        caption.text = text
        demoLog("blueLayer: " + text.replacingOccurrences(of: "\n", with: " · "))
    }
}
