import CALinuxCairo

// Building and querying the context's current path. Points are in user space when added; like Apple (and
// cairo), the path is stored in device space, so later CTM changes do not move it. Elements with
// non-finite coordinates are ignored, and nothing is added while the CTM is singular.

extension CGContext {
    /// Discards the current path.
    public func beginPath() {
        cairo_new_path(cairoContext)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        emit([.move(point)])
    }

    /// A line from the current point to `point` (a move when there is no current point).
    public func addLine(to point: CGPoint) {
        emit([.line(point)])
    }

    /// A new subpath: a move to the first point and lines through the rest.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        emit([.move(first)] + points.dropFirst().map { .line($0) })
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        emit([.cubic(end, control1: control1, control2: control2)])
    }

    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        emit([.quad(end, control: control)])
    }

    /// A circular arc (see `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:transform:)`
    /// for the direction convention), joined by a line from the current point if there is one.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        guard radius >= 0 else { return }
        let arc = PathGeometry.arc(center: center, radius: radius, startAngle: startAngle,
                                   endAngle: endAngle, clockwise: clockwise)
        emit([hasCurrentPoint ? .line(arc.start) : .move(arc.start)] + arc.curves)
    }

    /// A line and arc tangent to the lines current point → `tangent1End` → `tangent2End`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard hasCurrentPoint else {
            emit([.move(tangent1End)])
            return
        }
        emit(PathGeometry.tangentArc(from: currentPointOfPath, tangent1End: tangent1End,
                                     tangent2End: tangent2End, radius: radius))
    }

    public func addRect(_ rect: CGRect) {
        // The elements of `PathGeometry.rect`, sent straight to cairo (no array: layers fill one a frame).
        let r = rect.standardized
        guard !state.ctmIsSingular, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
            return emit(PathGeometry.rect(rect))
        }
        let cr = cairoContext
        cairo_move_to(cr, Double(r.minX), Double(r.minY))
        cairo_line_to(cr, Double(r.maxX), Double(r.minY))
        cairo_line_to(cr, Double(r.maxX), Double(r.maxY))
        cairo_line_to(cr, Double(r.minX), Double(r.maxY))
        cairo_close_path(cr)
    }

    public func addRects(_ rects: [CGRect]) {
        rects.forEach(addRect)
    }

    public func addEllipse(in rect: CGRect) {
        emit(PathGeometry.ellipse(in: rect))
    }

    /// Appends `path`'s elements, interpreted in the current user space.
    public func addPath(_ path: CGPath) {
        emit(path.elements)
    }

    /// Closes the current subpath.
    public func closePath() {
        emit([.close])
    }

    /// True when there is no current path.
    public var isPathEmpty: Bool { !hasCurrentPoint }

    /// The current point in user space; `.zero` without a current path.
    public var currentPointOfPath: CGPoint {
        guard hasCurrentPoint else { return .zero }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cairoContext, &x, &y)
        return CGPoint(x: x, y: y)
    }

    /// The current path's bounding box in user space, control points included; `.null` when empty.
    public var boundingBoxOfPath: CGRect {
        path?.boundingBox ?? .null
    }

    /// A copy of the current path in current user-space coordinates; nil when there is none.
    public var path: CGPath? {
        guard hasCurrentPoint, !state.ctmIsSingular else { return nil }
        let elements = currentPathElements()
        return elements.isEmpty ? nil : CGPath(elements: elements)
    }

    /// Whether `point` (user space) is inside the current path when painted with `mode` (fill modes test the
    /// interior under the mode's fill rule; stroke modes also test the stroke with the current line width).
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard hasCurrentPoint, point.x.isFinite, point.y.isFinite else { return false }
        let cr = cairoContext
        let x = Double(point.x), y = Double(point.y)
        switch mode {
        case .stroke:
            return cairo_in_stroke(cr, x, y) != 0
        case .fill, .eoFill, .fillStroke, .eoFillStroke:
            let previous = cairo_get_fill_rule(cr)
            cairo_set_fill_rule(cr, (mode == .eoFill || mode == .eoFillStroke) ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            defer { cairo_set_fill_rule(cr, previous) }
            let inFill = cairo_in_fill(cr, x, y) != 0
            return inFill || ((mode == .fillStroke || mode == .eoFillStroke) && cairo_in_stroke(cr, x, y) != 0)
        }
    }

    // MARK: - Internals

    var hasCurrentPoint: Bool { cairo_has_current_point(cairoContext) != 0 }

    /// Sends path elements (user space) to cairo, converting quadratics to cubics.
    func emit(_ elements: [PathElement]) {
        guard !state.ctmIsSingular else { return }
        let cr = cairoContext
        for element in elements where element.isFinite {
            switch element {
            case .move(let p):
                cairo_move_to(cr, Double(p.x), Double(p.y))
            case .line(let p):
                cairo_line_to(cr, Double(p.x), Double(p.y))
            case .quad(let p, let c):
                guard hasCurrentPoint else { continue }
                let p0 = currentPointOfPath
                let c1 = CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
            case .cubic(let p, let c1, let c2):
                guard hasCurrentPoint else { continue }
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
            case .close:
                cairo_close_path(cr)
            }
        }
    }

    /// The current cairo path as elements in user space. Cairo records an implicit move-to after each
    /// close-path; those are dropped so the result reads like the path that was built.
    func currentPathElements() -> [PathElement] {
        guard let copied = cairo_copy_path(cairoContext) else { return [] }
        defer { cairo_path_destroy(copied) }
        guard copied.pointee.status == CAIRO_STATUS_SUCCESS, let data = copied.pointee.data else { return [] }
        var elements: [PathElement] = []
        var subpathStart = CGPoint.zero
        var index = 0
        let count = Int(copied.pointee.num_data)
        func point(_ offset: Int) -> CGPoint {
            CGPoint(x: data[index + offset].point.x, y: data[index + offset].point.y)
        }
        while index < count {
            let header = data[index].header
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                let p = point(1)
                if case .close? = elements.last, p == subpathStart {
                    // cairo's implicit move after close_path
                } else {
                    elements.append(.move(p))
                    subpathStart = p
                }
            case CAIRO_PATH_LINE_TO:
                elements.append(.line(point(1)))
            case CAIRO_PATH_CURVE_TO:
                elements.append(.cubic(point(3), control1: point(1), control2: point(2)))
            case CAIRO_PATH_CLOSE_PATH:
                elements.append(.close)
            default:
                break
            }
            index += max(Int(header.length), 1)
        }
        return elements
    }
}
