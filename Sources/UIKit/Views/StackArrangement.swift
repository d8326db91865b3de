import CoreGraphics
import Foundation

/// The arithmetic of a stack view's layout: lengths along the axis by the distribution, places
/// across it by the alignment. Pure values in, rectangles out.
struct StackArrangement {
    /// One arranged view as the arithmetic sees it.
    struct Item {
        var isHidden: Bool
        /// The preferred length along the axis and across it (negative: no preference).
        var main: CGFloat
        var cross: CGFloat
        /// The current length across the axis (kept when there is no preference).
        var currentCross: CGFloat
        var hugging: Float
        var compression: Float
        /// The space after this view (0 for the last).
        var spacingAfter: CGFloat
    }

    let views: [UIView]
    let items: [Item]
    let vertical: Bool
    let distribution: UIStackView.Distribution
    let alignment: UIStackView.Alignment

    private var visible: [Int] { items.indices.filter { !items[$0].isHidden } }

    /// The gaps between consecutive visible views (a hidden view's spacing goes with it).
    private func gaps(_ shown: [Int]) -> [CGFloat] {
        guard shown.count > 1 else { return [] }
        return (0..<(shown.count - 1)).map { items[shown[$0]].spacingAfter }
    }

    /// The size the arrangement wants: lengths and gaps along the axis, the largest view across it
    /// (-1 where no view has a preference); zero with nothing visible.
    var contentSize: CGSize {
        let shown = visible
        guard !shown.isEmpty else { return .zero }
        let lengths = shown.map { max(0, items[$0].main) }
        let main: CGFloat
        if shown.allSatisfy({ items[$0].main < 0 }) {
            main = UIView.noIntrinsicMetric
        } else if distribution == .fillEqually {
            main = (lengths.max() ?? 0) * CGFloat(shown.count) + gaps(shown).reduce(0, +)
        } else {
            main = lengths.reduce(0, +) + gaps(shown).reduce(0, +)
        }
        let crosses = shown.map { items[$0].cross }.filter { $0 >= 0 }
        let cross = crosses.max() ?? UIView.noIntrinsicMetric
        return vertical ? CGSize(width: cross, height: main) : CGSize(width: main, height: cross)
    }

    /// Each arranged view's frame in `rect` (hidden views: zero length along the axis where they
    /// would start).
    func frames(in rect: CGRect) -> [CGRect] {
        let shown = visible
        let length = vertical ? rect.height : rect.width
        let (lengths, spaces) = mainLengths(shown, available: length)
        var result = items.map { _ in CGRect.zero }
        var cursor = vertical ? rect.minY : rect.minX
        var placed = 0
        for (i, item) in items.enumerated() {
            let (crossOrigin, crossLength) = crossPlacement(item, rect: rect)
            let mainLength: CGFloat
            if item.isHidden {
                mainLength = 0
            } else {
                mainLength = lengths[placed]
            }
            result[i] = vertical
                ? CGRect(x: crossOrigin, y: cursor, width: crossLength, height: mainLength)
                : CGRect(x: cursor, y: crossOrigin, width: mainLength, height: crossLength)
            if !item.isHidden {
                cursor += mainLength + (placed < spaces.count ? spaces[placed] : 0)
                placed += 1
            }
        }
        return result
    }

    // MARK: Along the axis

