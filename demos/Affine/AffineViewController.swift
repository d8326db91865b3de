import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listings 5.1-5.3: the snowman view's layer given an affine transform in
/// `viewDidLoad`: 5.1 a 45° rotation; 5.2 scale 0.5, then rotate 30°, then translate 200 points
/// (the translation is itself rotated and halved, so the view moves by (86.6, 50)); 5.3 a shear
/// built field by field. Keys 1-3 switch listings.
final class AffineViewController: ListingViewController<AffineViewController.Listing> {
    enum Listing: String, DemoListing {
        case rotate, compound, shear

        var caption: String {
            switch self {
            case .rotate: return "Listing 5.1: affineTransform = rotation by π/4"
            case .compound: return "Listing 5.2: scale 0.5, rotate 30°, translate (200, 0)"
            case .shear: return "Listing 5.3: shear (1, 0)"
            }
        }
    }

    let layerView = TransformsArt.snowmanView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(layerView)
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // The untransformed position: the middle of the screen.
        layerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    override func load(_ listing: Listing) {
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
}
