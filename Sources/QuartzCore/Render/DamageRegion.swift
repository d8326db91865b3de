import CoreGraphics

/// A set of device-pixel rectangles of a render target (y down, whole pixels): what changed in a
/// frame, or what must be repainted in a buffer. A few rectangles at most: when more would be
/// kept, the closest pair is merged into its bounding box, so a region stays cheap to test and to
/// send to a compositor (`wl_surface.damage_buffer` takes one rectangle a request).
package struct DamageRegion: Equatable, Sendable {
    /// The most rectangles a region keeps.
    package static let maximumRectangles = 8

    /// The rectangles (disjoint or not), or nil when the region is everything.
    package private(set) var rectangles: [CGRect]?

    /// No pixels.
    package static let empty = DamageRegion(rectangles: [])
    /// Every pixel of the target.
    package static let everything = DamageRegion(rectangles: nil)

    private init(rectangles: [CGRect]?) {
        self.rectangles = rectangles
    }

    /// The region of `rects` (each widened to whole pixels).
    package init(_ rects: [CGRect]) {
        rectangles = []
        for rect in rects { add(rect) }
    }

    /// Regions are equal when they hold the same rectangles, in any order.
    package static func == (a: DamageRegion, b: DamageRegion) -> Bool {
        guard let x = a.rectangles, let y = b.rectangles else { return a.rectangles == nil && b.rectangles == nil }
        return x.count == y.count && x.allSatisfy(y.contains) && y.allSatisfy(x.contains)
    }

    package var isEmpty: Bool { rectangles?.isEmpty ?? false }
    package var isEverything: Bool { rectangles == nil }

    /// Adds `rect` (device pixels, widened to whole pixels); an infinite or NaN rectangle makes
    /// the region everything.
    package mutating func add(_ rect: CGRect) {
        guard var rects = rectangles else { return }
        guard !rect.isNull, !rect.isEmpty else { return }
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
            rectangles = nil
            return
        }
        var merged = rect.integral
        // Absorb what it overlaps or contains; drop it if already covered.
        var k = 0
        while k < rects.count {
            if rects[k].contains(merged) { return }
            if merged.contains(rects[k]) || merged.intersects(rects[k]) && Self.mergeCost(merged, rects[k]) <= 0 {
                merged = merged.union(rects[k])
                rects.remove(at: k)
                k = 0
                continue
            }
            k += 1
        }
        rects.append(merged)
        while rects.count > Self.maximumRectangles { Self.mergeClosestPair(&rects) }
        rectangles = rects
    }

    /// Adds every rectangle of `other`.
    package mutating func formUnion(_ other: DamageRegion) {
        guard let rects = other.rectangles else {
            rectangles = nil
            return
        }
        for rect in rects { add(rect) }
    }

    /// Whether `rect` (device pixels) touches the region.
    package func intersects(_ rect: CGRect) -> Bool {
        guard let rects = rectangles else { return true }
        for r in rects where r.intersects(rect) { return true }
        return false
    }

    /// The region moved by `dx`, `dy` pixels.
    package func offsetBy(dx: CGFloat, dy: CGFloat) -> DamageRegion {
        guard let rects = rectangles else { return self }
        return DamageRegion(rectangles: rects.map { $0.offsetBy(dx: dx, dy: dy) })
    }

    /// The region's rectangles within `bounds` (everything: `bounds` itself).
    package func rectangles(within bounds: CGRect) -> [CGRect] {
        guard let rects = rectangles else { return [bounds] }
        return rects.compactMap { r in
            let clipped = r.intersection(bounds)
            return clipped.isNull || clipped.isEmpty ? nil : clipped
        }
    }

    /// The pixels the region covers within `bounds` (overlaps counted once per rectangle).
    package func area(within bounds: CGRect) -> CGFloat {
        rectangles(within: bounds).reduce(0) { $0 + $1.width * $1.height }
    }

    /// The area the union of `a` and `b` adds over the two alone (≤ 0: merging costs nothing).
    private static func mergeCost(_ a: CGRect, _ b: CGRect) -> CGFloat {
        let u = a.union(b)
        let overlap = a.intersection(b)
        let shared = overlap.isNull ? 0 : overlap.width * overlap.height
        return u.width * u.height - (a.width * a.height + b.width * b.height - shared)
    }

    private static func mergeClosestPair(_ rects: inout [CGRect]) {
        var best = (i: 0, j: 1, cost: CGFloat.infinity)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let cost = mergeCost(rects[i], rects[j])
                if cost < best.cost { best = (i, j, cost) }
            }
        }
        rects[best.i] = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
    }
}
