import CALinuxCairo
import Foundation

extension CGContext {
    /// Replaces the current path with the outline of its stroke, at the current line width, cap,
    /// join and miter limit, so that filling it paints what stroking would have.
    ///
    /// Cairo cannot turn a stroke into a path, so the outline is built here: the path is flattened
    /// (cairo's flattening, at its tolerance), and each segment becomes a rectangle of the line's
    /// width, each join a bevel triangle, miter quadrilateral or round polygon, each end of an open
    /// subpath a square or round cap. The pieces overlap and all wind the same way: filled with the
    /// nonzero rule (`fillPath()`) they are exactly the stroke's area, curves to the flattening's
    /// precision. A dash pattern cuts the flattened path into dashes first, as cairo dashes it.
    /// Unlike Apple's single outline, an even-odd fill (`fillPath(using: .evenOdd)`) leaves holes
    /// where pieces overlap, and stroking the result draws the pieces' edges. A zero line width
    /// leaves an empty path.
    public func replacePathWithStrokedPath() {
        let cr = cairoContext
        guard hasCurrentPoint, let flat = cairo_copy_path_flat(cr) else { return }
        defer { cairo_path_destroy(flat) }
        guard flat.pointee.status == CAIRO_STATUS_SUCCESS else { return }
        let subpaths = StrokeOutline.subpaths(of: flat.pointee)
        let width = CGFloat(cairo_get_line_width(cr))
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let scale = sqrt(abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx))
        let cap: CGLineCap
        switch cairo_get_line_cap(cr) {
        case CAIRO_LINE_CAP_ROUND: cap = .round
        case CAIRO_LINE_CAP_SQUARE: cap = .square
        default: cap = .butt
        }
        let join: CGLineJoin
        switch cairo_get_line_join(cr) {
        case CAIRO_LINE_JOIN_ROUND: join = .round
        case CAIRO_LINE_JOIN_BEVEL: join = .bevel
        default: join = .miter
        }
        // Cairo's tolerance is in device pixels; the outline is built in user space.
        let tolerance = CGFloat(cairo_get_tolerance(cr)) / (scale > 0 && scale.isFinite ? CGFloat(scale) : 1)
        let outline = StrokeOutline(halfWidth: width / 2, cap: cap, join: join,
                                    miterLimit: CGFloat(cairo_get_miter_limit(cr)), tolerance: tolerance)
        cairo_new_path(cr)
        guard width > 0, width.isFinite else { return }
        // The dash pattern cuts each subpath into open dashes first.
        var dashes = [Double](repeating: 0, count: Int(cairo_get_dash_count(cr)))
        var dashOffset = 0.0
        if !dashes.isEmpty { cairo_get_dash(cr, &dashes, &dashOffset) }
        let pattern = dashes.map { CGFloat($0) }
        let lines = pattern.reduce(0, +) > 0
            ? subpaths.flatMap { StrokeOutline.dashed($0.points, closed: $0.closed, pattern: pattern,
                                                      phase: CGFloat(dashOffset)).map { (points: $0, closed: false) } }
            : subpaths
        for subpath in lines {
            for polygon in outline.pieces(of: subpath.points, closed: subpath.closed) {
                emit([.move(polygon[0])] + polygon.dropFirst().map { .line($0) } + [.close])
            }
        }
    }
}

/// The pieces of a stroke's outline (see `replacePathWithStrokedPath()`), in user space.
struct StrokeOutline {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    /// The largest distance a round piece's polygon may fall inside its circle.
    let tolerance: CGFloat

