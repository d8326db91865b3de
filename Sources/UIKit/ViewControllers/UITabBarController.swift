import CoreGraphics
import Foundation
import QuartzCore

/// What a tab bar controller asks and tells its delegate about the user's tab selections.
@preconcurrency @MainActor
public protocol UITabBarControllerDelegate: AnyObject {
    /// Whether the tab the user clicked may be selected (true by default). Not asked when code
    /// sets `selectedIndex` or `selectedViewController`.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// The user selected a tab (also when it was already selected). Not called when code sets
    /// `selectedIndex` or `selectedViewController`.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController,
                                 shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
}

/// A container of child controllers, one per tab of a tab bar along the bottom of its view; the
/// selected child's view fills the rest of the view.
///
/// The children are added with the containment calls (`addChild`, `didMove(toParent:)`, and
/// `willMove(toParent: nil)`, `removeFromParent()` when they go). Switching tabs swaps the
/// children's views; while the controller's view is in a shown window the outgoing child hears
/// `viewWillDisappear`, the incoming one `viewWillAppear`, then `viewDidDisappear` and
/// `viewDidAppear`, all unanimated, as on iOS.
///
/// Differences from iOS: every child gets a tab (no "More" tab past five); the selected view stops
/// at the top of the bar rather than running under a translucent bar (the safe area is empty
/// here); `customizableViewControllers` and the tab bar's editing are not offered.
@preconcurrency @MainActor
open class UITabBarController: UIViewController, UITabBarDelegate {
    private let bar = UITabBar()

    /// The bar (its delegate is the controller; leave it so).
    open var tabBar: UITabBar { bar }

    open weak var delegate: UITabBarControllerDelegate?

    private var controllers: [UIViewController] = []
    private weak var selected: UIViewController?

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        bar.delegate = self
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bar.delegate = self
    }

    // MARK: The children

    /// The tabs' controllers, in order (nil when there are none).
    open var viewControllers: [UIViewController]? {
        get { controllers.isEmpty ? nil : controllers }
        set { setViewControllers(newValue, animated: false) }
    }

    /// Replaces the children. The previously selected controller stays selected when it is still
    /// there; otherwise the one at the same index, else the first.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        var incoming: [UIViewController] = []
        for vc in viewControllers ?? [] where !incoming.contains(where: { $0 === vc }) { incoming.append(vc) }
        let previous = selected
        let previousIndex = previous.flatMap { p in controllers.firstIndex { $0 === p } }

        // Children that leave: off the screen first, then out of the list.
        for old in controllers where !incoming.contains(where: { $0 === old }) {
            if old === selected { swapSelection(to: nil) }
            old.willMove(toParent: nil)
            old.viewIfLoaded?.removeFromSuperview()
            old.removeFromParent()
        }
        for vc in incoming where vc.parent !== self {
            addChild(vc)
            vc.didMove(toParent: self)
        }
        controllers = incoming
        tabBar.items = incoming.map { $0.tabBarItem }

        let next: UIViewController?
        if let previous, incoming.contains(where: { $0 === previous }) {
            next = previous
        } else if let i = previousIndex, incoming.indices.contains(i) {
            next = incoming[i]
        } else {
            next = incoming.first
        }
        swapSelection(to: next)
    }

    /// The selected tab's controller; setting it (to one of `viewControllers`) shows its view.
    open var selectedViewController: UIViewController? {
        get { selected }
        set {
            guard let vc = newValue, controllers.contains(where: { $0 === vc }) else { return }
            swapSelection(to: vc)
        }
    }

    /// The index of the selected tab (`NSNotFound` when there is none); setting it selects that tab.
    open var selectedIndex: Int {
        get { selected.flatMap { s in controllers.firstIndex { $0 === s } } ?? NSNotFound }
        set {
            guard controllers.indices.contains(newValue) else { return }
            swapSelection(to: controllers[newValue])
        }
    }

    /// The tab bar items changed under a child (its `tabBarItem` was replaced).
    func childTabBarItemDidChange(_ child: UIViewController) {
        guard controllers.contains(where: { $0 === child }) else { return }
        tabBar.items = controllers.map { $0.tabBarItem }
        tabBar.selectedItem = selected?.tabBarItem
    }

    // MARK: The view

    open override func loadView() {
        let root = UIView(frame: UIScreen.main.bounds)
        root.backgroundColor = .white
        let height = UITabBar.barHeight
        tabBar.frame = CGRect(x: 0, y: root.bounds.height - height, width: root.bounds.width, height: height)
        tabBar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        root.addSubview(tabBar)
        view = root
        if let selected { install(selected.view) }
    }

    /// Where the selected child's view goes: the view above the bar.
    private var contentFrame: CGRect {
        guard let view = viewIfLoaded else { return .zero }
        return CGRect(x: 0, y: 0, width: view.bounds.width, height: max(0, view.bounds.height - tabBar.frame.height))
    }

    private func install(_ childView: UIView) {
        guard let view = viewIfLoaded else { return }
        UIView.performWithoutAnimation {
            childView.frame = contentFrame
            childView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        }
        view.insertSubview(childView, belowSubview: tabBar)
    }

    /// Shows `next` in place of the selected child, with the appearance calls in iOS's order when
    /// the view is on screen.
    private func swapSelection(to next: UIViewController?) {
        let previous = selected
        tabBar.selectedItem = next?.tabBarItem
        guard next !== previous else { return }
        selected = next
        guard let view = viewIfLoaded else { return }
        // The incoming view loads before it hears that it will appear.
        next?.loadViewIfNeeded()
        let shown = view.window?.isShownForAppearance ?? false
        if shown {
            previous?.beginAppearanceTransition(false, animated: false)
            next?.beginAppearanceTransition(true, animated: false)
        }
        UIViewController.withManualAppearance {
            previous?.viewIfLoaded?.removeFromSuperview()
            if let next { install(next.view) }
        }
        if shown {
            previous?.endAppearanceTransition()
            next?.endAppearanceTransition()
        }
    }

    // MARK: Clicks on the bar

    /// The bar asks before it selects what the user clicked: the delegate may refuse.
    func tabBarShouldSelect(_ item: UITabBarItem) -> Bool {
        guard let vc = controllers.first(where: { $0.tabBarItem === item }) else { return false }
        return delegate?.tabBarController(self, shouldSelect: vc) ?? true
    }

    /// The user selected `item` on the bar: its controller becomes the selected one and the
    /// delegate hears of it.
    open func tabBar(_ tabBar: UITabBar, didSelect item: UITabBarItem) {
        guard let vc = controllers.first(where: { $0.tabBarItem === item }) else { return }
        swapSelection(to: vc)
        delegate?.tabBarController(self, didSelect: vc)
    }
}

extension UIViewController {
    /// The nearest ancestor that is a tab bar controller.
    public var tabBarController: UITabBarController? {
        var c = parent
        while let current = c {
            if let tabs = current as? UITabBarController { return tabs }
            c = current.parent
        }
        return nil
    }
}
