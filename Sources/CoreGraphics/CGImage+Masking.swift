import CALinuxCairo
import Foundation

extension CGImage {
    /// A copy of the image in `space` (Apple's `CGImageCreateCopyWithColorSpace`). Device gray: an
    /// opaque image of the pixels' luminance (0.299 R + 0.587 G + 0.114 B) for an opaque RGB image,
    /// where Apple returns nil for a colour space of another number of components; the image itself
    /// for a gray image. Any RGB space: the image itself for an RGB image. Nil otherwise (alpha-only
    /// images; gray images to RGB; RGB images with alpha to gray).
    public func copy(colorSpace space: CGColorSpace) -> CGImage? {
        switch space.model {
        case .rgb:
            return isGray || format == CAIRO_FORMAT_A8 ? nil : self
        case .monochrome:
            if isGray { return self }
            guard format == CAIRO_FORMAT_RGB24 else { return nil }
            cairo_surface_flush(surface)
            guard let source = cairo_image_surface_get_data(surface) else { return nil }
            let sourceStride = surfaceStride
            guard let gray = CGImage.makeSurface(width: width, height: height, format: CAIRO_FORMAT_RGB24, fill: { destination, stride in
                for y in 0..<height {
                    let from = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
                    let to = UnsafeMutableRawPointer(destination + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let v = from[x]
                        let r = Double((v >> 16) & 0xff), g = Double((v >> 8) & 0xff), b = Double(v & 0xff)
                        let l = UInt32((0.299 * r + 0.587 * g + 0.114 * b).rounded())
                        to[x] = 0xff00_0000 | l << 16 | l << 8 | l
                    }
                }
            }) else { return nil }
            return CGImage(surface: gray, shouldInterpolate: shouldInterpolate, renderingIntent: renderingIntent, isGray: true)
        default:
            return nil
        }
    }

    /// The image masked by `mask` (Apple's `CGImageCreateWithMask`): `mask` must be a device-gray
    /// image without alpha, whose samples are the result's alpha (0 blocks the image out, 1 lets it
    /// through), scaled to the image's size (nearest sample) when the sizes differ. Nil for any other mask
    /// (this platform has no 1-bit image masks) or an alpha-only image.
    public func masking(_ mask: CGImage) -> CGImage? {
        guard mask.isGray, !mask.isGrayWithAlpha, format != CAIRO_FORMAT_A8 else { return nil }
        cairo_surface_flush(surface)
        cairo_surface_flush(mask.surface)
        guard let source = cairo_image_surface_get_data(surface),
              let maskPixels = cairo_image_surface_get_data(mask.surface) else { return nil }
        let sourceStride = surfaceStride, maskStride = mask.surfaceStride
        let opaque = format == CAIRO_FORMAT_RGB24
        return CGImage.make(width: width, height: height, format: CAIRO_FORMAT_ARGB32, shouldInterpolate: shouldInterpolate) { destination, stride in
            for y in 0..<height {
                let my = min(mask.height - 1, y * mask.height / height)
                let from = UnsafeRawPointer(source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
                let maskRow = UnsafeRawPointer(maskPixels + my * maskStride).assumingMemoryBound(to: UInt32.self)
                let to = UnsafeMutableRawPointer(destination + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let m = maskRow[min(mask.width - 1, x * mask.width / width)] & 0xff
                    let v = opaque ? from[x] | 0xff00_0000 : from[x]
                    // Premultiplied: every component (alpha included) scales by the mask sample.
                    func scaled(_ shift: UInt32) -> UInt32 { ((((v >> shift) & 0xff) * m + 127) / 255) << shift }
                    to[x] = scaled(24) | scaled(16) | scaled(8) | scaled(0)
                }
            }
        }
    }
}
