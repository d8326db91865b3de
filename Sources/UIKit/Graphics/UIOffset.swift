import CoreGraphics
import Foundation

/// A distance to move something by, horizontally and vertically in points (positive: right, down),
/// as UIKit uses it for title and image positions in bars.
public struct UIOffset: Equatable, Hashable, Sendable {
    public var horizontal: CGFloat
    public var vertical: CGFloat

    /// No offset.
    public init() {
        self.init(horizontal: 0, vertical: 0)
    }

    public init(horizontal: CGFloat, vertical: CGFloat) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// No offset.
    public static let zero = UIOffset()
}
