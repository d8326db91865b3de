import CoreGraphics
import Foundation
import QuartzCore
import WaylandShell

/// How a control's target may be called on Linux (a Linux addition; on Apple platforms the action's
/// selector is sent through the Objective-C runtime). `addTarget(_:action:for:)` keeps any object;
/// when an event fires, a target that adopts this protocol is called with the action's `Selector`,
/// and any other has the method the selector names called (`SelectorDispatch`) with the control
/// and the event, as Objective-C would.
@preconcurrency @MainActor
public protocol UIControlTarget: AnyObject {
    func perform(_ action: Selector, sender: Any?, event: UIEvent?)
}

/// A view that turns touches into semantic events (`UIControl.Event`) and sends them to its
/// targets (target-action) and its `UIAction`s.
///
/// Tracking (Apple's): a touch that begins on an enabled control starts tracking (`beginTracking`)
/// and highlights the control, sending `.touchDown` (and `.touchDownRepeat` for a second tap);
/// moves send `.touchDragInside`/`.touchDragOutside`, with `.touchDragEnter`/`.touchDragExit` when
/// the touch crosses the edge, and keep `isHighlighted` equal to being inside; the touch going up
/// sends `.touchUpInside` or `.touchUpOutside`, a cancel `.touchCancel`. "Inside" is the bounds grown
/// by `trackingMargin` (70 pt on each side, UIKit's tolerance for a finger that slips off a button).
/// A disabled control (`isEnabled` false) tracks nothing and sends nothing from touches (the touches
/// still stop at it: it is hit as any view).
///
/// Every action sent also writes `{"type":"action","target":accessibilityIdentifier,"event":name,
/// "time":seconds}` to `UIControl.actionTrace` when one is set (`demo … --trace FILE`).
@preconcurrency @MainActor
open class UIControl: UIView {
    /// The states of a control (Apple's raw values).
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
        public static let application = State(rawValue: 0x00FF_0000)
        public static let reserved = State(rawValue: 0xFF00_0000)
    }

    /// The events a control sends (Apple's raw values).
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// Apple's names of the single events, lowest bit first (the trace's `event` values).
        static let names: [(Event, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
            (.menuActionTriggered, "menuActionTriggered"), (.editingDidBegin, "editingDidBegin"),
            (.editingChanged, "editingChanged"), (.editingDidEnd, "editingDidEnd"),
            (.editingDidEndOnExit, "editingDidEndOnExit"),
        ]

        /// The single events of the set, lowest bit first.
        var singleEvents: [Event] {
            (0..<32).compactMap { bit in
                let e = Event(rawValue: 1 << UInt(bit))
                return contains(e) ? e : nil
            }
        }

        /// Apple's name of a single event (`"touchUpInside"`), or its raw value in hex.
        var name: String {
            Event.names.first { $0.0 == self }?.1 ?? "0x" + String(rawValue, radix: 16)
        }
    }

    /// How the control's content sits horizontally / vertically in its bounds.
    public enum ContentHorizontalAlignment: Int, Sendable {
        case center, left, right, fill, leading, trailing
    }

    public enum ContentVerticalAlignment: Int, Sendable {
        case center, top, bottom, fill
    }

    /// Where action lines go (`{"type":"action",…}`); nil (the default): nowhere. Process-wide, set
    /// by the application (the demo's `--trace`). A Linux addition.
    public static var actionTrace: TraceWriter?

    /// How far (points) outside the bounds a tracking touch still counts as inside.
    public static let trackingMargin: CGFloat = 70

    // MARK: State

    open var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            if !isEnabled, isTracking { endTrackingWithoutEvents() }
            stateDidChange()
        }
    }

    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }

    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    /// The control's state, from `isHighlighted`, `isEnabled` and `isSelected`.
    open var state: State {
        var s: State = .normal
        if isHighlighted { s.insert(.highlighted) }
        if !isEnabled { s.insert(.disabled) }
        if isSelected { s.insert(.selected) }
        return s
    }

    open var contentHorizontalAlignment: ContentHorizontalAlignment = .center { didSet { setNeedsLayout() } }
    open var contentVerticalAlignment: ContentVerticalAlignment = .center { didSet { setNeedsLayout() } }

    /// Whether a touch is being tracked.
    open private(set) var isTracking = false
    /// Whether the tracked touch is inside (the bounds grown by `trackingMargin`).
    open private(set) var isTouchInside = false

    /// Called when `isEnabled`, `isSelected` or `isHighlighted` changes (subclasses redraw; a Linux hook).
    open func stateDidChange() {}

    // MARK: Targets and actions

    private final class Registration {
        weak var target: AnyObject?
        let hasTarget: Bool
        let action: Selector?
        let uiAction: UIAction?
        var events: Event
        init(target: AnyObject?, action: Selector?, uiAction: UIAction?, events: Event) {
            self.target = target
            self.hasTarget = target != nil
            self.action = action
            self.uiAction = uiAction
            self.events = events
        }
    }

    private var registrations: [Registration] = []

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    /// A control that performs `primaryAction` for `.primaryActionTriggered` (iOS 14).
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Sends `action` to `target` for `controlEvents`. The target is held weakly and called through
    /// `UIControlTarget`; a nil target means the first `UIControlTarget` up the responder chain from
    /// the control when the event fires. Adding the same target and action again adds the events.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        if let existing = registrations.first(where: { $0.uiAction == nil && $0.target === object && $0.action == action
            && $0.hasTarget == (object != nil) }) {
            existing.events.formUnion(controlEvents)
        } else {
            registrations.append(Registration(target: object, action: action, uiAction: nil, events: controlEvents))
        }
    }

    /// Stops sending `action` (nil: every action) of `target` (nil: every target) for `controlEvents`.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        for r in registrations where r.uiAction == nil {
            guard object == nil || r.target === object, action == nil || r.action == action else { continue }
            r.events.subtract(controlEvents)
        }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// Performs `action` for `controlEvents` (iOS 14). An action with the same identifier replaces it.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let existing = registrations.first(where: { $0.uiAction.map { $0 === action || $0.identifier == action.identifier } ?? false }) {
            if existing.uiAction === action {
                existing.events.formUnion(controlEvents)
                return
            }
            existing.events.subtract(controlEvents)
            registrations.removeAll { $0.events.isEmpty }
        }
        registrations.append(Registration(target: nil, action: nil, uiAction: action, events: controlEvents))
    }

    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        for r in registrations where r.uiAction === action { r.events.subtract(controlEvents) }
        registrations.removeAll { $0.events.isEmpty }
    }

    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for r in registrations where r.uiAction?.identifier == actionIdentifier { r.events.subtract(controlEvents) }
        registrations.removeAll { $0.events.isEmpty }
    }

    /// The targets with actions (as `AnyHashable`: `NSObject`s as themselves, other objects by
    /// `ObjectIdentifier`); `UIAction`s are not targets.
    open var allTargets: Set<AnyHashable> {
        var set = Set<AnyHashable>()
        for r in registrations where r.uiAction == nil {
            guard let t = r.target else { if !r.hasTarget { set.insert(AnyHashable(NSNull())) }; continue }
            if let o = t as? NSObject { set.insert(AnyHashable(o)) } else { set.insert(AnyHashable(ObjectIdentifier(t))) }
        }
        return set
    }

    /// The events that have targets or actions.
    open var allControlEvents: Event {
        registrations.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// The names of `target`'s actions for `controlEvent` (nil when none).
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = registrations.filter { r in
            r.uiAction == nil && !r.events.isDisjoint(with: controlEvent)
                && (object == nil ? !r.hasTarget : r.target === object)
        }.compactMap { $0.action?.name }
        return names.isEmpty ? nil : names
    }

    /// Sends the actions of `controlEvents` (no event object).
    open func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, with: nil)
    }

    /// Calls `target` with `action` (nil: the first responder up the chain from the control that
    /// answers it, as Apple's).
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        if let t = target as? UIControlTarget {
            t.perform(action, sender: self, event: event)
        } else if let target, type(of: target) is AnyClass {
            SelectorDispatch.perform(action, on: target as AnyObject, with: [self, event])
        } else if target == nil {
            var responder: UIResponder? = self
            while let r = responder {
                if let t = r as? UIControlTarget { t.perform(action, sender: self, event: event); return }
                if SelectorDispatch.responds(r, to: action) {
                    SelectorDispatch.perform(action, on: r, with: [self, event])
                    return
                }
                responder = r.next
            }
        }
    }

    /// Performs `action` with the control as sender (iOS 14).
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }

    /// Sends each single event of `controlEvents` in turn (lowest bit first) to what is registered for it.
    func sendActions(for controlEvents: Event, with event: UIEvent?) {
        for single in controlEvents.singleEvents {
            // A snapshot: actions may add or remove registrations.
            for r in registrations where r.events.contains(single) {
                if let uiAction = r.uiAction {
                    sendAction(uiAction)
                } else if let action = r.action {
                    if r.hasTarget && r.target == nil { continue }   // the target is gone
                    sendAction(action, to: r.target, for: event)
                } else {
                    continue
                }
                trace(single)
            }
        }
    }

    private func trace(_ event: Event) {
        guard let trace = UIControl.actionTrace else { return }
        let target: Any = accessibilityIdentifier ?? NSNull()   // a plain value: JSON null when unset
        trace.write(["type": "action", "target": target, "event": event.name, "time": CACurrentMediaTime()])
    }

    /// The event a control also sends as `.primaryActionTriggered` when tracking sends it
    /// (`.touchUpInside` for buttons, `.valueChanged` for value controls; none for a plain control).
    var primaryActionEvent: Event { [] }

    /// Sends events produced by touches, with `.primaryActionTriggered` after the primary event.
    func sendTrackingActions(_ events: Event, with event: UIEvent?) {
        var all = events
        if !primaryActionEvent.isEmpty, events.contains(primaryActionEvent) { all.insert(.primaryActionTriggered) }
        sendActions(for: all, with: event)
    }

    // MARK: Gesture recognizers

    /// Refuses a one-finger single-tap recognizer on an ancestor, so a tap on an enabled control
    /// calls the control's action (Apple's rule for controls whose default action is a tap). A
    /// recognizer attached to the control itself is left to go first.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer.view !== self, isEnabled,
              let tap = gestureRecognizer as? UITapGestureRecognizer else { return true }
        return !(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1)
    }

    // MARK: Tracking

    private weak var trackingTouch: UITouch?

    /// Whether to track `touch` (true by default; subclasses track only some places).
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Whether to keep tracking `touch` after it moved (true by default).
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `point` (the control's coordinates) counts as inside for tracking.
    func isTrackingInside(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -UIControl.trackingMargin, dy: -UIControl.trackingMargin).contains(point)
    }

    private func endTrackingWithoutEvents() {
        isTracking = false
        isTouchInside = false
        trackingTouch = nil
        isHighlighted = false
    }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackingTouch == nil, let touch = touches.first else { return }
        guard beginTracking(touch, with: event) else { return }
        trackingTouch = touch
        isTracking = true
        isTouchInside = true
        isHighlighted = true
        sendTrackingActions(touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = trackingTouch, touches.contains(touch) else { return }
        let inside = isTrackingInside(touch.location(in: self))
        let wasInside = isTouchInside
        isTouchInside = inside
        if !continueTracking(touch, with: event) {
            endTrackingWithoutEvents()
            return
        }
        isHighlighted = inside
        // Crossing the edge first, then the drag itself.
        if inside != wasInside { sendTrackingActions(inside ? .touchDragEnter : .touchDragExit, with: event) }
        sendTrackingActions(inside ? .touchDragInside : .touchDragOutside, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        guard isEnabled else { endTrackingWithoutEvents(); return }
        let inside = isTrackingInside(touch.location(in: self))
        isTouchInside = inside
        endTracking(touch, with: event)
        endTrackingWithoutEvents()
        sendTrackingActions(inside ? .touchUpInside : .touchUpOutside, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackingTouch, touches.contains(touch) else { return }
        cancelTracking(with: event)
        endTrackingWithoutEvents()
        if isEnabled { sendTrackingActions(.touchCancel, with: event) }
    }
}

/// The delegate of the layers a control draws itself with: like a view's layer, no implicit
/// animation outside `UIView` animation blocks, the block's animation inside one.
final class ControlLayerDelegate: NSObject, CALayerDelegate {
    nonisolated(unsafe) static let shared = ControlLayerDelegate()

    nonisolated func action(for layer: CALayer, forKey event: String) -> CAAction? {
        MainActor.assumeIsolated { UIViewAnimationContext.action(for: layer, forKey: event) ?? NSNull() }
    }

    /// `layer`, given this delegate.
    static func adopt<L: CALayer>(_ layer: L) -> L {
        layer.delegate = shared
        return layer
    }
}
