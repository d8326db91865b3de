import Foundation
import UIKit

extension Notification.Name {
    static let profileDidChange = Notification.Name("ProfileDidChange")
}

/// A view controller as an iOS app writes one with Auto Layout (Swift 5): a vertical stack view of
/// two labels and a button pinned to the safe area with anchors, a constraint kept to animate, and
/// a notification observed by selector.
class ProfileViewController: UIViewController {
    let nameLabel = UILabel()
    let detailLabel = UILabel()
    let followButton = UIButton(type: .system)
    let stackView = UIStackView()
    var leadingConstraint: NSLayoutConstraint!
    var changesSeen = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white

        nameLabel.text = "Ada Lovelace"
        nameLabel.font = .boldSystemFont(ofSize: 20)
        detailLabel.text = "Analyst"
        detailLabel.textColor = .darkGray
        followButton.setTitle("Follow", for: .normal)

        stackView.axis = .vertical
        stackView.alignment = .leading
        stackView.spacing = 8
        [nameLabel, detailLabel, followButton].forEach { stackView.addArrangedSubview($0) }
        stackView.setCustomSpacing(16, after: detailLabel)
        stackView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stackView)

        leadingConstraint = stackView.leadingAnchor.constraint(equalTo: view.safeAreaLayoutGuide.leadingAnchor,
                                                                constant: 20)
        NSLayoutConstraint.activate([
            leadingConstraint,
            stackView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
            stackView.trailingAnchor.constraint(lessThanOrEqualTo: view.layoutMarginsGuide.trailingAnchor),
        ])

        NotificationCenter.default.addObserver(self, selector: Selector(("profileDidChange:")),
                                               name: .profileDidChange, object: nil)
    }

    /// What `#selector(profileDidChange(_:))` would name on an Apple platform.
    func profileDidChange(_ notification: Notification) {
        changesSeen += 1
        if let name = notification.userInfo?["name"] as? String { nameLabel.text = name }
    }

    /// Slides the stack in from the left, as apps animate a constraint.
    func slideIn(by distance: CGFloat) {
        leadingConstraint.constant += distance
        UIView.animate(withDuration: 0.3) {
            self.view.layoutIfNeeded()
        }
    }
}

/// How Linux delivers the selector (Apple platforms send it through the Objective-C runtime).
extension ProfileViewController: @MainActor NotificationTarget {
    func perform(_ selector: Selector, with notification: Notification) {
        if selector == Selector(("profileDidChange:")) { profileDidChange(notification) }
    }
}
