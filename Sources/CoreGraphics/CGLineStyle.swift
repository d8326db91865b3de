// Stroke end-cap and corner styles, with Apple's raw values.

/// How the ends of open stroked subpaths are drawn. The default is `.butt`.
public enum CGLineCap: Int32, Sendable {
    case butt = 0
    case round = 1
    case square = 2
}

/// How the corners between stroked segments are drawn. The default is `.miter` (with a miter limit of 10).
public enum CGLineJoin: Int32, Sendable {
    case miter = 0
    case round = 1
    case bevel = 2
}