    /// The visible views' lengths and the gaps after each (but the last).
    private func mainLengths(_ shown: [Int], available: CGFloat) -> ([CGFloat], [CGFloat]) {
        let n = shown.count
        guard n > 0 else { return ([], []) }
        let minimumGaps = gaps(shown)
        let free = available - minimumGaps.reduce(0, +)
        let preferred = shown.map { max(0, items[$0].main) }
        switch distribution {
        case .fillEqually:
            return (Array(repeating: max(0, free / CGFloat(n)), count: n), minimumGaps)
        case .fillProportionally:
            let total = preferred.reduce(0, +)
            guard total > 0 else { return (Array(repeating: max(0, free / CGFloat(n)), count: n), minimumGaps) }
            return (preferred.map { max(0, free * $0 / total) }, minimumGaps)
        case .fill:
            return (fill(shown, preferred, extra: free - preferred.reduce(0, +)), minimumGaps)
        case .equalSpacing:
            return equalSpacing(shown, preferred, minimumGaps: minimumGaps, available: available)
        case .equalCentering:
            guard n > 1 else { return (preferred, []) }
            // Centres equally far apart, from the first view's centre at half its length to the
            // last one's at the far end less half its length; the minimum gaps still hold.
            let first = preferred[0], last = preferred[n - 1]
            let step = (available - first / 2 - last / 2) / CGFloat(n - 1)
            var spaces: [CGFloat] = []
            for k in 0..<(n - 1) {
                let gap = step - (preferred[k] + preferred[k + 1]) / 2
                guard gap >= minimumGaps[k] - 0.001 else {
                    return equalSpacing(shown, preferred, minimumGaps: minimumGaps, available: available)
                }
                spaces.append(gap)
            }
            return (preferred, spaces)
        }
    }

    /// The lengths after handing `extra` (negative: a shortfall) to the views by priority: the
    /// extra all to the view that hugs least (a view with no preferred length first); a shortfall
    /// taken from the least compression-resistant first, down to zero, then the next. Ties: the
    /// last view gives.
    private func fill(_ shown: [Int], _ preferred: [CGFloat], extra: CGFloat) -> [CGFloat] {
        var lengths = preferred
        guard abs(extra) > 0.0001 else { return lengths }
        if extra > 0 {
            let hugging = shown.map { items[$0].main < 0 ? -1 : items[$0].hugging }
            let lowest = hugging.min()!
            let k = hugging.lastIndex(of: lowest)!
            lengths[k] += extra
            return lengths
        }
        var shortfall = -extra
        var order = Array(shown.indices)
        // Least resistant first; the later view first among equals.
        order.sort { a, b in
            let ra = items[shown[a]].compression, rb = items[shown[b]].compression
            return ra != rb ? ra < rb : a > b
        }
        for k in order where shortfall > 0 {
            let take = min(lengths[k], shortfall)
            lengths[k] -= take
            shortfall -= take
        }
        return lengths
    }

    /// Preferred lengths with the leftover shared equally between the gaps (each at least its
    /// minimum); when they do not fit, the minimum gaps and `.fill`'s shrinking.
    private func equalSpacing(_ shown: [Int], _ preferred: [CGFloat], minimumGaps: [CGFloat],
                              available: CGFloat) -> ([CGFloat], [CGFloat]) {
        let n = shown.count
        guard n > 1 else { return (preferred, []) }
        let gap = (available - preferred.reduce(0, +)) / CGFloat(n - 1)
        if minimumGaps.allSatisfy({ gap >= $0 }) {
            return (preferred, Array(repeating: gap, count: n - 1))
        }
        let free = available - minimumGaps.reduce(0, +)
        let extra = free - preferred.reduce(0, +)
        return (extra < 0 ? fill(shown, preferred, extra: extra) : preferred, minimumGaps)
    }

    // MARK: Across the axis

    private func crossPlacement(_ item: Item, rect: CGRect) -> (CGFloat, CGFloat) {
        let origin = vertical ? rect.minX : rect.minY
        let available = vertical ? rect.width : rect.height
        if alignment == .fill { return (origin, available) }
        let wanted = item.cross >= 0 ? item.cross : item.currentCross
        let length = min(wanted, available)
        switch alignment {
        // Baselines are not known to the layout: both baseline alignments align the tops.
        case .fill, .leading, .firstBaseline, .lastBaseline: return (origin, length)
        case .center: return (origin + (available - length) / 2, length)
        case .trailing: return (origin + available - length, length)
        }
    }
}
