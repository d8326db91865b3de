import CALinuxCairo
import CALinuxPixman

/// A bitmap drawing destination, implemented over a cairo image surface and cairo context.
///
/// Coordinates follow Apple: memory row 0 is the top of the image, and the default user space is y-up with
/// its origin at the bottom-left corner, one unit per pixel. Cairo's device space is y-down, so the cairo
/// matrix is always `ctm` followed by the flip `(x, y) -> (x, height - y)`; `ctm` itself reports the
/// user-to-device transform in Apple's y-up device space (identity for a fresh context).
///
/// Drawing state cairo does not hold (colors, alpha, blend mode, shadow, mask clip, interpolation) is kept
/// in a `CGContextDrawingState` stack that `saveGState()`/`restoreGState()` push and pop together with
/// cairo's. A context is not thread-safe: use it from one thread at a time.
public final class CGContext {
    /// The `cairo_t *` this context draws with (Linux only), so that other modules of this package (text
    /// with pangocairo) can draw into the same context. Its matrix is the flipped CTM described above; code
    /// that changes cairo state directly must restore it (`cairo_save`/`cairo_restore`).
    package let cairoContext: OpaquePointer
    /// The `cairo_surface_t *` drawn into (Linux only).
    package let cairoSurface: OpaquePointer

    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    public let bitsPerComponent: Int
    public let bitsPerPixel: Int
    public let bitmapInfo: CGBitmapInfo
    public let colorSpace: CGColorSpace?
    /// The pixel memory: the caller's buffer, or one the context allocated (zeroed) and frees on deinit.
    public let data: UnsafeMutableRawPointer?
    private let ownsData: Bool
    /// For RGBA byte order (`premultipliedLast`/`noneSkipLast`, which cairo cannot draw into): cairo
    /// draws into this ARGB32 buffer, and every painting operation copies the result into `data`.
    @exclusivity(unchecked) private var mirror: RGBAMirror?

    /// The text matrix (Core Text's glyph space to user space) and the text position, where the
    /// next line of text is drawn; as on Apple's, they are not part of the saved graphics state.
    public var textMatrix: CGAffineTransform = .identity
    public var textPosition: CGPoint = .zero
    /// The font-smoothing and subpixel settings text drawing reads (Pango draws grayscale
    /// antialiased glyphs whatever they say).
    package var fontSmoothing = FontSmoothing()

    @exclusivity(unchecked) var state = CGContextDrawingState()
    @exclusivity(unchecked) var savedStates: [CGContextDrawingState] = []
    /// Open transparency layers, innermost last.
    @exclusivity(unchecked) var layers: [TransparencyLayer] = []
    /// Pixman's view of the pixels, for aliased fills (`CGContext+AliasedFill.swift`); made on first use.
    @exclusivity(unchecked) private var aliasedTarget: AliasedFillTarget?
    @exclusivity(unchecked) private var aliasedTargetFailed = false

    /// Apple's y-up device space to cairo's y-down device space (its own inverse).
    let deviceFlip: CGAffineTransform

