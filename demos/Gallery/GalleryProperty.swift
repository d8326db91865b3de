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

    static func slider(_ title: String, _ range: ClosedRange<Float>, read: @escaping (CALayer) -> Float,
                       write: @escaping (CALayer, Float) -> Void) -> GalleryProperty {
        GalleryProperty(title: title, control: .slider(range), read: read, write: { layer, value, _ in write(layer, value) })
    }

    static func toggle(_ title: String, read: @escaping (CALayer) -> Bool, write: @escaping (CALayer, Bool) -> Void) -> GalleryProperty {
        GalleryProperty(title: title, control: .toggle, read: { read($0) ? 1 : 0 }, write: { layer, value, _ in write(layer, value != 0) })
    }

    static func color(_ title: String, read: @escaping (CALayer) -> CGColor?, write: @escaping (CALayer, CGColor) -> Void) -> GalleryProperty {
        GalleryProperty(title: title, control: .color, read: { _ in 0 }, write: { layer, _, color in write(layer, color) },
                        readColor: read)
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
                slider("birthRate", 0...3, read: { ($0 as! CAEmitterLayer).birthRate }, write: { ($0 as! CAEmitterLayer).birthRate = $1 }),
                slider("lifetime", 0...3, read: { ($0 as! CAEmitterLayer).lifetime }, write: { ($0 as! CAEmitterLayer).lifetime = $1 }),
                slider("velocity", 0...3, read: { ($0 as! CAEmitterLayer).velocity }, write: { ($0 as! CAEmitterLayer).velocity = $1 }),
                slider("scale", 0...3, read: { ($0 as! CAEmitterLayer).scale }, write: { ($0 as! CAEmitterLayer).scale = $1 }),
            ])
        case is CAReplicatorLayer:
            return ("CAReplicatorLayer", [
                slider("instanceCount", 1...20, read: { Float(($0 as! CAReplicatorLayer).instanceCount) },
                       write: { ($0 as! CAReplicatorLayer).instanceCount = Int($1.rounded()) }),
                slider("instanceDelay", 0...0.5, read: { Float(($0 as! CAReplicatorLayer).instanceDelay) },
                       write: { ($0 as! CAReplicatorLayer).instanceDelay = CFTimeInterval($1) }),
                slider("instanceAlphaOffset", -0.2...0, read: { ($0 as! CAReplicatorLayer).instanceAlphaOffset },
                       write: { ($0 as! CAReplicatorLayer).instanceAlphaOffset = $1 }),
            ])
        case is CAShapeLayer:
            return ("CAShapeLayer", [
                slider("lineWidth", 0...20, read: { Float(($0 as! CAShapeLayer).lineWidth) }, write: { ($0 as! CAShapeLayer).lineWidth = CGFloat($1) }),
                slider("strokeStart", 0...1, read: { Float(($0 as! CAShapeLayer).strokeStart) }, write: { ($0 as! CAShapeLayer).strokeStart = CGFloat($1) }),
                slider("strokeEnd", 0...1, read: { Float(($0 as! CAShapeLayer).strokeEnd) }, write: { ($0 as! CAShapeLayer).strokeEnd = CGFloat($1) }),
                color("strokeColor", read: { ($0 as! CAShapeLayer).strokeColor }, write: { ($0 as! CAShapeLayer).strokeColor = $1 }),
                color("fillColor", read: { ($0 as! CAShapeLayer).fillColor }, write: { ($0 as! CAShapeLayer).fillColor = $1 }),
            ])
        case is CAGradientLayer:
            return ("CAGradientLayer", [
                slider("startPoint.x", 0...1, read: { Float(($0 as! CAGradientLayer).startPoint.x) },
                       write: { ($0 as! CAGradientLayer).startPoint.x = CGFloat($1) }),
                slider("startPoint.y", 0...1, read: { Float(($0 as! CAGradientLayer).startPoint.y) },
                       write: { ($0 as! CAGradientLayer).startPoint.y = CGFloat($1) }),
                slider("endPoint.x", 0...1, read: { Float(($0 as! CAGradientLayer).endPoint.x) },
                       write: { ($0 as! CAGradientLayer).endPoint.x = CGFloat($1) }),
                slider("endPoint.y", 0...1, read: { Float(($0 as! CAGradientLayer).endPoint.y) },
                       write: { ($0 as! CAGradientLayer).endPoint.y = CGFloat($1) }),
            ])
        case is CATextLayer:
            return ("CATextLayer", [
                slider("fontSize", 6...48, read: { Float(($0 as! CATextLayer).fontSize) }, write: { ($0 as! CATextLayer).fontSize = CGFloat($1) }),
                toggle("isWrapped", read: { ($0 as! CATextLayer).isWrapped }, write: { ($0 as! CATextLayer).isWrapped = $1 }),
                color("foregroundColor", read: { ($0 as! CATextLayer).foregroundColor }, write: { ($0 as! CATextLayer).foregroundColor = $1 }),
            ])
        case is CAScrollLayer:
            return ("CAScrollLayer", [
                slider("bounds.origin.x", -200...400, read: { Float($0.bounds.origin.x) }, write: { $0.bounds.origin.x = CGFloat($1) }),
                slider("bounds.origin.y", -200...400, read: { Float($0.bounds.origin.y) }, write: { $0.bounds.origin.y = CGFloat($1) }),
            ])
        case is CATransformLayer:
            return ("CATransformLayer", [
                slider("rotation.y", -3.2...3.2, read: { Float(atan2($0.transform.m13, $0.transform.m11)) },
                       write: { $0.transform = CATransform3DMakeRotation(CGFloat($1), 0, 1, 0) }),
            ])
        default:
            return nil
        }
    }

    /// What every layer has.
    static let common: [GalleryProperty] = [
        slider("opacity", 0...1, read: { $0.opacity }, write: { $0.opacity = $1 }),
        slider("cornerRadius", 0...60, read: { Float($0.cornerRadius) }, write: { $0.cornerRadius = CGFloat($1) }),
        slider("borderWidth", 0...12, read: { Float($0.borderWidth) }, write: { $0.borderWidth = CGFloat($1) }),
        color("backgroundColor", read: { $0.backgroundColor }, write: { $0.backgroundColor = $1 }),
        toggle("masksToBounds", read: { $0.masksToBounds }, write: { $0.masksToBounds = $1 }),
    ]
}
