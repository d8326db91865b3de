import CoreGraphics
import Foundation

/// Lines items up in rows that wrap (vertical scrolling) or columns that wrap (horizontal),
/// section after section, as Apple's flow layout does: each line takes as many items as fit
/// with at least `minimumInteritemSpacing` between them, the leftover space of a line is shared
/// out between its items (a line of one item keeps it at the leading edge), items are centred
/// across the line, and lines are `minimumLineSpacing` apart. A `UICollectionViewDelegateFlowLayout`
/// delegate may size and space items per item or per section.
///
/// A section's header and footer (`UICollectionView.elementKindSectionHeader`/`Footer`) come
/// before and after it, as long along the scrolling axis as their reference size says and across
/// the whole collection view. `estimatedItemSize` is stored only (no self-sizing).
@preconcurrency @MainActor
open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// Ask for self-sizing cells with this as `estimatedItemSize` (stored only).
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    open var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }
    open var estimatedItemSize = CGSize.zero { didSet { invalidateLayout() } }
    open var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
    open var sectionInset = UIEdgeInsets.zero { didSet { invalidateLayout() } }
    open var scrollDirection = UICollectionView.ScrollDirection.vertical { didSet { invalidateLayout() } }
    open var headerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }
    open var footerReferenceSize = CGSize.zero { didSet { invalidateLayout() } }

    /// Every item's attributes, per section, from the last `prepare()`.
    private var sections: [[UICollectionViewLayoutAttributes]] = []
    /// The lines in order along the scrolling axis, each a run of `allItems`, so that the elements
    /// in a rect are found by a binary search, not by looking at every item.
    private var lines: [(first: Int, count: Int, start: CGFloat, end: CGFloat)] = []
    private var allItems: [UICollectionViewLayoutAttributes] = []
    /// The headers and footers from the last `prepare()`.
    private var supplementary: [UICollectionViewLayoutAttributes] = []
    private var contentSize = CGSize.zero
    /// The collection view's size the lines were last flowed in.
    private var preparedSize: CGSize?

    open override var collectionViewContentSize: CGSize { contentSize }

    open override func prepare() {
        super.prepare()
        sections = []
        lines = []
        allItems = []
        supplementary = []
        contentSize = .zero
        guard let cv = collectionView else { return }
        preparedSize = cv.bounds.size
        let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout
        let vertical = scrollDirection == .vertical
        let inset = cv.adjustedContentInset
        // The extent across the scrolling axis that lines fill.
        let across = vertical ? cv.bounds.width - inset.left - inset.right : cv.bounds.height - inset.top - inset.bottom
        // Positions are worked out along the scrolling axis (`along`) and across it, then swapped
        // into x and y for a horizontal layout.
        func point(along: CGFloat, across: CGFloat) -> CGPoint {
            vertical ? CGPoint(x: across, y: along) : CGPoint(x: along, y: across)
        }
        var along: CGFloat = 0
        for section in 0..<cv.numberOfSections {
            let header = delegate?.collectionView(cv, layout: self, referenceSizeForHeaderInSection: section) ?? headerReferenceSize
            let footer = delegate?.collectionView(cv, layout: self, referenceSizeForFooterInSection: section) ?? footerReferenceSize
            let sInset = delegate?.collectionView(cv, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = delegate?.collectionView(cv, layout: self, minimumLineSpacingForSectionAt: section) ?? minimumLineSpacing
            let interitem = delegate?.collectionView(cv, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
            let (before, after) = vertical ? (sInset.top, sInset.bottom) : (sInset.left, sInset.right)
            let (leading, trailing) = vertical ? (sInset.left, sInset.right) : (sInset.top, sInset.bottom)
            let room = across - leading - trailing

            func addSupplementary(_ kind: String, _ size: CGSize) {
                let length = vertical ? size.height : size.width
                guard length > 0 else { return }
                let a = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: IndexPath(item: 0, section: section))
                a.frame = vertical ? CGRect(x: 0, y: along, width: across, height: length) : CGRect(x: along, y: 0, width: length, height: across)
                supplementary.append(a)
                along += length
            }
            addSupplementary(UICollectionView.elementKindSectionHeader, header)
            along += before
            let count = cv.numberOfItems(inSection: section)
            var items: [UICollectionViewLayoutAttributes] = []
            items.reserveCapacity(count)
            // Sizes as (along, across) pairs.
            var line: [(IndexPath, CGSize, CGFloat, CGFloat)] = []
            var lineLength: CGFloat = 0
            var firstLine = true

            func closeLine() {
                guard !line.isEmpty else { return }
                if !firstLine { along += lineSpacing }
                firstLine = false
                let thickness = line.map { $0.2 }.max() ?? 0
                let used = line.reduce(0) { $0 + $1.3 }
                let gap = line.count > 1 ? (room - used) / CGFloat(line.count - 1) : 0
                var pos = leading
                lines.append((first: allItems.count, count: line.count, start: along, end: along + thickness))
                for (ip, size, itemAlong, itemAcross) in line {
                    let a = UICollectionViewLayoutAttributes(forCellWith: ip)
                    let origin = point(along: along + (thickness - itemAlong) / 2, across: pos)
                    a.frame = CGRect(origin: origin, size: size)
                    items.append(a)
                    allItems.append(a)
                    pos += itemAcross + gap
                }
                along += thickness
                line = []
                lineLength = 0
            }

            for item in 0..<count {
                let ip = IndexPath(item: item, section: section)
                let size = delegate?.collectionView(cv, layout: self, sizeForItemAt: ip) ?? itemSize
                let (itemAlong, itemAcross) = vertical ? (size.height, size.width) : (size.width, size.height)
                let needed = line.isEmpty ? itemAcross : lineLength + interitem + itemAcross
                if !line.isEmpty, needed > room { closeLine() }
                lineLength = line.isEmpty ? itemAcross : lineLength + interitem + itemAcross
                line.append((ip, size, itemAlong, itemAcross))
            }
            closeLine()
            along += after
            addSupplementary(UICollectionView.elementKindSectionFooter, footer)
            sections.append(items)
        }
        contentSize = vertical ? CGSize(width: max(0, across), height: along) : CGSize(width: along, height: max(0, across))
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        var found: [UICollectionViewLayoutAttributes] = []
        for a in supplementary where a.frame.overlaps(rect) {
            found.append(a.copy() as! UICollectionViewLayoutAttributes)
        }
        let vertical = scrollDirection == .vertical
        let (low, high) = vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
        // The first line that ends past the rect's start.
        var lo = 0, hi = lines.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lines[mid].end <= low { lo = mid + 1 } else { hi = mid }
        }
        for line in lines[lo...] {
            if line.start >= high { break }
            for a in allItems[line.first..<(line.first + line.count)] where a.frame.overlaps(rect) {
                found.append(a.copy() as! UICollectionViewLayoutAttributes)
            }
        }
        return found
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        guard sections.indices.contains(indexPath.section), sections[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section][indexPath.item].copy() as? UICollectionViewLayoutAttributes
    }

    open override func layoutAttributesForSupplementaryView(ofKind elementKind: String,
                                                            at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        supplementary.first { $0.representedElementKind == elementKind && $0.indexPath.section == indexPath.section }?
            .copy() as? UICollectionViewLayoutAttributes
    }

    /// A new size re-flows the lines; a scroll alone does not. (The collection view asks once the
    /// bounds have changed, so the size is compared with the one the lines were flowed in.)
    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        newBounds.size != preparedSize
    }
}

extension CGRect {
    /// Whether the rects share some area (rects that only touch along an edge do not, as with
    /// Core Graphics' `intersects`).
    func overlaps(_ other: CGRect) -> Bool {
        let a = standardized, b = other.standardized
        return a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }
}
