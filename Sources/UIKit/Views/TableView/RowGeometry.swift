import CoreGraphics
import Foundation

/// Where every row of a table lies, from prefix sums of the row heights: built once per reload
/// (one height per row), then each question is a binary search, so scrolling a table of any length
/// costs only its visible rows.
struct RowGeometry {
    /// One section: its header's top and, for each row, its top (`rowTops[row]`); the last entry is
    /// the section's bottom.
    struct Section {
        var headerTop: CGFloat
        var headerHeight: CGFloat
        var rowTops: [CGFloat]
        var rowCount: Int { rowTops.count - 1 }
        var rowsTop: CGFloat { rowTops[0] }
        var bottom: CGFloat { rowTops[rowTops.count - 1] }
    }

    private(set) var sections: [Section] = []
    /// Where the rows start (below the table header view).
    private(set) var top: CGFloat = 0
    /// Where the rows end (the table footer view goes there).
    private(set) var bottom: CGFloat = 0

    init() {}

    /// The geometry of sections whose row counts are `rowCounts`, starting at `top`, with section
    /// headers `headerHeight(section)` tall and rows `height(indexPath)` tall.
    init(top: CGFloat, rowCounts: [Int], headerHeight: (Int) -> CGFloat, height: (IndexPath) -> CGFloat) {
        self.top = top
        var y = top
        sections.reserveCapacity(rowCounts.count)
        for (s, count) in rowCounts.enumerated() {
            let header = max(0, headerHeight(s))
            var tops = [CGFloat]()
            tops.reserveCapacity(count + 1)
            let headerTop = y
            y += header
            tops.append(y)
            for r in 0..<max(0, count) {
                y += max(0, height(IndexPath(row: r, section: s)))
                tops.append(y)
            }
            sections.append(Section(headerTop: headerTop, headerHeight: header, rowTops: tops))
        }
        bottom = y
    }

    var numberOfSections: Int { sections.count }

    func numberOfRows(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].rowCount : 0
    }

    func contains(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && sections.indices.contains(indexPath.section)
            && indexPath.row >= 0 && indexPath.row < sections[indexPath.section].rowCount
    }

    /// The row's top and height, or nil for a row that does not exist.
    func span(of indexPath: IndexPath) -> (top: CGFloat, height: CGFloat)? {
        guard contains(indexPath) else { return nil }
        let tops = sections[indexPath.section].rowTops
        return (tops[indexPath.row], tops[indexPath.row + 1] - tops[indexPath.row])
    }

    /// The last index `i` below `count` (values ascending) with `value(i) <= y`, or nil when `y` is before them all.
    private static func lastIndex(atOrBefore y: CGFloat, count: Int, value: (Int) -> CGFloat) -> Int? {
        var lo = 0, hi = count - 1, found: Int?
        while lo <= hi {
            let mid = (lo + hi) / 2
            if value(mid) <= y { found = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        return found
    }

    /// The section whose span (header and rows) holds `y`.
    func section(at y: CGFloat) -> Int? {
        guard let s = Self.lastIndex(atOrBefore: y, count: sections.count, value: { sections[$0].headerTop }) else { return nil }
        return y < sections[s].bottom ? s : nil
    }

    /// The row whose span holds `y` (a row's bottom edge belongs to the next one).
    func indexPath(at y: CGFloat) -> IndexPath? {
        guard let s = section(at: y) else {
            // `y` may fall in an empty section's header: look no further.
            return nil
        }
        let tops = sections[s].rowTops
        guard let r = Self.lastIndex(atOrBefore: y, count: tops.count - 1, value: { tops[$0] }) else { return nil }
        return IndexPath(row: r, section: s)
    }

    /// The rows that overlap `minY..<maxY`, in order.
    func indexPaths(from minY: CGFloat, to maxY: CGFloat) -> [IndexPath] {
        guard maxY > minY, !sections.isEmpty else { return [] }
        var result: [IndexPath] = []
        let first = Self.lastIndex(atOrBefore: minY, count: sections.count, value: { sections[$0].headerTop }) ?? 0
        var s = first
        while s < sections.count, sections[s].headerTop < maxY {
            let tops = sections[s].rowTops
            let count = tops.count - 1
            var r = Self.lastIndex(atOrBefore: minY, count: count, value: { tops[$0] }) ?? 0
            while r < count, tops[r] < maxY {
                if tops[r + 1] > minY { result.append(IndexPath(row: r, section: s)) }
                r += 1
            }
            s += 1
        }
        return result
    }

    /// The sections whose headers overlap `minY..<maxY`.
    func headers(from minY: CGFloat, to maxY: CGFloat) -> [Int] {
        guard maxY > minY, !sections.isEmpty else { return [] }
        var result: [Int] = []
        var s = Self.lastIndex(atOrBefore: minY, count: sections.count, value: { sections[$0].headerTop }) ?? 0
        while s < sections.count, sections[s].headerTop < maxY {
            let h = sections[s]
            if h.headerHeight > 0, h.headerTop + h.headerHeight > minY { result.append(s) }
            s += 1
        }
        return result
    }
}
