import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listings 5.1-5.3: the snowman view's layer given an affine transform in
/// `viewDidLoad`: 5.1 a 45° rotation; 5.2 scale 0.5, then rotate 30°, then translate 200 points
/// (the translation is itself rotated and halved, so the view moves by (86.6, 50)); 5.3 a shear
/// built field by field. Keys 1-3 switch listings.
final class AffineViewController: UIViewController, DemoKeyResponder {
    enum Listing: String, NumberedVariant {
        case rotate, compound, shear

        var caption: String {
            switch self {
            case .rotate: return "Listing 5.1: affineTransform = rotation by π/4"
            case .compound: return "Listing 5.2: scale 0.5, rotate 30°, translate (200, 0)"
            case .shear: return "Listing 5.3: shear (1, 0)"
            }
        }
    }

    private(set) var listing: Listing
    let layerView = TransformsArt.snowmanView()
    private var caption: CATextLayer!

    init(listing: Listing) {
        self.listing = listing
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.8, alpha: 1)
        caption = DemoCaption.add(to: view)
        view.addSubview(layerView)
        apply(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The untransformed position: the middle of the screen.
        layerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    private func apply(_ listing: Listing) {
        self.listing = listing
        caption.string = listing.caption
        switch listing {
        case .rotate:
            let transform = CGAffineTransform(rotationAngle: .pi / 4)
            layerView.layer.setAffineTransform(transform)
        case .compound:
            var transform = CGAffineTransform.identity
            transform = transform.scaledBy(x: 0.5, y: 0.5)
            transform = transform.rotated(by: .pi / 180 * 30)
            transform = transform.translatedBy(x: 200, y: 0)
            layerView.layer.setAffineTransform(transform)
        case .shear:
            layerView.layer.setAffineTransform(Self.makeShear(x: 1, y: 0))
        }
    }

    /// The listing's shear: the identity with c = -x and b = y.
    static func makeShear(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        var transform = CGAffineTransform.identity
        transform.c = -x
        transform.b = y
        return transform
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let text = event.character else { return false }
        guard let listing = Listing(argument: text) else { return false }
        apply(listing)
        return true
    }
}
