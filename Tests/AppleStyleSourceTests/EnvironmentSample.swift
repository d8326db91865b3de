import UIKit

/// A view controller as an iOS app writes one against its environment (Swift 5): Dynamic Type fonts,
/// size classes, the device, life-cycle notifications, accessibility, a swipe and an edge pan, a data
/// asset, and a colour and a stroke outline from Core Graphics. Selectors are spelled `Selector(("name:"))`
/// (what `#selector` names on Apple platforms; Linux has no Objective-C runtime for `#selector`).
class EnvironmentViewController: UIViewController {
    let titleLabel = UILabel()
    let bodyLabel = UILabel()
    let actionButton = UIButton(type: .system)
    let photoView = UIImageView()
    var sizeClassChanges = 0
    var activations = 0
    var swipes = 0
    var edgePans = 0
    var isCompact = false

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground

        titleLabel.font = UIFont.preferredFont(forTextStyle: .headline)
        titleLabel.text = UIDevice.current.userInterfaceIdiom == .pad ? "iPad layout" : "iPhone layout"
        bodyLabel.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: UIFont.systemFont(ofSize: 17))
        bodyLabel.text = "\(UIDevice.current.systemName) \(UIDevice.current.systemVersion)"
        bodyLabel.accessibilityHint = "Shows the system version"
        actionButton.setTitle("Continue", for: .normal)
        actionButton.accessibilityIdentifier = "continue"
        photoView.contentMode = .scaleAspectFill
        photoView.isAccessibilityElement = true
        photoView.accessibilityLabel = "Photo"
        photoView.accessibilityTraits = [.image, .button]

        for subview in [titleLabel, bodyLabel, actionButton, photoView] {
            view.addSubview(subview)
        }

        let swipe = UISwipeGestureRecognizer(target: self, action: Selector(("didSwipe:")))
        swipe.direction = [.left, .right]
        view.addGestureRecognizer(swipe)
        let edgePan = UIScreenEdgePanGestureRecognizer(target: self, action: Selector(("didPanFromEdge:")))
        edgePan.edges = .left
        view.addGestureRecognizer(edgePan)

        NotificationCenter.default.addObserver(self, selector: Selector(("applicationDidBecomeActive:")),
                                               name: UIApplication.didBecomeActiveNotification, object: nil)
        updateLayout(for: traitCollection)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if previousTraitCollection?.horizontalSizeClass != traitCollection.horizontalSizeClass {
            sizeClassChanges += 1
            updateLayout(for: traitCollection)
        }
    }

    func updateLayout(for traits: UITraitCollection) {
        isCompact = traits.horizontalSizeClass == .compact
        let color = UIColor.label.resolvedColor(with: traits)
        titleLabel.textColor = color
        if UIAccessibility.isReduceMotionEnabled {
            view.layer.removeAllAnimations()
        }
    }

    func didSwipe(_ recognizer: UISwipeGestureRecognizer) {
        if recognizer.state == .ended { swipes += 1 }
    }

    func didPanFromEdge(_ recognizer: UIScreenEdgePanGestureRecognizer) {
        if recognizer.state == .began { edgePans += 1 }
    }

    func applicationDidBecomeActive(_ notification: Notification) {
        activations += 1
        if UIAccessibility.isVoiceOverRunning {
            UIAccessibility.post(notification: .announcement, argument: "Welcome back")
        }
    }

    /// The settings shipped as a data asset.
    func loadSettings() -> [String: Any]? {
        guard let asset = NSDataAsset(name: "Settings") else { return nil }
        return try? JSONSerialization.jsonObject(with: asset.data) as? [String: Any]
    }

    /// A ring's outline, for hit testing the stroke.
    func strokeOutlineContains(_ point: CGPoint, in context: CGContext) -> Bool {
        context.beginPath()
        context.addEllipse(in: CGRect(x: 10, y: 10, width: 80, height: 80))
        context.setLineWidth(10)
        context.replacePathWithStrokedPath()
        return context.pathContains(point, mode: .fill)
    }

    /// The colour of the title in gray.
    func titleGray() -> CGColor? {
        let color = UIColor.systemBlue.cgColor
        let gray = CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!
        return color.converted(to: gray, intent: .defaultIntent, options: nil)
    }
}
