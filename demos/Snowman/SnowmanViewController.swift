import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's chapter 2 project: the snowman image set directly as the contents of a white 200-point
/// view's backing layer (listing 2.1: stretched by the default gravity, resize), aspect-fitted
/// (the resizeAspect snippet), centred unscaled at the image's own scale (listing 2.2), and clipped
/// to the view (the masksToBounds snippet). In the window, G cycles the twelve contentsGravity
/// constants, S switches contentsScale between 1 and 2, M switches masksToBounds.
final class SnowmanViewController: UIViewController, DemoKeyResponder {
    enum Listing: String, CaseIterable {
        case resize, aspect, center, masked
    }

    static let gravities: [CALayerContentsGravity] = [.resize, .resizeAspect, .resizeAspectFill, .center, .top, .bottom,
                                                      .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight]

    let layerView = UIView()
    private let listing: Listing
    private let caption = UILabel()

    init(listing: Listing) {
        self.listing = listing
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        layOutViews()

        // Listing 2.1: the image straight into the view's layer.
        let image = SnowmanArt.image()
        layerView.layer.contents = image.cgImage
        switch listing {
        case .resize:
            break
        case .aspect:
            layerView.layer.contentsGravity = .resizeAspect
        case .center, .masked:
            // Listing 2.2: no scaling; the layer told the image's scale.
            layerView.layer.contentsGravity = .center
            layerView.layer.contentsScale = image.scale
            if listing == .masked { layerView.layer.masksToBounds = true }
        }
        describe()
    }

    /// The book's Interface Builder file: the white view in the middle of light grey, and a caption.
    private func layOutViews() {
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        layerView.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layerView.backgroundColor = .white
        view.addSubview(layerView)
        caption.frame = CGRect(x: 10, y: view.bounds.height - 36, width: view.bounds.width - 20, height: 30)
        caption.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        caption.numberOfLines = 2
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = UIColor(white: 0.25, alpha: 1)
        caption.textAlignment = .center
        view.addSubview(caption)
    }

    /// The white view stays in the middle of the space above the caption.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        layerView.center = CGPoint(x: view.bounds.midX, y: (view.bounds.height - 40) / 2)
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = event.character, ["g", "s", "m"].contains(key) else { return false }
        let layer = layerView.layer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        switch key {
        case "g":
            let index = Self.gravities.firstIndex(of: layer.contentsGravity) ?? 0
            layer.contentsGravity = Self.gravities[(index + 1) % Self.gravities.count]
        case "s":
            layer.contentsScale = layer.contentsScale == 2 ? 1 : 2
        case "m":
            layer.masksToBounds.toggle()
        default:
            break
        }
        CATransaction.commit()
        describe()
        return true
    }

    private func describe() {
        let layer = layerView.layer
        caption.text = "contentsGravity \(layer.contentsGravity.rawValue) (G)\ncontentsScale \(String(format: "%g", Double(layer.contentsScale))) (S) · masksToBounds \(layer.masksToBounds ? "YES" : "NO") (M)"
    }
}
