import Foundation

// Apple's `equalTo(_:)` methods, which Foundation on Linux lacks.

extension CGPoint {
    /// Whether both coordinates are equal (`==`).
    public func equalTo(_ point2: CGPoint) -> Bool { self == point2 }
}

extension CGSize {
    /// Whether both dimensions are equal (`==`).
    public func equalTo(_ size2: CGSize) -> Bool { self == size2 }
}

extension CGRect {
    /// Whether the rectangles cover the same area, as `CGRectEqualToRect`: both are standardized first
    /// (a negative width or height counts from the other corner), and two null rectangles are equal.
    public func equalTo(_ rect2: CGRect) -> Bool {
        if isNull || rect2.isNull { return isNull && rect2.isNull }
        return standardized == rect2.standardized
    }
}
