/// An immutable graphics path: subpaths of lines and quadratic/cubic Béziers, in the path's own
/// coordinates (no unit implied; user-space points when drawn into a `CGContext`).
///
/// Elements are stored as a Swift array of `PathElement`; arcs and ovals are stored as cubics, as Apple
/// does, so `applyWithBlock(_:)` reports the same kinds of elements. Equality compares elements.
public class CGPath {
    /// The elements; only `CGMutablePath` appends to them.
    @exclusivity(unchecked) var elements: [PathElement]
    /// Where the current subpath started (the current point after `closeSubpath()`).
    @exclusivity(unchecked) var subpathStart: CGPoint = .zero

    init(elements: [PathElement]) {
        self.elements = elements
        for element in elements {
            if case .move(let p) = element { subpathStart = p }
        }
    }

    init() {
        elements = []
    }

    /// A closed rectangle path: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY), close.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: CGPath.transformed(PathGeometry.rect(rect), transform))
    }

    /// A closed ellipse inscribed in `rect`, four cubics starting at (maxX, midY).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>? = nil) {
        self.init(elements: CGPath.transformed(PathGeometry.ellipse(in: rect), transform))
    }

    /// A closed rounded rectangle with elliptical corners of the given width and height.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<CGAffineTransform>? = nil) {
        let elements = PathGeometry.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        self.init(elements: CGPath.transformed(elements, transform))
    }

    private static func transformed(_ elements: [PathElement], _ transform: UnsafePointer<CGAffineTransform>?) -> [PathElement] {
        let finite = elements.allSatisfy(\.isFinite) ? elements : []
        guard let t = transform?.pointee else { return finite }
        let mapped = finite.map { $0.applying(t) }
        return mapped.allSatisfy(\.isFinite) ? mapped : []
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end point of the last element (the subpath's start after a close); `.zero` for an empty path.
    public var currentPoint: CGPoint {
        guard let last = elements.last else { return .zero }
        return last.endPoint ?? subpathStart
    }

    /// The smallest rectangle containing all points of the path, Bézier control points included;
    /// `CGRect.null` for an empty path.
    public var boundingBox: CGRect { PathGeometry.controlPointBounds(elements) }

    /// The smallest rectangle containing the path's curves themselves (control points excluded);
    /// `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect { PathGeometry.tightBounds(elements) }

    /// Whether `point` lies inside the area the path would fill under `rule`, after mapping the path by
    /// `transform`. Every subpath counts as closed; curves are flattened to within about 0.05 units.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding,
                         transform: CGAffineTransform = .identity) -> Bool {
        guard point.x.isFinite, point.y.isFinite else { return false }
        let mapped = transform.isIdentity ? elements : elements.map { $0.applying(transform) }
        return PathGeometry.contains(point, polygons: PathGeometry.polygons(mapped), rule: rule)
    }

    /// An immutable copy.
    public func copy() -> CGPath? {
        CGPath(elements: elements)
    }

    /// An immutable copy with every point mapped by `transform` (nil transform: plain copy).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(elements: CGPath.transformed(elements, transform))
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(elements: elements)
    }

    /// A mutable copy with every point mapped by `transform`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(elements: CGPath.transformed(elements, transform))
    }

    /// Calls `block` once per element in order. The element and its `points` buffer are valid only
    /// during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let points = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        points.initialize(repeating: .zero, count: 3)
        defer { points.deallocate() }
        for element in elements {
            for (index, point) in element.points.enumerated() { points[index] = point }
            var pathElement = CGPathElement(type: element.type, points: points)
            withUnsafePointer(to: &pathElement) { block($0) }
        }
    }
}

extension PathElement {
    var type: CGPathElementType {
        switch self {
        case .move: return .moveToPoint
        case .line: return .addLineToPoint
        case .quad: return .addQuadCurveToPoint
        case .cubic: return .addCurveToPoint
        case .close: return .closeSubpath
        }
    }
}

extension CGPath: Equatable {
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.elements == rhs.elements
    }
}

extension CGPath: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements.count)
        for point in elements.flatMap(\.points) {
            hasher.combine(point.x)
            hasher.combine(point.y)
        }
    }
}

extension CGPath: CustomStringConvertible {
    public var description: String {
        let parts = elements.map { element -> String in
            let points = element.points.map { "(\($0.x), \($0.y))" }.joined(separator: " ")
            switch element {
            case .move: return "moveto \(points)"
            case .line: return "lineto \(points)"
            case .quad: return "quadto \(points)"
            case .cubic: return "curveto \(points)"
            case .close: return "closepath"
            }
        }
        return "CGPath(\(parts.joined(separator: ", ")))"
    }
}
