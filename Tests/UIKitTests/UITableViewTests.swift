import QuartzCore
@testable import UIKit
import XCTest

/// A cell that counts how many were made.
final class CountingCell: UITableViewCell {
    nonisolated(unsafe) static var made = 0
    nonisolated(unsafe) var reused = 0

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        CountingCell.made += 1
        super.init(style: style, reuseIdentifier: reuseIdentifier)
    }
    required init?(coder: NSCoder) { fatalError("not used") }

    override func prepareForReuse() {
        super.prepareForReuse()
        reused += 1
    }
}

/// A data source and delegate that logs its calls; rows are `counts[section]`, heights `heights`
/// when set.
@MainActor final class TableLog: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts: [Int]
    var heights: ((IndexPath) -> CGFloat)?
    var titles: [Int: String] = [:]
    var cellRequests: [IndexPath] = []
    var calls: [String] = []
    var redirect: [IndexPath: IndexPath?] = [:]

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        cellRequests.append(indexPath)
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { titles[section] }
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        heights?(indexPath) ?? tableView.rowHeight
    }
    func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        calls.append("willSelect \(indexPath.section).\(indexPath.row)")
        if let r = redirect[indexPath] { return r }
        return indexPath
    }
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        calls.append("didSelect \(indexPath.section).\(indexPath.row)")
    }
    func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) {
        calls.append("didDeselect \(indexPath.section).\(indexPath.row)")
    }
}

