import CoreGraphics
import Foundation
import QuartzCore

/// A vertical list of rows in sections on a scroll view. Only the rows in view have cells: as the
/// content scrolls, `layoutSubviews` asks the data source for the rows that come into view and puts
/// the cells that leave it in a reuse queue for `dequeueReusableCell(withIdentifier:)`. Row
/// positions come from `RowGeometry`'s prefix sums, built on reload.
///
/// The delegate is the scroll view's `delegate` property (`UIScrollViewDelegate?`): Swift cannot
/// narrow a settable property's type in an override, so assigning a `UITableViewDelegate` works as
/// in UIKit and the table reads its table methods through a cast.
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    public enum SeparatorStyle: Int, Sendable { case none, singleLine, singleLineEtched }

    /// A height that asks for the row's own size (here resolved to 44 points: there is no self-sizing).
    nonisolated public static let automaticDimension: CGFloat = -1

    /// The style (only `.plain` is drawn as such; the others are kept).
    public let style: Style

    open weak var dataSource: (any UITableViewDataSource)? { didSet { invalidateRows() } }

    /// A new delegate may size the rows differently.
    open override weak var delegate: (any UIScrollViewDelegate)? { didSet { invalidateRows() } }

    /// The height of every row the delegate does not size.
    open var rowHeight: CGFloat = 44 { didSet { if rowHeight != oldValue { invalidateRows() } } }
    /// Kept for source compatibility: every row's height is known on reload.
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension { didSet { invalidateRows() } }
    open var sectionFooterHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var estimatedSectionFooterHeight: CGFloat = UITableView.automaticDimension

    open var allowsSelection = true
    open var allowsMultipleSelection = false
    /// Kept for source compatibility: there is no editing mode (no delete or reorder controls).
    open var isEditing = false
    open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }
    open var allowsSelectionDuringEditing = false
    open var allowsMultipleSelectionDuringEditing = false

    /// A view behind the rows, sized to the visible area.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let backgroundView { insertSubview(backgroundView, at: 0) }
            setNeedsLayout()
        }
    }

    open var separatorStyle: SeparatorStyle = .singleLine { didSet { styleVisibleCells() } }
    open var separatorColor: UIColor? = UIColor(white: 0.78, alpha: 1) { didSet { styleVisibleCells() } }
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0) { didSet { styleVisibleCells() } }

    /// A view above the first section (its frame's height is kept; its width follows the table's).
    open var tableHeaderView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableHeaderView { addSubview(tableHeaderView) }
            invalidateRows()
        }
    }
    /// A view below the last section.
    open var tableFooterView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            if let tableFooterView { addSubview(tableFooterView) }
            invalidateRows()
        }
    }

    /// The registered cell classes by reuse identifier.
    var registeredClasses: [String: AnyClass] = [:]
    /// Cells out of view, waiting to be dequeued, by reuse identifier.
    var reuseQueues = ReuseQueues<String, UITableViewCell>()
    /// The cells on screen.
    var visibleCellsByIndexPath: [IndexPath: UITableViewCell] = [:]
    /// The section header views on screen: the delegate's, or a band with the data source's title.
    var visibleHeaders: [Int: UIView] = [:]
    /// Which of those are the table's own title bands.
    var titleBands: Set<ObjectIdentifier> = []
    /// Row positions; nil until the next layout or question asks the data source again.
    var geometry: RowGeometry?
    /// The selected rows.
    var selectedIndexPaths: Set<IndexPath> = []
    /// The row a touch is highlighting.
    var touchedIndexPath: IndexPath?
    /// `beginUpdates` nesting.
    var updateDepth = 0
    /// Rows were inserted or deleted since the last update was applied (index paths shifted).
    var rowsMoved = false
    /// The table's layout is running (the data source's and delegate's calls may ask about rows).
    var isLayingOutRows = false

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        setUpTableView()
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        setUpTableView()
    }

    private func setUpTableView() {
        backgroundColor = UIColor(white: 1, alpha: 1)
        alwaysBounceVertical = true
    }

    /// The table's delegate methods (the scroll view's delegate, when it is a table delegate).
    var tableDelegate: (any UITableViewDelegate)? { delegate as? any UITableViewDelegate }

    /// `rowHeight` with `automaticDimension` resolved (44 points).
    var resolvedRowHeight: CGFloat { rowHeight >= 0 ? rowHeight : 44 }

    // MARK: Cells

    /// Registers `cellClass` (a `UITableViewCell` subclass; nil removes it) to be made for
    /// `identifier` when no cell of it is waiting for reuse.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        if let cellClass {
            precondition(cellClass is UITableViewCell.Type, "\(cellClass) is not a UITableViewCell subclass")
            registeredClasses[identifier] = cellClass
        } else {
            registeredClasses[identifier] = nil
        }
    }

    /// A cell waiting for reuse with `identifier`, else a new one of the registered class, else nil.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if let cell = reuseQueues.dequeue(identifier) {
            cell.prepareForReuse()
            return cell
        }
        guard let cellClass = registeredClasses[identifier] as? UITableViewCell.Type else { return nil }
        return cellClass.init(_reuseStyle: .default, reuseIdentifier: identifier)
    }

    /// A cell for the row at `indexPath`, reused or made from the class registered for `identifier`
    /// (which must be), sized for the row.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        guard let cell = dequeueReusableCell(withIdentifier: identifier) else {
            preconditionFailure("unable to dequeue a cell with identifier \(identifier): register a class for it")
        }
        if let rect = rowRect(indexPath) { cell.frame = rect }
        return cell
    }

    /// Puts `cell` out of view, in its reuse queue (cells without an identifier are dropped).
    func enqueue(_ cell: UITableViewCell, from indexPath: IndexPath) {
        cell.removeFromSuperview()
        cell.setHighlighted(false, animated: false)
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        if let id = cell.reuseIdentifier { reuseQueues.enqueue(cell, for: id) }
    }

    // MARK: Data

    /// Asks the data source for everything again; the visible cells go back to the reuse queues.
    open func reloadData() {
        for (path, cell) in visibleCellsByIndexPath { enqueue(cell, from: path) }
        visibleCellsByIndexPath = [:]
        for header in visibleHeaders.values { header.removeFromSuperview() }
        visibleHeaders = [:]
        titleBands = []
        selectedIndexPaths = []
        invalidateRows()
    }

    open var numberOfSections: Int { rowGeometry.numberOfSections }

    open func numberOfRows(inSection section: Int) -> Int { rowGeometry.numberOfRows(inSection: section) }

    /// Forgets the row positions: they are asked for again at the next layout or question.
    func invalidateRows() {
        geometry = nil
        setNeedsLayout()
    }

    /// The row positions, asking the data source and the delegate when they are not known.
    var rowGeometry: RowGeometry {
        if let geometry { return geometry }
        let g = makeGeometry()
        geometry = g
        contentSize = CGSize(width: bounds.width, height: g.bottom + (tableFooterView?.bounds.height ?? 0))
        return g
    }

    private func makeGeometry() -> RowGeometry {
        guard let dataSource else { return RowGeometry() }
        let sections = max(0, dataSource.numberOfSections(in: self))
        let counts = (0..<sections).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
        let fixed = resolvedRowHeight
        let delegate = tableDelegate
        let titleHeight = sectionHeaderHeight >= 0 ? sectionHeaderHeight : 28
        return RowGeometry(top: tableHeaderView?.bounds.height ?? 0, rowCounts: counts,
                           headerHeight: { section in
                               // The delegate's height; else a title's band; else none.
                               if let h = delegate?.tableView(self, heightForHeaderInSection: section), h >= 0 { return h }
                               if delegate?.tableView(self, viewForHeaderInSection: section) != nil { return titleHeight }
                               return dataSource.tableView(self, titleForHeaderInSection: section) == nil ? 0 : titleHeight
                           },
                           height: { path in
                               guard let delegate else { return fixed }
                               let h = delegate.tableView(self, heightForRowAt: path)
                               return h >= 0 ? h : fixed
                           })
    }

    /// The row's rectangle in the content, or nil when there is no such row.
    func rowRect(_ indexPath: IndexPath) -> CGRect? {
        guard let span = rowGeometry.span(of: indexPath) else { return nil }
        return CGRect(x: 0, y: span.top, width: bounds.width, height: span.height)
    }

    /// The row's rectangle in the table's (content) coordinates.
    open func rect(forRowAt indexPath: IndexPath) -> CGRect { rowRect(indexPath) ?? .zero }

    /// The rectangle of a section: its header and its rows.
    open func rect(forSection section: Int) -> CGRect {
        let g = rowGeometry
        guard g.sections.indices.contains(section) else { return .zero }
        let s = g.sections[section]
        return CGRect(x: 0, y: s.headerTop, width: bounds.width, height: s.bottom - s.headerTop)
    }

    /// The row under `point` (in the table's coordinates), or nil.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        guard point.x >= 0, point.x < bounds.width else { return nil }
        return rowGeometry.indexPath(at: point.y)
    }

    /// The rows that overlap `rect`.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        rowGeometry.indexPaths(from: rect.minY, to: rect.maxY)
    }

    /// The visible row's cell, or nil when it is not in view.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        updateVisibleRowsIfNeeded()
        return visibleCellsByIndexPath[indexPath]
    }

    /// Where a visible cell is, or nil.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        updateVisibleRowsIfNeeded()
        return visibleCellsByIndexPath.first { $0.value === cell }?.key
    }

    open var visibleCells: [UITableViewCell] {
        updateVisibleRowsIfNeeded()
        return visibleCellsByIndexPath.sorted { $0.key < $1.key }.map(\.value)
    }

    open var indexPathsForVisibleRows: [IndexPath]? {
        updateVisibleRowsIfNeeded()
        return visibleCellsByIndexPath.keys.sorted()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutTable()
    }

    // Touches reach the table through its cells' responder chain (see `UITableView+Selection`).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        tableTouchesBegan(touches)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesMoved(touches, with: event)
        tableTouchesMoved(touches)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        tableTouchesEnded(touches)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        tableTouchesCancelled(touches)
    }

    // MARK: Scrolling

    /// Scrolls so that the row is at `scrollPosition` (`.none`: as little as makes it visible).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard let rect = rowRect(indexPath) else { return }
        var y = contentOffset.y
        let height = bounds.height
        switch scrollPosition {
        case .top: y = rect.minY
        case .middle: y = rect.midY - height / 2
        case .bottom: y = rect.maxY - height
        case .none:
            if rect.minY < bounds.minY { y = rect.minY } else if rect.maxY > bounds.maxY { y = rect.maxY - height }
        }
        let target = clampedOffset(CGPoint(x: contentOffset.x, y: y))
        if target != contentOffset { setContentOffset(target, animated: animated) }
    }

    /// Scrolls the visible area so the selected row is at `scrollPosition`.
    open func scrollToNearestSelectedRow(at scrollPosition: ScrollPosition, animated: Bool) {
        if let path = indexPathForSelectedRow { scrollToRow(at: path, at: scrollPosition, animated: animated) }
    }
}
