import CoreGraphics
import Foundation

/// A `CGPath` read as the keyframes of a `CAKeyframeAnimation`: the path's start and the end point
/// of every line or curve, with the arc length of each segment so that motion along it can be
/// timed by length, and the tangent at any point for `rotationMode`.
///
/// Keyframes follow Apple's `path` documentation: "the end point of a line-to or curve-to segment
/// defines the keyframe value ... Move-to segments do not define separate keyframe values". So:
/// - keyframe 0 is where the first segment starts (the path's first move-to);
/// - every line, quadratic or cubic adds one segment and one keyframe, its end point;
/// - a close adds a straight segment back to the subpath's start, unless it is already there
///   (a closed ellipse does not gain a motionless fifth segment);
/// - a move-to in the middle of the path starts the next segment elsewhere: the value jumps there
///   at the keyframe boundary, taking no time.
///
/// Curves are flattened by uniform subdivision in the Bézier parameter into chords no farther than
/// `tolerance` (points) from the curve. The chords give arc lengths; positions and tangents are
/// then taken on the curve itself at the parameter the chords map a length to, so every position
/// lies exactly on the curve and tangents are exact derivatives.
struct PathSampler {
    /// One line or curve of the path, with its flattened arc-length table.
    struct Segment {
        /// Bézier control points: 2 for a line, 3 for a quadratic, 4 for a cubic.
        let points: [CGPoint]
        /// The Bézier parameter at each chord vertex, from 0 to 1.
        let parameters: [Double]
        /// The arc length from the segment's start to each chord vertex (points).
        let lengths: [Double]

        var start: CGPoint { points[0] }
        var end: CGPoint { points[points.count - 1] }
        var length: Double { lengths[lengths.count - 1] }

        init(_ points: [CGPoint], tolerance: Double) {
            self.points = points
            let pieces = Segment.pieceCount(points, tolerance: tolerance)
            var parameters = [0.0], lengths = [0.0]
            var previous = points[0]
            for k in 1...pieces {
                let s = Double(k) / Double(pieces)
                let p = Segment.point(points, at: s)
                parameters.append(s)
                lengths.append(lengths[lengths.count - 1] + Double(hypot(p.x - previous.x, p.y - previous.y)))
                previous = p
            }
            self.parameters = parameters
            self.lengths = lengths
        }

        /// The number of equal parameter steps that keeps every chord within `tolerance` of the
        /// curve: a step h deviates at most h²/8 · max|B''|, and |B''| is bounded by the second
        /// differences of the control points (6× for a cubic, 2× for a quadratic).
        private static func pieceCount(_ p: [CGPoint], tolerance: Double) -> Int {
            func norm(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Double {
                Double(hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y))
            }
            let bound: Double
            switch p.count {
            case 3: bound = 2 * norm(p[0], p[1], p[2])
            case 4: bound = 6 * max(norm(p[0], p[1], p[2]), norm(p[1], p[2], p[3]))
            default: return 1
            }
            let pieces = (bound / (8 * tolerance)).squareRoot().rounded(.up)
            return pieces.isFinite ? min(max(Int(pieces), 1), 1024) : 1
        }

        /// The point at Bézier parameter `s` (0...1).
        static func point(_ p: [CGPoint], at s: Double) -> CGPoint {
            let t = CGFloat(s), u = 1 - t
            switch p.count {
            case 2:
                return CGPoint(x: u * p[0].x + t * p[1].x, y: u * p[0].y + t * p[1].y)
            case 3:
                let a = u * u, b = 2 * u * t, c = t * t
                return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x,
                               y: a * p[0].y + b * p[1].y + c * p[2].y)
            default:
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                               y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
            }
        }

        /// The derivative dB/ds at parameter `s`.
        static func derivative(_ p: [CGPoint], at s: Double) -> CGVector {
            let t = CGFloat(s), u = 1 - t
            switch p.count {
            case 2:
                return CGVector(dx: p[1].x - p[0].x, dy: p[1].y - p[0].y)
            case 3:
                return CGVector(dx: 2 * (u * (p[1].x - p[0].x) + t * (p[2].x - p[1].x)),
                                dy: 2 * (u * (p[1].y - p[0].y) + t * (p[2].y - p[1].y)))
            default:
                let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
                return CGVector(dx: a * (p[1].x - p[0].x) + b * (p[2].x - p[1].x) + c * (p[3].x - p[2].x),
                                dy: a * (p[1].y - p[0].y) + b * (p[2].y - p[1].y) + c * (p[3].y - p[2].y))
            }
        }

