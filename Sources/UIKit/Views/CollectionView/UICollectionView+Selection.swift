import CoreGraphics
import Foundation

// Selection, by code or by a tap: a touch that goes down on an item highlights it and, if it
// ends there without having dragged the content, selects it (or deselects it when multiple
// selection is on and it was selected), telling the delegate.
extension UICollectionView {
    public var indexPathsForSelectedItems: [IndexPath]? { selectedIndexPaths }

    /// Selects the item (deselecting the others unless multiple selection is on) without telling
    /// the delegate; nil deselects all. Scrolls it to `scrollPosition`.
    public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard allowsSelection else { return }
        guard let indexPath else {
            for ip in selectedIndexPaths { deselectItem(at: ip, animated: animated) }
            return
        }
        if !allowsMultipleSelection {
            for ip in selectedIndexPaths where ip != indexPath { deselectItem(at: ip, animated: animated) }
        }
        if !selectedIndexPaths.contains(indexPath) { selectedIndexPaths.append(indexPath) }
        cellForItem(at: indexPath)?.isSelected = true
        if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the item without telling the delegate.
    public func deselectItem(at indexPath: IndexPath, animated: Bool) {
        selectedIndexPaths.removeAll { $0 == indexPath }
        cellForItem(at: indexPath)?.isSelected = false
    }

    /// A tap's selection: asks the delegate, then selects or deselects and tells it.
    func userTapped(_ indexPath: IndexPath) {
        let d = collectionDelegate
        if selectedIndexPaths.contains(indexPath) {
            guard allowsMultipleSelection, d?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true else { return }
            deselectItem(at: indexPath, animated: false)
            d?.collectionView(self, didDeselectItemAt: indexPath)
            return
        }
        guard d?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else { return }
        let previous = allowsMultipleSelection ? [] : selectedIndexPaths
        for ip in previous {
            deselectItem(at: ip, animated: false)
            d?.collectionView(self, didDeselectItemAt: ip)
        }
        selectItem(at: indexPath, animated: false, scrollPosition: [])
        d?.collectionView(self, didSelectItemAt: indexPath)
    }

    func unhighlightTouched() {
        guard let ip = touchedIndexPath else { return }
        touchedIndexPath = nil
        cellForItem(at: ip)?.isHighlighted = false
        collectionDelegate?.collectionView(self, didUnhighlightItemAt: ip)
    }

    func selectionTouchesBegan(_ touches: Set<UITouch>) {
        guard allowsSelection, touches.count == 1, let touch = touches.first,
              let ip = indexPathForItem(at: touch.location(in: self)),
              collectionDelegate?.collectionView(self, shouldHighlightItemAt: ip) ?? true else { return }
        touchedIndexPath = ip
        cellForItem(at: ip)?.isHighlighted = true
        collectionDelegate?.collectionView(self, didHighlightItemAt: ip)
    }

    func selectionTouchesMoved(_ touches: Set<UITouch>) {
        if isDragging { unhighlightTouched() }
    }

    func selectionTouchesEnded(_ touches: Set<UITouch>) {
        guard let ip = touchedIndexPath else { return }
        let endedOnIt = touches.first.map { indexPathForItem(at: $0.location(in: self)) == ip } ?? false
        unhighlightTouched()
        if endedOnIt, !isDragging { userTapped(ip) }
    }

    func selectionTouchesCancelled(_ touches: Set<UITouch>) {
        unhighlightTouched()
    }
}
