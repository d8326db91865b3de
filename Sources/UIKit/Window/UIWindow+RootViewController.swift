import CoreGraphics
import Foundation

extension UIWindow {
    /// Puts the root controller's view in the window, filling it and following its size (flexible
    /// width and height), in place of the previous root's.
    func installRootViewController(replacing old: UIViewController?) {
        if let oldView = old?.viewIfLoaded, oldView.superview === self { oldView.removeFromSuperview() }
        guard let controller = rootViewController else { return }
        let view: UIView = controller.view
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(view)
    }

    /// Shows or hides the window for appearance: the controllers in it appear or disappear.
    func setShownForAppearance(_ shown: Bool) {
        guard shown != isShownForAppearance else { return }
        isShownForAppearance = shown
        beginAppearanceOfControllers(shown, animated: false)
        endAppearanceOfControllers()
    }
}
