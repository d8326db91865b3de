import Foundation
import QuartzCore
import UIKit

/// Lockwood's listing 2.3: one sprite sheet loaded once and given to four views' layers, each
/// showing one quadrant through its contentsRect, aspect-fitted. The views are placed freely, as
/// the book's Interface Builder file does. Each layer's contents and contentsRect are logged.
final class SpritesViewController: UIViewController {
    // 128 points: each 256-pixel sprite at half size.
    let coneView = UIView(frame: CGRect(x: 300, y: 60, width: 128, height: 128))
    let shipView = UIView(frame: CGRect(x: 290, y: 280, width: 128, height: 128))
    let iglooView = UIView(frame: CGRect(x: 50, y: 40, width: 128, height: 128))
    let anchorView = UIView(frame: CGRect(x: 70, y: 290, width: 128, height: 128))

    func addSpriteImage(_ image: UIImage, withContentRect rect: CGRect, to layer: CALayer) {
        layer.contents = image.cgImage
        layer.contentsGravity = .resizeAspect
        layer.contentsRect = rect
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        for sprite in [coneView, shipView, iglooView, anchorView] {
            sprite.backgroundColor = .white
            view.addSubview(sprite)
        }

        let image = UIImage(cgImage: SpriteSheetArt.sheet)
        addSpriteImage(image, withContentRect: CGRect(x: 0, y: 0, width: 0.5, height: 0.5), to: iglooView.layer)
        addSpriteImage(image, withContentRect: CGRect(x: 0.5, y: 0, width: 0.5, height: 0.5), to: coneView.layer)
        addSpriteImage(image, withContentRect: CGRect(x: 0, y: 0.5, width: 0.5, height: 0.5), to: anchorView.layer)
        addSpriteImage(image, withContentRect: CGRect(x: 0.5, y: 0.5, width: 0.5, height: 0.5), to: shipView.layer)

        for (name, sprite) in [("igloo", iglooView), ("cone", coneView), ("anchor", anchorView), ("ship", shipView)] {
            let layer = sprite.layer, r = layer.contentsRect
            let id = ObjectIdentifier(layer.contents as AnyObject).hashValue
            demoLog("sprite \(name): frame \(Self.text(sprite.frame)) contents image \(String(id, radix: 16)) contentsRect \(Self.text(r))")
        }
    }

    private static func text(_ r: CGRect) -> String {
        "(\([r.minX, r.minY, r.width, r.height].map { String(format: "%g", Double($0)) }.joined(separator: ", ")))"
    }
}
