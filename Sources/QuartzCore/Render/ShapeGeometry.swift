import CoreGraphics

/// The part of a path a shape layer strokes when `strokeStart`/`strokeEnd` cut it: lengths measured
/// along the whole path (all subpaths, closing segments included) as the keyframe sampler measures
/// them, each cut segment split exactly at the Bézier parameter of its cut length.
package enum ShapeGeometry {
    /// The piece of `path` from `start` to `end` (fractions of its length, 0 ≤ start < end ≤ 1), as
    /// open subpaths.
    package static func trimmed(_ path: CGPath, from start: CGFloat, to end: CGFloat) -> CGPath {
        // Segments in order, each with whether it continues the previous one (same subpath, no move).
        var segments: [(segment: PathSampler.Segment, continues: Bool)] = []
        var current: CGPoint?
        var subpathStart = CGPoint.zero
        var moved = true
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            switch element.type {
            case .moveToPoint:
                current = element.points[0]
                subpathStart = element.points[0]
                moved = true
            case .closeSubpath:
                if let from = current, from != subpathStart {
                    segments.append((PathSampler.Segment([from, subpathStart], tolerance: PathSampler.tolerance), !moved))
                    moved = false
                }
                current = subpathStart
            default:
                let count = element.type == .addLineToPoint ? 1 : element.type == .addQuadCurveToPoint ? 2 : 3
                let from = current ?? .zero
                let points = [from] + (0..<count).map { element.points[$0] }
                segments.append((PathSampler.Segment(points, tolerance: PathSampler.tolerance), !moved))
                moved = false
                current = points[points.count - 1]
            }
        }
        let total = segments.reduce(0) { $0 + $1.segment.length }
        let result = CGMutablePath()
        guard total > 0, total.isFinite else { return result }
        let a = Double(start) * total, b = Double(end) * total
        var offset = 0.0
        var penEnd: CGPoint?
        for (segment, continues) in segments {
            let length = segment.length
            defer { offset += length }
            let lo = max(a, offset), hi = min(b, offset + length)
            guard hi > lo || (length == 0 && lo == hi && a <= offset && offset <= b) else { continue }
            let t0 = length > 0 ? segment.parameter(atLengthFraction: (lo - offset) / length) : 0
            let t1 = length > 0 ? segment.parameter(atLengthFraction: (hi - offset) / length) : 1
            let piece = split(segment.points, from: t0, to: t1)
            if !(continues && penEnd == piece[0]) { result.move(to: piece[0]) }
            switch piece.count {
            case 2: result.addLine(to: piece[1])
            case 3: result.addQuadCurve(to: piece[2], control: piece[1])
            default: result.addCurve(to: piece[3], control1: piece[1], control2: piece[2])
            }
            penEnd = piece[piece.count - 1]
        }
        return result
    }

    /// The Bézier curve with control points `p` restricted to parameters `t0...t1` (de Casteljau).
    static func split(_ p: [CGPoint], from t0: Double, to t1: Double) -> [CGPoint] {
        // The part before t1, then the part of that after t0 / t1.
        let head = t1 >= 1 ? p : left(p, at: t1)
        guard t0 > 0 else { return head }
        return right(head, at: t1 > 0 ? t0 / t1 : 0)
    }

    private static func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
    }

    /// The control points of the curve's part on 0...t.
    private static func left(_ p: [CGPoint], at t: Double) -> [CGPoint] {
        var level = p, out = [p[0]]
        while level.count > 1 {
            level = (0..<(level.count - 1)).map { lerp(level[$0], level[$0 + 1], t) }
            out.append(level[0])
        }
        return out
    }

    /// The control points of the curve's part on t...1.
    private static func right(_ p: [CGPoint], at t: Double) -> [CGPoint] {
        var level = p, out = [p[p.count - 1]]
        while level.count > 1 {
            level = (0..<(level.count - 1)).map { lerp(level[$0], level[$0 + 1], t) }
            out.append(level[level.count - 1])
        }
        return out.reversed()
    }
}
