import CoreGraphics
import Foundation
import QuartzCore

// Tiling: each layout pass (each scroll marks one) asks the layout for the elements in the
// visible rect, takes cells of items that left it into the reuse queues and gets cells from the
// data source for items that came in.
extension UICollectionView {
    /// The collection view's part of `layoutSubviews()`: the background view and the cells.
    func layOutCells() {
        if let bg = backgroundView {
            bg.frame = bounds
            if bg.superview !== self { insertSubview(bg, at: 0) }
        }
        updateVisibleCells()
    }

    /// Prepares the layout if it was invalidated, or if the bounds changed in a way it says needs
    /// it, and takes the content size from it.
    func prepareLayoutIfNeeded() {
        let layout = collectionViewLayout
        if let last = laidOutBounds, last != bounds, !layout.needsPrepare, layout.shouldInvalidateLayout(forBoundsChange: bounds) {
            layout.invalidateLayout()
        }
        laidOutBounds = bounds
        guard layout.needsPrepare else { return }
        layout.prepareIfNeeded()
        let size = layout.collectionViewContentSize
        if contentSize != size { contentSize = size }
    }

    /// Puts cells on the items in the visible rect and recycles the others.
    func updateVisibleCells() {
        prepareLayoutIfNeeded()
        let visible = bounds
        let all = collectionViewLayout.layoutAttributesForElements(in: visible) ?? []
        let elements = all.filter { $0.representedElementCategory == .cell }
        updateSupplementaryViews(all.filter { $0.representedElementCategory == .supplementaryView && $0.representedElementKind != nil })
        let counts = self.counts
        var wanted: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for a in elements where counts.indices.contains(a.indexPath.section) && a.indexPath.item < counts[a.indexPath.section] {
            wanted[a.indexPath] = a
        }
        for (ip, cell) in visibleCellsByIndexPath where wanted[ip] == nil {
            visibleCellsByIndexPath[ip] = nil
            enqueue(cell, for: ip)
        }
        guard let dataSource else { return }
        for ip in wanted.keys.sorted() {
            let a = wanted[ip]!
            if let cell = visibleCellsByIndexPath[ip] {
                apply(a, to: cell)
                continue
            }
            let cell = dataSource.collectionView(self, cellForItemAt: ip)
            visibleCellsByIndexPath[ip] = cell
            cell.isSelected = selectedIndexPaths.contains(ip)
            cell.isHighlighted = false
            apply(a, to: cell)
            collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: ip)
            if cell.superview !== self {
                // Below the scroll indicators, which are sublayers of the collection view's layer.
                insertSubview(cell, at: backgroundView == nil ? 0 : 1)
            }
        }
    }

    /// Puts headers and footers on screen as the cells, from the data source.
    private func updateSupplementaryViews(_ elements: [UICollectionViewLayoutAttributes]) {
        var wanted: [SupplementaryKey: UICollectionViewLayoutAttributes] = [:]
        for a in elements { wanted[SupplementaryKey(kind: a.representedElementKind!, indexPath: a.indexPath)] = a }
        for (key, view) in visibleSupplementary where wanted[key] == nil {
            visibleSupplementary[key] = nil
            enqueue(view, key: key)
        }
        guard let dataSource else { return }
        for (key, a) in wanted {
            let view = visibleSupplementary[key]
                ?? dataSource.collectionView(self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
            visibleSupplementary[key] = view
            apply(a, to: view)
            if view.superview !== self { insertSubview(view, at: backgroundView == nil ? 0 : 1) }
        }
    }

    /// Takes a header or footer off screen into the queue of its kind and identifier.
    func enqueue(_ view: UICollectionReusableView, key: SupplementaryKey) {
        view.removeFromSuperview()
        guard let id = view.reuseIdentifier else { return }
        supplementaryQueues.enqueue(view, for: SupplementaryKey(kind: key.kind, name: id))
    }

    /// Places the view as the attributes say: size and centre (so that a transform turns it about
    /// its centre), then the 3D transform, alpha, visibility and stacking order.
    func apply(_ a: UICollectionViewLayoutAttributes, to cell: UICollectionReusableView) {
        cell.bounds = CGRect(origin: .zero, size: a.size)
        cell.center = a.center
        cell.layer.transform = a.transform3D
        cell.alpha = a.alpha
        cell.isHidden = a.isHidden
        cell.layer.zPosition = CGFloat(a.zIndex)
        cell.apply(a)
    }

    /// Takes a cell off screen into its queue.
    func enqueue(_ cell: UICollectionViewCell, for indexPath: IndexPath) {
        cell.removeFromSuperview()
        collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
        guard let id = cell.reuseIdentifier else { return }
        reuseQueues.enqueue(cell, for: id)
    }

    /// Scrolls so that the item is at `scrollPosition` (one vertical and one horizontal choice; an
    /// axis without one scrolls only as far as needed to show the item), within the content.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let frame = layoutAttributesForItem(at: indexPath)?.frame else { return }
        let inset = adjustedContentInset, size = bounds.size
        var target = contentOffset
        if scrollPosition.contains(.top) {
            target.y = frame.minY - inset.top
        } else if scrollPosition.contains(.centeredVertically) {
            target.y = frame.midY - (size.height - inset.top - inset.bottom) / 2 - inset.top
        } else if scrollPosition.contains(.bottom) {
            target.y = frame.maxY - size.height + inset.bottom
        } else if frame.minY < target.y + inset.top {
            target.y = frame.minY - inset.top
        } else if frame.maxY > target.y + size.height - inset.bottom {
            target.y = frame.maxY - size.height + inset.bottom
        }
        if scrollPosition.contains(.left) {
            target.x = frame.minX - inset.left
        } else if scrollPosition.contains(.centeredHorizontally) {
            target.x = frame.midX - (size.width - inset.left - inset.right) / 2 - inset.left
        } else if scrollPosition.contains(.right) {
            target.x = frame.maxX - size.width + inset.right
        } else if frame.minX < target.x + inset.left {
            target.x = frame.minX - inset.left
        } else if frame.maxX > target.x + size.width - inset.right {
            target.x = frame.maxX - size.width + inset.right
        }
        target = clampedOffset(target)
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }
}
