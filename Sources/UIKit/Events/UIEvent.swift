import CoreGraphics
import Foundation
import QuartzCore

/// An input event: touches (finger or held pointer button), presses (keys), scroll or hover.
///
/// Touch events are built by the window for each frame of input and list every touch that is
/// down (`allTouches`), the ones that did not change included (phase `.stationary`).
@preconcurrency @MainActor
open class UIEvent: NSObject {
    public enum EventType: Int, Sendable {
        case touches, motion, remoteControl, presses, scroll, hover, transform
    }

    public enum EventSubtype: Int, Sendable {
        case none = 0
        case motionShake = 1
    }

    /// The pointer buttons held during the event.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let primary = ButtonMask(rawValue: 1 << 0)
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        public static func button(_ buttonNumber: Int) -> ButtonMask { ButtonMask(rawValue: 1 << (buttonNumber - 1)) }
    }

    open internal(set) var type: EventType
    /// The geometry `UIView.hitTest(_:with:)` and `point(inside:with:)` use for this event: the
    /// presentation tree's when the window that dispatches it hit-tests what is on screen (nil: the
    /// model's, as for a hit test without an event).
    var hitTestGeometry: HitTestGeometry?
    open var subtype: EventSubtype { .none }
    /// When the event happened, in seconds of `CACurrentMediaTime()`'s clock.
    open internal(set) var timestamp: TimeInterval
    open internal(set) var buttonMask: ButtonMask = []
    open internal(set) var modifierFlags: UIKeyModifierFlags = []

    var touchList: [UITouch] = []

    init(type: EventType, timestamp: TimeInterval) {
        self.type = type
        self.timestamp = timestamp
        super.init()
    }

    /// Every touch of the event (nil for events that are not touch events).
    open var allTouches: Set<UITouch>? {
        type == .touches ? Set(touchList) : nil
    }

    /// The touches whose view is `view`.
    open func touches(for view: UIView) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchList.filter { $0.view === view })
    }

    /// The touches in `window`.
    open func touches(for window: UIWindow) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchList.filter { $0.window === window })
    }

    /// The touches that `gestureRecognizer` receives.
    open func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(touchList.filter { $0.gestureRecognizers?.contains { $0 === gestureRecognizer } ?? false })
    }

    /// Coalesced touches: Wayland frames are already one per event, so it is the touch itself.
    open func coalescedTouches(for touch: UITouch) -> [UITouch]? { [touch] }
    open func predictedTouches(for touch: UITouch) -> [UITouch]? { [] }
}
