import CALinuxCairo
import CALinuxJPEGShim
import Foundation

// JPEG decoding and encoding with libjpeg (through the C wrappers of CALinuxJPEGShim, which turn libjpeg's
// fatal errors into return codes: a corrupt JPEG never ends the process).

extension CGImage {
    /// An image decoded from JPEG bytes: an opaque image (`.noneSkipFirst`) in device RGB. Grayscale,
    /// YCbCr, RGB and CMYK/YCCK JPEGs are converted to RGB; an embedded ICC profile and the EXIF
    /// orientation are ignored (UIKit's `UIImage` reads neither yet). Bytes that are not a JPEG, or one
    /// libjpeg cannot decode, give nil. A JPEG cut short decodes as far as its data goes, the missing
    /// rows gray, as Apple's ImageIO does; but one declaring more 8×8 blocks than its bytes have bits
    /// (no complete JPEG is that small: a file cut far short, or a header claiming a size) returns nil,
    /// as does one over `CGImage.maximumDecodedPixelCount`, checked before any pixel memory is
    /// allocated; the first such refusal writes one line on stderr. `decode` is ignored.
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
        let status = pixels.withMemoryRebound(to: UInt32.self, capacity: height * surfaceStride / 4) {
            cajpeg_encode($0, Int32(width), Int32(height), surfaceStride, q, &output, &size)
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

    /// Decodes JPEG bytes straight into a new RGB24 surface (the image's own storage), or nil. The
    /// declared size is checked before the surface exists: over the decode limit, or more 8×8
    /// blocks than the bytes have bits (every Huffman-coded block takes at least one), is refused.
    private static func decodeJPEG(_ bytes: Data) -> OpaquePointer? {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> OpaquePointer? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            var width: Int32 = 0, height: Int32 = 0
            var blocks: UInt = 0
            // libjpeg's own buffers: a progressive JPEG keeps 2 bytes per coefficient, up to 6 bytes
            // a pixel (three full-resolution components), for the whole image.
            let libjpegMemory = maximumDecodedPixelCount * 8
            guard let decoder = cajpeg_open(base, raw.count, libjpegMemory, &width, &height, &blocks, nil, 0)
            else { return nil }
            defer { cajpeg_close(decoder) }
            let w = Int(width), h = Int(height)
            if let refusal = decodedSizeRefusal(width: w, height: h, format: "JPEG") {
                reportRefusedImage(.tooLarge, refusal)
                return nil
            }
            guard UInt(raw.count) * 8 >= blocks else {
                reportRefusedImage(.tooShort, "JPEG declares \(w)×\(h) pixels (\(blocks) blocks) in only "
                                   + "\(raw.count) bytes: fewer than one bit per block")
                return nil
            }
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height) else { return nil }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
                  let pixels = cairo_image_surface_get_data(surface) else {
                cairo_surface_destroy(surface)
                return nil
            }
            let stride = Int(cairo_image_surface_get_stride(surface))
            let status = pixels.withMemoryRebound(to: UInt32.self, capacity: h * stride / 4) {
                cajpeg_read(decoder, $0, stride, nil, 0)
            }
            guard status == 0 else {
                cairo_surface_destroy(surface)
                return nil
            }
            cairo_surface_mark_dirty(surface)
            return surface
        }
    }
}
