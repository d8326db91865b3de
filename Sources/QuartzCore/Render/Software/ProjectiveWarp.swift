import CALinuxPixman
import CoreGraphics

/// Resamples a bitmap through a projective map with pixman (cairo's patterns only take affine maps).
///
/// Both bitmaps are premultiplied ARGB32 `CGContext`s (`PIXMAN_a8r8g8b8` on little-endian hosts).
/// Coordinates are continuous pixel coordinates, y down from the top row: pixel (i, j) covers
/// [i, i+1] x [j, j+1], so its centre is (i + 0.5, j + 0.5), pixman's convention as well.
///
/// pixman's projective sampler divides the homogeneous coordinates as unsigned 64-bit numbers
/// (`((uint64_t)x << 16) / w` in `bits_image_fetch_general`, pixman 0.42): a sample point left of
/// or above the source's origin comes back as garbage, not as the padded edge. Callers therefore
/// keep every sample that shows inside a margin of replicated edge pixels (`extendEdges`).
enum ProjectiveWarp {
    /// Destination tiles are this many pixels square, each with its own transform relative to its
    /// origin: pixman evaluates the map in fixed point (see `fixedPointTransform`), and short spans
    /// keep its rounding far below a pixel.
    static let tileSize = 128

    /// Overwrites every pixel of `destination` with `source` sampled (bilinear, edges padded) at
    /// `destinationToSource` of the pixel's centre. Returns false when the map cannot be expressed.
    @discardableResult
    static func warp(_ source: CGContext, into destination: CGContext, destinationToSource t: Homography) -> Bool {
        guard t.isFinite, let sourceData = source.data, let destinationData = destination.data,
              source.bitsPerPixel == 32, destination.bitsPerPixel == 32 else { return false }
        source.flush()
        guard let src = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(source.width), Int32(source.height),
                                                 sourceData.assumingMemoryBound(to: UInt32.self),
                                                 Int32(source.bytesPerRow)) else { return false }
        defer { pixman_image_unref(src) }
        guard let dst = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(destination.width), Int32(destination.height),
                                                 destinationData.assumingMemoryBound(to: UInt32.self),
                                                 Int32(destination.bytesPerRow)) else { return false }
        defer { pixman_image_unref(dst) }
        pixman_image_set_filter(src, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(src, PIXMAN_REPEAT_PAD)

        var ok = true
        for y0 in stride(from: 0, to: destination.height, by: tileSize) {
            for x0 in stride(from: 0, to: destination.width, by: tileSize) {
                let tileToSource = Homography(CGAffineTransform(translationX: CGFloat(x0), y: CGFloat(y0)))
                    .concatenating(t)
                let width = min(tileSize, destination.width - x0), height = min(tileSize, destination.height - y0)
                guard var fixed = fixedPointTransform(tileToSource, width: width, height: height) else {
                    ok = false
                    continue
                }
                pixman_image_set_transform(src, &fixed)
                pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, 0, 0, 0, 0, Int32(x0), Int32(y0),
                                         Int32(width), Int32(height))
            }
        }
        return ok
    }

    /// Fills the outer `margin` pixels of `bitmap` with copies of the pixels just inside them
    /// (what `PIXMAN_REPEAT_PAD` would sample), so that the content in the middle can be sampled a
    /// little beyond its edges with non-negative coordinates.
    static func extendEdges(of bitmap: CGContext, margin: Int) {
        let width = bitmap.width, height = bitmap.height
        guard margin > 0, width > 2 * margin, height > 2 * margin, bitmap.bitsPerPixel == 32,
              let data = bitmap.data else { return }
        bitmap.flush()
        let stride = bitmap.bytesPerRow / 4
        let pixels = data.assumingMemoryBound(to: UInt32.self)
        for y in margin..<(height - margin) {
            let row = pixels + y * stride
            let first = row[margin], last = row[width - margin - 1]
            for x in 0..<margin {
                row[x] = first
                row[width - 1 - x] = last
            }
        }
        let top = pixels + margin * stride, bottom = pixels + (height - margin - 1) * stride
        for y in 0..<margin {
            (pixels + y * stride).update(from: top, count: width)
            (pixels + (height - 1 - y) * stride).update(from: bottom, count: width)
        }
    }

    /// `h` as pixman's column-vector 16.16 matrix for a `width` x `height` span of destination pixels.
    ///
    /// pixman maps the first pixel of each row into a 16.16 vector (`pixman_vector`: integer parts
    /// must stay within ±32767) and steps along the row in 48.16. A homography is defined up to
    /// scale, so `h` is scaled to make the largest homogeneous coordinate over the span 2^14: as
    /// many bits as fit go to the matrix entries, the small perspective terms included.
    private static func fixedPointTransform(_ h: Homography, width: Int, height: Int) -> pixman_transform? {
        var largest: CGFloat = 0
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: width, y: 0), CGPoint(x: 0, y: height), CGPoint(x: width, y: height)] {
            let v = h.mapHomogeneous(p)
            largest = max(largest, abs(v.x), abs(v.y), abs(v.w))
        }
        guard largest > 0, largest.isFinite else { return nil }
        let scale = 16384 / largest
        let columnMajor = [[h.m11, h.m21, h.m31], [h.m12, h.m22, h.m32], [h.m13, h.m23, h.m33]]
        let entries = columnMajor.joined().map { $0 * scale * 65536 }
        guard entries.allSatisfy({ abs($0) < CGFloat(Int32.max) }) else { return nil }
        func fixed(_ i: Int, _ j: Int) -> pixman_fixed_t { pixman_fixed_t(entries[i * 3 + j].rounded()) }
        return pixman_transform(matrix: (
            (fixed(0, 0), fixed(0, 1), fixed(0, 2)),
            (fixed(1, 0), fixed(1, 1), fixed(1, 2)),
            (fixed(2, 0), fixed(2, 1), fixed(2, 2))))
    }
}
