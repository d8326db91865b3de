import Foundation
import QuartzCore
import UIKit

/// What the Interface Builder file of Lockwood's chapter 4 holds (figure 4.1): two white 150-point
/// views side by side on light grey, `layerView1` and `layerView2`, each with a red 60-point subview
/// sticking out past its top-left corner; listing 4.3 wraps `layerView2` in a clear `shadowView`,
/// listing 4.4 shows the snowman in both views instead. The listings are the subclasses, each
/// doing what its `viewDidLoad` does.
class EffectsViewController: UIViewController {
    let layerView1 = UIView(frame: CGRect(x: 50, y: 120, width: 150, height: 150))
    let layerView2 = UIView(frame: CGRect(x: 280, y: 120, width: 150, height: 150))
    let shadowView = UIView(frame: CGRect(x: 280, y: 120, width: 150, height: 150))

    /// The listing's id and what it shows, for the caption.
    class var listing: String { "" }
    /// Listing 4.3's extra view around `layerView2`.
    class var wrapsInShadowView: Bool { false }
    /// Listing 4.4's picture in both views instead of the red subviews.
    class var showsImage: Bool { false }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        view.addSubview(layerView1)
        if Self.wrapsInShadowView {
            layerView2.frame = shadowView.bounds
            shadowView.addSubview(layerView2)
            view.addSubview(shadowView)
        } else {
            view.addSubview(layerView2)
        }
        for layerView in [layerView1, layerView2] {
            if Self.showsImage {
                layerView.layer.contents = SnowmanArt.image().cgImage
                layerView.layer.contentsGravity = .resizeAspect
            } else {
                layerView.backgroundColor = .white
                let red = UIView(frame: CGRect(x: -20, y: -20, width: 60, height: 60))
                red.backgroundColor = .red
                layerView.addSubview(red)
            }
        }
        let caption = UILabel(frame: CGRect(x: 10, y: view.bounds.height - 60, width: view.bounds.width - 20, height: 50))
        caption.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        caption.numberOfLines = 2
        caption.font = .systemFont(ofSize: 13)
        caption.textColor = UIColor(white: 0.25, alpha: 1)
        caption.textAlignment = .center
        caption.text = Self.listing + " · keys 1-5"
        view.addSubview(caption)
    }
}

/// Listing 4.1: 20-point corners on both, clipping on the second only.
final class CornerRadiusViewController: EffectsViewController {
    override class var listing: String { "Listing 4.1: cornerRadius 20 on both, masksToBounds on the right" }

    override func viewDidLoad() {
        super.viewDidLoad()
        layerView1.layer.cornerRadius = 20
        layerView2.layer.cornerRadius = 20
        layerView2.layer.masksToBounds = true
    }
}

/// Listing 4.2: listing 4.1 with a 5-point border (black by default), drawn over the sublayers.
final class BorderViewController: EffectsViewController {
    override class var listing: String { "Listing 4.2: borderWidth 5 follows the bounds and the corners, over the sublayers" }

    override func viewDidLoad() {
        super.viewDidLoad()
        layerView1.layer.cornerRadius = 20
        layerView2.layer.cornerRadius = 20
        layerView1.layer.borderWidth = 5
        layerView2.layer.borderWidth = 5
        layerView2.layer.masksToBounds = true
    }
}

/// Listing 4.3: the same shadow on the first view and on the view around the clipping second one.
final class ShadowViewController: EffectsViewController {
    override class var listing: String { "Listing 4.3: shadows 5 points down; the right one cast by an outer view, the inner one clips" }
    override class var wrapsInShadowView: Bool { true }

    override func viewDidLoad() {
        super.viewDidLoad()
        layerView1.layer.cornerRadius = 20
        layerView2.layer.cornerRadius = 20
        layerView1.layer.borderWidth = 5
        layerView2.layer.borderWidth = 5
        layerView1.layer.shadowOpacity = 0.5
        layerView1.layer.shadowOffset = CGSize(width: 0, height: 5)
        layerView1.layer.shadowRadius = 5
        shadowView.layer.shadowOpacity = 0.5
        shadowView.layer.shadowOffset = CGSize(width: 0, height: 5)
        shadowView.layer.shadowRadius = 5
        layerView2.layer.masksToBounds = true
    }
}

/// Listing 4.4: shadow paths, a square and a circle, with the default offset (3 points up) and radius.
final class ShadowPathViewController: EffectsViewController {
    override class var listing: String { "Listing 4.4: shadowPath a square (left) and a circle (right), default shadowOffset (0, -3)" }
    override class var showsImage: Bool { true }

    override func viewDidLoad() {
        super.viewDidLoad()
        layerView1.layer.shadowOpacity = 0.5
        layerView2.layer.shadowOpacity = 0.5

        let squarePath = CGMutablePath()
        squarePath.addRect(layerView1.bounds)
        layerView1.layer.shadowPath = squarePath

        let circlePath = CGMutablePath()
        circlePath.addEllipse(in: layerView2.bounds)
        layerView2.layer.shadowPath = circlePath
    }
}

/// The guide's listing 2-5 and figures 2-4 and 2-5: a green background under a 3-point black border
/// (left); corners of radius 20 that clip the background but not the sublayer, and a shadow whose
/// offset (0, 3) points down on iOS (right).
final class GuideStyleViewController: EffectsViewController {
    override class var listing: String { "Guide listing 2-5, figures 2-4 and 2-5: background and border; cornerRadius and a shadow 3 points down" }

    override func viewDidLoad() {
        super.viewDidLoad()
        layerView1.layer.backgroundColor = UIColor.green.cgColor
        layerView1.layer.borderColor = UIColor.black.cgColor
        layerView1.layer.borderWidth = 3
        layerView2.layer.cornerRadius = 20
        layerView2.layer.shadowOpacity = 0.5
        layerView2.layer.shadowOffset = CGSize(width: 0, height: 3)
    }
}
