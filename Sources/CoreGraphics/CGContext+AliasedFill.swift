import CALinuxCairo
import CALinuxPixman

// Aliased fills of a rotated or sheared rectangle without cairo's scan converter.
//
// Core Animation draws a rotated layer's background without edge antialiasing, so a frame of spinning
// layers is mostly aliased quadrilaterals. cairo fills those with its mono scan converter, which
// composites every pixel row as a span of its own (one `pixman_image_composite32` per row). Here the
// quadrilateral is cut into trapezoids whose pixels are those pixman's 1-bit rasterizer sets (sampled at
// pixel centres, as cairo's mono converter samples; `AliasedRuns`), one run per row, and the colour is
// blended over each run directly, inside the clip
// cairo holds (known as a pixel region, `DeviceClipRegion`), with pixman's own arithmetic for OVER (so
// the pixels are those of a composite through the coverage). Anything this path does not cover exactly
// (a shadow, a mask clip, a blend mode, a transparency layer, a clip that is not a pixel region, a huge
// shape) goes through cairo.

/// What a context keeps for aliased fills: its pixels (32 bits each) and the rows of the shape being
/// filled, reused from fill to fill.
final class AliasedFillTarget {
    private let pixels: UnsafeMutableRawPointer
    private let rowBytes: Int, targetWidth: Int, targetHeight: Int
    @exclusivity(unchecked) var runs = AliasedRuns(capacity: 64)

    /// `pixels`: a8r8g8b8 or x8r8g8b8 rows, `rowBytes` apart.
    init(pixels: UnsafeMutableRawPointer, width: Int, height: Int, rowBytes: Int) {
        self.pixels = pixels
        self.rowBytes = rowBytes
        targetWidth = width
        targetHeight = height
    }

    deinit { runs.deallocate() }

    /// Blends `color` (premultiplied, a8r8g8b8) OVER the target's pixels in `runs`, within `clip`
    /// (nil: the target). Per channel: `color + dst * (255 - alpha) / 255`, rounded as pixman rounds,
    /// which is what compositing the colour through the runs as an 8-bit mask of 0 and 255 gives.
    func blend(_ color: UInt32, clip: DeviceClipRegion?) {
        let box = (x1: 0, y1: max(runs.top, 0), x2: targetWidth, y2: min(runs.top + runs.rows, targetHeight))
        guard box.y1 < box.y2 else { return }
        guard let clip else {
            blendRuns(color, within: box)
            return
        }
        for b in clip.boxes where b.y2 > box.y1 && b.y1 < box.y2 && b.x2 > box.x1 && b.x1 < box.x2 {
            blendRuns(color, within: (max(box.x1, Int(b.x1)), max(box.y1, Int(b.y1)), min(box.x2, Int(b.x2)), min(box.y2, Int(b.y2))))
        }
    }

    /// Blends over the runs of the rows inside `box` (target pixels).
    private func blendRuns(_ color: UInt32, within box: (x1: Int, y1: Int, x2: Int, y2: Int)) {
        for row in box.y1..<box.y2 {
            let run = runs.run(ofRow: row)
            let from = max(run.first, box.x1), to = min(run.end, box.x2)
            guard from < to else { continue }
            Self.blendSpan(color, (pixels + row * rowBytes).assumingMemoryBound(to: UInt32.self) + from, count: to - from,
                           rowEnd: targetWidth - from)
        }
    }