    /// A bitmap context over `data` (or over memory it allocates, zeroed, when `data` is nil).
    ///
    /// Supported formats are those cairo draws into directly, with 8 bits per component:
    /// - `premultipliedFirst | byteOrder32Little` (= `byteOrder32Host`): 32-bit premultiplied ARGB,
    ///   memory bytes B, G, R, A (`CAIRO_FORMAT_ARGB32`);
    /// - `noneSkipFirst | byteOrder32Little`: 32-bit RGB, alpha byte ignored (`CAIRO_FORMAT_RGB24`);
    /// - `alphaOnly`: 8-bit alpha (`CAIRO_FORMAT_A8`);
    /// - `premultipliedLast` / `noneSkipLast` with the default (big-endian) byte order: memory bytes
    ///   R, G, B, A (the usual iOS choice): cairo draws into a private ARGB32 buffer and each drawing
    ///   operation copies the result into `data`.
    /// Other formats, sizes outside 1...32767, and a `bytesPerRow` that is smaller than cairo's stride or
    /// not a multiple of 4 return nil. `bytesPerRow == 0` picks cairo's stride.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                 bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0, width <= 32767, height <= 32767, bitsPerComponent == 8,
              !info.contains(.floatComponents), let alphaInfo = info.alphaInfo else { return nil }
        let format: cairo_format_t
        var rgba: RGBAMirror.Layout?
        switch (alphaInfo, info.byteOrder) {
        case (.premultipliedFirst, .byteOrder32Little) where space.model == .rgb: format = CAIRO_FORMAT_ARGB32
        case (.noneSkipFirst, .byteOrder32Little) where space.model == .rgb: format = CAIRO_FORMAT_RGB24
        case (.alphaOnly, .byteOrderDefault): format = CAIRO_FORMAT_A8
        case (.premultipliedLast, .byteOrderDefault), (.premultipliedLast, .byteOrder32Big):
            guard space.model == .rgb else { return nil }
            format = CAIRO_FORMAT_ARGB32
            rgba = .premultipliedRGBA
        case (.noneSkipLast, .byteOrderDefault), (.noneSkipLast, .byteOrder32Big):
            guard space.model == .rgb else { return nil }
            format = CAIRO_FORMAT_RGB24
            rgba = .opaqueRGBX
        default: return nil
        }
        let stride = Int(cairo_format_stride_for_width(format, Int32(width)))
        let rowBytes = bytesPerRow == 0 ? stride : bytesPerRow
        guard stride > 0, rowBytes >= stride, rowBytes % 4 == 0, rowBytes <= Int(Int32.max) else { return nil }
        let (count, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        guard !overflow else { return nil }

        let pixels: UnsafeMutableRawPointer
        if let data {
            pixels = data
            ownsData = false
        } else {
            guard let allocated = calloc(count, 1) else { return nil }
            pixels = allocated
            ownsData = true
        }
        var drawing = pixels
        if let rgba {
            guard let buffer = calloc(count, 1) else {
                if ownsData { free(pixels) }
                return nil
            }
            drawing = buffer
            mirror = RGBAMirror(layout: rgba, drawing: buffer, target: pixels, width: width, height: height,
                                rowBytes: rowBytes)
            mirror?.load()
        }
        guard let surface = cairo_image_surface_create_for_data(drawing.assumingMemoryBound(to: UInt8.self), format,
                                                                Int32(width), Int32(height), Int32(rowBytes)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let cr = cairo_create(surface), cairo_status(cr) == CAIRO_STATUS_SUCCESS else {
            if ownsData { free(pixels) }
            if let mirror { free(mirror.drawing) }
            return nil
        }
        cairoSurface = surface
        cairoContext = cr
        self.data = pixels
        self.width = width
        self.height = height
        self.bytesPerRow = rowBytes
        self.bitsPerComponent = 8
        self.bitsPerPixel = format == CAIRO_FORMAT_A8 ? 8 : 32
        self.bitmapInfo = info
        self.colorSpace = format == CAIRO_FORMAT_A8 ? nil : space
        deviceFlip = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))

