import CoreGraphics
import Foundation

/// How a `UIGraphicsImageRenderer` makes its bitmap.
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    /// Pixels per point (the main screen's scale by default, or 1 off the main thread).
    open var scale: CGFloat
    /// Whether the bitmap has no alpha (drawing starts on black instead of transparent).
    open var opaque = false

    public override init() {
        scale = UIImage.screenScale
        super.init()
    }

    /// The default format (main screen scale, not opaque).
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// What a `UIGraphicsImageRenderer`'s drawing closure draws with.
open class UIGraphicsImageRendererContext: NSObject {
    /// The bitmap context: y down, in points (the scale is in its transform).
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// The image of what was drawn so far.
    open var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage()!, scale: format.scale, orientation: .up)
    }

    /// Fills `rect` with the context's fill color.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Strokes `rect`'s outline with the context's stroke color.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
}

/// Draws images with a closure (iOS 10's API): `renderer.image { context in … }` runs the closure with a
/// fresh bitmap context of `size` points at `format.scale`, y down with its origin at the top left, also
/// made the current UIKit context (`UIGraphicsGetCurrentContext()`, on the calling thread), and returns the
/// result as a `UIImage` of that scale.
open class UIGraphicsImageRenderer: NSObject, @unchecked Sendable {
    public let format: UIGraphicsImageRendererFormat
    public let bounds: CGRect

    public convenience init(size: CGSize) {
        self.init(size: size, format: UIGraphicsImageRendererFormat())
    }

    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: UIGraphicsImageRendererFormat())
    }

    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        super.init()
    }

    /// Runs `actions` on a fresh context and returns what it drew. An empty size gives a 1×1 image.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let scale = format.scale > 0 ? format.scale : 1
        let context = makeImageBitmapContext(size: bounds.size, scale: scale, opaque: format.opaque)!
        // Points, y down, the bounds' origin at the top left.
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        UIGraphicsPushContext(context)
        actions(rendererContext)
        UIGraphicsPopContext()
        return rendererContext.currentImage
    }

    /// The drawing encoded as PNG.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// The drawing encoded as JPEG.
    open func jpegData(withCompressionQuality quality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: quality) ?? Data()
    }
}
