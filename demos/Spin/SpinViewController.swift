import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's spinning ship (listings 8.8, 8.9, 8.15 and 9.1): the 128-point ship at (150, 150) of
/// a white 300-point `containerView`, turned by the chosen listing's animation:
/// 1. (8.8) "transform" to a rotation of π, 2 s, at load (Start replays): half a turn, then back;
/// 2. (8.9) "transform.rotation" by 2π, 2 s, at load: one whole turn, relative and linear;
/// 3. (8.15) Start adds that turn under the key "rotateAnimation", Stop removes it; the delegate
///    logs whether it finished;
/// 4. (9.1) duration and repeat count typed in two text fields; Start disables the controls
///    (alpha 0.25) until the animation stops. A click on the ship's background ends the typing.
final class SpinViewController: ListingViewController<SpinViewController.Listing>, CAAnimationDelegate {
    enum Listing: String, DemoListing {
        case transform, rotation, startStop = "start-stop", repeats

        var caption: String {
            switch self {
            case .transform: return "8.8: \"transform\" to a rotation of π"
            case .rotation: return "8.9: \"transform.rotation\" by 2π"
            case .startStop: return "8.15: Start and Stop by animation key"
            case .repeats: return "9.1: duration and repeatCount"
            }
        }
    }

    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
    let shipLayer = CALayer()
    let startButton = UIButton(type: .system)
    let stopButton = UIButton(type: .system)
    let durationField = UITextField(frame: CGRect(x: 0, y: 0, width: 90, height: 30))
    let repeatField = UITextField(frame: CGRect(x: 0, y: 0, width: 90, height: 30))
    private let fieldLabels = [UILabel(), UILabel()]

    override func viewDidLoad() {
        super.viewDidLoad()
        containerView.backgroundColor = .white
        view.addSubview(containerView)
        // Add the ship.
        shipLayer.frame = CGRect(x: 0, y: 0, width: 128, height: 128)
        shipLayer.position = CGPoint(x: 150, y: 150)
        let ship = ShipLayerArt.ship(side: 128)
        shipLayer.contents = ship.cgImage
        shipLayer.contentsScale = ship.scale
        containerView.layer.addSublayer(shipLayer)

        for (button, title) in [(startButton, "Start"), (stopButton, "Stop")] {
            button.setTitle(title, for: .normal)
            button.sizeToFit()
            view.addSubview(button)
        }
        startButton.addAction(UIAction { [weak self] _ in self?.start() }, for: .touchUpInside)
        stopButton.addAction(UIAction { [weak self] _ in self?.stop() }, for: .touchUpInside)
        for (field, (label, (name, text))) in zip([durationField, repeatField], zip(fieldLabels, [("Duration", "2"), ("Repeat", "3.5")])) {
            field.borderStyle = .roundedRect
            field.text = text
            field.textAlignment = .center
            label.text = name
            label.font = .systemFont(ofSize: 15)
            label.sizeToFit()
            view.addSubview(label)
            view.addSubview(field)
        }
        // A click on the ship's background ends the typing.
        containerView.addGestureRecognizer(UITapGestureRecognizer { [weak self] _ in MainActor.assumeIsolated { self?.hideKeyboard() } })
        show(listing)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        containerView.center = CGPoint(x: view.bounds.midX, y: 30 + 150)
        let row = containerView.frame.maxY + 30
        startButton.center = CGPoint(x: view.bounds.midX - 60, y: row)
        stopButton.center = CGPoint(x: view.bounds.midX + 60, y: row)
        for (k, (field, label)) in zip([durationField, repeatField], fieldLabels).enumerated() {
            let x = view.bounds.midX + (k == 0 ? -80 : 80)
            label.center = CGPoint(x: x, y: row + 38)
            field.center = CGPoint(x: x, y: row + 68)
        }
    }

    /// Shows the listing's controls and runs what its `viewDidLoad` runs.
    override func load(_ listing: Listing) {
        shipLayer.removeAllAnimations()
        setControlsEnabled(true)
        stopButton.isHidden = listing != .startStop
        for control in [durationField, repeatField] as [UIView] + fieldLabels { control.isHidden = listing != .repeats }
        if listing == .transform || listing == .rotation { start() }
    }

    /// The Start button (or the listing's `viewDidLoad`).
    func start() {
        switch listing {
        case .transform:
            let animation = CABasicAnimation()
            animation.keyPath = "transform"
            animation.duration = 2.0
            animation.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))
            shipLayer.add(animation, forKey: nil)
        case .rotation:
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = 2.0
            animation.byValue = Double.pi * 2
            shipLayer.add(animation, forKey: nil)
        case .startStop:
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = 2.0
            animation.byValue = Double.pi * 2
            animation.delegate = self
            shipLayer.add(animation, forKey: "rotateAnimation")
        case .repeats:
            let duration = CFTimeInterval(durationField.text ?? "") ?? 0
            let repeatCount = Float(repeatField.text ?? "") ?? 0
            let animation = CABasicAnimation()
            animation.keyPath = "transform.rotation"
            animation.duration = duration
            animation.repeatCount = repeatCount
            animation.byValue = Double.pi * 2
            animation.delegate = self
            shipLayer.add(animation, forKey: "rotateAnimation")
            setControlsEnabled(false)
        }
    }

    /// The Stop button.
    func stop() {
        shipLayer.removeAnimation(forKey: "rotateAnimation")
    }

    func hideKeyboard() {
        durationField.resignFirstResponder()
        repeatField.resignFirstResponder()
    }

    private func setControlsEnabled(_ enabled: Bool) {
        for control in [durationField, repeatField, startButton] as [UIControl] {
            control.isEnabled = enabled
            control.alpha = enabled ? 1.0 : 0.25
        }
    }

    func animationDidStart(_ anim: CAAnimation) {}

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if listing == .repeats {
            setControlsEnabled(true)
        } else {
            demoLog("The animation stopped (finished: \(flag ? "YES" : "NO"))")
        }
    }

    override func handleKey(_ event: WaylandKeyEvent) -> Bool {
        // Typing in a field: its keys.
        if durationField.isEditing || repeatField.isEditing { return false }
        return super.handleKey(event)
    }
}
