import CCairo
import CPixman

// Aliased fills of a rotated or sheared rectangle in one pixman composite.
//
// Core Animation draws a rotated layer's background without edge antialiasing, so a frame of spinning
// layers is mostly aliased quadrilaterals. cairo fills those with its mono scan converter, which
// composites every pixel row as a span of its own (one `pixman_image_composite32` per row). Here the
// quadrilateral is rasterized by pixman into a 1-bit coverage image (sampled at pixel centres, as cairo's
// mono converter samples) and composited once with the colour, inside the clip cairo holds (known as a
// pixel region, `DeviceClipRegion`). Anything this path does not cover exactly (a shadow, a mask clip, a
// blend mode, a transparency layer, a clip that is not a pixel region, a huge shape) goes through cairo.

/// The pixman images a context keeps for aliased fills: its pixels, a 1-bit coverage image that pixman
/// rasterizes into, the same coverage as an 8-bit mask (pixman composites a solid colour through an 8-bit
/// mask with SIMD, through a 1-bit one pixel by pixel), and a one-pixel repeating colour; all reused.
final class AliasedFillImages {
    let destination: OpaquePointer
    let source: OpaquePointer
    private let sourcePixel: UnsafeMutablePointer<UInt32>
    private(set) var coverage: OpaquePointer?
    private(set) var mask: OpaquePointer?
    private var coverageBits: UnsafeMutableRawPointer?
    private var maskBits: UnsafeMutableRawPointer?
    private var capacityWidth = 0, capacityHeight = 0, coverageStride = 0, maskStride = 0
    /// The clip set on `destination` (kept alive so that its identity stays unique).
    private var clip: DeviceClipRegion?
    private var clipSet = false

    init?(pixels: UnsafeMutableRawPointer, format: pixman_format_code_t, width: Int, height: Int, rowBytes: Int) {
        sourcePixel = .allocate(capacity: 1)
        sourcePixel.initialize(to: 0)
        guard let destination = pixman_image_create_bits(format, Int32(width), Int32(height),
                                                         pixels.assumingMemoryBound(to: UInt32.self), Int32(rowBytes)),
              let source = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, sourcePixel, 4) else {
            sourcePixel.deallocate()
            return nil
        }
        pixman_image_set_repeat(source, PIXMAN_REPEAT_NORMAL)
        self.destination = destination
        self.source = source
    }

    deinit {
        pixman_image_unref(destination)
        pixman_image_unref(source)
        releaseScratch()
        sourcePixel.deallocate()
    }

    private func releaseScratch() {
        if let coverage { pixman_image_unref(coverage) }
        if let mask { pixman_image_unref(mask) }
        coverageBits?.deallocate()
        maskBits?.deallocate()
        coverage = nil; mask = nil; coverageBits = nil; maskBits = nil
        capacityWidth = 0; capacityHeight = 0
    }

    /// Sets the colour (premultiplied a8r8g8b8).
    func setColor(_ pixel: UInt32) {
        sourcePixel.pointee = pixel
    }

    /// Makes `destination` clip to `region` (nil: not clipped) unless it already does.
    func setClip(_ region: DeviceClipRegion?) {
        guard !clipSet || clip !== region else { return }
        if let region {
            var r = region.region
            pixman_image_set_clip_region32(destination, &r)
        } else {
            pixman_image_set_clip_region32(destination, nil)
        }
        clip = region
        clipSet = true
    }

    /// Makes room for a shape of `width` x `height` pixels and clears the 1-bit rows it may touch (shapes
    /// are placed at the origin, so nothing outside those rows was set since the last clearing of that
    /// height). False when memory runs out.
    func prepare(width: Int, height: Int) -> Bool {
        if width > capacityWidth || height > capacityHeight {
            let w = max(width, capacityWidth, 64), h = max(height, capacityHeight, 64)
            releaseScratch()
            let oneBitStride = (w + 31) / 32 * 4
            let eightBitStride = (w + 7) / 8 * 8   // whole bytes of the 1-bit rows expand to 8 pixels each
            let bits = UnsafeMutableRawPointer.allocate(byteCount: oneBitStride * h, alignment: 8)
            let bytes = UnsafeMutableRawPointer.allocate(byteCount: eightBitStride * h, alignment: 8)
            bits.initializeMemory(as: UInt8.self, repeating: 0, count: oneBitStride * h)
            bytes.initializeMemory(as: UInt8.self, repeating: 0, count: eightBitStride * h)
            coverageBits = bits; maskBits = bytes
            coverage = pixman_image_create_bits(PIXMAN_a1, Int32(w), Int32(h), bits.assumingMemoryBound(to: UInt32.self),
                                                Int32(oneBitStride))
            mask = pixman_image_create_bits(PIXMAN_a8, Int32(w), Int32(h), bytes.assumingMemoryBound(to: UInt32.self),
                                            Int32(eightBitStride))
            guard coverage != nil, mask != nil else {
                releaseScratch()
                return false
            }
            capacityWidth = w; capacityHeight = h; coverageStride = oneBitStride; maskStride = eightBitStride
            return true
        }
        coverageBits?.initializeMemory(as: UInt8.self, repeating: 0, count: coverageStride * height)
        return true
    }

    /// Copies the top-left `width` x `height` pixels of the 1-bit coverage into the 8-bit mask (0 or 255),
    /// eight pixels a step.
    func expandCoverage(width: Int, height: Int) {
        guard let bits = coverageBits, let bytes = maskBits else { return }
        let stepsPerRow = (width + 7) / 8
        Self.expanded.withUnsafeBufferPointer { table in
            for row in 0..<height {
                let from = (bits + row * coverageStride).assumingMemoryBound(to: UInt8.self)
                let to = (bytes + row * maskStride).assumingMemoryBound(to: UInt64.self)
                for i in 0..<stepsPerRow { to[i] = table[Int(from[i])] }
            }
        }
    }

    /// Each byte of 1-bit pixels (the first pixel in the lowest bit, pixman's order on a little-endian
    /// machine) as eight 8-bit pixels.
    private static let expanded: [UInt64] = (0..<256).map { byte in
        var v: UInt64 = 0
        for bit in 0..<8 where byte & (1 << bit) != 0 { v |= 0xFF << (8 * UInt64(bit)) }
        return v
    }
}

