import Foundation

/// A key (or button) press, from going down to coming up.
@preconcurrency @MainActor
open class UIPress: NSObject {
    public enum Phase: Int, Sendable {
        case began, changed, stationary, ended, cancelled
    }

    /// Apple's remote and game-controller buttons; keyboard presses report their key in `key`.
    public enum PressType: Int, Sendable {
        case upArrow, downArrow, leftArrow, rightArrow, select, menu, playPause
        case pageUp = 30, pageDown = 31
    }

    open internal(set) var phase: Phase
    open internal(set) var type: PressType
    /// When the press changed, in seconds of `CACurrentMediaTime()`'s clock.
    open internal(set) var timestamp: TimeInterval
    open internal(set) var key: UIKey?
    open internal(set) weak var responder: UIResponder?
    open internal(set) weak var window: UIWindow?
    open var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }

    /// A press of `key` (a Linux addition for code that synthesises key input).
    public init(key: UIKey?, phase: Phase, timestamp: TimeInterval) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
        switch key?.keyCode {
        case .keyboardUpArrow?: type = .upArrow
        case .keyboardDownArrow?: type = .downArrow
        case .keyboardLeftArrow?: type = .leftArrow
        case .keyboardRightArrow?: type = .rightArrow
        case .keyboardReturnOrEnter?, .keyboardSpacebar?: type = .select
        case .keyboardEscape?: type = .menu
        case .keyboardPageUp?: type = .pageUp
        case .keyboardPageDown?: type = .pageDown
        default: type = .select
        }
        super.init()
    }
}

/// An event of presses: the keys that went down or came up, and every key still held.
@preconcurrency @MainActor
open class UIPressesEvent: UIEvent {
    var pressList: [UIPress] = []

    init(presses: [UIPress], timestamp: TimeInterval) {
        pressList = presses
        super.init(type: .presses, timestamp: timestamp)
    }

    open var allPresses: Set<UIPress> { Set(pressList) }

    open func presses(for gestureRecognizer: UIGestureRecognizer) -> Set<UIPress> { [] }
}
