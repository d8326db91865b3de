import QuartzCore
@testable import UIKit
import XCTest

/// A cell that counts how many were created and how often they were reused.
final class CountingCollectionCell: UICollectionViewCell {
    nonisolated(unsafe) static var created = 0
    nonisolated(unsafe) var reuses = 0
    nonisolated(unsafe) var item = -1

    // The usual Apple-platform pattern: a non-required `override init(frame:)`.
    override init(frame: CGRect) {
        super.init(frame: frame)
        CountingCollectionCell.created += 1
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        reuses += 1
    }
}

/// A header or footer that says which one it is.
final class TitledView: UICollectionReusableView {
    nonisolated(unsafe) static var created = 0
    nonisolated(unsafe) var title = ""

    override init(frame: CGRect) {
        super.init(frame: frame)
        TitledView.created += 1
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A data source and flow-layout delegate over `counts` items per section, logging selection.
@MainActor final class CollectionSource: NSObject, UICollectionViewDataSource, UICollectionViewDelegateFlowLayout {
    var counts: [Int]
    var sizes: [IndexPath: CGSize] = [:]
    var inset: UIEdgeInsets?
    var log: [String] = []
    var refuse: Set<IndexPath> = []
    var displayed = 0, ended = 0

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath) as! CountingCollectionCell
        cell.item = indexPath.item
        return cell
    }
    func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) -> UICollectionReusableView {
        let view = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "titled", for: indexPath) as! TitledView
        view.title = (kind == UICollectionView.elementKindSectionHeader ? "header " : "footer ") + String(indexPath.section)
        return view
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        sizeForItemAt indexPath: IndexPath) -> CGSize {
        sizes[indexPath] ?? (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
    }
    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
                        insetForSectionAt section: Int) -> UIEdgeInsets {
        inset ?? (collectionViewLayout as! UICollectionViewFlowLayout).sectionInset
    }
    func collectionView(_ collectionView: UICollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        !refuse.contains(indexPath)
    }
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        log.append("select \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, didDeselectItemAt indexPath: IndexPath) {
        log.append("deselect \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: UICollectionView, willDisplay cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        displayed += 1
    }
    func collectionView(_ collectionView: UICollectionView, didEndDisplaying cell: UICollectionViewCell, forItemAt indexPath: IndexPath) {
        ended += 1
    }
}

/// A carousel: items side by side, turned about y and faded by their distance from the centre of
/// the visible rect, so the layout must be asked again at each scroll.
@MainActor final class CarouselLayout: UICollectionViewLayout {
    var prepares = 0
    var queries: [CGRect] = []
    let width: CGFloat = 100

    override func prepare() { prepares += 1 }

    override var collectionViewContentSize: CGSize {
        CGSize(width: CGFloat(collectionView?.numberOfItems(inSection: 0) ?? 0) * width, height: collectionView?.bounds.height ?? 0)
    }

    private func attributes(_ item: Int) -> UICollectionViewLayoutAttributes {
        let cv = collectionView!
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: item, section: 0))
        a.frame = CGRect(x: CGFloat(item) * width, y: 0, width: width, height: cv.bounds.height)
        let offset = (a.center.x - cv.bounds.midX) / width
        a.transform3D = CATransform3DMakeRotation(offset * 0.5, 0, 1, 0)
        a.alpha = max(0, 1 - abs(offset) * 0.25)
        a.zIndex = -Int(abs(offset).rounded())
        return a
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        queries.append(rect)
        let n = collectionView!.numberOfItems(inSection: 0)
        let first = max(0, Int(rect.minX / width)), last = min(n - 1, Int((rect.maxX / width).rounded(.up)) - 1)
        guard first <= last else { return [] }
        return (first...last).map(attributes)
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        attributes(indexPath.item)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }
}

