/// One stored element of a `CGPath`, in the path's own coordinates. Arcs, ellipses and rounded rectangles
/// are stored as cubic Béziers (as Apple does), so every path is made of these five cases only.
enum PathElement: Equatable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(CGPoint, control: CGPoint)
    case cubic(CGPoint, control1: CGPoint, control2: CGPoint)
    case close

    /// The element with every point mapped by `t`.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): return .move(p.applying(t))
        case .line(let p): return .line(p.applying(t))
        case .quad(let p, let c): return .quad(p.applying(t), control: c.applying(t))
        case .cubic(let p, let c1, let c2):
            return .cubic(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .close: return .close
        }
    }

    /// The element's points in Apple's order (controls first, end point last).
    var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): return [p]
        case .quad(let p, let c): return [c, p]
        case .cubic(let p, let c1, let c2): return [c1, c2, p]
        case .close: return []
        }
    }

    /// The end point, nil for `.close`.
    var endPoint: CGPoint? {
        switch self {
        case .move(let p), .line(let p), .quad(let p, _), .cubic(let p, _, _): return p
        case .close: return nil
        }
    }

    /// True when every coordinate is finite (NaN or infinite input is dropped by the builders).
    var isFinite: Bool {
        func finite(_ p: CGPoint) -> Bool { p.x.isFinite && p.y.isFinite }
        switch self {
        case .move(let p), .line(let p): return finite(p)
        case .quad(let p, let c): return finite(p) && finite(c)
        case .cubic(let p, let c1, let c2): return finite(p) && finite(c1) && finite(c2)
        case .close: return true
        }
    }
}
