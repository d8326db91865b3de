import CoreGraphics
import Foundation
import QuartzCore

/// Recognizes a gesture from the touches on its view (and the view's subviews), ahead of the views.
///
/// The state machine is Apple's: a discrete gesture (tap) goes `.possible → .recognized` (or
/// `.failed`); a continuous one (pan, pinch, rotation, long press) `.possible → .began →
/// .changed… → .ended` (or `.cancelled`/`.failed`). Actions are sent for `.began`, `.changed`,
/// `.ended` and `.cancelled`. After the gesture ends or fails, and once its touches are up, the
/// recognizer is `reset()` to `.possible`.
///
/// Between recognizers (the window's `GestureArbiter`): one that would recognize while a recognizer
/// it requires to fail (`require(toFail:)`) is still possible waits; one that recognizes makes the
/// others sharing its touches fail unless a delegate allows them to recognize simultaneously; with
/// `cancelsTouchesInView` its touches are cancelled for the views (`touchesCancelled`).
///
/// Targets: `init(target:action:)`/`addTarget(_:action:)` take any object, as Apple's do: the
/// method the action's `Selector` names is called with the recognizer (Linux has no Objective-C
/// runtime: see `SelectorDispatch` for how it is found), or a target that adopts
/// `UIGestureRecognizerTarget` is called through it. `init(handler:)`/`addHandler(_:)` take a
/// closure (a Linux addition).
@preconcurrency @MainActor
open class UIGestureRecognizer: NSObject {
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture was recognized (the same value as `.ended`).
        public static var recognized: State { .ended }
    }

    private enum Action {
        case target(weak: WeakTarget, action: Selector)
        case handler(ObjectIdentifier?, (UIGestureRecognizer) -> Void)
    }

    private final class WeakTarget {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }

    private var actions: [Action] = []

    /// A recognizer that calls `target` with `action` (neither: add targets later).
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// A recognizer that calls `handler` for each action (a Linux addition).
    public init(handler: @escaping (UIGestureRecognizer) -> Void) {
        super.init()
        addHandler(handler)
    }

    public convenience override init() {
        self.init(target: nil, action: nil)
    }

    /// Adds `action` of `target` (held weakly, as Apple's); a value that is not an object is ignored.
    open func addTarget(_ target: Any, action: Selector) {
        guard type(of: target) is AnyClass else { return }
        actions.append(.target(weak: WeakTarget(target as AnyObject), action: action))
    }

    /// Removes `action` of `target` (nil: every action of the target; a nil target: every target).
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.flatMap { type(of: $0) is AnyClass ? $0 as AnyObject : nil }
        actions.removeAll { entry in
            guard case .target(let weak, let a) = entry else { return target == nil && action == nil }
            let sameTarget = target == nil || weak.object === object
            return sameTarget && (action == nil || a == action)
        }
    }

    /// Adds a closure called for each action (a Linux addition).
    open func addHandler(_ handler: @escaping (UIGestureRecognizer) -> Void) {
        actions.append(.handler(nil, handler))
    }

    func sendActions() {
        for entry in actions {
            switch entry {
            case .target(let weak, let action):
                guard let object = weak.object else { continue }
                if let target = object as? any UIGestureRecognizerTarget {
                    target.gestureRecognizerDidFire(self, action: action)
                } else {
                    SelectorDispatch.perform(action, on: object, with: [self])
                }
            case .handler(_, let handler): handler(self)
            }
        }
    }

    // MARK: Properties

    /// The view the recognizer is attached to.
    open internal(set) weak var view: UIView?
    open weak var delegate: (any UIGestureRecognizerDelegate)?
    open var name: String?
    /// A disabled recognizer receives no touches; disabling one in progress cancels it.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if currentState == .began || currentState == .changed { state = .cancelled } else if currentState == .possible { state = .failed }
        }
    }
    /// Whether the recognizer's touches are cancelled for the views once it recognizes (default true).
    open var cancelsTouchesInView = true
    /// Apple holds touchesBegan back from the view until the recognizer fails; not supported yet
    /// (views get touchesBegan at once, and touchesCancelled if a recognizer takes the touches).
    open var delaysTouchesBegan = false
    /// Apple holds touchesEnded back while the recognizer may still recognize; views here get
    /// touchesEnded at once unless the recognizer recognized in the same event.
    open var delaysTouchesEnded = true
    /// The touch types the recognizer accepts (raw values of `UITouch.TouchType`); all by default.
    open var allowedTouchTypes: [NSNumber] = [0, 1, 2, 3].map { NSNumber(value: $0) }
    /// Whether the recognizer, once it has a touch, ignores touches of other types (true by
    /// default, as Apple's). Stored: a desktop window sends touches of one type at a time.
    open var requiresExclusiveTouchType = true

    // MARK: State

    var currentState: State = .possible
    /// A begin or recognition waiting for a recognizer this one requires to fail.
    var pendingState: State?
    /// The recognizers that must fail before this one may recognize.
    var failureRequirements: [WeakRecognizer] = []
    /// The arbiter of the window whose touches the recognizer is receiving.
    weak var arbiter: GestureArbiter?
    /// When `timeoutDidFire()` is due, in seconds of `CACurrentMediaTime()`'s clock.
    var timeoutDeadline: CFTimeInterval?
    /// The touches the recognizer receives, in the order they began (ended ones leave after their event).
    var trackedTouches: [UITouch] = []
    /// Where the recognizer's touches (or the pointer, for scroll, hover and wheel input) were last.
    var lastLocationInWindow: CGPoint = .zero

    /// Whether the recognizer takes touches (hover recognizers do not).
    var receivesTouches: Bool { true }
    /// Whether a pointer sequence (scroll, wheel pinch) is driving the recognizer: it takes no touches then.
    var isFollowingPointerInput: Bool { false }

    /// The recognizer's state. Subclasses set it to move through the state machine; setting it
    /// runs the arbitration (waiting on `require(toFail:)`, failing others) and sends the actions.
    open var state: State {
        get { currentState }
        set {
            if let arbiter { arbiter.request(newValue, for: self) } else { applyState(newValue) }
        }
    }

    /// Moves to `newValue` and sends the actions for it (no arbitration).
    func applyState(_ newValue: State) {
        let old = currentState
        currentState = newValue
        switch newValue {
        case .began, .cancelled: sendActions()
        case .changed: if old == .began || old == .changed { sendActions() }
        case .ended: sendActions()
        case .possible, .failed: break
        }
    }

    /// Makes this recognizer wait for `otherGestureRecognizer` to fail before it recognizes (a
    /// single tap that requires a double tap to fail fires only when no second tap comes).
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else { return }
        failureRequirements.removeAll { $0.recognizer == nil }
        if !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer }) {
            failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
        }
    }

    // MARK: Location

    /// The number of touches the recognizer is following.
    open var numberOfTouches: Int { activeTouches.count }

    var activeTouches: [UITouch] {
        trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled }
    }

    /// The centroid of the recognizer's touches in `view`'s coordinates (nil: the window's); after
    /// they lifted, where they were last.
    open func location(in view: UIView?) -> CGPoint {
        let touches = activeTouches.isEmpty ? trackedTouches : activeTouches
        if !touches.isEmpty { lastLocationInWindow = Self.centroid(touches.map(\.locationInWindow)) }
        return convertFromWindow(lastLocationInWindow, to: view)
    }

    /// The location of one of the recognizer's touches (by index in `0..<numberOfTouches`).
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = activeTouches
        guard touches.indices.contains(touchIndex) else { return location(in: view) }
        return convertFromWindow(touches[touchIndex].locationInWindow, to: view)
    }

    static func centroid(_ points: [CGPoint]) -> CGPoint {
        guard !points.isEmpty else { return .zero }
        let n = CGFloat(points.count)
        return CGPoint(x: points.reduce(0) { $0 + $1.x } / n, y: points.reduce(0) { $0 + $1.y } / n)
    }

    /// Converts a point from the window's coordinates to `view`'s, with the geometry of the event.
    func convertFromWindow(_ p: CGPoint, to view: UIView?) -> CGPoint {
        guard let view, let window = trackedTouches.first?.window ?? self.view?.window, view !== window else { return p }
        let geometry = trackedTouches.first?.geometry ?? HitTestGeometry(window: window)
        return geometry.convert(p, from: window, to: view)
    }

    /// Converts a vector (a translation, a velocity) from the window's coordinates to `view`'s.
    func convertVectorFromWindow(_ v: CGPoint, at origin: CGPoint, to view: UIView?) -> CGPoint {
        let a = convertFromWindow(origin, to: view)
        let b = convertFromWindow(CGPoint(x: origin.x + v.x, y: origin.y + v.y), to: view)
        return CGPoint(x: b.x - a.x, y: b.y - a.y)
    }

    /// Converts a vector from `view`'s coordinates to the window's.
    func convertVectorToWindow(_ v: CGPoint, at windowOrigin: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = trackedTouches.first?.window ?? self.view?.window, view !== window else { return v }
        let geometry = trackedTouches.first?.geometry ?? HitTestGeometry(window: window)
        let a = geometry.convert(windowOrigin, from: window, to: view)
        let b = geometry.convert(CGPoint(x: a.x + v.x, y: a.y + v.y), from: view, to: window)
        return CGPoint(x: b.x - windowOrigin.x, y: b.y - windowOrigin.y)
    }

    // MARK: Timeouts

    /// Asks for `timeoutDidFire()` after `seconds` (media time); replaces an earlier request.
    func scheduleTimeout(after seconds: TimeInterval, from now: TimeInterval) {
        timeoutDeadline = now + seconds
        arbiter?.timeoutsChanged()
    }

    func cancelTimeout() { timeoutDeadline = nil }

    /// A timeout scheduled with `scheduleTimeout(after:from:)` fell due.
    func timeoutDidFire(now: TimeInterval) {}

    // MARK: For subclasses (Apple's UIGestureRecognizerSubclass)

    /// Returns the recognizer to `.possible` with no touches; subclasses clear their own state and call super.
    open func reset() {
        currentState = .possible
        pendingState = nil
        timeoutDeadline = nil
        trackedTouches = []
    }

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// The default ends the gesture: `.cancelled` once begun, `.failed` before.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        state = (state == .began || state == .changed) ? .cancelled : .failed
    }

    /// Stops receiving `touch` (it stays with the view).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        trackedTouches.removeAll { $0 === touch }
        touch.gestureRecognizers?.removeAll { $0 === self }
    }

    /// Whether recognizing prevents `preventedGestureRecognizer` (true by default).
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` recognizing prevents this one (true by default).
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer waits for `otherGestureRecognizer` to fail (false by default).
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` waits for this one to fail (false by default).
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}

/// A weak reference to a recognizer (`require(toFail:)` does not keep the other alive).
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
    init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}
