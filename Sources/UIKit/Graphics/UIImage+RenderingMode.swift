import CoreGraphics
import Foundation

// Template images: a view draws an `.alwaysTemplate` image as its `tintColor` wherever the image
// has alpha (its colours are ignored), as UIKit does for icons.

extension UIImage {
    /// How views draw the image (Apple's raw values).
    public enum RenderingMode: Int, Sendable {
        /// The view decides: `UIImageView` draws the image as it is, a `.system` `UIButton` as a template.
        case automatic = 0
        /// Always as it is, colours and all.
        case alwaysOriginal = 1
        /// Always as a template: the view's tint colour through the image's alpha.
        case alwaysTemplate = 2
    }

    /// The same image (bitmap, scale, caps, frames) drawn with `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let image = cgImage.map { UIImage(cgImage: $0, scale: scale, orientation: imageOrientation) } ?? UIImage()
        image.capInsets = capInsets
        image.resizingMode = resizingMode
        image.images = images
        image.duration = duration
        image.renderingMode = renderingMode
        return image
    }

    /// The bitmap as a template: `color` wherever the image has alpha, with that alpha (the same
    /// pixel size; nil without a bitmap).
    func templateBitmap(tintedWith color: UIColor) -> CGImage? {
        guard let cgImage else { return nil }
        let width = cgImage.width, height = cgImage.height
        guard width > 0, height > 0,
              let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                      | CGBitmapInfo.byteOrder32Little.rawValue) else { return nil }
        let rect = CGRect(x: 0, y: 0, width: width, height: height)
        ctx.draw(cgImage, in: rect)
        // Keep the image's alpha, replace its colour.
        ctx.setBlendMode(.sourceIn)
        ctx.setFillColor(color.cgColor)
        ctx.fill(rect)
        return ctx.makeImage()
    }
}
