import CoreGraphics
import Foundation
import QuartzCore

/// A scroll view of items placed by a `UICollectionViewLayout`, each shown by a cell from the
/// data source. Only the items in the visible rect have cells; a cell that scrolls out goes to
/// its reuse identifier's queue and is handed out again by `dequeueReusableCell(withReuseIdentifier:for:)`.
///
/// The delegate is the scroll view's `delegate` property: Swift cannot narrow the type of a
/// settable property in a subclass, so it is typed `UIScrollViewDelegate` and the collection view
/// talks to it when it is also a `UICollectionViewDelegate`.
///
/// Batch updates, insertions, deletions and reloads re-read the data source and lay out again
/// without animation.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// The axis a flow layout scrolls along.
    public enum ScrollDirection: Int, Sendable { case vertical, horizontal }

    /// Where `scrollToItem(at:at:animated:)` puts the item: one vertical and one horizontal choice.
    public struct ScrollPosition: OptionSet, Sendable {
        public var rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// The kind of a flow layout's section headers.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a flow layout's section footers.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            collectionViewLayout.collectionView = self
            collectionViewLayout.invalidateLayout()
        }
    }

    /// Switches to `layout` (without animation: the cells take their new places at once); the
    /// completion gets true.
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil) {
        collectionViewLayout = layout
        layoutIfNeeded()
        completion?(true)
    }

    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// Shown behind the cells, filling the bounds.
    open var backgroundView: UIView? {
        didSet {
            oldValue?.removeFromSuperview()
            setNeedsLayout()
        }
    }

    open var allowsSelection = true
    open var allowsMultipleSelection = false

    /// The registered cell classes by reuse identifier.
    var cellClasses: [String: UICollectionViewCell.Type] = [:]
    /// Cells off screen, waiting to be dequeued, by reuse identifier.
    var reuseQueues = ReuseQueues<String, UICollectionViewCell>()
    /// The cells on screen by the item they show.
    var visibleCellsByIndexPath: [IndexPath: UICollectionViewCell] = [:]
    /// The registered supplementary view classes by kind and reuse identifier.
    var supplementaryClasses: [SupplementaryKey: UICollectionReusableView.Type] = [:]
    var supplementaryQueues = ReuseQueues<SupplementaryKey, UICollectionReusableView>()
    /// The supplementary views on screen by kind and section (index path).
    var visibleSupplementary: [SupplementaryKey: UICollectionReusableView] = [:]
    /// The item counts per section, read from the data source at the first layout after a reload.
    var itemCounts: [Int]?
    var selectedIndexPaths: [IndexPath] = []
    /// The item a touch went down on (highlighted until the touch ends).
    var touchedIndexPath: IndexPath?
    /// The bounds of the last layout pass, to tell the layout of a scroll or a resize.
    var laidOutBounds: CGRect?

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutCells()
    }

    /// The flow layout fills the width (or height) inside the insets, so new insets re-flow it.
    open override func adjustedContentInsetDidChange() {
        super.adjustedContentInsetDidChange()
        collectionViewLayout.invalidateLayout()
    }

    // Touches on cells come up the responder chain (cells do not handle them) to select items.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        selectionTouchesBegan(touches)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesMoved(touches, with: event)
        selectionTouchesMoved(touches)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        selectionTouchesEnded(touches)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesCancelled(touches, with: event)
        selectionTouchesCancelled(touches)
    }

    /// The delegate when it is a `UICollectionViewDelegate`.
    var collectionDelegate: (any UICollectionViewDelegate)? { delegate as? UICollectionViewDelegate }

    // MARK: Cells

    /// Registers the class `dequeueReusableCell(withReuseIdentifier:for:)` creates for `identifier`:
    /// a `UICollectionViewCell` subclass (nil unregisters).
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        guard let type = cellClass as? UICollectionViewCell.Type else {
            preconditionFailure("\(cellClass) is not a UICollectionViewCell subclass")
        }
        cellClasses[identifier] = type
    }

    /// A cell for `indexPath`: one off screen with `identifier`, prepared for reuse, or a new one
    /// of the registered class.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if let cell = reuseQueues.dequeue(identifier) {
            cell.prepareForReuse()
            return cell
        }
        guard let type = cellClasses[identifier] else {
            preconditionFailure("no cell class registered for the reuse identifier \(identifier)")
        }
        let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
        let cell = type.init(reusingFrame: frame)
        cell.reuseIdentifier = identifier
        return cell
    }

    /// Registers the class `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)` creates
    /// for `elementKind` and `identifier`: a `UICollectionReusableView` subclass (nil unregisters).
    open func register(_ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String) {
        let key = SupplementaryKey(kind: elementKind, name: identifier)
        guard let viewClass else {
            supplementaryClasses[key] = nil
            return
        }
        guard let type = viewClass as? UICollectionReusableView.Type else {
            preconditionFailure("\(viewClass) is not a UICollectionReusableView subclass")
        }
        supplementaryClasses[key] = type
    }

    /// A header or footer for `indexPath`: one off screen with `elementKind` and `identifier`, or a
    /// new one of the registered class.
    open func dequeueReusableSupplementaryView(ofKind elementKind: String, withReuseIdentifier identifier: String,
                                               for indexPath: IndexPath) -> UICollectionReusableView {
        let key = SupplementaryKey(kind: elementKind, name: identifier)
        if let view = supplementaryQueues.dequeue(key) {
            view.prepareForReuse()
            return view
        }
        guard let type = supplementaryClasses[key] else {
            preconditionFailure("no \(elementKind) class registered for the reuse identifier \(identifier)")
        }
        let view = type.init(reusingFrame: .zero)
        view.reuseIdentifier = identifier
        return view
    }

    /// The header or footer of `elementKind` on screen at `indexPath`.
    open func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath) -> UICollectionReusableView? {
        visibleSupplementary[SupplementaryKey(kind: elementKind, indexPath: indexPath)]
    }

    /// The headers or footers of `elementKind` on screen.
    open func visibleSupplementaryViews(ofKind elementKind: String) -> [UICollectionReusableView] {
        visibleSupplementary.filter { $0.key.kind == elementKind }.sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
    }

    /// The layout's attributes for the supplementary view of `kind` at `indexPath`.
    open func layoutAttributesForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
    }

    /// The cells on screen.
    open var visibleCells: [UICollectionViewCell] {
        indexPathsForVisibleItems.compactMap { visibleCellsByIndexPath[$0] }
    }

    /// The items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] { visibleCellsByIndexPath.keys.sorted() }

    /// The cell showing `indexPath`, nil when it is off screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? { visibleCellsByIndexPath[indexPath] }

    /// The item `cell` shows, nil when it is not on screen.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visibleCellsByIndexPath.first { $0.value === cell }?.key
    }

    /// The item whose cell is at `point` (in the collection view's coordinates).
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        prepareLayoutIfNeeded()
        let rect = CGRect(x: point.x, y: point.y, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: rect) ?? [])
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point) }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }

    /// The layout's attributes for the item at `indexPath`.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        prepareLayoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    // MARK: Data

    open var numberOfSections: Int { counts.count }

    open func numberOfItems(inSection section: Int) -> Int {
        let c = counts
        return c.indices.contains(section) ? c[section] : 0
    }

    /// The item counts, read from the data source when they are out of date.
    var counts: [Int] {
        if let itemCounts { return itemCounts }
        var read: [Int] = []
        if let dataSource {
            for s in 0..<max(0, dataSource.numberOfSections(in: self)) {
                read.append(max(0, dataSource.collectionView(self, numberOfItemsInSection: s)))
            }
        }
        itemCounts = read
        return read
    }

    /// Forgets the cells and counts: the data source is asked again at the next layout.
    open func reloadData() {
        itemCounts = nil
        selectedIndexPaths = []
        touchedIndexPath = nil
        recycleAll()
    }

    /// Sends every view on screen to its queue and lays out again.
    func recycleAll() {
        for (ip, cell) in visibleCellsByIndexPath { enqueue(cell, for: ip) }
        visibleCellsByIndexPath = [:]
        for (key, view) in visibleSupplementary { enqueue(view, key: key) }
        visibleSupplementary = [:]
        collectionViewLayout.invalidateLayout()
        setNeedsLayout()
    }

    /// Runs `updates` (insertions, deletions, reloads), then lays out once; `completion` gets true.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        dataDidChange()
        layoutIfNeeded()
        completion?(true)
    }

    open func insertItems(at indexPaths: [IndexPath]) { dataDidChange() }
    open func deleteItems(at indexPaths: [IndexPath]) {
        selectedIndexPaths.removeAll { indexPaths.contains($0) }
        dataDidChange()
    }
    open func reloadItems(at indexPaths: [IndexPath]) { dataDidChange() }
    open func insertSections(_ sections: IndexSet) { dataDidChange() }
    open func deleteSections(_ sections: IndexSet) { dataDidChange() }
    open func reloadSections(_ sections: IndexSet) { dataDidChange() }
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) { dataDidChange() }

    /// The items changed: every cell is asked for again (items may have moved between index
    /// paths), the counts re-read and the layout redone; the selection is kept.
    func dataDidChange() {
        itemCounts = nil
        recycleAll()
    }
}

/// A supplementary view's kind with its reuse identifier (`name`) or its place (`indexPath`).
struct SupplementaryKey: Hashable {
    var kind: String
    var name = ""
    var indexPath = IndexPath(item: 0, section: 0)
}
