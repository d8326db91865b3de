import CALinuxCairo

/// An immutable bitmap image.
///
/// Pixels live in a cairo image surface the image owns, in cairo's native layout: one `UInt32` per pixel,
/// `0xAARRGGBB` premultiplied (`CAIRO_FORMAT_ARGB32`; memory bytes B, G, R, A on little-endian), or with the
/// alpha byte ignored (`CAIRO_FORMAT_RGB24`, opaque images), or one alpha byte per pixel (`CAIRO_FORMAT_A8`,
/// alpha-only images). Row 0 is the top of the image. The surface is never drawn into after creation,
/// so an image can be used from any thread.
///
/// A gray image (a gray PNG, gray pixel data, `copy(colorSpace:)` to device gray) keeps its pixels in
/// such a surface too, with equal red, green and blue, for drawing; its public layout is gray's: 8 bits
/// per pixel, or 16 with alpha (gray then alpha, not premultiplied, as ImageIO reports a gray PNG), and
/// `dataProvider` gives those bytes.
public final class CGImage: @unchecked Sendable {
    /// The owned `cairo_surface_t *`.
    let surface: OpaquePointer

    public let width: Int
    public let height: Int
    public let shouldInterpolate: Bool
    public let renderingIntent: CGColorRenderingIntent
    /// Whether the image is in the device gray space: a surface (RGB24, or ARGB32 for gray with
    /// alpha) whose three components are equal.
    let isGray: Bool