        /// The Bézier parameter reached after `fraction` (0...1) of the segment's arc length.
        func parameter(atLengthFraction fraction: Double) -> Double {
            let total = length
            guard total > 0 else { return min(max(fraction, 0), 1) }
            let target = min(max(fraction, 0), 1) * total
            // The last vertex whose length is <= target, then linear within that chord.
            var low = 0, high = lengths.count - 1
            while high - low > 1 {
                let mid = (low + high) / 2
                if lengths[mid] <= target { low = mid } else { high = mid }
            }
            let span = lengths[high] - lengths[low]
            guard span > 0 else { return parameters[low] }
            return parameters[low] + (parameters[high] - parameters[low]) * (target - lengths[low]) / span
        }

        /// The direction of motion at parameter `s`, nil where the segment has none (a point).
        /// Where the derivative vanishes (a control point on its end point) the direction is
        /// taken from a short chord around `s`, which is the curve's limiting direction there.
        func direction(at s: Double) -> CGVector? {
            let d = Segment.derivative(points, at: s)
            let scale = points.reduce(0.0) { max($0, Double(abs($1.x)), Double(abs($1.y))) }
            if Double(hypot(d.dx, d.dy)) > 1e-9 * max(scale, 1) { return d }
            let a = Segment.point(points, at: max(s - 1e-4, 0)), b = Segment.point(points, at: min(s + 1e-4, 1))
            let chord = CGVector(dx: b.x - a.x, dy: b.y - a.y)
            return Double(hypot(chord.dx, chord.dy)) > 1e-12 * max(scale, 1) ? chord : nil
        }
    }

    /// The chord tolerance (points) used when flattening curves.
    static let tolerance = 0.05

    /// The first keyframe: where the first segment starts (or the last move-to of a path that
    /// draws nothing).
    let start: CGPoint
    /// One per line or curve (and per close that moves); keyframe i + 1 is `segments[i].end`.
    let segments: [Segment]
    /// The sum of the segments' arc lengths (points).
    let totalLength: Double

    /// Nil for a path with no points at all, or with a non-finite coordinate.
    init?(path: CGPath) {
        var segments: [Segment] = []
        var current: CGPoint?
        var subpathStart = CGPoint.zero
        var lastMove: CGPoint?
        var finite = true
        path.applyWithBlock { elementPointer in
            let element = elementPointer.pointee
            let count: Int
            switch element.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            let points = (0..<count).map { element.points[$0] }
            if points.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) { finite = false }
            switch element.type {
            case .moveToPoint:
                current = points[0]; subpathStart = points[0]; lastMove = points[0]
            case .closeSubpath:
                if let from = current, from != subpathStart {
                    segments.append(Segment([from, subpathStart], tolerance: PathSampler.tolerance))
                }
                current = subpathStart
            default:
                // A drawing element without a preceding move-to starts at the origin, as in CGPath.
                let from = current ?? .zero
                segments.append(Segment([from] + points, tolerance: PathSampler.tolerance))
                current = points[points.count - 1]
            }
        }
        guard finite else { return nil }
        guard let first = segments.first?.start ?? lastMove else { return nil }
        self.start = first
        self.segments = segments
        self.totalLength = segments.reduce(0) { $0 + $1.length }
    }

    /// The keyframe points: the start, then the end of every segment.
    var keyframes: [CGPoint] { [start] + segments.map(\.end) }

    /// The point after `fraction` (0...1) of segment `index`'s arc length.
    func point(segment index: Int, fraction: Double) -> CGPoint {
        let segment = segments[index]
        if fraction <= 0 { return segment.start }
        if fraction >= 1 { return segment.end }
        return Segment.point(segment.points, at: segment.parameter(atLengthFraction: fraction))
    }

    /// The tangent angle (radians, y-down: atan2(dy, dx)) after `fraction` of segment `index`'s
    /// arc length. A segment without a direction (a zero-length line) borrows the end direction
    /// of the nearest earlier segment that has one, else the start direction of the nearest later
    /// one; a path without any direction gives 0.
    func tangentAngle(segment index: Int, fraction: Double) -> Double {
        let segment = segments[index]
        if let d = segment.direction(at: segment.parameter(atLengthFraction: fraction)) {
            return atan2(Double(d.dy), Double(d.dx))
        }
        for i in stride(from: index - 1, through: 0, by: -1) {
            if let d = segments[i].direction(at: 1) { return atan2(Double(d.dy), Double(d.dx)) }
        }
        for i in (index + 1)..<segments.count {
            if let d = segments[i].direction(at: 0) { return atan2(Double(d.dy), Double(d.dx)) }
        }
        return 0
    }

    /// Which segment holds arc length `length` from the path's start (clamped to the path), and
    /// the fraction of that segment's length reached there. Zero-length segments are passed over.
    func locate(length: Double) -> (segment: Int, fraction: Double) {
        precondition(!segments.isEmpty)
        var remaining = max(length, 0)
        for (i, segment) in segments.enumerated() where segment.length > 0 {
            if remaining < segment.length { return (i, remaining / segment.length) }
            remaining -= segment.length
        }
        let last = segments.lastIndex(where: { $0.length > 0 }) ?? segments.count - 1
        return (last, 1)
    }
}
