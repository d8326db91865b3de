import CCairo
import CJPEGShim
import Foundation

// JPEG decoding and encoding with libjpeg (through the C wrappers of CJPEGShim, which turn libjpeg's
// fatal errors into return codes: a corrupt JPEG never ends the process).

extension CGImage {
    /// An image decoded from JPEG bytes: an opaque image (`.noneSkipFirst`) in device RGB. Grayscale,
    /// YCbCr, RGB and CMYK/YCCK JPEGs are converted to RGB; an embedded ICC profile and the EXIF
    /// orientation are ignored (UIKit's `UIImage` reads neither yet). Bytes that are not a JPEG, or one
    /// libjpeg cannot decode, give nil; a truncated JPEG decodes, with the missing rows gray (as
    /// libjpeg pads them). `decode` is ignored.
    public convenience init?(jpegDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let bytes = source.data, !bytes.isEmpty, let surface = CGImage.decodeJPEG(bytes) else { return nil }
        self.init(surface: surface, shouldInterpolate: shouldInterpolate, renderingIntent: intent)
    }

    /// The image encoded as a baseline JPEG (Linux only: Apple encodes through ImageIO's
    /// CGImageDestination). `quality` runs from 0 (smallest) to 1 (best), as UIKit's
    /// `jpegData(compressionQuality:)`. JPEG has no alpha: the premultiplied colors are written, which
    /// is the image composited over black. Nil for alpha-only images or when encoding fails.
    public func jpegData(quality: CGFloat) -> Data? {
        guard format != CAIRO_FORMAT_A8 else { return nil }
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { return nil }
        let q = Int32((min(max(quality, 0), 1) * 99).rounded()) + 1
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = pixels.withMemoryRebound(to: UInt32.self, capacity: height * bytesPerRow / 4) {
            cajpeg_encode($0, Int32(width), Int32(height), bytesPerRow, q, &output, &size)
        }
        guard status == 0, let output else { return nil }
        defer { cajpeg_free(output) }
        return Data(bytes: output, count: Int(size))
    }

    /// Whether `bytes` start with a JPEG's start-of-image marker (FF D8 FF).
    package static func looksLikeJPEG(_ bytes: Data) -> Bool {
        bytes.count >= 3 && bytes.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF])
    }

    /// Whether `bytes` start with PNG's signature.
    package static func looksLikePNG(_ bytes: Data) -> Bool {
        bytes.count >= 8 && bytes.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    /// Decodes JPEG bytes into an owned RGB24 surface, or nil.
    private static func decodeJPEG(_ bytes: Data) -> OpaquePointer? {
        var pixels: UnsafeMutablePointer<UInt32>?
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Int32 in
            guard let base = raw.baseAddress else { return -1 }
            return cajpeg_decode(base.assumingMemoryBound(to: UInt8.self), raw.count, &pixels, &width, &height, nil, 0)
        }
        guard status == 0, let pixels else { return nil }
        defer { cajpeg_free(pixels) }
        let w = Int(width), h = Int(height)
        return makeSurface(width: w, height: h, format: CAIRO_FORMAT_RGB24) { destination, stride in
            for y in 0..<h {
                UnsafeMutableRawPointer(destination + y * stride)
                    .copyMemory(from: pixels + y * w, byteCount: w * 4)
            }
        }
    }
}
