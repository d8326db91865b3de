import CoreGraphics
import Foundation

extension UITableView {
    /// The first selected row, or nil.
    public var indexPathForSelectedRow: IndexPath? { selectedIndexPaths.min() }
    /// The selected rows in order, or nil when none is.
    public var indexPathsForSelectedRows: [IndexPath]? {
        selectedIndexPaths.isEmpty ? nil : selectedIndexPaths.sorted()
    }

    /// Selects the row (without telling the delegate, as in UIKit) and scrolls it to `scrollPosition`.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard let indexPath else {
            for path in selectedIndexPaths { deselectRow(at: path, animated: animated) }
            return
        }
        guard allowsSelection, rowGeometry.contains(indexPath) else { return }
        if !allowsMultipleSelection {
            for path in selectedIndexPaths where path != indexPath { deselectRow(at: path, animated: animated) }
        }
        selectedIndexPaths.insert(indexPath)
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects the row (without telling the delegate).
    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedIndexPaths.remove(indexPath) != nil else { return }
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
    }

    /// A tap on a row selects it as a user's would: asking `willSelectRowAt`, deselecting the
    /// previous row (`willDeselectRowAt`, `didDeselectRowAt`), then `didSelectRowAt`. In multiple
    /// selection a tap on a selected row deselects it.
    func userSelectRow(at tapped: IndexPath) {
        let delegate = tableDelegate
        if allowsMultipleSelection, selectedIndexPaths.contains(tapped) {
            userDeselectRow(at: tapped)
            return
        }
        guard let path = delegate == nil ? tapped : delegate!.tableView(self, willSelectRowAt: tapped),
              rowGeometry.contains(path) else { return }
        if !allowsMultipleSelection {
            for old in selectedIndexPaths.sorted() where old != path { userDeselectRow(at: old) }
        }
        selectRow(at: path, animated: false, scrollPosition: .none)
        delegate?.tableView(self, didSelectRowAt: path)
    }

    private func userDeselectRow(at indexPath: IndexPath) {
        let delegate = tableDelegate
        guard let path = delegate == nil ? indexPath : delegate!.tableView(self, willDeselectRowAt: indexPath) else { return }
        guard selectedIndexPaths.contains(path) else { return }
        deselectRow(at: path, animated: false)
        delegate?.tableView(self, didDeselectRowAt: path)
    }

    // Touches that the pan does not take (a tap) reach the table through its cells' responder
    // chain: the touched row highlights, and selects when the touch ends on it.

    func tableTouchesBegan(_ touches: Set<UITouch>) {
        guard allowsSelection, !isDecelerating, touches.count == 1, let touch = touches.first,
              let path = indexPathForRow(at: touch.location(in: self)) else { return }
        if let delegate = tableDelegate, !delegate.tableView(self, shouldHighlightRowAt: path) { return }
        touchedIndexPath = path
        cellForRow(at: path)?.setHighlighted(true, animated: false)
    }

    func tableTouchesMoved(_ touches: Set<UITouch>) {
        // A touch that leaves its row (or starts a drag) selects nothing.
        guard let path = touchedIndexPath, let touch = touches.first else { return }
        if isDragging || indexPathForRow(at: touch.location(in: self)) != path { endTouch() }
    }

    func tableTouchesEnded(_ touches: Set<UITouch>) {
        guard let path = touchedIndexPath else { return }
        endTouch()
        if !isDragging, let touch = touches.first, indexPathForRow(at: touch.location(in: self)) == path {
            userSelectRow(at: path)
        }
    }

    func tableTouchesCancelled(_ touches: Set<UITouch>) {
        endTouch()
    }

    private func endTouch() {
        if let path = touchedIndexPath { cellForRow(at: path)?.setHighlighted(false, animated: false) }
        touchedIndexPath = nil
    }
}
