import CoreGraphics
import Foundation

// Resizable images: cap insets mark the edges that keep their size when the image is drawn larger
// (a button's rounded ends); the middle row and column stretch or tile. UIImageView shows stretched
// ones through the layer's contentsCenter, tiled ones (which Core Animation cannot do) through
// `draw(in:)` into a bitmap of its size.

extension UIImage {
    /// How a resizable image fills the space between its caps (Apple's raw values).
    public enum ResizingMode: Int, Sendable {
        /// The middle is repeated at its own size.
        case tile = 0
        /// The middle is scaled.
        case stretch = 1
    }

    /// The same bitmap with `capInsets` (in points), tiling its middle, as UIKit's default.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// The same bitmap with `capInsets` (in points) and `resizingMode`. Negative insets count as zero.
    public func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        guard let cgImage else { return self }
        let image = UIImage(cgImage: cgImage, scale: scale, orientation: imageOrientation)
        image.capInsets = UIEdgeInsets(top: max(capInsets.top, 0), left: max(capInsets.left, 0),
                                       bottom: max(capInsets.bottom, 0), right: max(capInsets.right, 0))
        image.resizingMode = resizingMode
        image.renderingMode = renderingMode
        return image
    }

    /// The part between the caps as a unit rectangle of the bitmap (y down), the layer's
    /// `contentsCenter` for this image; the whole image when it has no caps.
    var contentsCenter: CGRect {
        guard capInsets != .zero, size.width > 0, size.height > 0 else { return CGRect(x: 0, y: 0, width: 1, height: 1) }
        let left = min(capInsets.left / size.width, 1), right = min(capInsets.right / size.width, 1)
        let top = min(capInsets.top / size.height, 1), bottom = min(capInsets.bottom / size.height, 1)
        return CGRect(x: left, y: top, width: max(1 - left - right, 0), height: max(1 - top - bottom, 0))
    }

    /// Draws the nine pieces into `rect` of the y-down `context`: corners at their size (shrunk in
    /// proportion when the caps do not fit), edges and middle stretched or tiled along the free axis.
    func drawResizable(_ cgImage: CGImage, in rect: CGRect, context: CGContext) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0 else { return }
        // Cuts in pixels of the bitmap and in points of the destination, per axis.
        func cuts(_ pixels: Int, _ low: CGFloat, _ high: CGFloat, _ origin: CGFloat, _ length: CGFloat)
            -> (source: [Int], target: [CGFloat]) {
            let a = min(Int((low * scale).rounded()), pixels), b = max(a, pixels - min(Int((high * scale).rounded()), pixels))
            var before = CGFloat(a) / scale, after = CGFloat(pixels - b) / scale
            if before + after > length {
                let k = length / (before + after)
                before *= k
                after *= k
            }
            return ([0, a, b, pixels], [origin, origin + before, origin + length - after, origin + length])
        }
        let xs = cuts(cgImage.width, capInsets.left, capInsets.right, r.minX, r.width)
        let ys = cuts(cgImage.height, capInsets.top, capInsets.bottom, r.minY, r.height)
        for row in 0..<3 {
            for column in 0..<3 {
                let target = CGRect(x: xs.target[column], y: ys.target[row], width: xs.target[column + 1] - xs.target[column],
                                    height: ys.target[row + 1] - ys.target[row])
                guard target.width > 0, target.height > 0 else { continue }
                var px = CGRect(x: xs.source[column], y: ys.source[row], width: xs.source[column + 1] - xs.source[column],
                                height: ys.source[row + 1] - ys.source[row])
                // An empty middle repeats the pixel line at the cut.
                if px.width == 0 { px = CGRect(x: min(px.minX, CGFloat(cgImage.width - 1)), y: px.minY, width: 1, height: px.height) }
                if px.height == 0 { px = CGRect(x: px.minX, y: min(px.minY, CGFloat(cgImage.height - 1)), width: px.width, height: 1) }
                guard let piece = cgImage.cropping(to: px) else { continue }
                // Tiles are the piece's own size in points along the axes it is free on.
                let tiles = resizingMode == .tile && (row == 1 || column == 1)
                let tileSize = CGSize(width: column == 1 ? px.width / scale : target.width,
                                      height: row == 1 ? px.height / scale : target.height)
                context.saveGState()
                context.clip(to: target)
                // CGContext.draw puts an image's top row at the rectangle's maximum y: flip around the target.
                context.translateBy(x: 0, y: target.minY + target.maxY)
                context.scaleBy(x: 1, y: -1)
                if tiles {
                    // The first tile's top-left corner at the target's top-left corner (its maxY here).
                    let tile = CGRect(x: target.minX, y: target.maxY - tileSize.height, width: tileSize.width, height: tileSize.height)
                    context.draw(piece, in: tile, byTiling: true)
                } else {
                    context.draw(piece, in: target)
                }
                context.restoreGState()
            }
        }
    }
}
