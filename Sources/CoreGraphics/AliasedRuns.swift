import CALinuxPixman

/// The pixels of an aliased fill, as one run [left, right) per pixel row: what pixman's 1-bit
/// trapezoid rasterizer (`pixman_rasterize_trapezoid` into an a1 image) sets, computed without the
/// image. An aliased fill of a small rotated square costs less this way than rasterizing bits and
/// reading them back.
///
/// The arithmetic is pixman's, to the bit: edges are walked in 16.16 fixed point with an exact
/// error term; sample rows lie at pixel centres (a trapezoid takes the rows whose centre is at or
/// below its top and strictly above its bottom); a row covers the pixels from
/// floor(left + 1/2 - 1/65536) to floor(right + 1/2 - 1/65536), exclusive. That includes pixman's
/// edge initialisation, which keeps the starting error term when stepping to the first row does
/// not carry (`pixman_edge_step`); later rows follow from it.
///
/// Rows are kept for a band of `capacity` rows starting at `top`; a row's run is empty until a
/// trapezoid reaches it, and trapezoids reaching the same row add to its run (convex shapes give
/// each row one run).
struct AliasedRuns {
    /// Two values per row: the first pixel and the end (exclusive); empty when first >= end.
    private var storage: UnsafeMutablePointer<Int32>
    private(set) var capacity: Int
    /// The first row kept, and how many rows are in use.
    private(set) var top = 0, rows = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        storage = .allocate(capacity: 2 * self.capacity)
    }

    func deallocate() { storage.deallocate() }

    /// Clears `rows` rows from `top` (growing the storage when needed).
    mutating func reset(top: Int, rows: Int) {
        if rows > capacity {
            storage.deallocate()
            capacity = rows
            storage = .allocate(capacity: 2 * rows)
        }
        self.top = top
        self.rows = rows
        for i in 0..<rows {
            storage[2 * i] = .max
            storage[2 * i + 1] = .min
        }
    }

    /// The run of pixel row `y` (empty when `first >= end`).
    func run(ofRow y: Int) -> (first: Int, end: Int) {
        let i = y - top
        guard i >= 0, i < rows else { return (0, 0) }
        return (Int(storage[2 * i]), Int(storage[2 * i + 1]))
    }

    /// Adds the pixels `trap` covers (device pixels, 16.16), as `pixman_rasterize_trapezoid` sets
    /// them in an a1 image placed at the origin, within the rows kept.
    mutating func add(_ trap: pixman_trapezoid_t) {
        let half: Int32 = 0x8000, one: Int32 = 0x10000
        guard trap.left.p1.y != trap.left.p2.y, trap.right.p1.y != trap.right.p2.y, trap.bottom > trap.top else { return }
        // The first sample row at or below the top, the last strictly above the bottom.
        var t = trap.top & ~(one - 1) | half
        if trap.top & (one - 1) > half { t &+= one }
        var b = (trap.bottom &- 1) & ~(one - 1) | half
        if (trap.bottom &- 1) & (one - 1) < half { b &-= one }
        guard b >= t else { return }
        var left = Edge(trap.left, startingAt: t), right = Edge(trap.right, startingAt: t)
        var y = t
        while true {
            let row = Int(y >> 16) - top
            if row >= 0 && row < rows {
                // floor(x + 1/2 - 1/65536): the pixel whose centre is at or right of the edge.
                let first = (left.x &+ half &- 1) >> 16, end = (right.x &+ half &- 1) >> 16
                if end > first {
                    storage[2 * row] = min(storage[2 * row], first)
                    storage[2 * row + 1] = max(storage[2 * row + 1], end)
                }
            }
            if y == b { break }
            left.stepRow()
            right.stepRow()
            y &+= one
        }
    }

    /// An edge walked one sample row at a time, as pixman walks it (`pixman_edge_t` for 1-bit images).
    private struct Edge {
        var x: Int32
        /// The error term: when it turns positive, x moves one more unit in the edge's direction.
        var e: Int64
        let dy: Int64
        let signdx: Int32
        let stepRowX: Int32
        let stepRowE: Int64

        /// The edge of `line` (any direction) at sample row `y`.
        init(_ line: pixman_line_fixed_t, startingAt y: Int32) {
            let (top, bottom) = line.p1.y <= line.p2.y ? (line.p1, line.p2) : (line.p2, line.p1)
            let dx = bottom.x &- top.x
            let dy = bottom.y &- top.y
            self.dy = Int64(dy)
            var stepx: Int32, remainder: Int64
            if dx >= 0 {
                signdx = 1
                stepx = dx / dy
                remainder = Int64(dx % dy)
                e = -Int64(dy)
            } else {
                signdx = -1
                stepx = -(-dx / dy)
                remainder = Int64(-dx % dy)
                e = 0
            }
            // One row is 65536 units of y: its whole steps and its remainder.
            var rowE = 65536 * remainder
            var rowX = Int32(truncatingIfNeeded: UInt32(65536) &* UInt32(bitPattern: stepx))
            if rowE > 0 {
                let carry = rowE / self.dy
                rowE -= carry * self.dy
                rowX &+= Int32(truncatingIfNeeded: carry) &* signdx
            }
            stepRowX = rowX
            stepRowE = rowE
            x = top.x
            // Stepped from the top to `y` at once; the error term changes only when it carries.
            let n = Int64(y &- top.y)
            x = Int32(truncatingIfNeeded: Int64(x) + n * Int64(stepx))
            let ne = e + n * remainder
            if n >= 0 {
                if ne > 0 {
                    let carry = (ne + self.dy - 1) / self.dy
                    e = ne - carry * self.dy
                    x &+= Int32(truncatingIfNeeded: carry) &* signdx
                }
            } else if ne <= -self.dy {
                let carry = -ne / self.dy
                e = ne + carry * self.dy
                x &-= Int32(truncatingIfNeeded: carry) &* signdx
            }
        }

        mutating func stepRow() {
            x &+= stepRowX
            e += stepRowE
            if e > 0 {
                e -= dy
                x &+= signdx
            }
        }
    }
}
