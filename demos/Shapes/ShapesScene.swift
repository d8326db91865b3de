import Foundation
import QuartzCore

/// The books' shape-layer examples in a 300-point white container (seed-examples §8 `shapes`):
/// 1. the stick figure (003 L6.1): one `CAShapeLayer`, red 5-point strokes with round caps and
///    joins, no fill: a head circle, body, arms and legs as subpaths of one path;
/// 2. rounded corners redux (003 S6.a): a square (50, 50, 100, 100) with 20-point corners except the
///    top-left one, filled;
/// 3. a rounded rectangle without an offscreen pass (003 L15.1): a blue shape layer at (50, 50),
///    100 points square, its path a rounded rectangle of radius 20;
/// 4. a layer delegate stroking a curve (000 L2-4): from (15, 15) to (295, 15) through controls
///    (15, 250) and (295, 250), 5 points wide, black.
final class ShapesScene: DemoScene {
    enum Variant: String, NumberedVariant {
        case stickFigure = "stick-figure", roundedCorners = "rounded-corners", roundedRect = "rounded-rect",
             curve = "curve"
    }

    static let side: CGFloat = 300

    let rootLayer: CALayer
    /// The container every variant draws in (its coordinates are the listings').
    let container = CALayer()
    private(set) var variant: Variant
    private let curveDrawer = CurveDrawer()

    init(root: CALayer, variant: Variant) {
        rootLayer = root
        self.variant = variant
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(x: 0, y: 0, width: Self.side, height: Self.side)
        container.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        root.addSublayer(container)
        show(variant)
    }

    /// Centres the container in a root of `size` points (at the origin when it is the container's size).
    func layout(for size: CGSize) {
        centre(container, in: size)
    }

    /// Replaces the container's layers with `variant`'s.
    func show(_ variant: Variant) {
        self.variant = variant
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.sublayers = nil
        switch variant {
        case .stickFigure: container.addSublayer(Self.stickFigure())
        case .roundedCorners: container.addSublayer(Self.roundedCorners())
        case .roundedRect: container.addSublayer(Self.roundedRect())
        case .curve: container.addSublayer(curveLayer())
        }
        CATransaction.commit()
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}

    // MARK: The listings

    static func stickFigure() -> CAShapeLayer {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 175, y: 100))
        path.addArc(center: CGPoint(x: 150, y: 100), radius: 25, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        path.move(to: CGPoint(x: 150, y: 125))
        path.addLine(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 125, y: 225))
        path.move(to: CGPoint(x: 150, y: 175))
        path.addLine(to: CGPoint(x: 175, y: 225))
        path.move(to: CGPoint(x: 100, y: 150))
        path.addLine(to: CGPoint(x: 200, y: 150))
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: side, height: side)
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        shape.lineWidth = 5
        shape.lineJoin = .round
        shape.lineCap = .round
        shape.path = path
        return shape
    }

    static func roundedCorners() -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: side, height: side)
        shape.fillColor = CGColor(red: 0.2, green: 0.5, blue: 0.3, alpha: 1)
        shape.path = roundedRectPath(CGRect(x: 50, y: 50, width: 100, height: 100), radius: 20,
                                     topLeft: false, topRight: true, bottomRight: true, bottomLeft: true)
        return shape
    }

    static func roundedRect() -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        shape.fillColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        shape.path = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerWidth: 20, cornerHeight: 20,
                            transform: nil)
        return shape
    }

    private func curveLayer() -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 310, height: 260)
        layer.delegate = curveDrawer
        layer.setNeedsDisplay()
        return layer
    }

    /// A rectangle with radius-`radius` corners where asked (y down: "top" is `minY`).
    static func roundedRectPath(_ r: CGRect, radius: CGFloat, topLeft: Bool, topRight: Bool, bottomRight: Bool,
                                bottomLeft: Bool) -> CGPath {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: r.minX + (topLeft ? radius : 0), y: r.minY))
        func corner(_ rounded: Bool, _ c: CGPoint, _ next: CGPoint) {
            if rounded { path.addArc(tangent1End: c, tangent2End: next, radius: radius) } else { path.addLine(to: c) }
        }
        corner(topRight, CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY))
        corner(bottomRight, CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY))
        corner(bottomLeft, CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.minX, y: r.minY))
        corner(topLeft, CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY))
        path.closeSubpath()
        return path
    }
}

/// 000 L2-4's delegate: strokes the U-shaped curve in the layer's context.
final class CurveDrawer: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 15, y: 15))
        path.addCurve(to: CGPoint(x: 295, y: 15), control1: CGPoint(x: 15, y: 250), control2: CGPoint(x: 295, y: 250))
        ctx.addPath(path)
        ctx.setLineWidth(5)
        ctx.strokePath()
    }
}
