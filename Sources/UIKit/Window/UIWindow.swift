import CoreGraphics
import Foundation
import LayerHost
import QuartzCore

/// The root of a view hierarchy shown in a shell window, and the dispatcher of its input.
///
/// Input arrives as touch reports (`dispatchTouches(_:timestamp:)`: a touch screen's points, or the
/// pointer while its primary button is held), key reports (`dispatchKey(_:isDown:timestamp:)`) and
/// the pointer's scrolling and hovering (`dispatchScroll…`, `dispatchPointerMotion…`);
/// a window bound to a `WaylandLayerHost` (`init(host:)`, `makeKeyAndVisible()`) is fed by it. The
/// window turns them into `UITouch`/`UIPress` objects and a `UIEvent`, and `sendEvent(_:)` delivers it:
/// touches to the gesture recognizers first (the hit view's and its ancestors'), then to the view hit
/// when each touch began (`touchesBegan/Moved/Ended/Cancelled`, which the responder chain passes
/// up to the superview unless handled); presses to the first responder, or the window.
///
/// Hit testing (a Linux addition, `hitTestsPresentation`): by default the window hit-tests and
/// converts touch locations on the presentation tree, so what is on screen is what gets touched,
/// a moving view included. With the switch off it uses the model tree, as UIKit does.
@preconcurrency @MainActor
open class UIWindow: UIView {
    /// Whether hit testing and `UITouch.location(in:)` use the presentation geometry (what is
    /// on screen at the event's time; the default) or the model geometry (UIKit's behaviour on
    /// Apple platforms, for code that relies on it). Hidden, alpha and user interaction are the
    /// model's either way. A Linux addition.
    open var hitTestsPresentation = true

    /// Whether the window receives key presses.
    open private(set) var isKeyWindow = false

    /// The shell window shown, when bound (see `init(host:)` and `makeKeyAndVisible()`).
    public internal(set) var host: (any LayerHosting)?

    /// The keys for experimenting with the animations in this window (Space pauses, S slow motion, V
    /// records, …), when it answers them (`answersShellKeys`; see UIWindow+ShellKeys.swift).
    public internal(set) var shellKeys: WindowShellKeys?

    /// The touches that are down, in the order they began, by the id of their report.
    var activeTouches: [(id: Int, touch: UITouch)] = []
    /// The last tap (touch up near where it went down), for `tapCount`.
    var lastTap: (location: CGPoint, time: TimeInterval, count: Int, type: UITouch.TouchType)?
    /// The keys held, by key code.
    var heldPresses: [(code: UIKeyboardHIDUsage, press: UIPress)] = []
    /// The recognizer a scroll sequence drives (a pan, or a pinch for Ctrl+wheel), until it ends.
    var scrollTarget: UIGestureRecognizer?
    /// The hover recognizers the pointer is over, outermost view last.
    var hoveredRecognizers: [UIHoverGestureRecognizer] = []
    /// The pointer's last position in the window (nil: not over it).
    var pointerLocation: CGPoint?
    /// Gesture arbitration (require(toFail:), exclusivity, cancelling view touches, timeouts).
    lazy var gestureArbiter = GestureArbiter(window: self)

    /// The window that has key focus (nil when none).
    public private(set) static weak var keyWindow: UIWindow?

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A window of `windowScene`, the size of its screen (`UIScreen.main.bounds`): Xcode's scene
    /// delegate template makes its window so, then shows it with `makeKeyAndVisible()`.
    public init(windowScene: UIWindowScene) {
        super.init(frame: windowScene.screen.bounds)
        self.windowScene = windowScene
        windowScene.add(self)  // observers do not run in the class's own initializer
        if let title = windowScene.title { self.title = title }
    }

