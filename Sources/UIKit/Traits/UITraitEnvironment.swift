import Foundation

/// An object with traits: windows, views, view controllers and the screen. Apple's protocol.
@preconcurrency @MainActor
public protocol UITraitEnvironment: NSObjectProtocol {
    /// The traits the object is shown with.
    var traitCollection: UITraitCollection { get }
    /// Called after the traits changed (here: when a window's resize changes its size classes), with
    /// the traits before.
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

extension UIView: UITraitEnvironment {}
extension UIViewController: UITraitEnvironment {}

extension UIScreen: UITraitEnvironment {
    /// The screen's traits: its scale and the size classes of `bounds`.
    public var traitCollection: UITraitCollection {
        UITraitCollection.defaultEnvironment(displayScale: scale, size: bounds.size)
    }

    /// Never called: the screen's traits are only read.
    public func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

extension UIView {
    /// After a window's size changed from `oldSize`: when the size classes changed, tells the
    /// window, its views and their controllers, parents first (each controller before its view).
    /// A window's first size (from zero, as `init(frame:)` sets it) changes nothing.
    func notifyTraitChangeIfNeeded(fromSize oldSize: CGSize) {
        guard let window = self as? UIWindow, oldSize != .zero else { return }
        let before = UITraitCollection.sizeClasses(for: oldSize)
        let after = UITraitCollection.sizeClasses(for: bounds.size)
        guard before != after else { return }
        let previous = UITraitCollection.defaultEnvironment(displayScale: UIScreen.main.scale, size: oldSize)
        window.deliverTraitCollectionDidChange(previous)
    }

    private func deliverTraitCollectionDidChange(_ previous: UITraitCollection) {
        owningViewController?.traitCollectionDidChange(previous)
        traitCollectionDidChange(previous)
        for sub in subviews { sub.deliverTraitCollectionDidChange(previous) }
    }
}
