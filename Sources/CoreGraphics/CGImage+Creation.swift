import CALinuxCairo

// Creating images from raw pixel data and from PNG, and encoding to PNG (Linux-only addition).

extension CGImage {
    /// An image from raw 8-bit-per-component pixels, converted (and premultiplied if needed) into cairo's
    /// layout. Supported layouts: 32 bits per pixel RGB with any `CGImageAlphaInfo` except `.none`/`.alphaOnly`
    /// in default/big or little 32-bit byte order; 24-bit RGB with `.none`; 8-bit gray with `.none`; 16-bit
    /// gray with alpha (or a skipped byte) first or last; 8-bit `.alphaOnly`. Anything else, or too little
    /// data, returns nil. `decode` is ignored. A gray image keeps the gray layout (see `CGImage`).
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                             decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
                             intent: CGColorRenderingIntent) {
        guard bitsPerComponent == 8, width > 0, height > 0, width <= 32767, height <= 32767,
              !bitmapInfo.contains(.floatComponents),
              let alphaInfo = bitmapInfo.alphaInfo,
              let layout = SourcePixelLayout(bitsPerPixel: bitsPerPixel, alphaInfo: alphaInfo,
                                             byteOrder: bitmapInfo.byteOrder, model: space.model),
              bytesPerRow >= width * layout.bytesPerPixel,
              let bytes = provider.data, bytes.count >= (height - 1) * bytesPerRow + width * layout.bytesPerPixel
        else { return nil }
        let surface = bytes.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> OpaquePointer? in
            CGImage.makeSurface(width: width, height: height, format: layout.cairoFormat) { destination, stride in
                for y in 0..<height {
                    layout.convertRow(source.baseAddress! + y * bytesPerRow, into: destination + y * stride, width: width)
                }
            }
        }
        guard let surface else { return nil }
        self.init(surface: surface, shouldInterpolate: shouldInterpolate, renderingIntent: intent,
                  isGray: space.model == .monochrome && layout.cairoFormat != CAIRO_FORMAT_A8)
    }

    /// An image decoded from PNG bytes (decoded by cairo's PNG reader straight into the image's
    /// storage). A gray PNG (colour type 0 or 4) gives a gray image, as ImageIO does: device gray,
    /// 8 bits per pixel, or 16 with alpha (`.last`). A corrupt or truncated PNG returns nil. The size in the PNG's header is checked
    /// before anything is allocated: over `CGImage.maximumDecodedPixelCount`, or more pixel data than
    /// the bytes could inflate to (deflate expands at most 1032 times), returns nil, and the first
    /// such refusal writes one line on stderr.
    public convenience init?(pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        guard let bytes = source.data, !bytes.isEmpty else { return nil }
        if let (kind, reason) = CGImage.pngHeaderRefusal(bytes) {
            CGImage.reportRefusedImage(kind, reason)
            return nil
        }
        guard let surface = CGImage.decodePNG(bytes) else { return nil }
        self.init(surface: surface, shouldInterpolate: shouldInterpolate, renderingIntent: intent,
                  isGray: CGImage.pngIsGray(bytes))
    }

    /// The image encoded as PNG (Linux only: Apple encodes through ImageIO's CGImageDestination).
    /// Pixels are un-premultiplied by cairo on the way out. Nil if encoding fails.
    public func pngData() -> Data? {
        let sink = ByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
                sink.data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? sink.data : nil
    }

    /// Why the size a PNG's header (IHDR) declares is refused, or nil when it may be decoded (or the
    /// header is malformed, which libpng reports).
    private static func pngHeaderRefusal(_ bytes: Data) -> (DecodeRefusalKind, String)? {
        // Signature (8), IHDR's length and type (8), then width, height, bit depth, color type.
        let header = [UInt8](bytes.prefix(26))
        guard header.count == 26, header[12...15].elementsEqual("IHDR".utf8) else { return nil }
        func word(_ at: Int) -> Int { header[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let width = word(16), height = word(20), depth = Int(header[24]), colorType = header[25]
        let channels: Int
        switch colorType {
        case 0, 3: channels = 1
        case 2: channels = 3
        case 4: channels = 2
        case 6: channels = 4
        default: return nil
        }
        if let refusal = decodedSizeRefusal(width: width, height: height, format: "PNG") { return (.tooLarge, refusal) }
        // The filtered rows (a filter byte each) are what the zlib stream inflates to.
        let inflated = height * (1 + (width * channels * depth + 7) / 8)
        let most = bytes.count * 1032 + 1024
        guard inflated <= most else {
            return (.tooShort, "PNG declares \(width)×\(height) pixels (\(inflated) bytes of rows) in only "
                    + "\(bytes.count) bytes: more than deflate can expand them to")
        }
        return nil
    }

    /// Whether the PNG's header (IHDR) declares a gray colour type (0: gray, 4: gray and alpha);
    /// cairo decodes those to equal red, green and blue.
    private static func pngIsGray(_ bytes: Data) -> Bool {
        let header = [UInt8](bytes.prefix(26))
        guard header.count == 26, header[12...15].elementsEqual("IHDR".utf8) else { return false }
        return header[25] == 0 || header[25] == 4
    }

    /// Decodes PNG bytes into an owned ARGB32, RGB24 or A8 surface; other formats cairo may produce
    /// (16-bit PNGs on newer cairo) are converted to RGB24 when opaque, ARGB32 otherwise.
    private static func decodePNG(_ bytes: Data) -> OpaquePointer? {
        let reader = ByteReader(bytes: [UInt8](bytes))
        let decoded = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { source in
                    buffer.update(from: source.baseAddress! + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let decoded else { return nil }
        guard cairo_surface_status(decoded) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(decoded)
            return nil
        }
        let format = cairo_image_surface_get_format(decoded)
        if format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_A8 {
            return decoded
        }
        defer { cairo_surface_destroy(decoded) }
        let width = Int(cairo_image_surface_get_width(decoded)), height = Int(cairo_image_surface_get_height(decoded))
        let opaque = cairo_surface_get_content(decoded) == CAIRO_CONTENT_COLOR
        guard let converted = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                         Int32(width), Int32(height)) else { return nil }
        let cr = cairo_create(converted)
        cairo_set_source_surface(cr, decoded, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(converted)
        guard cairo_surface_status(converted) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(converted)
            return nil
        }
        return converted
    }
}

/// Bytes accumulated by cairo's PNG writer callback.
private final class ByteSink {
    var data = Data()
}

/// Bytes handed out in order to cairo's PNG reader callback.
private final class ByteReader {
    let bytes: [UInt8]
    var offset = 0
    init(bytes: [UInt8]) { self.bytes = bytes }
}

/// Where each component sits in a source pixel, and how to turn a row into cairo's layout.
private struct SourcePixelLayout {
    let bytesPerPixel: Int
    /// Byte offsets of red, green, blue inside a pixel (all equal for gray), nil for alpha-only.
    let color: (r: Int, g: Int, b: Int)?
    /// Byte offset of alpha, nil when there is none (or it is skipped).
    let alpha: Int?
    let premultiplied: Bool

    init?(bitsPerPixel: Int, alphaInfo: CGImageAlphaInfo, byteOrder: CGBitmapInfo, model: CGColorSpaceModel) {
        switch (bitsPerPixel, alphaInfo) {
        case (8, .alphaOnly):
            bytesPerPixel = 1; color = nil; alpha = 0; premultiplied = true
        case (8, .none) where model == .monochrome:
            bytesPerPixel = 1; color = (0, 0, 0); alpha = nil; premultiplied = true
        case (16, _) where model == .monochrome:
            // Gray and alpha (or a skipped byte), in the order the alpha info names.
            let first: Bool
            switch alphaInfo {
            case .premultipliedFirst, .first, .noneSkipFirst: first = true
            case .premultipliedLast, .last, .noneSkipLast: first = false
            case .none, .alphaOnly: return nil
            }
            var (g, a) = first ? (1, 0) : (0, 1)
            if byteOrder == .byteOrder16Little {
                (g, a) = (a, g)
            } else if byteOrder != .byteOrderDefault && byteOrder != .byteOrder16Big {
                return nil
            }
            bytesPerPixel = 2
            color = (g, g, g)
            alpha = (alphaInfo == .noneSkipFirst || alphaInfo == .noneSkipLast) ? nil : a
            premultiplied = alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast
        case (24, .none) where model == .rgb && byteOrder == .byteOrderDefault:
            bytesPerPixel = 3; color = (0, 1, 2); alpha = nil; premultiplied = true
        case (32, _) where model == .rgb:
            // Positions within the big-endian word: "first" is A,R,G,B, "last" is R,G,B,A.
            let first: Bool
            switch alphaInfo {
            case .premultipliedFirst, .first, .noneSkipFirst: first = true
            case .premultipliedLast, .last, .noneSkipLast: first = false
            case .none, .alphaOnly: return nil
            }
            var (r, g, b, a) = first ? (1, 2, 3, 0) : (0, 1, 2, 3)
            if byteOrder == .byteOrder32Little {
                (r, g, b, a) = (3 - r, 3 - g, 3 - b, 3 - a)
            } else if byteOrder != .byteOrderDefault && byteOrder != .byteOrder32Big {
                return nil
            }
            bytesPerPixel = 4
            color = (r, g, b)
            alpha = (alphaInfo == .noneSkipFirst || alphaInfo == .noneSkipLast) ? nil : a
            premultiplied = alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast
        default:
            return nil
        }
    }

    var cairoFormat: cairo_format_t {
        if color == nil { return CAIRO_FORMAT_A8 }
        return alpha == nil ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32
    }

    func convertRow(_ source: UnsafeRawPointer, into destination: UnsafeMutablePointer<UInt8>, width: Int) {
        let bytes = source.assumingMemoryBound(to: UInt8.self)
        guard let color else {
            destination.update(from: bytes, count: width)
            return
        }
        let words = UnsafeMutableRawPointer(destination)
        for x in 0..<width {
            let pixel = bytes + x * bytesPerPixel
            var r = UInt32(pixel[color.r]), g = UInt32(pixel[color.g]), b = UInt32(pixel[color.b])
            let a = alpha.map { UInt32(pixel[$0]) } ?? 255
            if !premultiplied {
                r = (r * a + 127) / 255
                g = (g * a + 127) / 255
                b = (b * a + 127) / 255
            } else {
                r = min(r, a); g = min(g, a); b = min(b, a)
            }
            words.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
        }
    }
}
