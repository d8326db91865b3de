// How a path's interior is decided and how a path is painted.

/// The rule deciding which points are inside a path: non-zero winding number, or odd crossing count.
public enum CGPathFillRule: Int, Sendable {
    case winding = 0
    case evenOdd = 1
}

/// What `CGContext.drawPath(using:)` paints: fill (winding or even-odd), stroke, or fill then stroke.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0
    case eoFill = 1
    case stroke = 2
    case fillStroke = 3
    case eoFillStroke = 4
}
