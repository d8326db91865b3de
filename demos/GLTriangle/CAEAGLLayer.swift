import CoreGraphics
import Foundation
import QuartzCore

/// `drawableProperties` keys and colour formats of iOS's EAGL.
let kEAGLDrawablePropertyRetainedBacking = "kEAGLDrawablePropertyRetainedBacking"
let kEAGLDrawablePropertyColorFormat = "kEAGLDrawablePropertyColorFormat"
let kEAGLColorFormatRGBA8 = "EAGLColorFormatRGBA8"
let kEAGLColorFormatRGB565 = "EAGLColorFormat565"

/// iOS's `CAEAGLLayer`, the layer an `EAGLContext` draws into: what the context presents becomes
/// its contents. Opaque by default, as on iOS, where the parts GL leaves transparent show black:
/// here its background is black so that they do (and so it is while nothing is presented, e.g.
/// when no GL context can be had).
final class CAEAGLLayer: CALayer {
    /// The drawable's properties (retained backing, colour format). The renderbuffer is RGBA8
    /// whatever the colour format asks; retained backing changes nothing, since presenting copies.
    var drawableProperties: [String: Any]?

    override init() { super.init() }

    override init(layer: Any) {
        if let other = layer as? CAEAGLLayer { drawableProperties = other.drawableProperties }
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "opaque": return true
        case "backgroundColor": return CGColor(gray: 0, alpha: 1)
        default: return super.defaultValue(forKey: key)
        }
    }

    /// The renderbuffer's size in pixels: the bounds times `contentsScale`.
    var drawablePixelSize: (width: Int, height: Int) {
        (Int((bounds.width * contentsScale).rounded()), Int((bounds.height * contentsScale).rounded()))
    }

    /// Shows a presented frame at once (no implicit fade: each frame replaces the last).
    func present(_ frame: CGImage) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contents = frame
        CATransaction.commit()
    }
}
