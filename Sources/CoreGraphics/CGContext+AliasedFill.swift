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

/// The pixman images a context keeps for aliased fills: its pixels, a 1-bit coverage scratch and a
/// one-pixel repeating colour, all reused from fill to fill.
final class AliasedFillImages {
    let destination: OpaquePointer
    let source: OpaquePointer
    private let sourcePixel: UnsafeMutablePointer<UInt32>
    private(set) var coverage: OpaquePointer?
    private var coverageBits: UnsafeMutableRawPointer?
    private var coverageWidth = 0, coverageHeight = 0, coverageStride = 0
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
        if let coverage { pixman_image_unref(coverage) }
        coverageBits?.deallocate()
        sourcePixel.deallocate()
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

    /// A cleared coverage image of at least `width` x `height`: its top-left `width` x `height` pixels
    /// are zero, and nothing outside them was set since the last clearing of that size.
    func clearedCoverage(width: Int, height: Int) -> OpaquePointer? {
        if width > coverageWidth || height > coverageHeight {
            if let coverage { pixman_image_unref(coverage) }
            coverageBits?.deallocate()
            coverage = nil
            let w = max(width, coverageWidth, 64), h = max(height, coverageHeight, 64)
            let stride = (w + 31) / 32 * 4
            let bits = UnsafeMutableRawPointer.allocate(byteCount: stride * h, alignment: 4)
            bits.initializeMemory(as: UInt8.self, repeating: 0, count: stride * h)
            guard let image = pixman_image_create_bits(PIXMAN_a1, Int32(w), Int32(h),
                                                       bits.assumingMemoryBound(to: UInt32.self), Int32(stride)) else {
                bits.deallocate()
                coverageBits = nil
                coverageWidth = 0; coverageHeight = 0
                return nil
            }
            coverage = image
            coverageBits = bits
            coverageWidth = w; coverageHeight = h; coverageStride = stride
            return image
        }
        // Only the rows a shape of this height can have touched (shapes are placed at the origin).
        coverageBits?.initializeMemory(as: UInt8.self, repeating: 0, count: coverageStride * height)
        return coverage
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
              state.blendMode == .normal, state.clipIsRegion,
              cairo_get_antialias(cairoContext) == CAIRO_ANTIALIAS_NONE else { return false }
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
        let x0 = Int(minX.rounded(.down)), y0 = Int(minY.rounded(.down))
        let w = Int(maxX.rounded(.up)) - x0 + 1, h = Int(maxY.rounded(.up)) - y0 + 1
        guard w <= Self.aliasedFillMaxSide, h <= Self.aliasedFillMaxSide,
              x0 + w > 0, y0 + h > 0, x0 < width, y0 < height else {
            return w <= Self.aliasedFillMaxSide && h <= Self.aliasedFillMaxSide   // wholly off the target
        }
        guard let images = aliasedFillImages(), let coverage = images.clearedCoverage(width: w, height: h) else {
            return false
        }
        rasterizeQuad([corners.0, corners.1, corners.2, corners.3], into: coverage,
                      offsetX: Int32(-x0), offsetY: Int32(-y0))
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
        pixman_image_composite32(PIXMAN_OP_OVER, images.source, coverage, images.destination,
                                 0, 0, 0, 0, Int32(x0), Int32(y0), Int32(w), Int32(h))
        cairo_surface_mark_dirty_rectangle(cairoSurface, Int32(x0), Int32(y0), Int32(w), Int32(h))
        beginPath()
        didPaint()
        return true
    }

    /// Rasterizes the convex quadrilateral `p` (device pixels, in order) into the 1-bit `image`, moved
    /// by the offsets: one trapezoid per band between the corners' heights.
    private func rasterizeQuad(_ p: [CGPoint], into image: OpaquePointer, offsetX: Int32, offsetY: Int32) {
        // cairo rasterizes coordinates rounded to 1/256 pixel (its 24.8 fixed point): the same lines here.
        // Its mono converter starts a span at floor(x + 127/256) and a row at floor(y + 127/256), where
        // pixman's 1-bit rasterizer takes floor(x + 1/2 - 1/65536) and the rows whose centre is inside:
        // moving the lines left by 255/65536 and the bands up by 1/256 gives cairo's pixels.
        func fixed(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t((v * 256).rounded()) << 8 }
        func point(_ q: CGPoint) -> pixman_point_fixed_t { pixman_point_fixed_t(x: fixed(q.x) - 255, y: fixed(q.y)) }
        let heights = [p[0].y, p[1].y, p[2].y, p[3].y].sorted()
        for band in 0..<3 {
            let top = heights[band], bottom = heights[band + 1]
            guard bottom > top else { continue }
            let mid = (top + bottom) / 2
            var left: (x: CGFloat, a: CGPoint, b: CGPoint)?
            var right: (x: CGFloat, a: CGPoint, b: CGPoint)?
            for i in 0..<4 {
                let a = p[i], b = p[(i + 1) & 3]
                guard min(a.y, b.y) <= mid, max(a.y, b.y) >= mid, a.y != b.y else { continue }
                let x = a.x + (mid - a.y) / (b.y - a.y) * (b.x - a.x)
                let (upper, lower) = a.y < b.y ? (a, b) : (b, a)
                if left == nil || x < left!.x { left = (x, upper, lower) }
                if right == nil || x > right!.x { right = (x, upper, lower) }
            }
            guard let l = left, let r = right else { continue }
            var trap = pixman_trapezoid_t(top: fixed(top) - 256, bottom: fixed(bottom) - 256,
                                          left: pixman_line_fixed_t(p1: point(l.a), p2: point(l.b)),
                                          right: pixman_line_fixed_t(p1: point(r.a), p2: point(r.b)))
            pixman_rasterize_trapezoid(image, &trap, offsetX, offsetY)
        }
    }
}
