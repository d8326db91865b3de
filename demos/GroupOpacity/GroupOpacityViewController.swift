import Foundation
import QuartzCore
import UIKit
import WaylandShell

/// Lockwood's listing 4.7: two "custom buttons" (white, rounded, with a white "Hello World" label
/// inside) on a coloured container; the second at alpha 0.5. Without group opacity the label and the
/// button blend separately, so the label's rectangle shows through at 75%; with the button's layer
/// rasterized (at the screen's scale) the subtree is flattened first and fades as one. R switches
/// rasterization. (The listing's text repeats some lines with other values; this is its consistent
/// reading.) The buttons' layers turn `allowsGroupOpacity` off, as the book's system did by default.
final class GroupOpacityViewController: UIViewController, DemoKeyResponder {
    let containerView = UIView(frame: CGRect(x: 70, y: 0, width: 300, height: 300))
    private(set) var button2: UIButton!
    private let rasterizes: Bool
    private let caption = UILabel()

    init(rasterizes: Bool) {
        self.rasterizes = rasterizes
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

    func customButton() -> UIButton {
        var frame = CGRect(x: 0, y: 0, width: 150, height: 50)
        let button = UIButton(frame: frame)
        button.backgroundColor = .white
        button.layer.cornerRadius = 10
        // The book's iOS 6 faded each sublayer on its own (UIViewGroupOpacity NO, its default
        // then); layers here group by default, as since iOS 7.
        button.layer.allowsGroupOpacity = false

        frame = CGRect(x: 20, y: 10, width: 110, height: 30)
        let label = UILabel(frame: frame)
        label.text = "Hello World"
        label.textAlignment = .center
        // iOS 6, the book's system, gave labels made in code a white background.
        label.backgroundColor = .white
        button.addSubview(label)
        return button
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.2, green: 0.45, blue: 0.7, alpha: 1)
        view.addSubview(containerView)

        let button1 = customButton()
        button1.center = CGPoint(x: 50, y: 150)
        containerView.addSubview(button1)

        button2 = customButton()
        button2.center = CGPoint(x: 250, y: 150)
        button2.alpha = 0.5
        containerView.addSubview(button2)

        if rasterizes {
            button2.layer.shouldRasterize = true
            button2.layer.rasterizationScale = UIScreen.main.scale
        }

        caption.frame = CGRect(x: 10, y: view.bounds.height - 40, width: view.bounds.width - 20, height: 30)
        caption.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        caption.font = .systemFont(ofSize: 13)
        caption.textColor = .white
        caption.textAlignment = .center
        view.addSubview(caption)
        describe()
    }

    func handleKey(_ event: WaylandKeyEvent) -> Bool {
        guard let key = event.character, ["r"].contains(key) else { return false }
        button2.layer.shouldRasterize.toggle()
        button2.layer.rasterizationScale = UIScreen.main.scale
        describe()
        return true
    }

    private func describe() {
        caption.text = "right button: alpha 0.5, shouldRasterize \(button2.layer.shouldRasterize ? "YES" : "NO") (R)"
    }
}
