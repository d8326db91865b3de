import Foundation

/// The kind of device that scrolls (iOS 13.4): a mouse wheel turns in `.discrete` steps, a touchpad
/// or another smooth device scrolls `.continuous`ly.
public enum UIScrollType: Int, Sendable {
    case discrete = 0
    case continuous = 1
}

/// A set of scroll types (`UIPanGestureRecognizer.allowedScrollTypesMask`).
public struct UIScrollTypeMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let discrete = UIScrollTypeMask(rawValue: 1 << UIScrollType.discrete.rawValue)
    public static let continuous = UIScrollTypeMask(rawValue: 1 << UIScrollType.continuous.rawValue)
    public static let all: UIScrollTypeMask = [.discrete, .continuous]

    /// Whether the mask allows `type`.
    func allows(_ type: UIScrollType) -> Bool { contains(UIScrollTypeMask(rawValue: 1 << type.rawValue)) }
}