        // Apple's defaults where cairo's differ: line width 1 (cairo: 2).
        cairo_set_line_width(cr, 1)
        cairo_set_miter_limit(cr, 10)
        applyCTM()
    }

    deinit {
        cairo_destroy(cairoContext)
        cairo_surface_finish(cairoSurface)
        cairo_surface_destroy(cairoSurface)
        if ownsData, let data { free(data) }
        if let mirror { free(mirror.drawing) }
    }

    /// Copies what cairo drew into `data` when the caller's layout differs from cairo's.
    func didPaint() {
        guard let mirror else { return }
        cairo_surface_flush(cairoSurface)
        mirror.store()
    }

    /// What aliased fills keep for this context's ARGB32 or RGB24 pixels (nil for A8).
    func aliasedFillTarget() -> AliasedFillTarget? {
        if let aliasedTarget { return aliasedTarget }
        guard !aliasedTargetFailed, let pixels = mirror?.drawing ?? data else { return nil }
        switch cairo_image_surface_get_format(cairoSurface) {
        case CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24: break
        default:
            aliasedTargetFailed = true
            return nil
        }
        aliasedTarget = AliasedFillTarget(pixels: pixels, width: width, height: height, rowBytes: bytesPerRow)
        return aliasedTarget
    }

    /// `.premultipliedFirst`, `.noneSkipFirst` or `.alphaOnly`.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .none }

    // MARK: - Graphics state

    /// Pushes a copy of the whole graphics state (CTM, clip, colors, line style, alpha, blend mode, shadow).
    public func saveGState() {
        cairo_save(cairoContext)
        savedStates.append(state)
    }

    /// Pops the state saved by the matching `saveGState()`. Unbalanced calls (nothing saved, or only
    /// states saved outside the current transparency layer) are ignored.
    public func restoreGState() {
        guard savedStates.count > (layers.last?.savedStateDepth ?? 0) else { return }
        cairo_restore(cairoContext)
        state = savedStates.removeLast()
    }

    // MARK: - Current transformation matrix

    /// The user-space to (y-up) device-space transform; identity for a fresh context.
    public var ctm: CGAffineTransform { state.ctm }

    /// Same as `ctm`.
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    /// Moves the user-space origin by (`tx`, `ty`) user units.
    public func translateBy(x tx: CGFloat, y ty: CGFloat) {
        concatenate(CGAffineTransform(translationX: tx, y: ty))
    }

    /// Scales user space by (`sx`, `sy`); `scaleBy(x: 1, y: -1)` after `translateBy(x: 0, y: height)` gives
    /// UIKit's y-down space.
    public func scaleBy(x sx: CGFloat, y sy: CGFloat) {
        concatenate(CGAffineTransform(scaleX: sx, y: sy))
    }

    /// Rotates user space by `angle` radians; positive is counter-clockwise in the default y-up space.
    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// Prepends `transform` to the CTM: user points are mapped by `transform` first, then by the old CTM.
    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
        applyCTM()
    }

    /// Pushes `state.ctm` (plus the device flip) into cairo, or marks the state singular when cairo would
    /// refuse the matrix.
    func applyCTM() {
        let device = state.ctm.concatenating(deviceFlip)
        let values = [device.a, device.b, device.c, device.d, device.tx, device.ty]
        let determinant = device.a * device.d - device.b * device.c
        guard values.allSatisfy(\.isFinite), determinant != 0, determinant.isFinite else {
            state.ctmIsSingular = true
            return
        }
        state.ctmIsSingular = false
        var matrix = cairo_matrix_t(xx: Double(device.a), yx: Double(device.b), xy: Double(device.c),
                                    yy: Double(device.d), x0: Double(device.tx), y0: Double(device.ty))
        cairo_set_matrix(cairoContext, &matrix)
    }

    // MARK: - Coordinate conversion (device space is y-up, in pixels)

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    // MARK: - Output

    /// Finishes pending drawing so that `data` holds every pixel drawn so far.
    public func flush() {
        cairo_surface_flush(cairoSurface)
    }

    /// Same as `flush()` for bitmap contexts.
    public func synchronize() {
        flush()
    }

    /// An immutable image holding a copy of the context's current pixels (content drawn inside a still-open
    /// transparency layer is not included). Nil only if memory runs out.
    public func makeImage() -> CGImage? {
        cairo_surface_flush(cairoSurface)
        let format = cairo_image_surface_get_format(cairoSurface)
        guard let source = mirror?.drawing ?? data else { return nil }
        let rowBytes = bytesPerRow
        let copyBytes = min(rowBytes, width * bitsPerPixel / 8)
        return CGImage.make(width: width, height: height, format: format) { destination, stride in
            for row in 0..<height {
                memcpy(destination + row * stride, source + row * rowBytes, min(copyBytes, stride))
            }
        }
    }
}