extension CGContext {
    /// The largest shape (device pixels a side) filled by pixman; larger ones go through cairo.
    static let aliasedFillMaxSide = 2048

    /// Fills `rect` through pixman when that gives cairo's pixels: antialiasing off, a transform that
    /// rotates or shears, plain painting (normal blend mode, no shadow, no mask clip, no transparency
    /// layer) and a clip that is a pixel region. Returns false when it did not apply.
    func fillAliasedRect(_ rect: CGRect) -> Bool {
        let t = state.ctm.concatenating(deviceFlip)
        guard t.b != 0 || t.c != 0, !state.ctmIsSingular, layers.isEmpty, state.shadow == nil, state.mask == nil,
              state.blendMode == .normal, state.clipIsRegion, state.fillColor.patternImage == nil,
              cairo_get_antialias(cairoContext) == CAIRO_ANTIALIAS_NONE,
              // Not inside a group pushed on the cairo context directly (by this module or another).
              cairo_get_group_target(cairoContext) == cairoSurface else { return false }
        let r = rect.standardized
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite else { return false }
        guard r.width > 0, r.height > 0 else { return true }
        // The corners in device pixels, in order around the rectangle.
        let corners = (CGPoint(x: r.minX, y: r.minY).applying(t), CGPoint(x: r.maxX, y: r.minY).applying(t),
                       CGPoint(x: r.maxX, y: r.maxY).applying(t), CGPoint(x: r.minX, y: r.maxY).applying(t))
        let xs = (corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let ys = (corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        let minX = min(xs.0, xs.1, xs.2, xs.3), maxX = max(xs.0, xs.1, xs.2, xs.3)
        let minY = min(ys.0, ys.1, ys.2, ys.3), maxY = max(ys.0, ys.1, ys.2, ys.3)
        let limit: CGFloat = 30_000   // pixman's 16.16 fixed point
        guard minX > -limit, minY > -limit, maxX < limit, maxY < limit else { return false }
        // Pixel i is covered only if its centre lies within 1/256 of the shape (see rasterizeQuad).
        let x0 = Int((minX - 0.01).rounded(.down)), y0 = Int((minY - 0.01).rounded(.down))
        let w = Int(maxX.rounded(.up)) - x0, h = Int(maxY.rounded(.up)) - y0
        guard w <= Self.aliasedFillMaxSide, h <= Self.aliasedFillMaxSide,
              x0 + w > 0, y0 + h > 0, x0 < width, y0 < height else {
            return w <= Self.aliasedFillMaxSide && h <= Self.aliasedFillMaxSide   // wholly off the target
        }
        guard let images = aliasedFillImages(), images.prepare(width: w, height: h),
              let coverage = images.coverage, let mask = images.mask else { return false }
        rasterizeQuad(corners, into: coverage, offsetX: Int32(-x0), offsetY: Int32(-y0))
        images.expandCoverage(width: w, height: h)
        let c = state.fillColor.rgba
        let a = c.a * Double(state.alpha)
        // cairo's colour to pixels: 16 bits per premultiplied channel, then the high byte.
        func byte(_ v: Double) -> UInt32 { UInt32(UInt16(min(max(v, 0), 1) * 65535 + 0.5) >> 8) }
        guard a > 0 else {
            beginPath()
            return true
        }
        images.setColor(byte(a) << 24 | byte(c.r * a) << 16 | byte(c.g * a) << 8 | byte(c.b * a))
        images.setClip(state.deviceClip)
        cairo_surface_flush(cairoSurface)
        pixman_image_composite32(PIXMAN_OP_OVER, images.source, mask, images.destination,
                                 0, 0, 0, 0, Int32(x0), Int32(y0), Int32(w), Int32(h))
        cairo_surface_mark_dirty_rectangle(cairoSurface, Int32(x0), Int32(y0), Int32(w), Int32(h))
        beginPath()
        didPaint()
        return true
    }

    /// Rasterizes the convex quadrilateral `q` (device pixels, in order) into the 1-bit `image`, moved
    /// by the offsets: one trapezoid per band between the corners' heights.
    private func rasterizeQuad(_ q: (CGPoint, CGPoint, CGPoint, CGPoint), into image: OpaquePointer,
                               offsetX: Int32, offsetY: Int32) {
        // cairo rasterizes coordinates rounded to 1/256 pixel (its 24.8 fixed point): the same lines here.
        // Its mono converter starts a span at floor(x + 127/256) and a row at floor(y + 127/256), where
        // pixman's 1-bit rasterizer takes floor(x + 1/2 - 1/65536) and the rows whose centre is inside:
        // moving the lines left by 255/65536 and the bands up by 1/256 gives cairo's pixels.
        // (Rounded half away from zero by truncation: `rounded()` is a library call, this is not.)
        func fixed(_ v: CGFloat) -> pixman_fixed_t {
            let scaled = v * 256
            return pixman_fixed_t(truncatingIfNeeded: Int64(scaled + (scaled < 0 ? -0.5 : 0.5))) << 8
        }
        func point(_ p: CGPoint) -> pixman_point_fixed_t { pixman_point_fixed_t(x: fixed(p.x) - 255, y: fixed(p.y)) }
        func corner(_ i: Int) -> CGPoint {
            switch i & 3 {
            case 0: return q.0
            case 1: return q.1
            case 2: return q.2
            default: return q.3
            }
        }
        // The corners' heights, sorted (four values: a small sorting network, no array).
        var h0 = q.0.y, h1 = q.1.y, h2 = q.2.y, h3 = q.3.y
        if h0 > h1 { swap(&h0, &h1) }
        if h2 > h3 { swap(&h2, &h3) }
        if h0 > h2 { swap(&h0, &h2) }
        if h1 > h3 { swap(&h1, &h3) }
        if h1 > h2 { swap(&h1, &h2) }
        for band in 0..<3 {
            let (top, bottom) = band == 0 ? (h0, h1) : band == 1 ? (h1, h2) : (h2, h3)
            guard bottom > top else { continue }
            let mid = (top + bottom) / 2
            var leftX = CGFloat.infinity, rightX = -CGFloat.infinity
            var left = (CGPoint.zero, CGPoint.zero), right = (CGPoint.zero, CGPoint.zero)
            for i in 0..<4 {
                let a = corner(i), b = corner(i + 1)
                guard min(a.y, b.y) <= mid, max(a.y, b.y) >= mid, a.y != b.y else { continue }
                let x = a.x + (mid - a.y) / (b.y - a.y) * (b.x - a.x)
                let edge = a.y < b.y ? (a, b) : (b, a)
                if x < leftX { leftX = x; left = edge }
                if x > rightX { rightX = x; right = edge }
            }
            guard leftX <= rightX else { continue }
            var trap = pixman_trapezoid_t(top: fixed(top) - 256, bottom: fixed(bottom) - 256,
                                          left: pixman_line_fixed_t(p1: point(left.0), p2: point(left.1)),
                                          right: pixman_line_fixed_t(p1: point(right.0), p2: point(right.1)))
            pixman_rasterize_trapezoid(image, &trap, offsetX, offsetY)
        }
    }
}