    /// The subpaths of a flattened cairo path that have a segment: their points (repeats dropped)
    /// and whether they are closed. A lone move (cairo's own after each close included) is none.
    static func subpaths(of path: cairo_path_t) -> [(points: [CGPoint], closed: Bool)] {
        var result: [(points: [CGPoint], closed: Bool)] = []
        var current: [CGPoint] = []
        var closed = false, hasSegment = false
        func finish() {
            if !current.isEmpty, hasSegment || closed {
                if closed, current.count > 1, current.last == current.first { current.removeLast() }
                result.append((current, closed))
            }
            current = []
            closed = false
            hasSegment = false
        }
        guard let data = path.data else { return [] }
        var i = 0
        let count = Int(path.num_data)
        while i < count {
            let header = data[i].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO where i + 1 < count:
                finish()
                current = [CGPoint(x: data[i + 1].point.x, y: data[i + 1].point.y)]
            case CAIRO_PATH_LINE_TO where i + 1 < count:
                let p = CGPoint(x: data[i + 1].point.x, y: data[i + 1].point.y)
                hasSegment = true
                if p.x.isFinite, p.y.isFinite, p != current.last { current.append(p) }
            case CAIRO_PATH_CLOSE_PATH:
                closed = true
                finish()
            default:
                break
            }
            i += max(Int(header.length), 1)
        }
        finish()
        return result
    }

    /// The dashes of a polyline (each an open polyline; one point: a dash of no length), as cairo
    /// dashes it: the pattern's lengths alternate on and off (an odd count is repeated), starting
    /// `phase` into it; on a closed polyline a dash running through the start is one dash.
    static func dashed(_ points: [CGPoint], closed: Bool, pattern: [CGFloat], phase: CGFloat) -> [[CGPoint]] {
        guard points.count > 1, !pattern.isEmpty else { return [points] }
        let total = pattern.reduce(0, +)
        guard total > 0, total.isFinite else { return [points] }
        // Where in the pattern the line starts.
        var index = 0, on = true
        var skip = phase.truncatingRemainder(dividingBy: total)
        if skip < 0 { skip += total }
        while skip >= pattern[index] && skip > 0 {
            skip -= pattern[index]
            index = (index + 1) % pattern.count
            on.toggle()
        }
        var remaining = pattern[index] - skip
        let startsOn = on
        var result: [[CGPoint]] = []
        var current: [CGPoint] = []
        let n = points.count
        let segments = closed ? n : n - 1
        for s in 0..<segments {
            let a = points[s], b = points[(s + 1) % n]
            let length = hypot(b.x - a.x, b.y - a.y)
            var t: CGFloat = 0
            func point(_ at: CGFloat) -> CGPoint {
                let f = length > 0 ? at / length : 0
                return CGPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f)
            }
            if on, current.isEmpty { current = [a] }
            while true {
                let step = min(remaining, length - t)
                t += step
                remaining -= step
                if on, step > 0 { current.append(point(t)) }
                guard remaining <= 0 else { break }
                // The pattern entry is used up: the next one starts here.
                if on { result.append(current); current = [] }
                index = (index + 1) % pattern.count
                remaining = pattern[index]
                on.toggle()
                if on { current = [point(t)] }
                if t >= length && remaining > 0 { break }
            }
        }
        if on, !current.isEmpty {
            if closed, startsOn, let first = result.first {
                // The last dash runs on into the first.
                result[0] = current + first.dropFirst()
            } else {
                result.append(current)
            }
        }
        // Repeated points (a dash ending on a corner) are dropped.
        return result.map { dash in
            dash.reduce(into: [CGPoint]()) { kept, p in if kept.last != p { kept.append(p) } }
        }
    }

    /// The polygons whose union is the stroke of one subpath.
    func pieces(of points: [CGPoint], closed: Bool) -> [[CGPoint]] {
        guard let first = points.first else { return [] }
        if points.count == 1 {
            // A subpath of no length: a round cap draws a dot, a square cap a square, as Apple's.
            switch cap {
            case .round: return [circle(at: first)]
            case .square:
                let h = halfWidth
                return [[CGPoint(x: first.x - h, y: first.y - h), CGPoint(x: first.x + h, y: first.y - h),
                         CGPoint(x: first.x + h, y: first.y + h), CGPoint(x: first.x - h, y: first.y + h)]]
            case .butt: return []
            }
        }
        var result: [[CGPoint]] = []
        let n = points.count
        let segmentCount = closed ? n : n - 1
        for s in 0..<segmentCount {
            var a = points[s], b = points[(s + 1) % n]
            let d = unit(a, b)
            if !closed, cap == .square {
                if s == 0 { a = CGPoint(x: a.x - d.x * halfWidth, y: a.y - d.y * halfWidth) }
                if s == segmentCount - 1 { b = CGPoint(x: b.x + d.x * halfWidth, y: b.y + d.y * halfWidth) }
            }
            let nx = -d.y * halfWidth, ny = d.x * halfWidth
            result.append([CGPoint(x: a.x + nx, y: a.y + ny), CGPoint(x: b.x + nx, y: b.y + ny),
                           CGPoint(x: b.x - nx, y: b.y - ny), CGPoint(x: a.x - nx, y: a.y - ny)])
        }
        // Joins at the inner points (every point of a closed subpath).
        let joined = closed ? Array(0..<n) : Array(1..<(n - 1))
        for v in joined {
            let p = points[v]
            let d0 = unit(points[(v - 1 + n) % n], p), d1 = unit(p, points[(v + 1) % n])
            if let piece = joinPiece(at: p, incoming: d0, outgoing: d1) { result.append(piece) }
        }
        if !closed, cap == .round {
            result.append(circle(at: first))
            result.append(circle(at: points[n - 1]))
        }
        return result.compactMap(oriented)
    }

    /// The piece filling the outside of the corner at `p` between directions `d0` and `d1`.
    private func joinPiece(at p: CGPoint, incoming d0: CGPoint, outgoing d1: CGPoint) -> [CGPoint]? {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        guard abs(cross) > 1e-9 || dot < 0 else { return nil }   // straight on: nothing sticks out
        if join == .round { return circle(at: p) }
        let s: CGFloat = cross > 0 ? -1 : 1
        let a = CGPoint(x: p.x - s * d0.y * halfWidth, y: p.y + s * d0.x * halfWidth)
        let b = CGPoint(x: p.x - s * d1.y * halfWidth, y: p.y + s * d1.x * halfWidth)
        if join == .miter {
            // The miter's length over the line width is 1 / cos(turn / 2).
            let cosHalf = sqrt(max(0, (1 + dot) / 2))
            if cosHalf > 0, 1 / cosHalf <= miterLimit {
                let mx = a.x + b.x - 2 * p.x, my = a.y + b.y - 2 * p.y
                let m = hypot(mx, my)
                if m > 0 {
                    let reach = halfWidth / cosHalf
                    return [p, a, CGPoint(x: p.x + mx / m * reach, y: p.y + my / m * reach), b]
                }
            }
        }
        return [p, a, b]
    }

    /// A polygon inside the circle of the line's half width at `c`, within `tolerance` of it.
    private func circle(at c: CGPoint) -> [CGPoint] {
        let r = halfWidth
        let t = min(max(tolerance, 1e-6), r)
        let step = 2 * acos(max(-1, min(1, 1 - t / r)))
        let count = Int(min(max((2 * .pi / max(step, 1e-3)).rounded(.up), 8), 256))
        return (0..<count).map { i in
            let angle = 2 * CGFloat.pi * CGFloat(i) / CGFloat(count)
            return CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
        }
    }

    /// The unit vector from `a` to `b`.
    private func unit(_ a: CGPoint, _ b: CGPoint) -> CGPoint {
        let dx = b.x - a.x, dy = b.y - a.y, l = hypot(dx, dy)
        return l > 0 ? CGPoint(x: dx / l, y: dy / l) : CGPoint(x: 1, y: 0)
    }

    /// `polygon` wound counterclockwise (positive area), or nil when it has no area.
    private func oriented(_ polygon: [CGPoint]) -> [CGPoint]? {
        var area: CGFloat = 0
        for i in polygon.indices {
            let p = polygon[i], q = polygon[(i + 1) % polygon.count]
            area += p.x * q.y - q.x * p.y
        }
        guard area.isFinite, abs(area) > 1e-12 else { return nil }
        return area > 0 ? polygon : polygon.reversed()
    }
}