final class UITableViewTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A 320x400 table with `counts` rows of `CountingCell`s, laid out.
    @MainActor private func makeTable(_ counts: [Int], heights: ((IndexPath) -> CGFloat)? = nil)
        -> (UITableView, TableLog) {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400), style: .plain)
        let log = TableLog(counts: counts)
        log.heights = heights
        table.register(CountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        table.delegate = log
        table.layoutIfNeeded()
        return (table, log)
    }

    func testDefaults() { MainActor.assumeIsolated {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        XCTAssertEqual(table.style, .plain)
        XCTAssertEqual(UITableView(frame: .zero, style: .insetGrouped).style, .insetGrouped)
        XCTAssertEqual(table.rowHeight, 44)
        XCTAssertEqual(table.estimatedRowHeight, UITableView.automaticDimension)
        XCTAssertTrue(table.allowsSelection)
        XCTAssertFalse(table.allowsMultipleSelection)
        XCTAssertEqual(table.separatorStyle, .singleLine)
        XCTAssertNil(table.dataSource)
        XCTAssertNil(table.delegate)
        XCTAssertNil(table.indexPathForSelectedRow)
        XCTAssertNil(table.tableHeaderView)
        XCTAssertEqual(table.numberOfSections, 0)
        XCTAssertTrue(table.visibleCells.isEmpty)
        let asScrollView: UIScrollView = table
        XCTAssertTrue(asScrollView.alwaysBounceVertical)

        let cell = UITableViewCell(style: .subtitle, reuseIdentifier: "x")
        XCTAssertEqual(cell.reuseIdentifier, "x")
        XCTAssertNotNil(cell.textLabel)
        XCTAssertNotNil(cell.detailTextLabel)
        XCTAssertNil(UITableViewCell(style: .default, reuseIdentifier: nil).detailTextLabel)
        XCTAssertNotNil(cell.imageView)
        XCTAssertTrue(cell.textLabel?.superview === cell.contentView)
        XCTAssertEqual(cell.accessoryType, .none)
        XCTAssertEqual(cell.selectionStyle, .default)
        XCTAssertFalse(cell.isSelected)
        XCTAssertFalse(cell.isHighlighted)
        cell.setSelected(true, animated: false)
        XCTAssertTrue(cell.isSelected)
        XCTAssertNotNil(cell.selectedBackgroundView?.superview, "a grey background shows while selected")
        cell.isSelected = false
        XCTAssertNil(cell.selectedBackgroundView?.superview)
    } }

    func testTheDataSourceIsAskedForCountsAndTheVisibleCells() { MainActor.assumeIsolated {
        let (table, log) = makeTable([3, 2])
        XCTAssertEqual(table.numberOfSections, 2)
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3)
        XCTAssertEqual(table.numberOfRows(inSection: 1), 2)
        XCTAssertEqual(log.cellRequests, [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0),
                                          IndexPath(row: 0, section: 1), IndexPath(row: 1, section: 1)])
        XCTAssertEqual(table.contentSize.height, 5 * 44)
        XCTAssertEqual(table.visibleCells.count, 5)
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 1))?.textLabel?.text, "row 1")
        XCTAssertEqual(table.cellForRow(at: IndexPath(row: 1, section: 1))?.frame, CGRect(x: 0, y: 4 * 44, width: 320, height: 44))
        let cell = table.visibleCells[2]
        XCTAssertEqual(table.indexPath(for: cell), IndexPath(row: 2, section: 0))
        XCTAssertTrue(cell.superview === table)
    } }

    func testOnlyTheVisibleRowsOfAHugeTableHaveCellsAndScrollingReusesThem() { MainActor.assumeIsolated {
        CountingCell.made = 0
        let (table, log) = makeTable([100_000])
        XCTAssertEqual(table.contentSize.height, 4_400_000)
        // 400 points of 44-point rows: rows 0 to 9 (the tenth partly).
        XCTAssertEqual(table.indexPathsForVisibleRows, (0..<10).map { IndexPath(row: $0, section: 0) })
        XCTAssertEqual(table.visibleCells.count, 10)
        XCTAssertEqual(CountingCell.made, 10)
        XCTAssertEqual(log.cellRequests.count, 10)

        // Scroll a screen at a time, 100 times: each step shows about ten new rows, and no new
        // cell is made after the first steps (at most one more for a partly shown extra row).
        log.cellRequests = []
        for step in 1...100 {
            table.contentOffset = CGPoint(x: 0, y: CGFloat(step) * 400)
            table.layoutIfNeeded()
            let cells = table.subviews.filter { $0 is UITableViewCell }
            XCTAssertLessThanOrEqual(cells.count, 11, "only the visible rows have cells")
        }
        XCTAssertLessThanOrEqual(CountingCell.made, 11)
        XCTAssertGreaterThanOrEqual(log.cellRequests.count, 100 * 9)
        XCTAssertLessThanOrEqual(log.cellRequests.count, 100 * 11)
        XCTAssertEqual(Set(log.cellRequests).count, log.cellRequests.count, "each row asked for once")
        let first = Int((100 * 400) / 44)
        XCTAssertEqual(table.indexPathsForVisibleRows?.first, IndexPath(row: first, section: 0))
        XCTAssertTrue(table.visibleCells.contains { ($0 as? CountingCell)?.reused ?? 0 > 0 }, "dequeued cells were prepared for reuse")

        // A single small scroll asks only for the row that came into view.
        log.cellRequests = []
        table.contentOffset.y += 10
        table.layoutIfNeeded()
        XCTAssertLessThanOrEqual(log.cellRequests.count, 1)
    } }

    func testVisibleRowsFollowTheContentOffset() { MainActor.assumeIsolated {
        let (table, log) = makeTable([50])
        defer { withExtendedLifetime(log) {} }   // the data source is weak
        table.contentOffset = CGPoint(x: 0, y: 440)
        table.layoutIfNeeded()
        XCTAssertEqual(table.indexPathsForVisibleRows, (10..<20).map { IndexPath(row: $0, section: 0) })
        table.contentOffset = CGPoint(x: 0, y: 500)
        table.layoutIfNeeded()
        XCTAssertEqual(table.indexPathsForVisibleRows, (11..<21).map { IndexPath(row: $0, section: 0) })
        XCTAssertNil(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: 450)), IndexPath(row: 10, section: 0))
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 10, y: 44 * 50 - 1)), IndexPath(row: 49, section: 0))
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: 44 * 50 + 1)))
    } }

    func testVariableHeightsFromTheDelegate() { MainActor.assumeIsolated {
        // Row r is 20 + r points tall.
        let (table, _) = makeTable([30, 5], heights: { CGFloat(20 + $0.row) })
        // Rows 0..<r sum to 20r + r(r-1)/2.
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 0, section: 0)), CGRect(x: 0, y: 0, width: 320, height: 20))
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 10, section: 0)), CGRect(x: 0, y: 245, width: 320, height: 30))
        let section0 = CGFloat(20 * 30 + 30 * 29 / 2)
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 2, section: 1)), CGRect(x: 0, y: section0 + 41, width: 320, height: 22))
        XCTAssertEqual(table.contentSize.height, section0 + 20 + 21 + 22 + 23 + 24)
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 5, y: 245)), IndexPath(row: 10, section: 0))
        XCTAssertEqual(table.indexPathForRow(at: CGPoint(x: 5, y: 244.5)), IndexPath(row: 9, section: 0))
        // 400 points: rows 0...14 end at 20*15+105 = 405.
        XCTAssertEqual(table.indexPathsForVisibleRows?.last, IndexPath(row: 14, section: 0))
        for cell in table.visibleCells {
            XCTAssertEqual(cell.frame, table.rect(forRowAt: table.indexPath(for: cell)!))
        }
    } }

    func testATapSelectsTheRowThroughTheDelegate() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow(width: 320, height: 400)
        _ = renderer
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let log = TableLog(counts: [20])
        table.register(CountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        table.delegate = log
        window.addSubview(table)
        table.layoutIfNeeded()
        CATransaction.flush()

        var t = CACurrentMediaTime()
        window.tap(100, 44 * 3 + 10, at: t)
        XCTAssertEqual(log.calls, ["willSelect 0.3", "didSelect 0.3"])
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 3, section: 0))
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 3, section: 0))?.isSelected ?? false)

        log.calls = []
        t += 1
        window.tap(100, 44 * 5 + 10, at: t)
        XCTAssertEqual(log.calls, ["willSelect 0.5", "didDeselect 0.3", "didSelect 0.5"])
        XCTAssertFalse(table.cellForRow(at: IndexPath(row: 3, section: 0))?.isSelected ?? true)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 5, section: 0))

        // willSelectRowAt may refuse the row.
        log.calls = []
        log.redirect[IndexPath(row: 1, section: 0)] = .some(nil)
        t += 1
        window.tap(100, 44 + 10, at: t)
        XCTAssertEqual(log.calls, ["willSelect 0.1"])
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 5, section: 0))

        // No selection: nothing is asked.
        log.calls = []
        table.allowsSelection = false
        t += 1
        window.tap(100, 10, at: t)
        XCTAssertEqual(log.calls, [])

        // selectRow and deselectRow do not tell the delegate.
        table.allowsSelection = true
        table.selectRow(at: IndexPath(row: 7, section: 0), animated: false, scrollPosition: .none)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 7, section: 0))
        table.deselectRow(at: IndexPath(row: 7, section: 0), animated: false)
        XCTAssertNil(table.indexPathForSelectedRow)
        XCTAssertEqual(log.calls, [])
    } }

    func testADragSelectsNothing() { MainActor.assumeIsolated {
        let (window, _) = makeRenderedWindow(width: 320, height: 400)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let log = TableLog(counts: [100])
        table.register(CountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        table.delegate = log
        window.addSubview(table)
        table.layoutIfNeeded()
        CATransaction.flush()
        var t = CACurrentMediaTime()
        window.touch(0, .began, 100, 300, at: t)
        for i in 1...6 {
            t += 1.0 / 60
            window.touch(0, .moved, 100, 300 - CGFloat(i) * 20, at: t)
        }
        window.touch(0, .ended, 100, 180, at: t + 0.01)
        XCTAssertGreaterThan(table.contentOffset.y, 50)
        // The frame's layout pass (the scroll view's layoutSubviews) brings in the rows below.
        CATransaction.flush()
        let first = Int(table.contentOffset.y / 44)
        XCTAssertEqual(table.indexPathsForVisibleRows?.first, IndexPath(row: first, section: 0))
        XCTAssertNil(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        XCTAssertEqual(log.calls, [])
        XCTAssertNil(table.indexPathForSelectedRow)
    } }

    func testQuestionsAboutVisibleRowsLayOutFirst() { MainActor.assumeIsolated {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let log = TableLog(counts: [100])
        table.register(CountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        XCTAssertEqual(table.visibleCells.count, 10, "without an explicit layout pass")
        table.contentOffset.y = 440
        XCTAssertEqual(table.indexPathsForVisibleRows?.first, IndexPath(row: 10, section: 0))
        XCTAssertNotNil(table.cellForRow(at: IndexPath(row: 12, section: 0)))
        log.cellRequests = []
        table.layoutIfNeeded()
        XCTAssertEqual(log.cellRequests, [], "the pending layout had nothing left to do")
        withExtendedLifetime(log) {}
    } }

    func testReloadDataAsksAgain() { MainActor.assumeIsolated {
        let (table, log) = makeTable([3])
        XCTAssertEqual(table.visibleCells.count, 3)
        log.counts = [6]
        XCTAssertEqual(table.numberOfRows(inSection: 0), 3, "until reloaded")
        table.reloadData()
        XCTAssertEqual(table.numberOfRows(inSection: 0), 6)
        log.cellRequests = []
        table.layoutIfNeeded()
        XCTAssertEqual(log.cellRequests.count, 6)
        XCTAssertEqual(table.visibleCells.count, 6)
        XCTAssertEqual(table.contentSize.height, 6 * 44)
        XCTAssertEqual(table.subviews.filter { $0 is UITableViewCell }.count, 6)
        log.counts = [1]
        table.reloadData()
        table.layoutIfNeeded()
        XCTAssertEqual(table.visibleCells.count, 1)
        XCTAssertEqual(table.subviews.filter { $0 is UITableViewCell }.count, 1)
    } }

    func testDequeueMakesTheRegisteredSubclass() { MainActor.assumeIsolated {
        CountingCell.made = 0
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400), style: .plain)
        XCTAssertNil(table.dequeueReusableCell(withIdentifier: "none"))
        table.register(CountingCell.self, forCellReuseIdentifier: "counting")
        let cell = table.dequeueReusableCell(withIdentifier: "counting", for: IndexPath(row: 0, section: 0))
        XCTAssertTrue(cell is CountingCell)
        XCTAssertEqual(cell.reuseIdentifier, "counting")
        XCTAssertEqual(CountingCell.made, 1, "through the subclass's init(style:reuseIdentifier:)")
        table.register(UITableViewCell.self, forCellReuseIdentifier: "plain")
        let plain = table.dequeueReusableCell(withIdentifier: "plain")
        XCTAssertNotNil(plain)
        XCTAssertFalse(plain is CountingCell)
    } }

    func testScrollToRow() { MainActor.assumeIsolated {
        let (table, log) = makeTable([1000])
        defer { withExtendedLifetime(log) {} }
        let row = IndexPath(row: 500, section: 0)
        table.scrollToRow(at: row, at: .top, animated: false)
        XCTAssertEqual(table.contentOffset.y, 500 * 44)
        table.layoutIfNeeded()
        XCTAssertEqual(table.indexPathsForVisibleRows?.first, row)
        XCTAssertNotNil(table.cellForRow(at: row))
        table.scrollToRow(at: row, at: .bottom, animated: false)
        XCTAssertEqual(table.contentOffset.y, 501 * 44 - 400)
        table.scrollToRow(at: row, at: .middle, animated: false)
        XCTAssertEqual(table.contentOffset.y, 500 * 44 + 22 - 200)
        // .none scrolls only as far as it needs.
        table.scrollToRow(at: IndexPath(row: 502, section: 0), at: .none, animated: false)
        XCTAssertEqual(table.contentOffset.y, 500 * 44 + 22 - 200)
        table.scrollToRow(at: IndexPath(row: 600, section: 0), at: .none, animated: false)
        XCTAssertEqual(table.contentOffset.y, 601 * 44 - 400)
        // The last row cannot go to the top: the offset stays in range.
        table.scrollToRow(at: IndexPath(row: 999, section: 0), at: .top, animated: false)
        XCTAssertEqual(table.contentOffset.y, 1000 * 44 - 400)
        table.selectRow(at: IndexPath(row: 10, section: 0), animated: false, scrollPosition: .top)
        XCTAssertEqual(table.contentOffset.y, 440)
    } }

    func testRowUpdatesAndHeaderFooterViews() { MainActor.assumeIsolated {
        let (table, log) = makeTable([5])
        let header = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 30))
        let footer = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 20))
        table.tableHeaderView = header
        table.tableFooterView = footer
        table.layoutIfNeeded()
        XCTAssertEqual(header.frame, CGRect(x: 0, y: 0, width: 320, height: 30))
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 0, section: 0)).minY, 30)
        XCTAssertEqual(footer.frame, CGRect(x: 0, y: 30 + 5 * 44, width: 320, height: 20))
        XCTAssertEqual(table.contentSize.height, 30 + 5 * 44 + 20)

        table.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
        var completed = false
        table.performBatchUpdates({
            log.counts = [6]
            table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
            XCTAssertEqual(table.numberOfRows(inSection: 0), 5, "applied at the end")
        }, completion: { completed = $0 })
        XCTAssertTrue(completed)
        XCTAssertEqual(table.numberOfRows(inSection: 0), 6)
        XCTAssertEqual(table.visibleCells.count, 6)
        XCTAssertEqual(table.indexPathForSelectedRow, IndexPath(row: 4, section: 0), "the selection moves with its row")
        XCTAssertTrue(table.cellForRow(at: IndexPath(row: 4, section: 0))?.isSelected ?? false)

        log.counts = [4]
        table.beginUpdates()
        table.deleteRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 4, section: 0)], with: .fade)
        table.endUpdates()
        XCTAssertEqual(table.visibleCells.count, 4)
        XCTAssertNil(table.indexPathForSelectedRow, "the selected row was deleted")

        log.cellRequests = []
        table.reloadRows(at: [IndexPath(row: 2, section: 0)], with: .none)
        XCTAssertEqual(log.cellRequests, [IndexPath(row: 2, section: 0)])
    } }

    func testSectionHeaderTitlesTakeRoom() { MainActor.assumeIsolated {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let log = TableLog(counts: [2, 2])
        log.titles = [1: "Second"]
        table.register(CountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        table.layoutIfNeeded()
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 0, section: 1)).minY, 2 * 44 + 28)
        XCTAssertEqual(table.rect(forSection: 1), CGRect(x: 0, y: 88, width: 320, height: 28 + 88))
        XCTAssertTrue(table.subviews.contains { ($0.subviews.first as? UILabel)?.text == "Second" })
        XCTAssertNil(table.indexPathForRow(at: CGPoint(x: 10, y: 88 + 10)), "a header is no row")
        withExtendedLifetime(log) {}
    } }

    func testPlainSectionHeadersStickToTheTop() { MainActor.assumeIsolated {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let log = TableLog(counts: [10, 10])
        log.titles = [0: "First", 1: "Second"]
        table.register(CountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        table.layoutIfNeeded()
        func header(_ title: String) -> UIView? {
            table.subviews.first { ($0.subviews.first as? UILabel)?.text == title }
        }
        XCTAssertEqual(header("First")?.frame.minY, 0)
        XCTAssertNil(header("Second"), "out of view")
        table.contentOffset.y = 100
        table.layoutIfNeeded()
        XCTAssertEqual(header("First")?.frame.minY, 100, "stuck at the top")
        // Section 0 ends at 28 + 440 = 468: from 440 its end pushes the header up.
        table.contentOffset.y = 450
        table.layoutIfNeeded()
        XCTAssertEqual(header("First")?.frame.minY, 440)
        XCTAssertEqual(header("Second")?.frame.minY, 468)
        table.contentOffset.y = 600
        table.layoutIfNeeded()
        XCTAssertNil(header("First"))
        XCTAssertEqual(header("Second")?.frame.minY, 600)
        withExtendedLifetime(log) {}
    } }

    func testTheDelegatesHeaderViewsAndHeights() { MainActor.assumeIsolated {
        @MainActor final class Headers: UITableViewDelegate {
            let views = [UIView(), UIView()]
            func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat { section == 0 ? 50 : 0 }
            func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? { views[section] }
        }
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let log = TableLog(counts: [2, 2])
        let headers = Headers()
        table.register(CountingCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = log
        table.delegate = headers
        let background = UIView()
        table.backgroundView = background
        table.layoutIfNeeded()
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 0, section: 0)).minY, 50)
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 0, section: 1)).minY, 50 + 88, "a zero height hides the header")
        XCTAssertTrue(headers.views[0].superview === table)
        XCTAssertEqual(headers.views[0].frame, CGRect(x: 0, y: 0, width: 320, height: 50))
        XCTAssertNil(headers.views[1].superview)
        XCTAssertEqual(background.frame, table.bounds)
        XCTAssertEqual(table.subviews.first, background, "the rows are drawn over the background view")
        withExtendedLifetime(log) {}
    } }

    func testTheTableDelegateIsTheScrollViewDelegate() { MainActor.assumeIsolated {
        @MainActor final class Heights: UITableViewDelegate {
            var scrolled = 0
            var displayed: [IndexPath] = []
            func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 100 }
            func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
                displayed.append(indexPath)
            }
            func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolled += 1 }
        }
        let (table, log) = makeTable([10])
        defer { withExtendedLifetime(log) {} }
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 1, section: 0)).minY, 44)
        let delegate = Heights()
        table.delegate = delegate
        XCTAssertTrue((table as UIScrollView).delegate === delegate)
        XCTAssertEqual(table.rect(forRowAt: IndexPath(row: 1, section: 0)).minY, 100, "a new delegate sizes the rows")
        table.layoutIfNeeded()
        XCTAssertEqual(table.indexPathsForVisibleRows, (0..<4).map { IndexPath(row: $0, section: 0) }, "rows 4-9 left the view")
        XCTAssertEqual(delegate.displayed, [], "rows 0-3 were on screen already")
        table.contentOffset.y = 350
        XCTAssertEqual(delegate.scrolled, 1)
        table.layoutIfNeeded()
        XCTAssertEqual(delegate.displayed, (4..<8).map { IndexPath(row: $0, section: 0) })
    } }

    func testSeparatorsFollowTheTable() { MainActor.assumeIsolated {
        let (table, log) = makeTable([3])
        defer { withExtendedLifetime(log) {} }
        let cell = table.visibleCells[0]
        cell.layoutIfNeeded()
        XCTAssertFalse(cell.separatorLayer.isHidden)
        XCTAssertEqual(cell.separatorLayer.frame.maxY, 44)
        XCTAssertLessThanOrEqual(cell.separatorLayer.frame.height, 1)
        table.separatorColor = .red
        XCTAssertEqual(cell.separatorLayer.backgroundColor, UIColor.red.cgColor)
        table.separatorStyle = .none
        XCTAssertTrue(cell.separatorLayer.isHidden)
    } }
}

/// A table view controller written as for Apple's UIKit (the usual patterns must compile and run).
private final class FruitViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let fruits = ["Apple", "Banana", "Cherry"]
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    var picked: String?

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.rowHeight = 50
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { fruits.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel!.text = fruits[indexPath.row]
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        picked = fruits[indexPath.row]
        tableView.deselectRow(at: indexPath, animated: true)
    }
}

extension UITableViewTests {
    func testAViewControllerWrittenForUIKit() { MainActor.assumeIsolated {
        let vc = FruitViewController()
        vc.loadViewIfNeeded()
        vc.tableView.layoutIfNeeded()
        XCTAssertEqual(vc.tableView.visibleCells.map { $0.textLabel?.text }, ["Apple", "Banana", "Cherry"])
        XCTAssertEqual(vc.tableView.rect(forRowAt: IndexPath(row: 2, section: 0)).minY, 100)
        vc.tableView.userSelectRow(at: IndexPath(row: 1, section: 0))
        XCTAssertEqual(vc.picked, "Banana")
        XCTAssertNil(vc.tableView.indexPathForSelectedRow, "deselected by the delegate")
    } }
}
