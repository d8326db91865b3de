import CoreGraphics
import Foundation

// Drawing a CAShapeLayer: its path filled, then stroked, in the layer's bounds space, between its
// contents and its sublayers; the path is not clipped to the bounds (only `masksToBounds` clips).
extension LayerTreeRenderer {
    /// The shape of `layer` (a `CAShapeLayer` node): what its evaluated values say.
    func drawShape(of layer: RenderLayer, in ctx: CGContext) {
        let shape = ShapeStyle(layer.extraValues)
        guard let path = shape.path, !path.isEmpty else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if let fill = shape.fillColor, fill.alpha > 0 {
            ctx.addPath(path)
            ctx.setFillColor(fill)
            ctx.fillPath(using: shape.fillRule == .evenOdd ? .evenOdd : .winding)
        }
        guard let stroke = shape.strokeColor, stroke.alpha > 0, shape.lineWidth > 0, shape.lineWidth.isFinite else { return }
        let start = min(max(shape.strokeStart.isFinite ? shape.strokeStart : 0, 0), 1)
        let end = min(max(shape.strokeEnd.isFinite ? shape.strokeEnd : 1, 0), 1)
        guard end > start else { return }
        let stroked = start <= 0 && end >= 1 ? path : ShapeGeometry.trimmed(path, from: start, to: end)
        ctx.addPath(stroked)
        ctx.setStrokeColor(stroke)
        ctx.setLineWidth(shape.lineWidth)
        ctx.setLineCap(shape.lineCap == .round ? .round : shape.lineCap == .square ? .square : .butt)
        ctx.setLineJoin(shape.lineJoin == .round ? .round : shape.lineJoin == .bevel ? .bevel : .miter)
        ctx.setMiterLimit(shape.miterLimit)
        let dashes = (shape.lineDashPattern ?? []).map { CGFloat($0.doubleValue) }
        if !dashes.isEmpty, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }), dashes.contains(where: { $0 > 0 }) {
            ctx.setLineDash(phase: shape.lineDashPhase.isFinite ? shape.lineDashPhase : 0, lengths: dashes)
        }
        ctx.strokePath()
    }
}

/// A shape layer's drawing values, read from its evaluated values by Apple's key names (absent keys
/// take `CAShapeLayer`'s defaults).
struct ShapeStyle {
    var path: CGPath?
    var fillColor: CGColor?
    var fillRule: CAShapeLayerFillRule
    var strokeColor: CGColor?
    var strokeStart: CGFloat
    var strokeEnd: CGFloat
    var lineWidth: CGFloat
    var miterLimit: CGFloat
    var lineCap: CAShapeLayerLineCap
    var lineJoin: CAShapeLayerLineJoin
    var lineDashPhase: CGFloat
    var lineDashPattern: [NSNumber]?

    init(_ values: [String: Any]) {
        path = ShapeKey.path.value(in: values)
        fillColor = ShapeKey.fillColor.value(in: values)
        fillRule = ShapeKey.fillRule.value(in: values)
        strokeColor = ShapeKey.strokeColor.value(in: values)
        strokeStart = ShapeKey.strokeStart.value(in: values)
        strokeEnd = ShapeKey.strokeEnd.value(in: values)
        lineWidth = ShapeKey.lineWidth.value(in: values)
        miterLimit = ShapeKey.miterLimit.value(in: values)
        lineCap = ShapeKey.lineCap.value(in: values)
        lineJoin = ShapeKey.lineJoin.value(in: values)
        lineDashPhase = ShapeKey.lineDashPhase.value(in: values)
        lineDashPattern = ShapeKey.lineDashPattern.value(in: values)
    }

    /// The part of the layer's bounds space the shape may paint: its path's control points' box
    /// widened by the stroke's reach (nil without a path).
    var extent: CGRect? {
        guard let path, !path.isEmpty else { return nil }
        let reach = strokeReach
        let box = path.boundingBox.insetBy(dx: -reach, dy: -reach)
        return box.isNull || !box.width.isFinite || !box.height.isFinite ? nil : box
    }

    /// How far the stroke may reach beyond the path's points (a miter's tip at most).
    var strokeReach: CGFloat {
        guard strokeColor != nil, lineWidth > 0, lineWidth.isFinite else { return 0 }
        let miter = lineJoin == .miter && miterLimit.isFinite ? max(miterLimit, 1) : 1
        return lineWidth / 2 * max(miter, lineCap == .square ? 1.5 : 1)
    }
}
