/// A two-dimensional vector (a displacement, not a position), as on Apple platforms.
/// swift-corelibs-foundation defines CGPoint, CGSize and CGRect but not CGVector, so it lives here.
public struct CGVector: Equatable, Hashable, Codable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() {
        self.init(dx: 0, dy: 0)
    }

    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    public init(dx: Double, dy: Double) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    public init(dx: Int, dy: Int) {
        self.init(dx: CGFloat(dx), dy: CGFloat(dy))
    }

    public static let zero = CGVector(dx: 0, dy: 0)
}

extension CGVector: CustomStringConvertible {
    public var description: String { "(\(dx), \(dy))" }
}