    /// The scene the window belongs to (nil: none, as a window made with `init(frame:)`).
    open weak var windowScene: UIWindowScene? {
        didSet {
            guard oldValue !== windowScene else { return }
            oldValue?.remove(self)
            windowScene?.add(self)
            if let title = windowScene?.title { self.title = title }
        }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A window has no superview: the chain ends here (Apple's goes on to the application).
    open override var next: UIResponder? { nil }

    // MARK: Root view controller

    /// The controller whose view fills the window (see UIWindow+RootViewController.swift).
    open var rootViewController: UIViewController? {
        didSet { if oldValue !== rootViewController { installRootViewController(replacing: oldValue) } }
    }

    /// Whether the window is shown, for its controllers' appearance calls: `makeKeyAndVisible()`,
    /// `isHidden = false` or binding it to a shell window show it, `isHidden = true` hides it. A window
    /// is not shown until then (as on Apple platforms), though its layer is visible from the start here.
    var isShownForAppearance = false

    open override var isHidden: Bool {
        get { super.isHidden }
        set {
            super.isHidden = newValue
            setShownForAppearance(!newValue)
        }
    }

    // MARK: Key window

    /// Makes the window the key window: it receives key presses.
    open func makeKey() {
        guard !isKeyWindow else { return }
        if let old = UIWindow.keyWindow, old !== self { old.isKeyWindow = false; old.resignKey() }
        UIWindow.keyWindow = self
        isKeyWindow = true
        becomeKey()
    }

    /// No window is key any more (an application ended for the next one).
    static func forgetKeyWindow() {
        keyWindow?.isKeyWindow = false
        keyWindow = nil
    }

    /// Makes the window key and shows it: unhides it and, when it is not bound to a shell window,
    /// opens one (`WaylandLayerHost`, titled `title`, sized as the window's frame). A failure to
    /// open (no Wayland display) is written to standard error and leaves the window off screen.
    open func makeKeyAndVisible() {
        // A program's snapshot (`CA_SNAPSHOT`) draws its windows offscreen.
        if host == nil, !AppSnapshot.isRequested, !takeReusableHost() {
            // An empty window (`UIWindow()`) asks for the size `UIScreen.main.bounds` reports before
            // any window is bound.
            let size = bounds.isEmpty ? UIWindow.defaultShellWindowSize : bounds.size
            do {
                // UIKit's own default fits smaller outputs without a word; a size the app chose is reported.
                let host = try WaylandLayerHost(title: title, size: size,
                                                fitsOutputsQuietly: size == UIWindow.defaultShellWindowSize)
                show(in: host)
            } catch {
                writeStandardError("UIWindow: cannot open a window: \(error)\n")
            }
        }
        makeKey()
        isHidden = false
    }

    /// Binds the window to the shell window it opened (or took) and answers its close.
    func show(in host: WaylandLayerHost) {
        bind(to: host)
        if UIWindow.answersShellKeys { installShellKeys(on: host) }
        // The compositor's active window: the application is active while one of its windows is.
        host.didChangeActivation = { [weak self] active in
            guard let self else { return }
            UIApplication.shared.windowActivationChanged(self, isActive: active)
        }
        // Closing it disconnects its scene; closing the last window ends the application.
        host.window.didClose = { [weak self] in
            guard let self else { exit(0) }
            UIApplication.shared.windowDidClose(self)
        }
    }

    /// Stops showing the window in its shell window and lets that go (the toplevel closes once nothing
    /// else holds it).
    func unbindFromHost() {
        guard let host else { return }
        host.window.stopRendering()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.removeFromSuperlayer()
        CATransaction.commit()
        self.host = nil
        // Released on the next turn of the main queue, not inside the toplevel's own close event.
        DispatchQueue.main.async { withExtendedLifetime(host) {} }
    }

    /// The size of the shell window opened for an empty window, and `UIScreen.main.bounds` before a
    /// window is bound (a Linux choice: an iPhone's size in points, what listings are written for).
    public static let defaultShellWindowSize = CGSize(width: 390, height: 844)

    /// The shell window's title (a Linux addition; used by `makeKeyAndVisible()` and kept in step).
    open var title: String = "UIKit" {
        didSet { host?.window.title = title }
    }

    /// Called when the window becomes the key window (override point).
    open func becomeKey() {}
    /// Called when the window stops being the key window (override point).
    open func resignKey() {}

    // MARK: Delivery

    /// Delivers an event: touches to their gesture recognizers, then to the views they began on;
    /// presses to the first responder in this window (or the window); scrolls to the scroll-enabled
    /// pan (or, with Ctrl, the pinch) recognizer nearest the view under the pointer; hover to the
    /// hover recognizers of the view under the pointer and its ancestors. Subclasses may override to
    /// observe events and call super.
    open func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches: deliverTouches(event)
        case .presses: if let event = event as? UIPressesEvent { deliverPresses(event) }
        case .scroll: if let event = event as? UIPointerInputEvent { deliverScroll(event) }
        case .hover: if let event = event as? UIPointerInputEvent { deliverHover(event) }
        default: break
        }
    }

    private func deliverTouches(_ event: UIEvent) {
        gestureArbiter.deliver(event)
        // Views: the touches not taken by a recognizer, grouped by view in the order they began.
        for phase in [UITouch.Phase.began, .moved, .ended, .cancelled] {
            var byView: [(view: UIView, touches: [UITouch])] = []
            for touch in event.touchList where touch.phase == phase && touch.isDeliveredToView {
                guard let view = touch.view else { continue }
                if let i = byView.firstIndex(where: { $0.view === view }) {
                    byView[i].touches.append(touch)
                } else {
                    byView.append((view, [touch]))
                }
            }
            for (view, touches) in byView {
                let set = Set(touches)
                switch phase {
                case .began:
                    for touch in touches { touch.viewHasBegun = true }
                    view.touchesBegan(set, with: event)
                case .moved: view.touchesMoved(set, with: event)
                case .ended: view.touchesEnded(set, with: event)
                default: view.touchesCancelled(set, with: event)
                }
            }
        }
        gestureArbiter.eventDidEnd()
    }

    /// Cancels, for their views, touches a recognizer took (`cancelsTouchesInView`).
    func cancelViewDelivery(of touches: [UITouch]) {
        let taken = touches.filter { $0.isDeliveredToView && $0.viewHasBegun }
        for touch in touches { touch.isDeliveredToView = false }
        var byView: [(view: UIView, touches: [UITouch])] = []
        for touch in taken {
            guard let view = touch.view else { continue }
            if let i = byView.firstIndex(where: { $0.view === view }) { byView[i].touches.append(touch) } else { byView.append((view, [touch])) }
        }
        for (view, touches) in byView { view.touchesCancelled(Set(touches), with: gestureArbiter.currentEvent) }
    }

    private func deliverPresses(_ event: UIPressesEvent) {
        let responder: UIResponder
        if let first = UIResponder.current, let view = first as? UIView, view.window === self {
            responder = first
        } else if let first = UIResponder.current, !(first is UIView) {
            responder = first
        } else {
            responder = self
        }
        for phase in [UIPress.Phase.began, .changed, .ended, .cancelled] {
            let presses = event.pressList.filter { $0.phase == phase }
            guard !presses.isEmpty else { continue }
            for press in presses { press.responder = responder }
            let set = Set(presses)
            switch phase {
            case .began: responder.pressesBegan(set, with: event)
            case .changed: responder.pressesChanged(set, with: event)
            case .ended: responder.pressesEnded(set, with: event)
            default: responder.pressesCancelled(set, with: event)
            }
        }
    }
}
