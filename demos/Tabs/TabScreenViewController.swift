import Foundation
import UIKit

/// One tab's screen in `demo tabs`: a solid colour with an emblem over its name, stacked and
/// centred with a stack view and layout anchors.
final class TabScreenViewController: UIViewController {
    private let color: UIColor
    private let emblem: UIImage

    init(title: String, color: UIColor, emblem: UIImage, icon: UIImage) {
        self.color = color
        self.emblem = emblem
        super.init(nibName: nil, bundle: nil)
        self.title = title
        tabBarItem = UITabBarItem(title: title, image: icon, tag: 0)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = color
        let picture = UIImageView(image: emblem)
        let name = UILabel()
        name.text = title
        name.font = .boldSystemFont(ofSize: 28)
        name.textColor = .white
        let stack = UIStackView(arrangedSubviews: [picture, name])
        stack.axis = .vertical
        stack.alignment = .center
        stack.spacing = 12
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            stack.centerYAnchor.constraint(equalTo: view.centerYAnchor),
        ])
    }
}
