import CoreGraphics
import Foundation

/// The corners of a rectangle, for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`
/// (Apple's raw values).
public struct UIRectCorner: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let topLeft = UIRectCorner(rawValue: 1 << 0)
    public static let topRight = UIRectCorner(rawValue: 1 << 1)
    public static let bottomLeft = UIRectCorner(rawValue: 1 << 2)
    public static let bottomRight = UIRectCorner(rawValue: 1 << 3)
    public static let allCorners = UIRectCorner(rawValue: ~0)
}

/// A path with the line attributes to stroke it, in UIKit's y-down space: arcs said to be clockwise
/// turn clockwise on screen (towards increasing angles), the opposite of Core Graphics' flag.
///
/// The geometry is a `CGMutablePath`; `cgPath` hands out immutable copies. Drawing (`fill()`,
/// `stroke()`, `addClip()`) is in UIBezierPath+Drawing.swift.
open class UIBezierPath: NSObject, NSCopying, NSSecureCoding {
    private var path = CGMutablePath()

    /// Stroke width in points (default 1).
    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    /// Joins whose miter is longer than this many line widths are beveled (default 10).
    open var miterLimit: CGFloat = 10
    /// How far curves may stray from their flattened lines, in pixels (default 0.6); cairo keeps its own
    /// tolerance, so drawing does not change with it.
    open var flatness: CGFloat = 0.6
    /// Fill and hit-test with the even-odd rule instead of non-zero winding (default false).
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    public override init() {
        super.init()
    }

