/// Pure geometry shared by `CGPath` and `CGContext`: shapes expanded into path elements, curves flattened,
/// bounding boxes and point containment. Everything here works in one coordinate space and knows nothing
/// of transforms or cairo.
enum PathGeometry {
    /// Bézier handle length for a quarter circle of radius 1.
    static let kappa: CGFloat = 0.552_284_749_830_793_4

    /// The start point of the arc and the cubics that draw it (empty for a zero sweep).
    ///
    /// Apple's semantics: `clockwise == false` sweeps towards increasing angles. When the two angles
    /// differ by 2π or more (either way round) the arc is a full circle in the requested direction, so
    /// 0 → 2π is a circle whatever the flag; otherwise the sweep in the requested direction is reduced
    /// modulo 2π into [0, 2π).
    static func arc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                    clockwise: Bool) -> (start: CGPoint, curves: [PathElement]) {
        let twoPi = 2 * CGFloat.pi
        var sweep = clockwise ? startAngle - endAngle : endAngle - startAngle
        // A relative tolerance, so that -π/2 → -π/2 + 2π (a progress ring's full turn) counts as 2π.
        if abs(sweep) >= twoPi * (1 - 1e-12) {
            sweep = twoPi
        } else if sweep < 0 {
            sweep += twoPi
        }
        let delta = clockwise ? -sweep : sweep
        return (point(on: center, radius: radius, angle: startAngle),
                arcCurves(center: center, radius: radius, startAngle: startAngle, delta: delta))
    }

    /// Cubics for a circular arc from `startAngle` sweeping `delta` radians (either sign), at most a quarter
    /// turn per cubic.
    static func arcCurves(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat) -> [PathElement] {
        guard delta != 0, delta.isFinite else { return [] }
        let count = max(1, Int((abs(delta) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / CGFloat(count)
        let handle = CGFloat(4.0 / 3.0 * Foundation.tan(Double(step) / 4)) * radius
        var curves: [PathElement] = []
        curves.reserveCapacity(count)
        for index in 0..<count {
            let a0 = startAngle + step * CGFloat(index)
            let a1 = index == count - 1 ? startAngle + delta : a0 + step
            let p0 = point(on: center, radius: radius, angle: a0)
            let p3 = point(on: center, radius: radius, angle: a1)
            let (s0, c0) = sinCos(a0)
            let (s1, c1) = sinCos(a1)
            curves.append(.cubic(p3,
                                 control1: CGPoint(x: p0.x - handle * s0, y: p0.y + handle * c0),
                                 control2: CGPoint(x: p3.x + handle * s1, y: p3.y - handle * c1)))
        }
        return curves
    }

    /// Elements for `addArc(tangent1End:tangent2End:radius:)` from `current`: a line to the first tangent
    /// point and the arc (less than a half turn) to the second; just a line to `tangent1End` when the
    /// points are collinear or the radius is zero.
    static func tangentArc(from current: CGPoint, tangent1End p1: CGPoint, tangent2End p2: CGPoint,
                           radius: CGFloat) -> [PathElement] {
        let v1 = CGVector(dx: current.x - p1.x, dy: current.y - p1.y)
        let v2 = CGVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let len1 = hypot(v1.dx, v1.dy), len2 = hypot(v2.dx, v2.dy)
        let cross = v1.dx * v2.dy - v1.dy * v2.dx
        guard radius > 0, len1 > 0, len2 > 0, abs(cross) > 1e-12 * len1 * len2 else { return [.line(p1)] }
        let u1 = CGVector(dx: v1.dx / len1, dy: v1.dy / len1)
        let u2 = CGVector(dx: v2.dx / len2, dy: v2.dy / len2)
        let cosTheta = max(-1, min(1, u1.dx * u2.dx + u1.dy * u2.dy))
        let halfTheta = CGFloat(Foundation.acos(Double(cosTheta))) / 2
        let tangentDistance = radius / CGFloat(Foundation.tan(Double(halfTheta)))
        let centerDistance = radius / CGFloat(Foundation.sin(Double(halfTheta)))
        let t1 = CGPoint(x: p1.x + u1.dx * tangentDistance, y: p1.y + u1.dy * tangentDistance)
        let t2 = CGPoint(x: p1.x + u2.dx * tangentDistance, y: p1.y + u2.dy * tangentDistance)
        let bisector = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bisectorLength = hypot(bisector.dx, bisector.dy)
        let center = CGPoint(x: p1.x + bisector.dx / bisectorLength * centerDistance,
                             y: p1.y + bisector.dy / bisectorLength * centerDistance)
        let a0 = CGFloat(Foundation.atan2(Double(t1.y - center.y), Double(t1.x - center.x)))
        let a1 = CGFloat(Foundation.atan2(Double(t2.y - center.y), Double(t2.x - center.x)))
        var delta = a1 - a0
        if delta > .pi { delta -= 2 * .pi }
        if delta < -.pi { delta += 2 * .pi }
        return [.line(t1)] + arcCurves(center: center, radius: radius, startAngle: a0, delta: delta)
    }

    /// A closed rectangle subpath: (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY), as Apple.
    static func rect(_ r: CGRect) -> [PathElement] {
        let r = r.standardized
        return [.move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)),
                .line(CGPoint(x: r.maxX, y: r.maxY)), .line(CGPoint(x: r.minX, y: r.maxY)), .close]
    }

    /// A closed ellipse subpath of four cubics, starting at (maxX, midY) towards increasing angles, as Apple.
    static func ellipse(in r: CGRect) -> [PathElement] {
        let r = r.standardized
        let rx = r.width / 2, ry = r.height / 2
        let cx = r.midX, cy = r.midY
        let kx = rx * kappa, ky = ry * kappa
        return [
            .move(CGPoint(x: cx + rx, y: cy)),
            .cubic(CGPoint(x: cx, y: cy + ry), control1: CGPoint(x: cx + rx, y: cy + ky), control2: CGPoint(x: cx + kx, y: cy + ry)),
            .cubic(CGPoint(x: cx - rx, y: cy), control1: CGPoint(x: cx - kx, y: cy + ry), control2: CGPoint(x: cx - rx, y: cy + ky)),
            .cubic(CGPoint(x: cx, y: cy - ry), control1: CGPoint(x: cx - rx, y: cy - ky), control2: CGPoint(x: cx - kx, y: cy - ry)),
            .cubic(CGPoint(x: cx + rx, y: cy), control1: CGPoint(x: cx + kx, y: cy - ry), control2: CGPoint(x: cx + rx, y: cy - ky)),
            .close,
        ]
    }

    /// A closed rounded-rectangle subpath with elliptical corners (corner sizes clamped to half the
    /// rectangle's sides), counter-clockwise in y-up space like `rect(_:)`, starting after the
    /// bottom-left corner.
    static func roundedRect(_ r: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) -> [PathElement] {
        let r = r.standardized
        let cw = min(max(cornerWidth, 0), r.width / 2)
        let ch = min(max(cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else { return rect(r) }
        let kx = cw * kappa, ky = ch * kappa
        let (x0, x1, y0, y1) = (r.minX, r.maxX, r.minY, r.maxY)
        return [
            .move(CGPoint(x: x0 + cw, y: y0)),
            .line(CGPoint(x: x1 - cw, y: y0)),
            .cubic(CGPoint(x: x1, y: y0 + ch), control1: CGPoint(x: x1 - cw + kx, y: y0), control2: CGPoint(x: x1, y: y0 + ch - ky)),
            .line(CGPoint(x: x1, y: y1 - ch)),
            .cubic(CGPoint(x: x1 - cw, y: y1), control1: CGPoint(x: x1, y: y1 - ch + ky), control2: CGPoint(x: x1 - cw + kx, y: y1)),
            .line(CGPoint(x: x0 + cw, y: y1)),
            .cubic(CGPoint(x: x0, y: y1 - ch), control1: CGPoint(x: x0 + cw - kx, y: y1), control2: CGPoint(x: x0, y: y1 - ch + ky)),
            .line(CGPoint(x: x0, y: y0 + ch)),
            .cubic(CGPoint(x: x0 + cw, y: y0), control1: CGPoint(x: x0, y: y0 + ch - ky), control2: CGPoint(x: x0 + cw - kx, y: y0)),
            .close,
        ]
    }

    // MARK: - Measuring

    /// The smallest rectangle holding every point of the elements, control points included; null if none.
    static func controlPointBounds(_ elements: [PathElement]) -> CGRect {
        var box = BoundsAccumulator()
        for element in elements { element.points.forEach { box.add($0) } }
        return box.rect
    }

    /// The smallest rectangle holding the curves themselves (curve extrema, not control points); null if empty.
    static func tightBounds(_ elements: [PathElement]) -> CGRect {
        var box = BoundsAccumulator()
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p):
                box.add(p); current = p; subpathStart = p
            case .line(let p):
                box.add(p); current = p
            case .quad(let p, let c):
                box.add(p)
                for t in quadExtrema(current.x, c.x, p.x) + quadExtrema(current.y, c.y, p.y) {
                    box.add(quadPoint(current, c, p, t))
                }
                current = p
            case .cubic(let p, let c1, let c2):
                box.add(p)
                for t in cubicExtrema(current.x, c1.x, c2.x, p.x) + cubicExtrema(current.y, c1.y, c2.y, p.y) {
                    box.add(cubicPoint(current, c1, c2, p, t))
                }
                current = p
            case .close:
                current = subpathStart
            }
        }
        return box.rect
    }

    /// The path as closed polygons (curves flattened to within about 0.05 units), one per subpath.
    static func polygons(_ elements: [PathElement]) -> [[CGPoint]] {
        var result: [[CGPoint]] = []
        var polygon: [CGPoint] = []
        var current = CGPoint.zero
        var subpathStart = CGPoint.zero
        var closed = false
        func startIfNeeded() {
            if closed {
                if polygon.count > 1 { result.append(polygon) }
                polygon = [subpathStart]
                closed = false
            }
        }
        for element in elements {
            switch element {
            case .move(let p):
                if polygon.count > 1 { result.append(polygon) }
                polygon = [p]; current = p; subpathStart = p; closed = false
            case .line(let p):
                startIfNeeded()
                polygon.append(p); current = p
            case .quad(let p, let c):
                startIfNeeded()
                let n = segmentCount([current, c, p])
                for i in 1...n { polygon.append(quadPoint(current, c, p, CGFloat(i) / CGFloat(n))) }
                current = p
            case .cubic(let p, let c1, let c2):
                startIfNeeded()
                let n = segmentCount([current, c1, c2, p])
                for i in 1...n { polygon.append(cubicPoint(current, c1, c2, p, CGFloat(i) / CGFloat(n))) }
                current = p
            case .close:
                current = subpathStart
                closed = true
            }
        }
        if polygon.count > 1 { result.append(polygon) }
        return result
    }

    /// Whether `point` is inside the (implicitly closed) polygons under `rule`.
    static func contains(_ point: CGPoint, polygons: [[CGPoint]], rule: CGPathFillRule) -> Bool {
        var winding = 0
        var crossings = 0
        for polygon in polygons {
            for index in polygon.indices {
                let a = polygon[index]
                let b = polygon[(index + 1) % polygon.count]
                if (a.y <= point.y) != (b.y <= point.y) {
                    let x = a.x + (point.y - a.y) / (b.y - a.y) * (b.x - a.x)
                    if point.x < x {
                        crossings += 1
                        winding += b.y > a.y ? 1 : -1
                    }
                }
            }
        }
        return rule == .winding ? winding != 0 : crossings % 2 == 1
    }

    // MARK: - Helpers

    static func point(on center: CGPoint, radius: CGFloat, angle: CGFloat) -> CGPoint {
        let (s, c) = sinCos(angle)
        return CGPoint(x: center.x + radius * c, y: center.y + radius * s)
    }

    private static func sinCos(_ angle: CGFloat) -> (CGFloat, CGFloat) {
        (CGFloat(Foundation.sin(Double(angle))), CGFloat(Foundation.cos(Double(angle))))
    }

    private static func segmentCount(_ controlPolygon: [CGPoint]) -> Int {
        var length: CGFloat = 0
        for i in 1..<controlPolygon.count {
            length += hypot(controlPolygon[i].x - controlPolygon[i - 1].x, controlPolygon[i].y - controlPolygon[i - 1].y)
        }
        guard length.isFinite else { return 1 }
        return max(4, min(512, Int((length / 2).squareRoot() * 4)))
    }

    static func quadPoint(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p1.x,
                       y: u * u * p0.y + 2 * u * t * c.y + t * t * p1.y)
    }

    static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let w0 = u * u * u, w1 = 3 * u * u * t, w2 = 3 * u * t * t, w3 = t * t * t
        return CGPoint(x: w0 * p0.x + w1 * c1.x + w2 * c2.x + w3 * p1.x,
                       y: w0 * p0.y + w1 * c1.y + w2 * c2.y + w3 * p1.y)
    }

    /// Parameters in (0, 1) where a quadratic's coordinate has zero derivative.
    private static func quadExtrema(_ p0: CGFloat, _ c: CGFloat, _ p1: CGFloat) -> [CGFloat] {
        let denominator = p0 - 2 * c + p1
        guard denominator != 0 else { return [] }
        let t = (p0 - c) / denominator
        return t > 0 && t < 1 ? [t] : []
    }

    /// Parameters in (0, 1) where a cubic's coordinate has zero derivative.
    private static func cubicExtrema(_ p0: CGFloat, _ c1: CGFloat, _ c2: CGFloat, _ p1: CGFloat) -> [CGFloat] {
        let a = p1 - 3 * c2 + 3 * c1 - p0
        let b = 2 * (c2 - 2 * c1 + p0)
        let c = c1 - p0
        var roots: [CGFloat] = []
        if abs(a) < 1e-12 {
            if b != 0 { roots.append(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant >= 0 {
                let s = discriminant.squareRoot()
                roots.append((-b + s) / (2 * a))
                roots.append((-b - s) / (2 * a))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}

/// Grows a rectangle point by point; `rect` is null until the first point.
struct BoundsAccumulator {
    private var minX = CGFloat.infinity, minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x); minY = min(minY, p.y)
        maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        minX <= maxX ? CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) : .null
    }
}
