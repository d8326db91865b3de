import CoreGraphics
import Foundation

/// A color (sRGB with alpha), backed by a `CGColor`.
open class UIColor: NSObject, _ExpressibleByColorLiteral, @unchecked Sendable {
    /// The Core Graphics color.
    public let cgColor: CGColor

    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        super.init()
    }

    /// A color from sRGB components, in the extended sRGB space as Apple's UIKit makes it: components
    /// outside 0...1 are kept (`getRed` returns them; drawing clamps them), alpha is clamped to 0...1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(extendedSRGBRed: red, green: green, blue: blue, alpha: alpha))
    }

    /// `#colorLiteral(red:green:blue:alpha:)`, as Apple's UIKit conforms (`required` because the
    /// class is open; a protocol's initializer cannot be declared in an extension of it).
    public required convenience init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    /// A gray in the extended gray space (a white outside 0...1 is kept, as Apple's).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(extendedGray: white, alpha: alpha))
    }

    /// A color from hue, saturation and brightness in 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let i = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A colour that paints `image` repeated at its size in points, from the origin of the space it
    /// paints in (a view's top-left corner for `backgroundColor`). It paints wherever a colour fills
    /// or strokes through a `CGContext`: `setFill()`/`setStroke()`, `UIBezierPath`, `UIRectFill`, a
    /// layer's background and border, a shape layer's fill and stroke. Animations do not interpolate it
    /// (colour arithmetic needs components); text colours, shadows and gradient stops read it as black.
    /// An image without pixels gives a clear colour.
    public convenience init(patternImage image: UIImage) {
        let color = image.cgImage.flatMap { CGColor(patternImage: $0, tileSize: image.size) }
        self.init(cgColor: color ?? CGColor(gray: 0, alpha: 0))
    }

    /// The same color with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    /// The sRGB components; false when the color has none (a pattern colour).
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard cgColor.patternImage == nil else { return false }
        let c = cgColor.components ?? [0, 0]
        let rgb = c.count >= 4 ? Array(c[0..<3]) : [c[0], c[0], c[0]]
        red?.pointee = rgb[0]; green?.pointee = rgb[1]; blue?.pointee = rgb[2]
        alpha?.pointee = cgColor.alpha
        return true
    }

    /// Makes this the fill and the stroke colour of the current UIKit context (nothing without one).
    open func set() {
        setFill()
        setStroke()
    }

    /// Makes this the colour `UIBezierPath.fill()`, `UIRectFill` and `CGContext.fillPath()` paint with.
    open func setFill() {
        UIGraphicsGetCurrentContext()?.setFillColor(cgColor)
    }

    /// Makes this the colour `UIBezierPath.stroke()` and `CGContext.strokePath()` paint with.
    open func setStroke() {
        UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? UIColor)?.cgColor == cgColor
    }

    open override var hash: Int { cgColor.components?.map { Int($0 * 255) }.reduce(0) { $0 &* 31 &+ $1 } ?? 0 }

    open override var description: String {
        let c = cgColor.components ?? []
        return "UIColor(\(c.map { String(format: "%.3f", Double($0)) }.joined(separator: ", ")))"
    }

    // The named colors are pure sRGB primaries, as UIKit's.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
}
