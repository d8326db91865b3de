import CoreGraphics

/// A set of device-pixel rectangles of a render target (y down, whole pixels): what changed in a
/// frame, or what must be repainted in a buffer. A few rectangles at most: past that, a new
/// rectangle is merged into the one it enlarges least, so a region stays cheap to build, to test
/// and to send to a compositor (`wl_surface.damage_buffer` takes one rectangle a request).
package struct DamageRegion: Equatable, Sendable {
    /// The most rectangles a region keeps.
    package static let maximumRectangles = 8

    /// A rectangle as its edges (cheaper to merge and test than `CGRect`, whose methods standardize).
    private struct Box: Equatable, Sendable {
        var minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat

        var area: CGFloat { (maxX - minX) * (maxY - minY) }
        var rect: CGRect { CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }

        func contains(_ b: Box) -> Bool { minX <= b.minX && minY <= b.minY && maxX >= b.maxX && maxY >= b.maxY }
        func intersects(_ b: Box) -> Bool { minX < b.maxX && b.minX < maxX && minY < b.maxY && b.minY < maxY }
        func union(_ b: Box) -> Box {
            Box(minX: min(minX, b.minX), minY: min(minY, b.minY), maxX: max(maxX, b.maxX), maxY: max(maxY, b.maxY))
        }
    }

    /// The rectangles, or nil when the region is everything.
    private var boxes: [Box]?

    /// No pixels.
    package static let empty = DamageRegion(boxes: [])
    /// Every pixel of the target.
    package static let everything = DamageRegion(boxes: nil)

    private init(boxes: [Box]?) {
        self.boxes = boxes
    }

    /// The region of `rects` (each widened to whole pixels).
    package init(_ rects: [CGRect]) {
        boxes = []
        for rect in rects { add(rect) }
    }

    package var isEmpty: Bool { boxes?.isEmpty ?? false }
    package var isEverything: Bool { boxes == nil }

    /// The rectangles (nil when the region is everything).
    package var rectangles: [CGRect]? { boxes?.map(\.rect) }

    /// Regions are equal when they hold the same rectangles, in any order.
    package static func == (a: DamageRegion, b: DamageRegion) -> Bool {
        guard let x = a.boxes, let y = b.boxes else { return a.boxes == nil && b.boxes == nil }
        return x.count == y.count && x.allSatisfy(y.contains) && y.allSatisfy(x.contains)
    }

    /// Adds `rect` (device pixels, widened to whole pixels); an infinite or NaN rectangle makes
    /// the region everything.
    package mutating func add(_ rect: CGRect) {
        guard boxes != nil, !rect.isNull else { return }
        let x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else {
            boxes = nil
            return
        }
        guard x1 > x0, y1 > y0 else { return }
        add(Box(minX: x0.rounded(.down), minY: y0.rounded(.down), maxX: x1.rounded(.up), maxY: y1.rounded(.up)))
    }

    private mutating func add(_ box: Box) {
        guard var list = boxes else { return }
        boxes = nil   // edit the array in place, not a copy
        defer { boxes = list }
        var merged = box
        while true {
            // Absorb what it overlaps; stop if already covered.
            var k = 0
            while k < list.count {
                if list[k].contains(merged) { return }
                if merged.intersects(list[k]) {
                    merged = merged.union(list[k])
                    list.swapAt(k, list.count - 1)
                    list.removeLast()
                    k = 0
                    continue
                }
                k += 1
            }
            if list.count < Self.maximumRectangles {
                list.append(merged)
                return
            }
            // Full: merge into the rectangle whose union with it grows the covered area least.
            var best = 0, bestCost = CGFloat.infinity
            for k in list.indices {
                let cost = list[k].union(merged).area - list[k].area
                if cost < bestCost { best = k; bestCost = cost }
            }
            merged = list[best].union(merged)
            list.swapAt(best, list.count - 1)
            list.removeLast()
        }
    }

    /// Adds every rectangle of `other`.
    package mutating func formUnion(_ other: DamageRegion) {
        guard let others = other.boxes else {
            boxes = nil
            return
        }
        for box in others { add(box) }
    }

    /// Whether `rect` (device pixels) touches the region.
    package func intersects(_ rect: CGRect) -> Bool {
        guard let boxes else { return true }
        guard !rect.isNull else { return false }
        let b = Box(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
        for box in boxes where box.intersects(b) { return true }
        return false
    }

    /// The region moved by `dx`, `dy` pixels.
    package func offsetBy(dx: CGFloat, dy: CGFloat) -> DamageRegion {
        guard let boxes, dx != 0 || dy != 0 else { return self }
        return DamageRegion(boxes: boxes.map { Box(minX: $0.minX + dx, minY: $0.minY + dy, maxX: $0.maxX + dx, maxY: $0.maxY + dy) })
    }

    /// The region's rectangles within `bounds` (everything: `bounds` itself).
    /// The whole-pixel box around the region's rectangles within `bounds` (`bounds` itself for
    /// everything; nil when nothing of it lies there).
    package func boundingBox(within bounds: CGRect) -> CGRect? {
        if isEverything { return bounds }
        let box = rectangles(within: bounds).reduce(CGRect.null) { $0.union($1) }.integral.intersection(bounds)
        return box.isNull || box.isEmpty ? nil : box
    }

    package func rectangles(within bounds: CGRect) -> [CGRect] {
        guard let boxes else { return [bounds] }
        return boxes.compactMap { box in
            let clipped = box.rect.intersection(bounds)
            return clipped.isNull || clipped.isEmpty ? nil : clipped
        }
    }

    /// The pixels the region covers within `bounds` (overlaps counted once per rectangle).
    package func area(within bounds: CGRect) -> CGFloat {
        rectangles(within: bounds).reduce(0) { $0 + $1.width * $1.height }
    }
}
