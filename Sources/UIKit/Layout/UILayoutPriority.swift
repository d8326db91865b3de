import Foundation

/// How much a constraint (or a view's content hugging and compression resistance) matters to the
/// layout: 1000 is required, anything less may give way to higher priorities (Apple's values).
public struct UILayoutPriority: RawRepresentable, Hashable, Equatable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }

    public static let required = UILayoutPriority(1000)
    /// The priority with which a button resists compressing its content.
    public static let defaultHigh = UILayoutPriority(750)
    public static let dragThatCanResizeScene = UILayoutPriority(510)
    public static let sceneSizeStayPut = UILayoutPriority(500)
    public static let dragThatCannotResizeScene = UILayoutPriority(490)
    /// The priority with which a button hugs its content.
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
}

/// Insets by leading and trailing edge rather than left and right (UIKit's; leading is left here:
/// every layout is left to right).
public struct NSDirectionalEdgeInsets: Equatable, Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = NSDirectionalEdgeInsets()
}