final class UICollectionViewTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A collection view of `size` over `source`, with a flow layout, laid out.
    @MainActor private func make(_ source: CollectionSource, size: CGSize = CGSize(width: 200, height: 300),
                                 configure: (UICollectionViewFlowLayout) -> Void = { _ in }) -> UICollectionView {
        let layout = UICollectionViewFlowLayout()
        configure(layout)
        let cv = UICollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        cv.register(CountingCollectionCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = source
        cv.delegate = source
        cv.layoutIfNeeded()
        return cv
    }

    @MainActor private func frame(_ cv: UICollectionView, _ item: Int, _ section: Int = 0) -> CGRect? {
        cv.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func testFlowLayoutDefaults() { MainActor.assumeIsolated {
        let layout = UICollectionViewFlowLayout()
        XCTAssertEqual(layout.itemSize, CGSize(width: 50, height: 50))
        XCTAssertEqual(layout.minimumLineSpacing, 10)
        XCTAssertEqual(layout.minimumInteritemSpacing, 10)
        XCTAssertEqual(layout.sectionInset, .zero)
        XCTAssertEqual(layout.scrollDirection, .vertical)
        XCTAssertEqual(layout.estimatedItemSize, .zero)
        XCTAssertEqual(layout.headerReferenceSize, .zero)
        XCTAssertNil(layout.collectionView)
        let cv = UICollectionView(frame: .zero, collectionViewLayout: layout)
        XCTAssertTrue(layout.collectionView === cv)
        XCTAssertTrue(cv.allowsSelection)
        XCTAssertFalse(cv.allowsMultipleSelection)
        XCTAssertEqual(cv.numberOfSections, 0)
    } }

    func testVerticalRowsSpreadTheLeftoverBetweenItems() { MainActor.assumeIsolated {
        // 200 wide: three 50-point items fit (50+10+50+10+50 = 170), the 30 left over widens the
        // two gaps to 25; the last line of two is spread to the edges too, a single item sits left.
        let source = CollectionSource([5, 1])
        let cv = make(source)
        XCTAssertEqual(frame(cv, 0), CGRect(x: 0, y: 0, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 1), CGRect(x: 75, y: 0, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 2), CGRect(x: 150, y: 0, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 3), CGRect(x: 0, y: 60, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 4), CGRect(x: 150, y: 60, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 0, 1), CGRect(x: 0, y: 110, width: 50, height: 50), "sections follow without line spacing")
        XCTAssertEqual(cv.contentSize, CGSize(width: 200, height: 160))
        XCTAssertEqual(cv.numberOfItems(inSection: 0), 5)
        XCTAssertEqual(cv.numberOfSections, 2)
    } }

    func testSectionInsetsAndSpacing() { MainActor.assumeIsolated {
        let source = CollectionSource([3, 2])
        let cv = make(source) { l in
            l.sectionInset = UIEdgeInsets(top: 5, left: 20, bottom: 15, right: 30)
            l.minimumLineSpacing = 4
            l.minimumInteritemSpacing = 40
        }
        // 150 points of room: two items with 40 between them (140) fit, three do not.
        XCTAssertEqual(frame(cv, 0), CGRect(x: 20, y: 5, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 1), CGRect(x: 120, y: 5, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 2), CGRect(x: 20, y: 59, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 0, 1), CGRect(x: 20, y: 129, width: 50, height: 50), "109 + bottom 15 + top 5")
        XCTAssertEqual(cv.contentSize.height, 129 + 50 + 15)
    } }

    func testDelegateSizesAndInsetsAndItemsCentredInTheirLine() { MainActor.assumeIsolated {
        let source = CollectionSource([3])
        source.sizes[IndexPath(item: 1, section: 0)] = CGSize(width: 80, height: 90)
        source.inset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let cv = make(source)
        // Room 180: 50 + 80 + 50 = 180 leaves no room for the spacing, so the third wraps.
        XCTAssertEqual(frame(cv, 0), CGRect(x: 10, y: 30, width: 50, height: 50), "centred across the 90-point line")
        XCTAssertEqual(frame(cv, 1), CGRect(x: 110, y: 10, width: 80, height: 90), "spread to the right inset")
        XCTAssertEqual(frame(cv, 2), CGRect(x: 10, y: 110, width: 50, height: 50))
        XCTAssertEqual(cv.contentSize, CGSize(width: 200, height: 170))
    } }

    func testHorizontalColumns() { MainActor.assumeIsolated {
        let source = CollectionSource([7])
        let cv = make(source, size: CGSize(width: 300, height: 130)) { l in
            l.scrollDirection = .horizontal
            l.itemSize = CGSize(width: 40, height: 60)
        }
        // 130 tall: two 60-point items with 10 between fit (130), so no spreading; columns 50 apart.
        XCTAssertEqual(frame(cv, 0), CGRect(x: 0, y: 0, width: 40, height: 60))
        XCTAssertEqual(frame(cv, 1), CGRect(x: 0, y: 70, width: 40, height: 60))
        XCTAssertEqual(frame(cv, 2), CGRect(x: 50, y: 0, width: 40, height: 60))
        XCTAssertEqual(frame(cv, 6), CGRect(x: 150, y: 0, width: 40, height: 60), "a single item at the leading (top) edge")
        XCTAssertEqual(cv.contentSize, CGSize(width: 190, height: 130))
        let layout = cv.collectionViewLayout
        XCTAssertEqual(layout.layoutAttributesForElements(in: CGRect(x: 45, y: 0, width: 60, height: 130))?.map(\.indexPath.item), [2, 3, 4, 5])
        XCTAssertEqual(layout.layoutAttributesForElements(in: CGRect(x: 45, y: 0, width: 60, height: 65))?.map(\.indexPath.item), [2, 4])
        XCTAssertEqual(layout.layoutAttributesForElements(in: CGRect(x: 190, y: 0, width: 60, height: 130))?.count, 0)
    } }

    func testOnlyVisibleItemsGetCellsAndCellsAreReusedAfterScrolling() { MainActor.assumeIsolated {
        CountingCollectionCell.created = 0
        let source = CollectionSource([10_000])
        let cv = make(source)
        // 300 tall: lines at 0, 60, ..., 300 (the sixth touches the edge only), 3 items each.
        XCTAssertEqual(cv.visibleCells.count, 15)
        XCTAssertEqual(CountingCollectionCell.created, 15)
        XCTAssertEqual(cv.indexPathsForVisibleItems.first, IndexPath(item: 0, section: 0))
        XCTAssertEqual(cv.indexPathsForVisibleItems.last, IndexPath(item: 14, section: 0))
        XCTAssertEqual(cv.contentSize.height, 3334 * 60 - 10)
        XCTAssertEqual(cv.subviews.filter { $0 is UICollectionViewCell }.count, 15)

        cv.contentOffset = CGPoint(x: 0, y: 600)
        cv.layoutIfNeeded()
        XCTAssertEqual(cv.indexPathsForVisibleItems.first, IndexPath(item: 30, section: 0))
        XCTAssertEqual(cv.visibleCells.count, 15)
        XCTAssertEqual(CountingCollectionCell.created, 15, "every new item reused a cell that scrolled out")
        XCTAssertEqual(cv.visibleCells.map { ($0 as! CountingCollectionCell).reuses }.reduce(0, +), 15)
        let cell = cv.cellForItem(at: IndexPath(item: 31, section: 0)) as! CountingCollectionCell
        XCTAssertEqual(cell.item, 31)
        XCTAssertEqual(cell.frame, CGRect(x: 75, y: 600, width: 50, height: 50))
        XCTAssertEqual(cv.indexPath(for: cell), IndexPath(item: 31, section: 0))
        XCTAssertNil(cv.cellForItem(at: IndexPath(item: 0, section: 0)))

        // Scrolling by half a line brings one more line in: three more cells, still bounded.
        cv.contentOffset = CGPoint(x: 0, y: 9000)
        cv.layoutIfNeeded()
        cv.contentOffset = CGPoint(x: 0, y: 9030)
        cv.layoutIfNeeded()
        XCTAssertEqual(cv.visibleCells.count, 18)
        XCTAssertLessThanOrEqual(CountingCollectionCell.created, 18)
    } }

    func testANewWidthReflowsTheLinesButAScrollDoesNot() { MainActor.assumeIsolated {
        let source = CollectionSource([6])
        let cv = make(source)
        XCTAssertEqual(frame(cv, 3), CGRect(x: 0, y: 60, width: 50, height: 50))
        let layout = cv.collectionViewLayout
        XCTAssertFalse(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 40, width: 200, height: 300)))
        cv.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        cv.layoutIfNeeded()
        // 300 wide: five items fit (290), the 10 left over makes the gaps 12.5.
        XCTAssertEqual(frame(cv, 3), CGRect(x: 187.5, y: 0, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 5), CGRect(x: 0, y: 60, width: 50, height: 50))
        XCTAssertEqual(cv.contentSize, CGSize(width: 300, height: 110))
        XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 3, section: 0))?.frame, CGRect(x: 187.5, y: 0, width: 50, height: 50))
    } }

    func testHeadersAndFootersTakeTheirPlaceAndAreRecycled() { MainActor.assumeIsolated {
        TitledView.created = 0
        let source = CollectionSource([3, 3, 3, 3, 3, 3, 3, 3])
        let header = UICollectionView.elementKindSectionHeader, footer = UICollectionView.elementKindSectionFooter
        let layout = UICollectionViewFlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        layout.sectionInset = UIEdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 150), collectionViewLayout: layout)
        cv.register(CountingCollectionCell.self, forCellWithReuseIdentifier: "cell")
        for kind in [header, footer] { cv.register(TitledView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "titled") }
        cv.dataSource = source
        cv.layoutIfNeeded()
        // A section: header 30, inset 5, a line of 50, inset 5, footer 20 = 110.
        XCTAssertEqual(frame(cv, 0, 1), CGRect(x: 0, y: 145, width: 50, height: 50))
        XCTAssertEqual(cv.layoutAttributesForSupplementaryElement(ofKind: header, at: IndexPath(item: 0, section: 1))?.frame,
                       CGRect(x: 0, y: 110, width: 200, height: 30))
        XCTAssertEqual(cv.layoutAttributesForSupplementaryElement(ofKind: footer, at: IndexPath(item: 0, section: 0))?.frame,
                       CGRect(x: 0, y: 90, width: 200, height: 20))
        XCTAssertEqual(cv.contentSize.height, 880)
        let shown = cv.visibleSupplementaryViews(ofKind: header).map { ($0 as! TitledView).title }
        XCTAssertEqual(shown, ["header 0", "header 1"])
        XCTAssertEqual((cv.supplementaryView(forElementKind: footer, at: IndexPath(item: 0, section: 0)) as? TitledView)?.title, "footer 0")
        XCTAssertEqual(cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))?.frame,
                       CGRect(x: 0, y: 110, width: 200, height: 30))
        XCTAssertEqual(TitledView.created, 3)
        cv.contentOffset = CGPoint(x: 0, y: 440)   // sections 4 and 5
        cv.layoutIfNeeded()
        XCTAssertEqual(cv.visibleSupplementaryViews(ofKind: header).map { ($0 as! TitledView).title }, ["header 4", "header 5"])
        XCTAssertEqual(TitledView.created, 3, "reused")
    } }

    func testContentInsetsNarrowTheLines() { MainActor.assumeIsolated {
        let source = CollectionSource([3])
        let cv = make(source)
        cv.contentInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 20)
        cv.layoutIfNeeded()
        // 160 of room: two items a line, spread to 110.
        XCTAssertEqual(frame(cv, 1), CGRect(x: 110, y: 0, width: 50, height: 50))
        XCTAssertEqual(frame(cv, 2), CGRect(x: 0, y: 60, width: 50, height: 50))
        XCTAssertEqual(cv.contentSize, CGSize(width: 160, height: 110))
    } }

    func testIndexPathForItemAtAPoint() { MainActor.assumeIsolated {
        let source = CollectionSource([5])
        let cv = make(source)
        XCTAssertNil(cv.indexPathForItem(at: CGPoint(x: 100, y: 70)), "the gap of a spread line")
        XCTAssertEqual(cv.indexPathForItem(at: CGPoint(x: 80, y: 10)), IndexPath(item: 1, section: 0))
        XCTAssertEqual(cv.indexPathForItem(at: CGPoint(x: 160, y: 100)), IndexPath(item: 4, section: 0))
        XCTAssertNil(cv.indexPathForItem(at: CGPoint(x: 60, y: 10)), "between items")
    } }

    func testATappedCellIsSelectedThroughTheDelegate() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let source = CollectionSource([9])
        let cv = make(source)
        cv.frame = CGRect(x: 50, y: 0, width: 200, height: 300)
        window.addSubview(cv)
        cv.layoutIfNeeded()
        CATransaction.flush()
        // Item 4 is at (75, 60) in the collection view, (125, 60) in the window.
        window.tap(140, 80, at: 1000)
        XCTAssertEqual(source.log, ["select 0.4"])
        XCTAssertEqual(cv.indexPathsForSelectedItems, [IndexPath(item: 4, section: 0)])
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 4, section: 0))!.isSelected)
        XCTAssertFalse(cv.cellForItem(at: IndexPath(item: 4, section: 0))!.isHighlighted)

        window.tap(60, 10, at: 1001)   // item 0: the single selection moves
        XCTAssertEqual(source.log, ["select 0.4", "deselect 0.4", "select 0.0"])
        XCTAssertFalse(cv.cellForItem(at: IndexPath(item: 4, section: 0))!.isSelected)

        source.refuse = [IndexPath(item: 1, section: 0)]
        window.tap(140, 10, at: 1002)
        XCTAssertEqual(source.log.count, 3, "shouldSelectItemAt said no")

        window.tap(112, 150, at: 1003)   // between items 6 and 7: nothing
        XCTAssertEqual(cv.indexPathsForSelectedItems, [IndexPath(item: 0, section: 0)])

        cv.allowsMultipleSelection = true
        window.tap(200, 10, at: 1004)
        XCTAssertEqual(Set(cv.indexPathsForSelectedItems ?? []), [IndexPath(item: 0, section: 0), IndexPath(item: 2, section: 0)])
        window.tap(60, 10, at: 1005)
        XCTAssertEqual(source.log.suffix(2), ["select 0.2", "deselect 0.0"])

        cv.allowsSelection = false
        window.tap(140, 80, at: 1006)
        XCTAssertEqual(source.log.count, 5)
        _ = renderer
    } }

    func testATouchHighlightsAndADragDoesNotSelect() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let source = CollectionSource([90])
        let cv = make(source)
        window.addSubview(cv)
        CATransaction.flush()
        let item1 = IndexPath(item: 1, section: 0)
        var t = CACurrentMediaTime()
        window.touch(0, .began, 100, 20, at: t)
        XCTAssertTrue(cv.cellForItem(at: item1)!.isHighlighted)
        for i in 1...6 {
            t += 1.0 / 60
            window.touch(0, .moved, 100, 20 - CGFloat(i) * 15, at: t)
        }
        window.touch(0, .ended, 100, -70, at: t + 0.001)
        XCTAssertGreaterThan(cv.contentOffset.y, 50, "the drag scrolled")
        XCTAssertEqual(source.log, [], "a drag selects nothing")
        XCTAssertEqual(cv.indexPathsForSelectedItems, [])
        XCTAssertFalse(cv.cellForItem(at: item1)?.isHighlighted ?? false)
        _ = renderer
    } }

    func testTheDelegateHearsCellsComeAndGo() { MainActor.assumeIsolated {
        let source = CollectionSource([100])
        let cv = make(source)
        XCTAssertEqual(source.displayed, 15)
        XCTAssertEqual(source.ended, 0)
        cv.contentOffset = CGPoint(x: 0, y: 120)   // two lines out, two in
        cv.layoutIfNeeded()
        XCTAssertEqual(source.displayed, 21)
        XCTAssertEqual(source.ended, 6)
    } }

    func testSelectionInCode() { MainActor.assumeIsolated {
        let source = CollectionSource([100])
        let cv = make(source)
        cv.selectItem(at: IndexPath(item: 40, section: 0), animated: false, scrollPosition: .top)
        XCTAssertEqual(cv.contentOffset.y, 13 * 60)
        cv.layoutIfNeeded()
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 40, section: 0))!.isSelected)
        XCTAssertEqual(source.log, [], "code does not tell the delegate")
        cv.deselectItem(at: IndexPath(item: 40, section: 0), animated: false)
        XCTAssertEqual(cv.indexPathsForSelectedItems, [])
        XCTAssertFalse(cv.cellForItem(at: IndexPath(item: 40, section: 0))!.isSelected)
    } }

    func testScrollToItem() { MainActor.assumeIsolated {
        let source = CollectionSource([100])
        let cv = make(source)
        cv.scrollToItem(at: IndexPath(item: 30, section: 0), at: .top, animated: false)
        XCTAssertEqual(cv.contentOffset, CGPoint(x: 0, y: 600))
        cv.scrollToItem(at: IndexPath(item: 30, section: 0), at: .bottom, animated: false)
        XCTAssertEqual(cv.contentOffset, CGPoint(x: 0, y: 650 - 300))
        cv.scrollToItem(at: IndexPath(item: 30, section: 0), at: .centeredVertically, animated: false)
        XCTAssertEqual(cv.contentOffset, CGPoint(x: 0, y: 625 - 150))
        cv.scrollToItem(at: IndexPath(item: 99, section: 0), at: .top, animated: false)
        XCTAssertEqual(cv.contentOffset.y, cv.contentSize.height - 300, "kept within the content")
        cv.layoutIfNeeded()
        XCTAssertNotNil(cv.cellForItem(at: IndexPath(item: 99, section: 0)))
        cv.scrollToItem(at: IndexPath(item: 0, section: 0), at: [], animated: false)
        XCTAssertEqual(cv.contentOffset, .zero, "no position: just far enough")
    } }

    func testReloadDataAndBatchUpdatesReadTheDataSourceAgain() { MainActor.assumeIsolated {
        CountingCollectionCell.created = 0
        let source = CollectionSource([4])
        let cv = make(source)
        XCTAssertEqual(cv.visibleCells.count, 4)
        source.counts = [2, 3]
        XCTAssertEqual(cv.numberOfSections, 1, "counts are kept until a reload")
        cv.reloadData()
        XCTAssertEqual(cv.numberOfSections, 2)
        cv.layoutIfNeeded()
        XCTAssertEqual(cv.indexPathsForVisibleItems, [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0),
                                                      IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1),
                                                      IndexPath(item: 2, section: 1)])
        XCTAssertEqual(CountingCollectionCell.created, 5, "four reused, one more created")
        XCTAssertEqual(frame(cv, 0, 1), CGRect(x: 0, y: 50, width: 50, height: 50))

        var done = false
        cv.performBatchUpdates({
            source.counts = [2, 5]
            cv.insertItems(at: [IndexPath(item: 3, section: 1), IndexPath(item: 4, section: 1)])
        }, completion: { done = $0 })
        XCTAssertTrue(done)
        XCTAssertEqual(cv.numberOfItems(inSection: 1), 5)
        XCTAssertEqual(cv.visibleCells.count, 7)
        source.counts = [2, 1]
        cv.deleteItems(at: [IndexPath(item: 1, section: 1)])
        cv.layoutIfNeeded()
        XCTAssertEqual(cv.visibleCells.count, 3)
        XCTAssertEqual(cv.subviews.filter { $0 is UICollectionViewCell }.count, 3, "removed cells left the view")
    } }

    func testACustomLayoutIsAskedAtEachScrollAndItsTransformsReachTheLayers() { MainActor.assumeIsolated {
        let layout = CarouselLayout()
        let source = CollectionSource([50])
        let cv = UICollectionView(frame: CGRect(x: 0, y: 0, width: 300, height: 200), collectionViewLayout: layout)
        cv.register(CountingCollectionCell.self, forCellWithReuseIdentifier: "cell")
        cv.dataSource = source
        cv.layoutIfNeeded()
        XCTAssertEqual(cv.contentSize, CGSize(width: 5000, height: 200))
        XCTAssertEqual(layout.prepares, 1)
        XCTAssertEqual(layout.queries.last, CGRect(x: 0, y: 0, width: 300, height: 200))
        XCTAssertEqual(cv.indexPathsForVisibleItems.map(\.item), [0, 1, 2])

        let centre = cv.cellForItem(at: IndexPath(item: 1, section: 0))!
        XCTAssertEqual(centre.bounds.size, CGSize(width: 100, height: 200))
        XCTAssertEqual(centre.center, CGPoint(x: 150, y: 100))
        XCTAssertTrue(CATransform3DIsIdentity(centre.layer.transform))
        let side = cv.cellForItem(at: IndexPath(item: 2, section: 0))!
        XCTAssertEqual(side.layer.transform, CATransform3DMakeRotation(0.5, 0, 1, 0))
        XCTAssertEqual(side.alpha, 0.75)
        XCTAssertEqual(side.layer.zPosition, -1)

        cv.contentOffset = CGPoint(x: 200, y: 0)
        cv.layoutIfNeeded()
        XCTAssertEqual(layout.prepares, 2, "shouldInvalidateLayout(forBoundsChange:) said yes")
        XCTAssertEqual(layout.queries.last, CGRect(x: 200, y: 0, width: 300, height: 200))
        XCTAssertEqual(cv.indexPathsForVisibleItems.map(\.item), [2, 3, 4])
        // Item 3 is now centred: upright and opaque; item 2, on its left, turned the other way.
        let now = cv.cellForItem(at: IndexPath(item: 3, section: 0))!
        XCTAssertTrue(CATransform3DIsIdentity(now.layer.transform))
        XCTAssertEqual(now.alpha, 1)
        XCTAssertTrue(cv.cellForItem(at: IndexPath(item: 2, section: 0)) === side, "a cell still on screen is kept")
        XCTAssertEqual(side.layer.transform, CATransform3DMakeRotation(-0.5, 0, 1, 0))
        XCTAssertEqual(side.layer.zPosition, -1)
        XCTAssertEqual(now.layer.zPosition, 0)
    } }

    func testSwitchingLayoutsMovesTheCells() { MainActor.assumeIsolated {
        let source = CollectionSource([50])
        let cv = make(source, size: CGSize(width: 300, height: 200))
        XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 1, section: 0))?.frame, CGRect(x: 62.5, y: 0, width: 50, height: 50))
        let carousel = CarouselLayout()
        var done = false
        cv.setCollectionViewLayout(carousel, animated: false) { done = $0 }
        XCTAssertTrue(done)
        XCTAssertTrue(carousel.collectionView === cv)
        XCTAssertEqual(cv.contentSize, CGSize(width: 5000, height: 200))
        XCTAssertEqual(cv.indexPathsForVisibleItems.map(\.item), [0, 1, 2])
        XCTAssertEqual(cv.cellForItem(at: IndexPath(item: 1, section: 0))?.bounds.size, CGSize(width: 100, height: 200))
    } }

    func testCellViews() { MainActor.assumeIsolated {
        let cell = UICollectionViewCell(frame: CGRect(x: 0, y: 0, width: 40, height: 30))
        XCTAssertNil(cell.reuseIdentifier)
        XCTAssertTrue(cell.contentView.superview === cell)
        XCTAssertEqual(cell.contentView.frame, cell.bounds)
        let bg = UIView(), selected = UIView()
        cell.backgroundView = bg
        cell.selectedBackgroundView = selected
        XCTAssertEqual(cell.subviews.map(ObjectIdentifier.init), [bg, cell.contentView].map(ObjectIdentifier.init))
        XCTAssertEqual(bg.frame, cell.bounds)
        cell.isSelected = true
        XCTAssertEqual(cell.subviews.map(ObjectIdentifier.init), [bg, selected, cell.contentView].map(ObjectIdentifier.init))
        cell.prepareForReuse()
        XCTAssertFalse(cell.isSelected)
        XCTAssertNil(selected.superview)
        cell.isHighlighted = true
        XCTAssertTrue(selected.superview === cell)
        cell.bounds.size = CGSize(width: 80, height: 60)
        cell.layoutIfNeeded()
        XCTAssertEqual(cell.contentView.frame, CGRect(x: 0, y: 0, width: 80, height: 60))
        XCTAssertEqual(selected.frame, CGRect(x: 0, y: 0, width: 80, height: 60))
    } }

    func testLayoutAttributes() { MainActor.assumeIsolated {
        let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: 3, section: 1))
        XCTAssertEqual(a.indexPath, IndexPath(item: 3, section: 1))
        XCTAssertEqual(a.representedElementCategory, .cell)
        XCTAssertEqual(a.alpha, 1)
        XCTAssertEqual(a.zIndex, 0)
        XCTAssertFalse(a.isHidden)
        a.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(a.center, CGPoint(x: 25, y: 40))
        XCTAssertEqual(a.size, CGSize(width: 30, height: 40))
        a.transform = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(a.transform3D, CATransform3DMakeScale(2, 2, 1))
        XCTAssertEqual(a.frame, CGRect(x: 10, y: 20, width: 30, height: 40), "the frame is the untransformed one")
        let b = a.copy() as! UICollectionViewLayoutAttributes
        XCTAssertEqual(a, b)
        XCTAssertFalse(a === b)
        b.alpha = 0.5
        XCTAssertNotEqual(a, b)
    } }
}