    /// Takes ownership of `surface`, an image surface in one of the three formats above.
    init(surface: OpaquePointer, shouldInterpolate: Bool = true, renderingIntent: CGColorRenderingIntent = .defaultIntent,
         isGray: Bool = false) {
        self.surface = surface
        self.isGray = isGray
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = renderingIntent
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    // MARK: - Linux-only access for drawing

    /// The underlying `cairo_surface_t *` (Linux only), for drawing the image with cairo elsewhere in the
    /// package. Treat it as read-only: images are immutable.
    package var cairoSurface: OpaquePointer { surface }

    var format: cairo_format_t { cairo_image_surface_get_format(surface) }

    /// Bytes from one row of the surface to the next (cairo's stride).
    var surfaceStride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// A gray image with an alpha channel (16 bits per pixel in its public layout).
    var isGrayWithAlpha: Bool { isGray && format == CAIRO_FORMAT_ARGB32 }

    // MARK: - Layout

    /// Always 8.
    public var bitsPerComponent: Int { 8 }

    /// 32 (RGB), 8 (gray, or alpha-only) or 16 (gray with alpha).
    public var bitsPerPixel: Int {
        if isGray { return isGrayWithAlpha ? 16 : 8 }
        return format == CAIRO_FORMAT_A8 ? 8 : 32
    }

    /// Bytes from one row to the next: cairo's stride (which may exceed `width * bitsPerPixel / 8`),
    /// or for a gray image its packed rows.
    public var bytesPerRow: Int { isGray ? width * bitsPerPixel / 8 : surfaceStride }

    /// `.premultipliedFirst` (RGB with alpha), `.noneSkipFirst` (opaque RGB), `.alphaOnly`, `.none`
    /// (gray) or `.last` (gray with alpha).
    public var alphaInfo: CGImageAlphaInfo {
        if isGray { return isGrayWithAlpha ? .last : .none }
        if format == CAIRO_FORMAT_RGB24 { return .noneSkipFirst }
        if format == CAIRO_FORMAT_A8 { return .alphaOnly }
        return .premultipliedFirst
    }

    /// The alpha info, combined with `.byteOrder32Little` (cairo's native order on little-endian
    /// hosts) for 32-bit pixels.
    public var bitmapInfo: CGBitmapInfo {
        if format == CAIRO_FORMAT_A8 || isGray { return CGBitmapInfo(rawValue: alphaInfo.rawValue) }
        return CGBitmapInfo(rawValue: alphaInfo.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
    }

    /// Device RGB, device gray, or nil for alpha-only images.
    public var colorSpace: CGColorSpace? {
        format == CAIRO_FORMAT_A8 ? nil : isGray ? CGColorSpace.deviceGray : CGColorSpace.deviceRGB
    }

    public var isMask: Bool { false }

    /// Always nil: no decode arrays are applied.
    public var decode: UnsafePointer<CGFloat>? { nil }

    /// A provider over a copy of the pixel bytes (`height * bytesPerRow` bytes, in the layout above).
    public var dataProvider: CGDataProvider? {
        if isGray { return grayPixelBytes().flatMap { CGDataProvider(data: $0) } }
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { return nil }
        return CGDataProvider(data: Data(bytes: pixels, count: height * surfaceStride))
    }

    /// The image itself: images are immutable.
    public func copy() -> CGImage? { self }

    // MARK: - Derived images

    /// The part of the image inside `rect`, in pixels with the origin at the image's top-left corner.
    /// The rectangle is made integral and intersected with the image; nil if nothing remains.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, rect.origin.x.isFinite, rect.origin.y.isFinite,
              rect.width.isFinite, rect.height.isFinite else { return nil }
        let area = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !area.isNull, area.width >= 1, area.height >= 1 else { return nil }
        let x = Int(area.minX), y = Int(area.minY), w = Int(area.width), h = Int(area.height)
        let bytesPerPixel = format == CAIRO_FORMAT_A8 ? 1 : 4
        let sourceStride = surfaceStride
        cairo_surface_flush(surface)
        guard let source = cairo_image_surface_get_data(surface) else { return nil }
        return CGImage.make(width: w, height: h, format: format, shouldInterpolate: shouldInterpolate, isGray: isGray) { destination, stride in
            for row in 0..<h {
                memcpy(destination + row * stride, source + (y + row) * sourceStride + x * bytesPerPixel, w * bytesPerPixel)
            }
        }
    }

    // MARK: - Linux-only conveniences

    /// The premultiplied components of the pixel at (`x`, `y`), with y = 0 the top row (Linux only; handy for
    /// tests). Opaque images report alpha 255; alpha-only images report black. Outside the image: all zero.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard x >= 0, x < width, y >= 0, y < height else { return (0, 0, 0, 0) }
        cairo_surface_flush(surface)
        guard let pixels = cairo_image_surface_get_data(surface) else { return (0, 0, 0, 0) }
        let row = pixels + y * surfaceStride
        if format == CAIRO_FORMAT_A8 { return (0, 0, 0, row[x]) }
        let value = UnsafeRawPointer(row).load(fromByteOffset: x * 4, as: UInt32.self)
        let alpha = format == CAIRO_FORMAT_RGB24 ? 255 : UInt8(truncatingIfNeeded: value >> 24)
        return (UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value), alpha)
    }

    /// Makes an image of a fresh surface whose pixels `fill` writes (given the pixel pointer and stride);
    /// nil if cairo cannot allocate it.
    static func make(width: Int, height: Int, format: cairo_format_t, shouldInterpolate: Bool = true, isGray: Bool = false,
                     fill: (UnsafeMutablePointer<UInt8>, Int) -> Void) -> CGImage? {
        guard let surface = makeSurface(width: width, height: height, format: format, fill: fill) else { return nil }
        return CGImage(surface: surface, shouldInterpolate: shouldInterpolate, isGray: isGray)
    }

    /// A fresh image surface (owned by the caller) whose pixels `fill` writes; nil for sizes outside
    /// 1...32767 or when cairo cannot allocate it.
    static func makeSurface(width: Int, height: Int, format: cairo_format_t,
                            fill: (UnsafeMutablePointer<UInt8>, Int) -> Void) -> OpaquePointer? {
        guard width > 0, height > 0, width <= 32767, height <= 32767,
              let surface = cairo_image_surface_create(format, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let pixels = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        fill(pixels, Int(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
