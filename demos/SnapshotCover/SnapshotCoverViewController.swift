import Foundation
import QuartzCore
import UIKit

/// Lockwood's listing 8.14, a transition of our own: the view's layer is drawn into an image with
/// `render(in:)`, an image view of it covers the view, the view takes a random background colour,
/// and in a 1-s UIView animation the cover shrinks to 0.01, turns 90° and fades out; it is removed
/// on completion. The "Perform Transition" button (or Space) runs it.
final class SnapshotCoverViewController: UIViewController, DemoActionScreen {
    static let firstColor = UIColor(red: 0.3, green: 0.5, blue: 0.8, alpha: 1)

    private var random: CubesScene.SeededGenerator
    let button = UIButton(type: .system)
    /// The cover while it animates (for tests and tracing; the listing keeps it only in the block).
    private(set) weak var coverView: UIView?

    init(seed: UInt64) {
        random = CubesScene.SeededGenerator(seed: seed)
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Self.firstColor
        DemoCaption.add(to: view).string = "Listing 8.14: a transition with renderInContext:"
        // Something to see turning on the cover: a card with a title.
        let card = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 70))
        card.text = "Old screen"
        card.textAlignment = .center
        card.font = .boldSystemFont(ofSize: 26)
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        card.layer.masksToBounds = true
        card.tag = 1
        view.addSubview(card)
        button.setTitle("Perform Transition", for: .normal)
        button.setTitleColor(.white, for: .normal)
        button.sizeToFit()
        button.addAction(UIAction { [weak self] _ in self?.performTransition() }, for: .touchUpInside)
        view.addSubview(button)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.viewWithTag(1)?.center = CGPoint(x: view.bounds.midX, y: 80)
        button.center = CGPoint(x: view.bounds.midX, y: view.bounds.maxY - 40)
    }

    func performTransition() {
        // Keep the current picture of the view.
        UIGraphicsBeginImageContextWithOptions(view.bounds.size, true, 0.0)
        view.layer.render(in: UIGraphicsGetCurrentContext()!)
        let coverImage = UIGraphicsGetImageFromCurrentImageContext()
        UIGraphicsEndImageContext()
        // Put it in front of the view.
        let coverView = UIImageView(image: coverImage)
        coverView.frame = view.bounds
        view.addSubview(coverView)
        self.coverView = coverView
        // Change the view: a random background colour.
        let red = CGFloat.random(in: 0...1, using: &random)
        let green = CGFloat.random(in: 0...1, using: &random)
        let blue = CGFloat.random(in: 0...1, using: &random)
        view.backgroundColor = UIColor(red: red, green: green, blue: blue, alpha: 1.0)
        // Shrink, turn and fade the cover.
        UIView.animate(withDuration: 1.0, animations: {
            var transform = CGAffineTransform(scaleX: 0.01, y: 0.01)
            transform = transform.rotated(by: .pi / 2)
            coverView.transform = transform
            coverView.alpha = 0.0
        }, completion: { _ in
            // Remove the cover now that it is done.
            coverView.removeFromSuperview()
        })
    }

    // "Perform Transition" on Space; a window waits for it, a snapshot's script clicks it.
    var runsActionWhenShown: Bool { false }
    var snapshotActionTimes: [CFTimeInterval] { [] }

    func performAction() { performTransition() }
}
