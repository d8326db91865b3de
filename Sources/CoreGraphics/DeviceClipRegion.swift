import CALinuxPixman

/// A clip made of whole device pixels (cairo's y-down device space), as a pixman region: the union of
/// the rectangles of one `clip(to:)`, intersected with the clip before it. Immutable once made, so
/// saved graphics states share it.
final class DeviceClipRegion {
    @exclusivity(unchecked) private(set) var region = pixman_region32_t()
    /// The region's boxes, banded as pixman keeps them (top to bottom, then left to right).
    @exclusivity(unchecked) private(set) var boxes: [pixman_box32_t] = []

    /// `rects` (pixel boxes x1, y1, x2, y2) intersected with `outer` (nil: the whole plane).
    init(_ rects: [(Int32, Int32, Int32, Int32)], within outer: DeviceClipRegion?) {
        var boxes = rects.map { pixman_box32_t(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3) }
        var own = pixman_region32_t()
        pixman_region32_init_rects(&own, &boxes, Int32(boxes.count))
        if let outer {
            var other = outer.region
            var both = pixman_region32_t()
            pixman_region32_init(&both)
            pixman_region32_intersect(&both, &own, &other)
            pixman_region32_fini(&own)
            own = both
        }
        region = own
        var count: Int32 = 0
        if let first = pixman_region32_rectangles(&region, &count) {
            self.boxes = Array(UnsafeBufferPointer(start: first, count: Int(count)))
        }
    }

    deinit {
        pixman_region32_fini(&region)
    }

    /// The pixel boxes that `rects` (user space) cover under `toDevice`, or nil when the map is not a
    /// translation and scale or a rectangle's edges do not fall on pixel edges (cairo then clips with
    /// partial coverage, which a region cannot express).
    static func pixelRects(_ rects: [CGRect], toDevice t: CGAffineTransform) -> [(Int32, Int32, Int32, Int32)]? {
        guard t.b == 0, t.c == 0 else { return nil }
        var boxes: [(Int32, Int32, Int32, Int32)] = []
        boxes.reserveCapacity(rects.count)
        for r in rects where !r.isNull {
            let x1 = r.minX * t.a + t.tx, x2 = r.maxX * t.a + t.tx
            let y1 = r.minY * t.d + t.ty, y2 = r.maxY * t.d + t.ty
            func edge(_ v: CGFloat) -> Int32? {
                let rounded = v.rounded()
                guard v.isFinite, abs(v - rounded) < 1e-6, abs(rounded) < 1e9 else { return nil }
                return Int32(rounded)
            }
            guard let left = edge(min(x1, x2)), let top = edge(min(y1, y2)),
                  let right = edge(max(x1, x2)), let bottom = edge(max(y1, y2)) else { return nil }
            if right > left, bottom > top { boxes.append((left, top, right, bottom)) }
        }
        return boxes
    }
}
