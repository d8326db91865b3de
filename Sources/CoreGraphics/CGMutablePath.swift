/// A path that can be built up element by element.
///
/// Every builder takes an optional `transform` applied to the points before they are stored. Elements
/// with non-finite coordinates (NaN, infinity) are ignored, as are lines and curves added without a
/// current point (Apple logs and ignores those too).
///
/// Arc direction follows Apple: `clockwise == false` sweeps towards increasing angles, which is
/// counter-clockwise in Core Graphics' y-up space and so appears clockwise on screen in a y-down
/// (UIKit-flipped) context.
public class CGMutablePath: CGPath {
    public override init() {
        super.init()
    }

    override init(elements: [PathElement]) {
        super.init(elements: elements)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append([.move(point)], transform: transform, needsCurrentPoint: false)
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append([.line(point)], transform: transform, needsCurrentPoint: true)
    }

    /// A new subpath through `points`: a move to the first, lines to the others.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        append([.move(first)] + points.dropFirst().map { .line($0) }, transform: transform, needsCurrentPoint: false)
    }

    /// A quadratic Bézier from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        append([.quad(end, control: control)], transform: transform, needsCurrentPoint: true)
    }

    /// A cubic Bézier from the current point to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint,
                         transform: CGAffineTransform = .identity) {
        append([.cubic(end, control1: control1, control2: control2)], transform: transform, needsCurrentPoint: true)
    }

    /// A circular arc (stored as cubics) from `startAngle` to `endAngle` radians. A line joins the current
    /// point to the arc's start, or a new subpath starts there if the path is empty.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                       clockwise: Bool, transform: CGAffineTransform = .identity) {
        guard radius >= 0 else { return }
        let arc = PathGeometry.arc(center: center, radius: radius, startAngle: startAngle,
                                   endAngle: endAngle, clockwise: clockwise)
        let lead: PathElement = isEmpty ? .move(arc.start) : .line(arc.start)
        append([lead] + arc.curves, transform: transform, needsCurrentPoint: false)
    }

    /// An arc sweeping `delta` radians from `startAngle` (positive: towards increasing angles).
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: CGAffineTransform = .identity) {
        guard radius >= 0 else { return }
        let start = PathGeometry.point(on: center, radius: radius, angle: startAngle)
        let curves = PathGeometry.arcCurves(center: center, radius: radius, startAngle: startAngle, delta: delta)
        append([isEmpty ? .move(start) : .line(start)] + curves, transform: transform, needsCurrentPoint: false)
    }

    /// A line towards `tangent1End` ending where a circle of `radius` touches both the line from the current
    /// point to `tangent1End` and the line from `tangent1End` to `tangent2End`, then the arc along it.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat,
                       transform: CGAffineTransform = .identity) {
        guard !isEmpty else {
            move(to: tangent1End, transform: transform)
            return
        }
        // The current point is stored transformed; work in untransformed space.
        let current = currentPoint.applying(transform.inverted())
        let elements = PathGeometry.tangentArc(from: current, tangent1End: tangent1End,
                                               tangent2End: tangent2End, radius: radius)
        append(elements, transform: transform, needsCurrentPoint: true)
    }

    /// A closed rectangle subpath.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        append(PathGeometry.rect(rect), transform: transform, needsCurrentPoint: false)
    }

    /// One closed rectangle subpath per rectangle.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        rects.forEach { addRect($0, transform: transform) }
    }

    /// A closed ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        append(PathGeometry.ellipse(in: rect), transform: transform, needsCurrentPoint: false)
    }

    /// A closed rounded-rectangle subpath.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: CGAffineTransform = .identity) {
        let elements = PathGeometry.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight)
        append(elements, transform: transform, needsCurrentPoint: false)
    }

    /// Appends all of `path`'s elements, mapped by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        append(path.elements, transform: transform, needsCurrentPoint: false)
    }

    /// Closes the current subpath with a line back to its start. Ignored on an empty path.
    public func closeSubpath() {
        guard !isEmpty else { return }
        elements.append(.close)
    }

    /// Appends `newElements` mapped by `transform`, all or nothing: a non-finite coordinate anywhere drops
    /// the whole group, so a shape is never half added.
    private func append(_ newElements: [PathElement], transform: CGAffineTransform, needsCurrentPoint: Bool) {
        if needsCurrentPoint && isEmpty { return }
        let mapped = transform.isIdentity ? newElements : newElements.map { $0.applying(transform) }
        guard mapped.allSatisfy(\.isFinite) else { return }
        for element in mapped {
            if case .move(let p) = element { subpathStart = p }
            elements.append(element)
        }
    }
}
