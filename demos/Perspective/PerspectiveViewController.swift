import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listings 5.4-5.6 and snippet 5.a, and Apple's listing 5-8: 3D transforms of views.
/// 1. (5.4) the snowman view turned π/4 about Y with no perspective: narrower, not foreshortened;
/// 2. (5.a) turned π: its back, a mirror image (D toggles `isDoubleSided`: hidden when off);
/// 3. (5.5) m34 = -1/500, then the π/4 turn: the right edge recedes (x +61.9, 0.876× as tall);
/// 4. (5.6) a container's `sublayerTransform` gives two views turned +π/4 and -π/4 one vanishing point;
/// 5. (Apple 5-8) a parent's `sublayerTransform` with eye position 500: children at zPosition -100,
///    0 and 100 look 0.833×, 1× and 1.25× their size.
final class PerspectiveViewController: ListingViewController<PerspectiveViewController.Listing> {
    enum Listing: String, DemoListing {
        case isometric, back, perspective, shared, eye

        var caption: String {
            switch self {
            case .isometric: return "Listing 5.4: rotation π/4 about Y, no perspective"
            case .back: return "Snippet 5.a: rotation π about Y, the back side (D: doubleSided)"
            case .perspective: return "Listing 5.5: m34 = -1/500, rotation π/4 about Y"
            case .shared: return "Listing 5.6: container sublayerTransform, views ±π/4"
            case .eye: return "Apple 5-8: sublayerTransform, eye 500, zPosition -100, 0, 100"
            }
        }
    }

    /// Apple's listing 5-8: the distance of the eye from the parent's plane.
    static let eyePosition: CGFloat = 500
    static let eyeDepths: [CGFloat] = [-100, 0, 100]

    /// What the current listing shows, filling the view below the caption.
    private var content = UIView()
    private(set) var layerView: UIView?

    override func viewDidLoad() {
        super.viewDidLoad()
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        content.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    override func load(_ listing: Listing) {
        content.removeFromSuperview()
        layerView = nil
        switch listing {
        case .isometric:
            let layerView = single()
            let transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            layerView.layer.transform = transform
        case .back:
            let layerView = single()
            layerView.layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        case .perspective:
            let layerView = single()
            var transform = CATransform3DIdentity
            transform.m34 = -1.0 / 500.0
            transform = CATransform3DRotate(transform, .pi / 4, 0, 1, 0)
            layerView.layer.transform = transform
        case .shared:
            let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 440, height: 200))
            let layerView1 = TransformsArt.snowmanView(), layerView2 = TransformsArt.snowmanView()
            layerView2.frame.origin.x = 240
            containerView.addSubview(layerView1)
            containerView.addSubview(layerView2)
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / 500.0
            containerView.layer.sublayerTransform = perspective
            let transform1 = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
            layerView1.layer.transform = transform1
            let transform2 = CATransform3DMakeRotation(-.pi / 4, 0, 1, 0)
            layerView2.layer.transform = transform2
            content = containerView
        case .eye:
            let parent = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
            let colors = [UIColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1), UIColor(red: 0.1, green: 0.7, blue: 0.3, alpha: 1),
                          UIColor(red: 0.95, green: 0.55, blue: 0.1, alpha: 1)]
            for (k, depth) in Self.eyeDepths.enumerated() {
                let child = CALayer()
                child.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
                child.position = CGPoint(x: 200 + CGFloat(k - 1) * 120, y: 100)
                child.backgroundColor = colors[k].cgColor
                child.zPosition = depth
                parent.layer.addSublayer(child)
            }
            var perspective = CATransform3DIdentity
            perspective.m34 = -1.0 / Self.eyePosition
            parent.layer.sublayerTransform = perspective
            content = parent
        }
        view.addSubview(content)
        content.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    /// The chapter's one snowman view, 200 points square.
    private func single() -> UIView {
        let layerView = TransformsArt.snowmanView()
        content = layerView
        self.layerView = layerView
        return layerView
    }

    override func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard event.character == "d" else { return super.handleKey(event) }
        guard let layer = layerView?.layer else { return true }
        layer.isDoubleSided.toggle()
        caption.string = listing.caption + (layer.isDoubleSided ? "" : " — doubleSided NO")
        return true
    }
}
