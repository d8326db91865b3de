import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's image switcher (003 L8.11, L8.13): an image view cycling Anchor, Cone, Igloo and
/// Spaceship. Each switch (the "Switch Image" button, or Space) adds a `CATransition` of the
/// chosen type to the image view's layer and changes the image (L8.11: fade, moveIn, push,
/// reveal), or changes it inside `UIView.transition(with:duration:options:animations:)` of 1 s
/// (L8.13: flip, curl). T cycles the type, the arrows choose the direction.
final class TransitionsViewController: UIViewController, DemoActionScreen {
    enum Style: String, NumberedVariant {
        case fade, moveIn = "move-in", push, reveal, flip, curl
    }

    /// Where content comes from (CATransition's subtype; flips from that side; curls up or down).
    enum Direction: String { case left, right, top, bottom }

    nonisolated static let size = CGSize(width: 320, height: 360)
    /// When a snapshot switches the image: before it, the first image shows alone.
    nonisolated static let snapshotSwitchTime: CFTimeInterval = 0.5
    static let imageSide: CGFloat = 192

    private(set) var style: Style
    private(set) var direction = Direction.left
    let imageView = UIImageView()
    private let button = UIButton(type: .system)
    private let caption = UILabel()
    private let images = [ContactsArt.Avatar.anchor, .cone, .igloo, .spaceship].map {
        UIImage(cgImage: ContactsArt.image($0, side: 192))
    }

    init(style: Style) {
        self.style = style
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        imageView.frame = CGRect(x: 64, y: 40, width: Self.imageSide, height: Self.imageSide)
        imageView.backgroundColor = .white
        imageView.image = images[0]
        view.addSubview(imageView)
        button.setTitle("Switch Image", for: .normal)
        button.sizeToFit()
        button.center = CGPoint(x: 160, y: 270)
        button.addAction(UIAction { [weak self] _ in MainActor.assumeIsolated { self?.switchImage() } }, for: .touchUpInside)
        view.addSubview(button)
        caption.frame = CGRect(x: 10, y: 330, width: 300, height: 22)
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = .darkGray
        view.addSubview(caption)
        updateCaption()
    }

    var snapshotActionTimes: [CFTimeInterval] { [Self.snapshotSwitchTime] }
    /// A window shows the first image until asked.
    var runsActionWhenShown: Bool { false }

    func performAction() { switchImage() }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        switch event.keysym.lowercased {
        case WaylandKeysym("t"):
            let all = Style.allCases
            style = all[(all.firstIndex(of: style)! + 1) % all.count]
        case .left: direction = .left
        case .right: direction = .right
        case .up: direction = .top
        case .down: direction = .bottom
        default:
            guard let key = variantKey(event), let chosen = Style(argument: key) else { return false }
            style = chosen
        }
        updateCaption()
        return true
    }

    private func updateCaption() {
        let listing = style == .flip || style == .curl ? "003 L8.13" : "003 L8.11"
        caption.text = "\(listing): \(style.rawValue) from the \(direction.rawValue) (T, arrows, Space)"
    }

    func switchImage() {
        switch style {
        case .flip, .curl:
            UIView.transition(with: imageView, duration: 1.0, options: uiKitOptions, animations: {
                self.showNextImage()
            }, completion: nil)
        default:
            let transition = CATransition()
            transition.type = transitionType
            transition.subtype = transitionSubtype
            // Any key: a transition is always stored as "transition".
            imageView.layer.add(transition, forKey: nil)
            showNextImage()
        }
    }

    /// Cycles to the next image.
    private func showNextImage() {
        let currentImage = imageView.image
        var index = images.firstIndex { $0 === currentImage } ?? 0
        index = (index + 1) % images.count
        imageView.image = images[index]
    }

    private var transitionType: CATransitionType {
        switch style {
        case .moveIn: return .moveIn
        case .push: return .push
        case .reveal: return .reveal
        default: return .fade
        }
    }

    private var transitionSubtype: CATransitionSubtype {
        switch direction {
        case .left: return .fromLeft
        case .right: return .fromRight
        case .top: return .fromTop
        case .bottom: return .fromBottom
        }
    }

    private var uiKitOptions: UIView.AnimationOptions {
        switch (style, direction) {
        case (.curl, .bottom): return .transitionCurlDown
        case (.curl, _): return .transitionCurlUp
        case (_, .left): return .transitionFlipFromLeft
        case (_, .right): return .transitionFlipFromRight
        case (_, .top): return .transitionFlipFromTop
        case (_, .bottom): return .transitionFlipFromBottom
        }
    }
}
