import QuartzCore
import UIKit

/// One control of the gallery's property panel: a property of the live layer of a layer-class
/// demo, changed in a transaction so that it animates implicitly (as Apple's Layer Player does).
struct GalleryProperty {
    enum Control {
        case slider(ClosedRange<Float>)
        case toggle
        case color
    }

    let title: String
    let control: Control
    /// The value now (a slider's value; a toggle's 0 or 1; unused for colours).
    let read: (CALayer) -> Float
    /// Sets the value (colours: the palette's colour).
    let write: (CALayer, Float, CGColor) -> Void
    /// A colour property's colour now (nil: none, or not a colour).
    var readColor: (CALayer) -> CGColor? = { _ in nil }

    /// A slider over a Float, CGFloat or Double property of layers of class `L` (the panel only
    /// shows a class's properties for a layer of that class).
    static func slider<L: CALayer, V: BinaryFloatingPoint>(_ title: String, _ range: ClosedRange<Float>,
                                                          _ keyPath: ReferenceWritableKeyPath<L, V>) -> GalleryProperty {
        GalleryProperty(title: title, control: .slider(range),
                        read: { ($0 as? L).map { Float($0[keyPath: keyPath]) } ?? 0 },
                        write: { layer, value, _ in (layer as? L)?[keyPath: keyPath] = V(value) })
    }

    /// A slider over an Int property (rounded).
    static func slider<L: CALayer>(_ title: String, _ range: ClosedRange<Float>, _ keyPath: ReferenceWritableKeyPath<L, Int>) -> GalleryProperty {
        GalleryProperty(title: title, control: .slider(range),
                        read: { ($0 as? L).map { Float($0[keyPath: keyPath]) } ?? 0 },
                        write: { layer, value, _ in (layer as? L)?[keyPath: keyPath] = Int(value.rounded()) })
    }

    static func toggle<L: CALayer>(_ title: String, _ keyPath: ReferenceWritableKeyPath<L, Bool>) -> GalleryProperty {
        GalleryProperty(title: title, control: .toggle,
                        read: { ($0 as? L)?[keyPath: keyPath] == true ? 1 : 0 },
                        write: { layer, value, _ in (layer as? L)?[keyPath: keyPath] = value != 0 })
    }

    static func color<L: CALayer>(_ title: String, _ keyPath: ReferenceWritableKeyPath<L, CGColor?>) -> GalleryProperty {
        GalleryProperty(title: title, control: .color, read: { _ in 0 },
                        write: { layer, _, color in (layer as? L)?[keyPath: keyPath] = color },
                        readColor: { ($0 as? L)?[keyPath: keyPath] ?? nil })
    }

    /// The first layer of a specialized class in `root`'s tree (breadth first) and its properties,
    /// then those every layer has; nil when the tree has none of those classes.
    static func panel(for root: CALayer) -> (layer: CALayer, className: String, properties: [GalleryProperty])? {
        var queue = [root]
        var index = 0
        while index < queue.count {
            let layer = queue[index]
            index += 1
            // A view's own layer (a label's text) is the view's business, not the demo's subject.
            if !(layer.delegate is UIView), let own = specific(layer) { return (layer, own.className, own.properties + common) }
            queue += layer.sublayers ?? []
        }
        return nil
    }

    private static func specific(_ layer: CALayer) -> (className: String, properties: [GalleryProperty])? {
        switch layer {
        case is CAEmitterLayer:
            return ("CAEmitterLayer", [
                slider("birthRate", 0...3, \CAEmitterLayer.birthRate),
                slider("lifetime", 0...3, \CAEmitterLayer.lifetime),
                slider("velocity", 0...3, \CAEmitterLayer.velocity),
                slider("scale", 0...3, \CAEmitterLayer.scale),
            ])
        case is CAReplicatorLayer:
            return ("CAReplicatorLayer", [
                slider("instanceCount", 1...20, \CAReplicatorLayer.instanceCount),
                slider("instanceDelay", 0...0.5, \CAReplicatorLayer.instanceDelay),
                slider("instanceAlphaOffset", -0.2...0, \CAReplicatorLayer.instanceAlphaOffset),
            ])
        case is CAShapeLayer:
            return ("CAShapeLayer", [
                slider("lineWidth", 0...20, \CAShapeLayer.lineWidth),
                slider("strokeStart", 0...1, \CAShapeLayer.strokeStart),
                slider("strokeEnd", 0...1, \CAShapeLayer.strokeEnd),
                color("strokeColor", \CAShapeLayer.strokeColor),
                color("fillColor", \CAShapeLayer.fillColor),
            ])
        case is CAGradientLayer:
            return ("CAGradientLayer", [
                slider("startPoint.x", 0...1, \CAGradientLayer.startPoint.x),
                slider("startPoint.y", 0...1, \CAGradientLayer.startPoint.y),
                slider("endPoint.x", 0...1, \CAGradientLayer.endPoint.x),
                slider("endPoint.y", 0...1, \CAGradientLayer.endPoint.y),
            ])
        case is CATextLayer:
            return ("CATextLayer", [
                slider("fontSize", 6...48, \CATextLayer.fontSize),
                toggle("isWrapped", \CATextLayer.isWrapped),
                color("foregroundColor", \CATextLayer.foregroundColor),
            ])
        case is CAScrollLayer:
            return ("CAScrollLayer", [
                slider("bounds.origin.x", -200...400, \CAScrollLayer.bounds.origin.x),
                slider("bounds.origin.y", -200...400, \CAScrollLayer.bounds.origin.y),
            ])
        case is CATransformLayer:
            return ("CATransformLayer", [
                GalleryProperty(title: "rotation.y", control: .slider(-3.2...3.2),
                                read: { Float(atan2($0.transform.m13, $0.transform.m11)) },
                                write: { layer, value, _ in layer.transform = CATransform3DMakeRotation(CGFloat(value), 0, 1, 0) }),
            ])
        default:
            return nil
        }
    }

    /// What every layer has.
    static let common: [GalleryProperty] = [
        slider("opacity", 0...1, \CALayer.opacity),
        slider("cornerRadius", 0...60, \CALayer.cornerRadius),
        slider("borderWidth", 0...12, \CALayer.borderWidth),
        color("backgroundColor", \CALayer.backgroundColor),
        toggle("masksToBounds", \CALayer.masksToBounds),
    ]
}