    /// `color` OVER `count` pixels, channel by channel as pixman's OVER (x * a / 255 rounded:
    /// t = x * a + 128, (t + t >> 8) >> 8), four pixels a step: their even and odd bytes as two
    /// vectors of eight 16-bit lanes (no carry crosses a byte: each channel's result is at most 255).
    /// The last one to three pixels take a step of four too when the row has room (`rowEnd` pixels
    /// from `p`), storing the pixels past the span unchanged.
    @inline(__always)
    private static func blendSpan(_ color: UInt32, _ p: UnsafeMutablePointer<UInt32>, count: Int, rowEnd: Int) {
        let inverse = 255 - color >> 24
        guard inverse != 0 else {
            p.update(repeating: color, count: count)
            return
        }
        let factor = SIMD8<UInt16>(repeating: UInt16(inverse))
        let colorLanes = unsafeBitCast(SIMD4<UInt32>(repeating: color), to: SIMD8<UInt16>.self)
        @inline(__always)
        func over(_ d: SIMD8<UInt16>) -> SIMD8<UInt16> {
            var even = (d & 0x00FF) &* factor &+ 0x80
            even = (even &+ (even &>> 8)) &>> 8
            var odd = (d &>> 8) &* factor &+ 0x80
            odd = (odd &+ (odd &>> 8)) & 0xFF00
            return (even | odd) &+ colorLanes
        }
        var i = 0
        while i + 4 <= count {
            let raw = UnsafeMutableRawPointer(p + i)
            raw.storeBytes(of: over(raw.loadUnaligned(as: SIMD8<UInt16>.self)), as: SIMD8<UInt16>.self)
            i += 4
        }
        guard i < count else { return }
        if i + 4 <= rowEnd {
            let raw = UnsafeMutableRawPointer(p + i)
            let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
            // Lanes (two per pixel) of the pixels still in the span.
            let inSpan = SIMD8<Int16>(0, 0, 1, 1, 2, 2, 3, 3) .< SIMD8<Int16>(repeating: Int16(count - i))
            raw.storeBytes(of: d.replacing(with: over(d), where: inSpan), as: SIMD8<UInt16>.self)
            return
        }
        while i < count {
            let d = p[i]
            var rb = (d & 0x00FF_00FF) &* inverse &+ 0x0080_0080
            rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
            var ag = ((d >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
            ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
            p[i] = (rb | ag) &+ color
            i += 1
        }
    }
}

extension CGContext {
    /// The largest shape (device pixels a side) filled by pixman; larger ones go through cairo.
    static let aliasedFillMaxSide = 2048

    /// Fills `rect` through pixman when that gives cairo's pixels: antialiasing off, a transform that
    /// rotates or shears, plain painting (normal blend mode, no shadow, no mask clip, no transparency
    /// layer) and a clip that is a pixel region. Returns false when it did not apply.
    func fillAliasedRect(_ rect: CGRect) -> Bool {
        guard state.fillColor.patternImage == nil, cairo_get_antialias(cairoContext) == CAIRO_ANTIALIAS_NONE else { return false }
        return fillAliased(rect, color: state.fillColor.rgba)
    }

    /// Fills `rect` with the straight RGBA `color` (not the fill colour, which stays as it is) without
    /// antialiasing, as `fill(_:)` does with antialiasing off; false (nothing drawn) where that takes
    /// cairo (see `fillAliasedRect`). For a renderer that keeps its colours as values.
    package func fillAliased(_ rect: CGRect, color c: (r: Double, g: Double, b: Double, a: Double)) -> Bool {
        let t = state.ctm.concatenating(deviceFlip)
        guard t.b != 0 || t.c != 0, !state.ctmIsSingular, layers.isEmpty, state.shadow == nil, state.mask == nil,
              state.blendMode == .normal, state.clipIsRegion,
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
        // Pairwise: the variadic min and max build an array for every call.
        let minX = min(min(xs.0, xs.1), min(xs.2, xs.3)), maxX = max(max(xs.0, xs.1), max(xs.2, xs.3))
        let minY = min(min(ys.0, ys.1), min(ys.2, ys.3)), maxY = max(max(ys.0, ys.1), max(ys.2, ys.3))
        let limit: CGFloat = 30_000   // pixman's 16.16 fixed point
        guard minX > -limit, minY > -limit, maxX < limit, maxY < limit else { return false }
        // Pixel i is covered only if its centre lies within 1/256 of the shape (see forEachTrapezoid).
        let x0 = Int((minX - 0.01).rounded(.down)), y0 = Int((minY - 0.01).rounded(.down))
        let w = Int(maxX.rounded(.up)) - x0, h = Int(maxY.rounded(.up)) - y0
        guard w <= Self.aliasedFillMaxSide, h <= Self.aliasedFillMaxSide,
              x0 + w > 0, y0 + h > 0, x0 < width, y0 < height else {
            return w <= Self.aliasedFillMaxSide && h <= Self.aliasedFillMaxSide   // wholly off the target
        }
        guard let target = aliasedFillTarget() else { return false }
        target.runs.reset(top: y0, rows: h)
        Self.forEachTrapezoid(ofQuad: corners) { target.runs.add($0) }
        let a = c.a * Double(state.alpha)
        // cairo's colour to pixels: 16 bits per premultiplied channel, then the high byte.
        func byte(_ v: Double) -> UInt32 { UInt32(UInt16(min(max(v, 0), 1) * 65535 + 0.5) >> 8) }
        guard a > 0 else {
            beginPath()
            return true
        }
        cairo_surface_flush(cairoSurface)
        target.blend(byte(a) << 24 | byte(c.r * a) << 16 | byte(c.g * a) << 8 | byte(c.b * a), clip: state.deviceClip)
        cairo_surface_mark_dirty_rectangle(cairoSurface, Int32(x0), Int32(y0), Int32(w), Int32(h))
        beginPath()
        didPaint()
        return true
    }

    /// The trapezoids of the convex quadrilateral `q` (device pixels, in order), one per band between
    /// the corners' heights, placed so that pixman's 1-bit rasterization of them gives cairo's pixels.
    static func forEachTrapezoid(ofQuad q: (CGPoint, CGPoint, CGPoint, CGPoint),
                                 _ body: (pixman_trapezoid_t) -> Void) {
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
            body(pixman_trapezoid_t(top: fixed(top) - 256, bottom: fixed(bottom) - 256,
                                    left: pixman_line_fixed_t(p1: point(left.0), p2: point(left.1)),
                                    right: pixman_line_fixed_t(p1: point(right.0), p2: point(right.1))))
        }
    }
}
