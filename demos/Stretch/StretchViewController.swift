import Foundation
import QuartzCore
import UIKit

/// Lockwood's listing 2.4: two "buttons" of different sizes showing one stretchable image through
/// contentsCenter (0.25, 0.25, 0.5, 0.5), so both keep the same corners; a handle on the right
/// button's bottom-right corner resizes it live. Below, listing 15.2: a rounded rectangle made from
/// a stretched circle (contentsCenter (0.5, 0.5, 0, 0)) hosted in a white view.
final class StretchViewController: UIViewController {
    let button1 = UIView(frame: CGRect(x: 30, y: 40, width: 110, height: 44))
    let button2 = UIView(frame: CGRect(x: 170, y: 30, width: 200, height: 110))
    let layerView = UIView(frame: CGRect(x: 140, y: 230, width: 200, height: 200))
    private let handle = UIView(frame: CGRect(x: 0, y: 0, width: 24, height: 24))
    private var sizeAtDragStart = CGSize.zero

    func addStretchableImage(_ image: UIImage, withContentCenter rect: CGRect, to layer: CALayer) {
        layer.contents = image.cgImage
        layer.contentsCenter = rect
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        view.addSubview(button1)
        view.addSubview(button2)

        // Listing 2.4.
        let image = UIImage(cgImage: StretchArt.button)
        addStretchableImage(image, withContentCenter: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), to: button1.layer)
        addStretchableImage(image, withContentCenter: CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), to: button2.layer)

        // Listing 15.2.
        layerView.backgroundColor = .white
        view.addSubview(layerView)
        let blueLayer = CALayer()
        blueLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        blueLayer.contentsCenter = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        blueLayer.contentsScale = UIScreen.main.scale
        blueLayer.contents = StretchArt.circle
        layerView.layer.addSublayer(blueLayer)

        addHandle()
    }

    /// The corner handle: dragging it sets the right button's size (at least the image's 40 points).
    private func addHandle() {
        handle.backgroundColor = UIColor(white: 0.3, alpha: 1)
        handle.layer.cornerRadius = 12
        handle.layer.borderWidth = 2
        handle.layer.borderColor = UIColor.white.cgColor
        handle.center = CGPoint(x: button2.frame.maxX, y: button2.frame.maxY)
        view.addSubview(handle)
        let pan = UIPanGestureRecognizer { [weak self] recognizer in
            guard let self, let pan = recognizer as? UIPanGestureRecognizer else { return }
            if pan.state == .began { sizeAtDragStart = button2.bounds.size }
            let t = pan.translation(in: view)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            button2.frame.size = CGSize(width: max(40, sizeAtDragStart.width + t.x), height: max(40, sizeAtDragStart.height + t.y))
            handle.center = CGPoint(x: button2.frame.maxX, y: button2.frame.maxY)
            CATransaction.commit()
            if pan.state == .ended {
                let f = button2.frame
                demoLog("button2: frame (\(f.minX), \(f.minY), \(f.width), \(f.height))")
            }
        }
        handle.addGestureRecognizer(pan)
    }
}
