import CoreGraphics
import Foundation

/// An object that manages a view hierarchy: loads its view on demand, hears when the view appears,
/// disappears and lays out, contains child controllers and presents others modally.
///
/// The open methods are declared here (Swift cannot override methods declared in extensions); the
/// containment and presentation machinery is in `UIViewController+Containment.swift` and
/// `UIViewController+Presentation.swift`.
@preconcurrency @MainActor
open class UIViewController: UIResponder {
    /// Where a controller is between appearing and disappearing.
    enum AppearanceState { case disappeared, appearing, appeared, disappearing }

    /// Apple loads views from nibs; there are none here, but the names are kept.
    open private(set) var nibName: String?
    open private(set) var nibBundle: Bundle?

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
        super.init()
    }

    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    public required init?(coder: NSCoder) {
        super.init()
    }

    // MARK: The view

    private var loadedView: UIView?
    private var isLoadingView = false

    /// The controller's view, loaded by `loadView()` (then `viewDidLoad()`) on first access.
    open var view: UIView! {
        get {
            loadViewIfRequired()
            return loadedView
        }
        set {
            if let old = loadedView, old.owningViewController === self { old.owningViewController = nil }
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    open var isViewLoaded: Bool { loadedView != nil }
    open var viewIfLoaded: UIView? { loadedView }

    /// Makes the view: a plain `UIView` the size of the screen. Override to build your own and set
    /// `view` (without calling super).
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Called once, after the view is loaded.
    open func viewDidLoad() {}

    open func loadViewIfNeeded() { loadViewIfRequired() }

    private func loadViewIfRequired() {
        guard loadedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        isLoadingView = false
        // Apple traps when `loadView()` sets no view; a plain view keeps the program going.
        if loadedView == nil { view = UIView(frame: UIScreen.main.bounds) }
        viewDidLoad()
    }

    /// The title a container shows for the controller; setting it renames the tab bar item too.
    open var title: String? {
        didSet {
            storedTabBarItem?.title = title
            storedNavigationItem?.title = title
        }
    }

    private var storedNavigationItem: UINavigationItem?

    /// What a navigation bar shows for the controller: made on first use with the controller's `title`.
    open var navigationItem: UINavigationItem {
        if let storedNavigationItem { return storedNavigationItem }
        let item = UINavigationItem()
        item.title = title
        storedNavigationItem = item
        return item
    }

    private var storedTabBarItem: UITabBarItem?

    /// The controller's tab in a tab bar controller: made on first use with the controller's `title`
    /// and no image; replacing it updates the bar.
    open var tabBarItem: UITabBarItem! {
        get {
            if let storedTabBarItem { return storedTabBarItem }
            let item = UITabBarItem(title: title, image: nil, tag: 0)
            storedTabBarItem = item
            return item
        }
        set {
            storedTabBarItem = newValue
            (parent as? UITabBarController)?.childTabBarItemDidChange(self)
        }
    }

    /// The size the controller would like its view to have in a container (stored only).
    open var preferredContentSize = CGSize.zero

    // MARK: Appearance

    var appearanceState = AppearanceState.disappeared

    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    /// Called before and after the view's `layoutSubviews()`.
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    /// Called in the update pass when the view asked for it (`setNeedsUpdateConstraints()`);
    /// update your constraints, then call super, which updates the view's own.
    open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }

    /// Whether the appearance calls reach the children by themselves (true); a container that
    /// returns false calls `beginAppearanceTransition`/`endAppearanceTransition` on them itself.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

    /// Starts an appearance (`viewWillAppear`) or disappearance (`viewWillDisappear`); the children
    /// whose views are inside the view follow.
    open func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        switch (isAppearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            appearanceAnimated = animated
            viewWillAppear(animated)
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceAnimated = animated
            viewWillDisappear(animated)
        default:
            return
        }
        forEachAppearanceChild { $0.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Ends the transition begun by `beginAppearanceTransition` (`viewDidAppear`/`viewDidDisappear`).
    open func endAppearanceTransition() {
        switch appearanceState {
        case .appearing:
            appearanceState = .appeared
            viewDidAppear(appearanceAnimated)
        case .disappearing:
            appearanceState = .disappeared
            viewDidDisappear(appearanceAnimated)
        default:
            return
        }
        forEachAppearanceChild { $0.endAppearanceTransition() }
    }

    var appearanceAnimated = false

    private func forEachAppearanceChild(_ body: (UIViewController) -> Void) {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = loadedView else { return }
        for child in children {
            if let childView = child.viewIfLoaded, childView.isDescendant(of: view) { body(child) }
        }
    }

    // MARK: Containment (UIViewController+Containment.swift)

    var childList: [UIViewController] = []
    weak var parentController: UIViewController?

    open var children: [UIViewController] { childList }
    open var parent: UIViewController? { parentController }

    /// Adds `childController` as a child (calling its `willMove(toParent:)`); add its view to yours,
    /// then call its `didMove(toParent:)`.
    open func addChild(_ childController: UIViewController) { addChildController(childController) }

    /// Removes the controller from its parent (calling its `didMove(toParent: nil)`); call
    /// `willMove(toParent: nil)` first and remove its view.
    open func removeFromParent() { removeFromParentController() }

    /// Called before the controller joins `parent` (from `addChild`) or leaves its parent (nil: call
    /// it yourself before `removeFromParent()`).
    open func willMove(toParent parent: UIViewController?) {
        if parent == nil, parentController != nil { isMovingFromParent = true }
    }

    /// Called after the controller joined `parent` (call it yourself after `addChild` and adding
    /// the view) or left its parent (nil: from `removeFromParent()`).
    open func didMove(toParent parent: UIViewController?) {
        if parent != nil { isMovingToParent = false }
    }

    open internal(set) var isMovingToParent = false
    open internal(set) var isMovingFromParent = false

    // MARK: Presentation (UIViewController+Presentation.swift)

    weak var presentingController: UIViewController?
    var presentedController: UIViewController?

    /// The controller this one, or an ancestor, presented.
    open var presentedViewController: UIViewController? { presentedController ?? parent?.presentedViewController }
    /// The controller that presented this one, or its nearest presented ancestor.
    open var presentingViewController: UIViewController? {
        presentingController ?? parent?.presentingViewController
    }

    /// Supplies the animators of this controller's presentation and dismissal (held weakly, as
    /// Apple's); nil: UIKit's own slide.
    open weak var transitioningDelegate: (any UIViewControllerTransitioningDelegate)?
    /// The view a custom presentation of this controller happens in (kept until it is dismissed).
    var transitionContainer: UIView?

    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    open var modalTransitionStyle = UIModalTransitionStyle.coverVertical
    open var isModalInPresentation = false
    /// Stored only: every presentation here covers the whole window.
    open var definesPresentationContext = false
    open internal(set) var isBeingPresented = false
    open internal(set) var isBeingDismissed = false

    /// Presents `viewControllerToPresent` over the window's content: its view fills the window and,
    /// when animated, slides up from the bottom (0.3 s); `completion` runs once it is in place.
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool,
                      completion: (() -> Void)? = nil) {
        presentController(viewControllerToPresent, animated: flag, completion: completion)
    }

    /// Dismisses the controller this one presented or, when it presented none, this one (or the
    /// presented ancestor), sliding it down when animated; `completion` runs once it is gone.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        dismissController(animated: flag, completion: completion)
    }

    /// Shows `vc` the way the controller's context prefers: pushed on its navigation controller's
    /// stack when it is in one, else presented.
    open func show(_ vc: UIViewController, sender: Any?) {
        if let navigation = self as? UINavigationController ?? navigationController {
            navigation.pushViewController(vc, animated: true)
        } else {
            present(vc, animated: true)
        }
    }

    // MARK: Preferences the desktop has no use for (status bar, rotation, memory pressure)

    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    open var prefersStatusBarHidden: Bool { false }
    open func setNeedsStatusBarAppearanceUpdate() {}

    /// iPhone's default; a window here never rotates.
    open var supportedInterfaceOrientations: UIInterfaceOrientationMask { .allButUpsideDown }
    open var shouldAutorotate: Bool { true }
    open var preferredInterfaceOrientationForPresentation: UIInterfaceOrientation { .portrait }

    /// Apple calls it under memory pressure; Linux sends no such warning, so it is never called.
    open func didReceiveMemoryWarning() {}

    // MARK: Traits

    /// The traits of the controller's view (its window's), or the screen's before the view is loaded.
    open var traitCollection: UITraitCollection {
        viewIfLoaded?.traitCollection ?? UIScreen.main.traitCollection
    }

    /// Called when the window's resize changed its size classes, before the controller's view hears it.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    // MARK: Responder chain

    /// The view's superview (the window, for a root or presented controller), else the parent.
    open override var next: UIResponder? {
        loadedView?.superview ?? parentController ?? presentingController
    }
}

/// How a presented controller covers the screen (Apple's raw values). Only the storage and the
/// presenting controller's disappearance for `.fullScreen` differ here: every style covers the window.
public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0
    case pageSheet = 1
    case formSheet = 2
    case currentContext = 3
    case custom = 4
    case overFullScreen = 5
    case overCurrentContext = 6
    case popover = 7
    case none = -1
    case automatic = -2
}

/// The animation of a modal presentation (Apple's raw values); only `.coverVertical` is drawn.
public enum UIModalTransitionStyle: Int, Sendable {
    case coverVertical = 0
    case flipHorizontal = 1
    case crossDissolve = 2
    case partialCurl = 3
}

/// The status bar's content style (Apple's raw values).
public enum UIStatusBarStyle: Int, Sendable {
    case `default` = 0
    case lightContent = 1
    case darkContent = 3
}
