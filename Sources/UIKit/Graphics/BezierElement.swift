import CoreGraphics
import Foundation

/// A path element read out of a `CGPath` (whose own element storage is private to Core Graphics), for
/// the operations UIBezierPath does element by element: reversing and archiving.
struct BezierElement {
    /// `CGPathElementType`'s raw value.
    var kind: Int
    /// Apple's order: controls first, end point last.
    var points: [CGPoint]

    static func elements(of path: CGPath) -> [BezierElement] {
        var result: [BezierElement] = []
        path.applyWithBlock { element in
            let e = element.pointee
            let count: Int
            switch e.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            result.append(BezierElement(kind: Int(e.type.rawValue), points: (0..<count).map { e.points[$0] }))
        }
        return result
    }

    /// Rebuilds a path from kinds and flat x, y coordinates; nil when they do not fit together.
    static func path(kinds: [Int], coordinates: [CGFloat]) -> CGMutablePath? {
        let path = CGMutablePath()
        var index = 0
        func next() -> CGPoint? {
            guard index + 1 < coordinates.count else { return nil }
            defer { index += 2 }
            return CGPoint(x: coordinates[index], y: coordinates[index + 1])
        }
        for kind in kinds {
            switch CGPathElementType(rawValue: Int32(kind)) {
            case .moveToPoint?: guard let p = next() else { return nil }; path.move(to: p)
            case .addLineToPoint?: guard let p = next() else { return nil }; path.addLine(to: p)
            case .addQuadCurveToPoint?:
                guard let c = next(), let p = next() else { return nil }
                path.addQuadCurve(to: p, control: c)
            case .addCurveToPoint?:
                guard let c1 = next(), let c2 = next(), let p = next() else { return nil }
                path.addCurve(to: p, control1: c1, control2: c2)
            case .closeSubpath?: path.closeSubpath()
            case nil: return nil
            }
        }
        return index == coordinates.count ? path : nil
    }

    /// Each subpath backwards: it starts at its old end point, every segment runs from its old end to
    /// its old start with its controls swapped, and a closed subpath stays closed.
    static func reversed(_ elements: [BezierElement]) -> CGMutablePath {
        let result = CGMutablePath()
        var subpaths: [[BezierElement]] = []
        for element in elements {
            if element.kind == Int(CGPathElementType.moveToPoint.rawValue) || subpaths.isEmpty {
                subpaths.append([element])
            } else {
                subpaths[subpaths.count - 1].append(element)
            }
        }
        for subpath in subpaths {
            let closed = subpath.last?.kind == Int(CGPathElementType.closeSubpath.rawValue)
            // Segments as (start, element); the subpath's first point comes from its move.
            var start = subpath.first?.points.last ?? .zero
            var segments: [(start: CGPoint, element: BezierElement)] = []
            for element in subpath.dropFirst() where !element.points.isEmpty {
                segments.append((start, element))
                start = element.points.last!
            }
            result.move(to: start)
            for (segmentStart, element) in segments.reversed() {
                switch CGPathElementType(rawValue: Int32(element.kind)) {
                case .addQuadCurveToPoint?: result.addQuadCurve(to: segmentStart, control: element.points[0])
                case .addCurveToPoint?:
                    result.addCurve(to: segmentStart, control1: element.points[1], control2: element.points[0])
                default: result.addLine(to: segmentStart)
                }
            }
            if closed { result.closeSubpath() }
        }
        return result
    }
}
