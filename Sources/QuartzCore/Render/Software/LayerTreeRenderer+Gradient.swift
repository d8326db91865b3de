import CoreGraphics
import Foundation

// Drawing a CAGradientLayer: its gradient over its background, in its rounded outline.

/// What a `CAGradientLayer` node paints, from its evaluated values: the gradient and where it runs in
/// the layer's bounds space.
struct GradientStyle {
    let gradient: CGGradient
    let type: CAGradientLayerType
    /// `startPoint` and `endPoint` in bounds space.
    let start: CGPoint
    let end: CGPoint

    /// Nil when the layer paints no gradient (no colours, empty bounds).
    init?(of layer: RenderLayer) {
        let values = layer.extraValues
        guard let colors = GradientKey.colors.value(in: values)?.compactMap({ $0 as? CGColor }),
              !colors.isEmpty, let (type, start, end) = Self.geometry(of: layer) else { return nil }
        var locations = GradientKey.locations.value(in: values)?.map { CGFloat($0.doubleValue) }
        if locations?.count != colors.count { locations = nil }   // Apple ignores mismatched locations
        guard let gradient = CGGradient(colorsSpace: nil, colors: colors, locations: locations) else { return nil }
        self.gradient = gradient
        self.type = type
        self.start = start
        self.end = end
    }

    /// The gradient's type and ends in bounds space (without reading its colours); nil for empty bounds.
    static func geometry(of layer: RenderLayer) -> (type: CAGradientLayerType, start: CGPoint, end: CGPoint)? {
        let values = layer.extraValues
        let b = layer.bounds
        guard b.width > 0, b.height > 0 else { return nil }
        let unitStart = GradientKey.startPoint.value(in: values)
        let unitEnd = GradientKey.endPoint.value(in: values)
        return (GradientKey.type.value(in: values),
                CGPoint(x: b.minX + unitStart.x * b.width, y: b.minY + unitStart.y * b.height),
                CGPoint(x: b.minX + unitEnd.x * b.width, y: b.minY + unitEnd.y * b.height))
    }
}

extension LayerTreeRenderer {
    /// The gradient of `layer` (a `CAGradientLayer` node), from its evaluated values.
    func drawGradient(of layer: RenderLayer, in ctx: CGContext) {
        guard let style = GradientStyle(of: layer) else { return }
        let (gradient, start, end, b) = (style.gradient, style.start, style.end, layer.bounds)
        ctx.saveGState()
        defer { ctx.restoreGState() }
        addOutline(of: layer, to: ctx)
        ctx.clip()
        let both: CGGradientDrawingOptions = [.drawsBeforeStartLocation, .drawsAfterEndLocation]
        switch style.type {
        case .radial:
            // The ellipse centred on the start whose radii reach the end along x and along y.
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            guard rx > 0 || ry > 0 else { return }
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: max(rx, 1e-6), y: max(ry, 1e-6))
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                   options: both)
        case .conic:
            let reach = hypot(b.width, b.height) * 2
            ctx.drawConicGradient(gradient, center: start, angle: atan2(end.y - start.y, end.x - start.x), radius: reach)
        default:
            ctx.drawLinearGradient(gradient, start: start, end: end, options: both)
        }
    }
}
