import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's door (listings 9.2 and 9.4): a 128×256 door hung on its left edge (anchor point
/// (0, 0.5)) in the middle of a 300-point container whose `sublayerTransform` has m34 = -1/500.
/// 1. (9.2) "transform.rotation.y" to -π/2 in 2 s, autoreversed, repeated for ever: it swings open
///    and shut; 2. (9.4) the door layer paused (speed 0) with a 1-s opening animation, and a
///    horizontal drag scrubbing its `timeOffset` (200 points to the left open it fully). M switches.
final class DoorViewController: ListingViewController<DoorViewController.Listing> {
    enum Listing: String, DemoListing {
        case swing, manual

        var caption: String {
            switch self {
            case .swing: return "Listing 9.2: autoreverses, repeatDuration ∞ (M: manual)"
            case .manual: return "Listing 9.4: drag to scrub timeOffset (M: swing)"
            }
        }
    }

    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    private(set) var doorLayer = CALayer()

    override func viewDidLoad() {
        super.viewDidLoad()
        containerView.backgroundColor = .white
        view.addSubview(containerView)
        // Pan gestures scrub the paused door (listing 9.4).
        let pan = UIPanGestureRecognizer { [weak self] recognizer in
            MainActor.assumeIsolated { self?.pan(recognizer as! UIPanGestureRecognizer) }
        }
        view.addGestureRecognizer(pan)
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        containerView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
    }

    /// The listing's `viewDidLoad`: the door, the perspective, its animation.
    override func load(_ listing: Listing) {
        doorLayer.removeFromSuperlayer()
        // Add the door.
        doorLayer = CALayer()
        doorLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 256)
        doorLayer.position = CGPoint(x: 150 - 64, y: 150)
        doorLayer.anchorPoint = CGPoint(x: 0, y: 0.5)
        doorLayer.contents = DoorArt.door.cgImage
        doorLayer.contentsScale = DoorArt.door.scale
        containerView.layer.addSublayer(doorLayer)
        // Apply the perspective.
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500.0
        containerView.layer.sublayerTransform = perspective
        let animation = CABasicAnimation()
        animation.keyPath = "transform.rotation.y"
        animation.toValue = -Double.pi / 2
        switch listing {
        case .swing:
            animation.duration = 2.0
            animation.repeatDuration = .infinity
            animation.autoreverses = true
        case .manual:
            // Paused: the animation shows only the frame of the layer's timeOffset.
            doorLayer.speed = 0.0
            animation.duration = 1.0
        }
        doorLayer.add(animation, forKey: nil)
    }

    private func pan(_ pan: UIPanGestureRecognizer) {
        guard listing == .manual else { return }
        // The horizontal part of the drag, in seconds of the animation: 200 points for all of it.
        var x = pan.translation(in: view).x
        x /= 200.0
        var timeOffset = doorLayer.timeOffset
        timeOffset = min(0.999, max(0.0, timeOffset - CFTimeInterval(x)))
        doorLayer.timeOffset = timeOffset
        pan.setTranslation(.zero, in: view)
    }

    override func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard event.character == "m" else { return super.handleKey(event) }
        show(listing == .swing ? .manual : .swing)
        return true
    }
}
