import Foundation

/// The in-between images of an animated `contents`: a cross-fade (a dissolve) from one image to another.
enum ImageCrossFade {
    /// `from` weighted by 1 − f plus `to` weighted by f, in premultiplied color, in a new bitmap of `to`'s
    /// pixel size with `from` scaled to fill it. At or before f = 0 it is `from` itself, at or after f = 1
    /// `to` itself, unchanged: the renderer caches by image identity, so the ends must not make new images.
    /// Nil when the bitmap cannot be made.
    static func image(from: CGImage, to: CGImage, _ f: Double) -> CGImage? {
        guard f.isFinite else { return nil }
        if f <= 0 { return from }
        if f >= 1 { return to }
        let info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        guard let context = CGContext(data: nil, width: to.width, height: to.height, bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
        else { return nil }
        let rect = CGRect(x: 0, y: 0, width: to.width, height: to.height)
        // Adding the two weighted images (rather than drawing one over the other) keeps an opaque
        // cross-fade opaque: 50% black plus 50% white is opaque 50% gray.
        context.setBlendMode(.plusLighter)
        context.setAlpha(CGFloat(1 - f))
        context.draw(from, in: rect)
        context.setAlpha(CGFloat(f))
        context.draw(to, in: rect)
        return context.makeImage()
    }
}
