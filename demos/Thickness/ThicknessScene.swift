import Foundation
import QuartzCore

/// A layer subclass with a custom animatable property, as an app defines one (seed-examples 001 E32):
/// `thickness` is stored by key (Apple's `@NSManaged`/`@dynamic` property), the class asks for display
/// when it changes, and `draw(in:)` fills a red square inset 20 points from the bounds and strokes
/// its edge black at the current thickness. Animating `thickness` redraws every frame from the
/// interpolated value, on the render side.
final class ThicknessLayer: CALayer {
    var thickness: CGFloat {
        get { value(forKey: "thickness") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "thickness") }
    }

    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func defaultValue(forKey key: String) -> Any? {
        key == "thickness" ? CGFloat(0) : super.defaultValue(forKey: key)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "thickness" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let square = bounds.insetBy(dx: 20, dy: 20)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(square)
        guard thickness > 0 else { return }
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        ctx.setLineWidth(thickness)
        ctx.stroke(square)
    }
}

/// The listing's scene: one `ThicknessLayer` of 200×200 points centred on white; `animate()` runs the
/// listing's animation, `thickness` to 10 and back (0.25 s each way).
final class ThicknessScene: DemoScene {
    static let layerSide: CGFloat = 200
    static let peak: CGFloat = 10
    static let halfDuration: CFTimeInterval = 0.25

    let rootLayer: CALayer
    let layer = ThicknessLayer()

    init(root: CALayer, contentsScale: CGFloat) {
        rootLayer = root
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        layer.contentsScale = contentsScale
        layer.bounds = CGRect(x: 0, y: 0, width: Self.layerSide, height: Self.layerSide)
        layer.setNeedsDisplay()
        root.addSublayer(layer)
    }

    /// Centres the layer in a root of `size` points.
    func layout(for size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        CATransaction.commit()
    }

    /// The listing's animation: `thickness` from its value to 10, reversing back.
    func animate() {
        let animation = CABasicAnimation(keyPath: "thickness")
        animation.toValue = Self.peak
        animation.duration = Self.halfDuration
        animation.autoreverses = true
        layer.add(animation, forKey: "thickness")
    }

    func timerFireTimes(upTo seconds: CFTimeInterval) -> [CFTimeInterval] { [] }
    func fireTimers() {}
}
