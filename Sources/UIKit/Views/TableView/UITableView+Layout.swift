import CoreGraphics
import Foundation

extension UITableView {
    /// The table's part of `layoutSubviews`: the content size, the header and footer views, and
    /// the cells and section headers in view.
    func layOutTable() {
        guard !isLayingOutRows else { return }
        isLayingOutRows = true
        defer { isLayingOutRows = false }
        let g = rowGeometry
        let width = bounds.width
        let size = CGSize(width: width, height: g.bottom + (tableFooterView?.bounds.height ?? 0))
        if contentSize != size { contentSize = size }
        if let header = tableHeaderView { header.frame = CGRect(x: 0, y: 0, width: width, height: header.bounds.height) }
        if let footer = tableFooterView { footer.frame = CGRect(x: 0, y: g.bottom, width: width, height: footer.bounds.height) }
        backgroundView?.frame = bounds
        layOutVisibleRows(g)
        layOutSectionHeaders(g)
    }

    /// Brings the visible cells up to date when a layout is pending (after a reload or a scroll),
    /// as UIKit's questions about visible rows do; the pending layout then finds nothing to do.
    func updateVisibleRowsIfNeeded() {
        if layer.needsLayout() { layOutTable() }
    }

    /// Gives the rows in view cells and takes the cells of the rows that left it: the only
    /// per-frame work is two binary searches and the visible rows.
    func layOutVisibleRows(_ g: RowGeometry) {
        let visible = bounds
        let paths = g.indexPaths(from: visible.minY, to: visible.maxY)
        let wanted = Set(paths)
        // Out of view first, so that the rows coming in can reuse those cells.
        for (path, cell) in visibleCellsByIndexPath where !wanted.contains(path) {
            visibleCellsByIndexPath[path] = nil
            enqueue(cell, from: path)
        }
        for path in paths {
            guard let span = g.span(of: path) else { continue }
            let frame = CGRect(x: 0, y: span.top, width: visible.width, height: span.height)
            if let cell = visibleCellsByIndexPath[path] {
                if cell.frame != frame { cell.frame = frame }
                continue
            }
            guard let dataSource else { break }
            let cell = dataSource.tableView(self, cellForRowAt: path)
            cell.frame = frame
            style(cell)
            cell.setSelected(selectedIndexPaths.contains(path), animated: false)
            visibleCellsByIndexPath[path] = cell
            // Below the indicators and the header views, above the background view.
            if let backgroundView { insertSubview(cell, aboveSubview: backgroundView) } else { insertSubview(cell, at: 0) }
            tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
        }
    }

    /// Section headers (the delegate's views, or the data source's titles on a light grey band).
    /// In the plain style the header of the section at the top sticks there until its section's
    /// end pushes it up.
    func layOutSectionHeaders(_ g: RowGeometry) {
        let visible = bounds
        let sticks = style == .plain
        var sections = Set(g.headers(from: visible.minY, to: visible.maxY))
        if sticks, let s = g.section(at: visible.minY), g.sections[s].headerHeight > 0 { sections.insert(s) }
        for (s, header) in visibleHeaders where !sections.contains(s) {
            header.removeFromSuperview()
            titleBands.remove(ObjectIdentifier(header))
            visibleHeaders[s] = nil
        }
        for s in sections {
            let section = g.sections[s]
            let top = sticks ? min(max(section.headerTop, visible.minY), section.bottom - section.headerHeight) : section.headerTop
            let frame = CGRect(x: 0, y: top, width: visible.width, height: section.headerHeight)
            let header: UIView
            if let existing = visibleHeaders[s] {
                header = existing
            } else if let custom = tableDelegate?.tableView(self, viewForHeaderInSection: s) {
                header = custom
                visibleHeaders[s] = header
                addSubview(header)
            } else {
                header = UIView()
                header.backgroundColor = UIColor(white: 0.97, alpha: 1)
                let label = UILabel()
                label.font = UIFont.boldSystemFont(ofSize: 17)
                header.addSubview(label)
                titleBands.insert(ObjectIdentifier(header))
                visibleHeaders[s] = header
                addSubview(header)
            }
            header.frame = frame
            if titleBands.contains(ObjectIdentifier(header)), let label = header.subviews.first as? UILabel {
                label.text = dataSource?.tableView(self, titleForHeaderInSection: s)
                label.frame = CGRect(x: separatorInset.left, y: 0, width: max(0, frame.width - 2 * separatorInset.left), height: frame.height)
            }
        }
    }

    /// The table's separator settings on a cell's hairline.
    func style(_ cell: UITableViewCell) {
        cell.separatorLayer.isHidden = separatorStyle == .none
        cell.separatorLayer.backgroundColor = (separatorColor ?? UIColor(white: 0.78, alpha: 1)).cgColor
        cell.separatorInset = separatorInset
    }

    func styleVisibleCells() {
        for cell in visibleCellsByIndexPath.values { style(cell) }
    }

    // MARK: Updates

    /// Starts a group of row changes applied together at `endUpdates`.
    public func beginUpdates() { updateDepth += 1 }

    /// Applies the changes since `beginUpdates` (no animation: the rows are laid out again).
    public func endUpdates() {
        updateDepth = max(0, updateDepth - 1)
        if updateDepth == 0 { applyRowChanges() }
    }

    /// Runs `updates` (row insertions, deletions and reloads) as one change, then `completion(true)`.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        beginUpdates()
        updates?()
        endUpdates()
        completion?(true)
    }

    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        // The selection moves down with the rows after each insertion.
        for path in indexPaths.sorted() {
            selectedIndexPaths = Set(selectedIndexPaths.map {
                $0.section == path.section && $0.row >= path.row ? IndexPath(row: $0.row + 1, section: $0.section) : $0
            })
        }
        rowsMoved = true
        rowsChanged()
    }

    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        // A deleted row's selection goes; the rows after it move up.
        for path in indexPaths.sorted(by: >) {
            selectedIndexPaths.remove(path)
            selectedIndexPaths = Set(selectedIndexPaths.map {
                $0.section == path.section && $0.row > path.row ? IndexPath(row: $0.row - 1, section: $0.section) : $0
            })
        }
        rowsMoved = true
        rowsChanged()
    }

    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        for path in indexPaths {
            if let cell = visibleCellsByIndexPath.removeValue(forKey: path) { enqueue(cell, from: path) }
        }
        rowsChanged()
    }

    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) { rowsMoved = true; rowsChanged() }
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { rowsMoved = true; rowsChanged() }
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) { rowsMoved = true; rowsChanged() }

    /// A change of rows: applied now, or at the outermost `endUpdates`.
    private func rowsChanged() {
        if updateDepth == 0 { applyRowChanges() }
    }

    /// The row positions are asked for again; when rows moved, every visible cell is given back
    /// and the rows in view asked for again (a reload alone gives back only its rows, done already).
    private func applyRowChanges() {
        if rowsMoved {
            for (path, cell) in visibleCellsByIndexPath { enqueue(cell, from: path) }
            visibleCellsByIndexPath = [:]
            rowsMoved = false
        }
        geometry = nil
        let g = rowGeometry
        selectedIndexPaths = selectedIndexPaths.filter { g.contains($0) }
        contentOffset = clampedOffset(contentOffset)
        setNeedsLayout()
        layoutIfNeeded()
    }
}