    /// A closed rectangle: from the top-left corner clockwise on screen.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`, starting at its right-hand point and turning clockwise on screen.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with circular corners of `cornerRadius`, capped at half the shorter side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init(roundedRect: rect, byRoundingCorners: .allCorners,
                  cornerRadii: CGSize(width: cornerRadius, height: cornerRadius))
    }

    /// A rectangle with the given corners rounded by quarter ellipses of `cornerRadii` (width across,
    /// height down), each capped at half the rectangle's shorter side. The outline starts on the top
    /// edge at the end of the top-left corner and runs clockwise on screen.
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        let r = rect.standardized
        guard !r.isNull else { return }
        let cap = min(r.width, r.height) / 2
        let rx = min(max(cornerRadii.width, 0), cap), ry = min(max(cornerRadii.height, 0), cap)
        // Each corner's radii (zero when not rounded).
        func radii(_ corner: UIRectCorner) -> CGSize {
            corners.contains(corner) ? CGSize(width: rx, height: ry) : .zero
        }
        let tl = radii(.topLeft), tr = radii(.topRight), br = radii(.bottomRight), bl = radii(.bottomLeft)
        path.move(to: CGPoint(x: r.minX + tl.width, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX - tr.width, y: r.minY))
        addCorner(from: CGPoint(x: r.maxX - tr.width, y: r.minY), to: CGPoint(x: r.maxX, y: r.minY + tr.height),
                  corner: CGPoint(x: r.maxX, y: r.minY))
        path.addLine(to: CGPoint(x: r.maxX, y: r.maxY - br.height))
        addCorner(from: CGPoint(x: r.maxX, y: r.maxY - br.height), to: CGPoint(x: r.maxX - br.width, y: r.maxY),
                  corner: CGPoint(x: r.maxX, y: r.maxY))
        path.addLine(to: CGPoint(x: r.minX + bl.width, y: r.maxY))
        addCorner(from: CGPoint(x: r.minX + bl.width, y: r.maxY), to: CGPoint(x: r.minX, y: r.maxY - bl.height),
                  corner: CGPoint(x: r.minX, y: r.maxY))
        path.addLine(to: CGPoint(x: r.minX, y: r.minY + tl.height))
        addCorner(from: CGPoint(x: r.minX, y: r.minY + tl.height), to: CGPoint(x: r.minX + tl.width, y: r.minY),
                  corner: CGPoint(x: r.minX, y: r.minY))
        path.closeSubpath()
    }

    /// A quarter ellipse from `start` to `end` bowing towards the rectangle's `corner` (one cubic);
    /// nothing for a corner that is not rounded.
    private func addCorner(from start: CGPoint, to end: CGPoint, corner: CGPoint) {
        guard start != end else { return }
        // The control points lie on the tangents, this fraction of the way to the corner: the usual
        // cubic for a quarter circle (radius error under 0.03 %).
        let k: CGFloat = 0.552_284_749_8
        path.addCurve(to: end,
                      control1: CGPoint(x: start.x + (corner.x - start.x) * k, y: start.y + (corner.y - start.y) * k),
                      control2: CGPoint(x: end.x + (corner.x - end.x) * k, y: end.y + (corner.y - end.y) * k))
    }

    /// A path of one circular arc (see `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// A path with a copy of `cgPath`'s elements (default line attributes).
    public convenience init(cgPath: CGPath) {
        self.init()
        path = cgPath.mutableCopy() ?? CGMutablePath()
    }

    // MARK: - Building

    /// The path as an immutable `CGPath` (a copy: later changes to this object do not reach it).
    open var cgPath: CGPath {
        get { path.copy() ?? CGPath(rect: .null, transform: nil) }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    open func move(to point: CGPoint) { path.move(to: point) }

    /// A line from the current point; ignored without one.
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A circular arc from `startAngle` to `endAngle` (radians from the +x axis); `clockwise` turns
    /// towards increasing angles, clockwise on a y-down screen. A line joins the current point to the
    /// arc's start; on an empty path the arc starts a subpath.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        // Core Graphics' flag names the turn in y-up space: the same sweep is its counter-clockwise.
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a line to its start.
    open func close() { path.closeSubpath() }

    /// Removes every element (line attributes stay).
    open func removeAllPoints() { path = CGMutablePath() }

    /// Adds `bezierPath`'s elements after this path's.
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// A path of the same subpaths traversed backwards (each from its end point), with this path's
    /// line attributes.
    open func reversing() -> UIBezierPath {
        let reversed = copy() as! UIBezierPath
        reversed.path = BezierElement.reversed(BezierElement.elements(of: path))
        return reversed
    }

    /// Maps every point by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        var t = transform
        path = path.mutableCopy(using: &t) ?? CGMutablePath()
    }

    // MARK: - Reading

    /// True when the path has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included
    /// (`CGRect.null` when empty).
    open var bounds: CGRect { path.boundingBox }

    /// Where the next element would start (`.zero` when empty).
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether filling would paint `point` (under `usesEvenOddFillRule`); open subpaths count as closed.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: - Drawing (UIBezierPath+Drawing.swift)

    /// Fills the enclosed area with the current context's fill colour (`UIColor.setFill()`).
    open func fill() { fillInCurrentContext(blendMode: .normal, alpha: 1) }

    /// Fills with `blendMode`, the context's alpha set to `alpha`.
    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) { fillInCurrentContext(blendMode: blendMode, alpha: alpha) }

    /// Strokes the outline with the current context's stroke colour (`UIColor.setStroke()`) and this
    /// path's line width, cap, join, miter limit and dashes.
    open func stroke() { strokeInCurrentContext(blendMode: .normal, alpha: 1) }

    /// Strokes with `blendMode`, the context's alpha set to `alpha`.
    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) { strokeInCurrentContext(blendMode: blendMode, alpha: alpha) }

    /// Intersects the current context's clip with the enclosed area (under `usesEvenOddFillRule`). Not
    /// undone here: wrap it in `saveGState()`/`restoreGState()` to limit it.
    open func addClip() { clipCurrentContext() }

    // MARK: - Dashes

    /// Dashes for stroking: `count` lengths (on, off, on, …) from `pattern`, starting `phase` points in.
    /// A nil pattern or zero count draws solid lines.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        if let pattern, count > 0 {
            dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        } else {
            dashPattern = []
        }
        dashPhase = phase
    }

    /// Copies the dash lengths into `pattern` (which must hold them all), their number into `count` and
    /// the phase into `phase`; each pointer may be nil.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (index, length) in dashPattern.enumerated() { pattern[index] = length }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    /// The dash lengths and phase, for drawing.
    var lineDash: (lengths: [CGFloat], phase: CGFloat) { (dashPattern, dashPhase) }

    // MARK: - NSCopying, NSSecureCoding

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.path = path.mutableCopy() ?? CGMutablePath()
        copy.lineWidth = lineWidth
        copy.lineCapStyle = lineCapStyle
        copy.lineJoinStyle = lineJoinStyle
        copy.miterLimit = miterLimit
        copy.flatness = flatness
        copy.usesEvenOddFillRule = usesEvenOddFillRule
        copy.dashPattern = dashPattern
        copy.dashPhase = dashPhase
        return copy
    }

    public class var supportsSecureCoding: Bool { true }

    /// Elements are archived as their kinds and a flat list of coordinates.
    open func encode(with coder: NSCoder) {
        let elements = BezierElement.elements(of: path)
        coder.encode(elements.map { NSNumber(value: $0.kind) }, forKey: "kinds")
        coder.encode(elements.flatMap { $0.points.flatMap { [NSNumber(value: Double($0.x)), NSNumber(value: Double($0.y))] } },
                     forKey: "points")
        coder.encode(Double(lineWidth), forKey: "lineWidth")
        coder.encode(Int(lineCapStyle.rawValue), forKey: "lineCap")
        coder.encode(Int(lineJoinStyle.rawValue), forKey: "lineJoin")
        coder.encode(Double(miterLimit), forKey: "miterLimit")
        coder.encode(Double(flatness), forKey: "flatness")
        coder.encode(usesEvenOddFillRule, forKey: "evenOdd")
        coder.encode(dashPattern.map { NSNumber(value: Double($0)) }, forKey: "dash")
        coder.encode(Double(dashPhase), forKey: "dashPhase")
    }

    public required init?(coder: NSCoder) {
        let classes = [NSArray.self, NSNumber.self]
        guard let kinds = coder.decodeObject(of: classes, forKey: "kinds") as? [NSNumber],
              let numbers = coder.decodeObject(of: classes, forKey: "points") as? [NSNumber],
              let rebuilt = BezierElement.path(kinds: kinds.map(\.intValue), coordinates: numbers.map { CGFloat($0.doubleValue) })
        else { return nil }
        path = rebuilt
        lineWidth = CGFloat(coder.decodeDouble(forKey: "lineWidth"))
        lineCapStyle = CGLineCap(rawValue: Int32(coder.decodeInteger(forKey: "lineCap"))) ?? .butt
        lineJoinStyle = CGLineJoin(rawValue: Int32(coder.decodeInteger(forKey: "lineJoin"))) ?? .miter
        miterLimit = CGFloat(coder.decodeDouble(forKey: "miterLimit"))
        flatness = CGFloat(coder.decodeDouble(forKey: "flatness"))
        usesEvenOddFillRule = coder.decodeBool(forKey: "evenOdd")
        dashPattern = ((coder.decodeObject(of: classes, forKey: "dash") as? [NSNumber]) ?? []).map { CGFloat($0.doubleValue) }
        dashPhase = CGFloat(coder.decodeDouble(forKey: "dashPhase"))
        super.init()
    }
}
