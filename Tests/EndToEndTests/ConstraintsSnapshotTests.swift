import Foundation
import XCTest

/// `demo constraints` (Core Animation Programming Guide listings 4-1 and 4-2): at any window size
/// layerA (100×25) is centred and layerB is as wide, its top 10 points below layerA and its bottom
/// 10 points above the window's bottom.
final class ConstraintsSnapshotTests: DemoSnapshotTestCase {
    func testLayerBFillsTheSpaceUnderLayerAAtTheGuidesSize() throws {
        let image = try snapshot(demo: "constraints", ["--size", "300x200"], saveAs: "constraints-300x200.png")
        try assertConstraintLayout(image)
        // The guide's frames, in y-down terms: layerA spans y 87.5-112.5, layerB 122.5-190.
        let column = darkRuns(in: image, column: 150)
        XCTAssertEqual(column.first?.start ?? -1, 87.5, accuracy: 0.3)
        XCTAssertEqual(column.last?.end ?? -1, 190, accuracy: 0.3)
    }

    func testTheLayoutFollowsAnotherSize() throws {
        let image = try snapshot(demo: "constraints", ["--size", "520x400"], saveAs: "constraints-520x400.png")
        try assertConstraintLayout(image)
    }
}

/// The acceptance check on a picture of `demo constraints`: along the middle column, four borders
/// (layerA's top and bottom, layerB's top and bottom); layerA centred, layerB's top 10 points under
/// layerA's bottom, its bottom 10 points above the picture's; both 100 points wide, same edges.
/// `window`: the window's rectangle in the picture (default: all of it); positions are relative to it.
func assertConstraintLayout(_ image: PNGPixels, window: (x: Int, y: Int, width: Int, height: Int)? = nil, _ context: String = "",
                            file: StaticString = #filePath, line: UInt = #line) throws {
    let frame = window ?? (0, 0, image.width, image.height)
    let column = darkRuns(in: image, column: frame.width / 2, window: frame)
    guard column.count == 4 else {
        return XCTFail("expected 4 horizontal borders down the middle, found \(column) \(context)", file: file, line: line)
    }
    let height = Double(frame.height)
    XCTAssertEqual(column[0].start + column[1].end, height, accuracy: 0.4, "layerA is centred vertically \(context)", file: file, line: line)
    XCTAssertEqual(column[1].end - column[0].start, 25, accuracy: 0.4, "layerA is 25 points tall \(context)", file: file, line: line)
    XCTAssertEqual(column[2].start - column[1].end, 10, accuracy: 0.4, "layerB's top is 10 points below layerA \(context)", file: file, line: line)
    XCTAssertEqual(height - column[3].end, 10, accuracy: 0.4, "layerB's bottom is 10 points above the window's \(context)", file: file, line: line)
    let rowA = darkRuns(in: image, row: Int((column[0].start + column[1].end) / 2), window: frame)
    let rowB = darkRuns(in: image, row: Int((column[2].start + column[3].end) / 2), window: frame)
    guard rowA.count == 2, rowB.count == 2 else {
        return XCTFail("expected a left and a right border, found \(rowA) and \(rowB) \(context)", file: file, line: line)
    }
    XCTAssertEqual(rowA[1].end - rowA[0].start, 100, accuracy: 0.4, "layerA is 100 points wide \(context)", file: file, line: line)
    XCTAssertEqual(rowA[0].start + rowA[1].end, Double(frame.width), accuracy: 0.4, "layerA is centred across \(context)", file: file, line: line)
    XCTAssertEqual(rowB[0].start, rowA[0].start, accuracy: 0.4, "layerB's left edge is layerA's \(context)", file: file, line: line)
    XCTAssertEqual(rowB[1].end, rowA[1].end, accuracy: 0.4, "layerB's right edge is layerA's \(context)", file: file, line: line)
}

/// The dark stretches down a column or along a row, with their antialiased ends counted by
/// coverage: (where the dark starts, where it ends) in pixels; `window` (default: the picture) is
/// the part looked at, and the column, the row and the results are relative to it.
func darkRuns(in image: PNGPixels, column x: Int? = nil, row y: Int? = nil,
              window: (x: Int, y: Int, width: Int, height: Int)? = nil) -> [(start: Double, end: Double)] {
    let frame = window ?? (0, 0, image.width, image.height)
    let count = x != nil ? frame.height : frame.width
    let darkness = (0..<count).map { i -> Double in
        let pixel = x.map { image[frame.x + $0, frame.y + i] } ?? image[frame.x + i, frame.y + y!]
        return 1 - Double(pixel.brightness) / 765
    }
    var runs: [(start: Double, end: Double)] = []
    var i = 0
    while i < count {
        guard darkness[i] > 0.05 else { i += 1; continue }
        let first = i
        while i + 1 < count, darkness[i + 1] > 0.05 { i += 1 }
        runs.append((Double(first) + 1 - darkness[first], Double(i) + darkness[i]))
        i += 1
    }
    return runs
}

/// `demo constraints` in a window: sway floats it and resizes it; the layout follows.
final class SwayConstraintsTests: SwayTestCase {
    func testTheLayoutFollowsAWindowResize() throws {
        let sway = try startSway()
        let demo = try runDemo(["constraints", "--no-decorations"], in: sway)
        _ = try poll(timeout: 10) { try sway.windowRect(pid: demo.pid) != nil || !demo.isRunning }
        for (width, height) in [(300, 200), (420, 360)] {
            try sway.swaymsg(["[pid=\(demo.pid)] floating enable, resize set \(width) \(height), move position 0 0"])
            var last: PNGPixels?
            var rect: (x: Int, y: Int, width: Int, height: Int)?
            // The window is redrawn at its new size once the client has acked the configure.
            _ = try poll(timeout: 10, interval: 0.2) {
                rect = try sway.windowRect(pid: demo.pid)
                guard let rect, rect.width == width, rect.height == height else { return false }
                last = try sway.screenshot()
                return last.map { darkRuns(in: $0, column: width / 2, window: rect).count == 4 } ?? false
            }
            guard let image = last, let rect else { return XCTFail("no window of \(width)x\(height); \(describe(demo))") }
            save(image, as: "sway-constraints-\(width)x\(height).png")
            try assertConstraintLayout(image, window: rect, "at \(width)x\(height)")
        }
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}
