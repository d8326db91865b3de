/// The kind of a path element, with Apple's raw values.
public enum CGPathElementType: Int32, Sendable {
    case moveToPoint = 0
    case addLineToPoint = 1
    case addQuadCurveToPoint = 2
    case addCurveToPoint = 3
    case closeSubpath = 4
}

/// One element of a path as handed to `CGPath.applyWithBlock(_:)`. `points` holds 1 point for move/line,
/// 2 for a quadratic (control, end), 3 for a cubic (control1, control2, end), none for close. The buffer is
/// only valid during the callback, as on Apple platforms.
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

