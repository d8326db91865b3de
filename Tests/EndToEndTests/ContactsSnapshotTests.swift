import Foundation
import XCTest

/// `demo contacts --snapshot` (seed-examples §8 `contacts`, Lockwood 12.1 and 12.2): the table has
/// 1000 rows; with rasterization on, the scripted scroll's frames (drawn through a render server, as
/// a window's) draw a cell into its bitmap only after the table configured it for a row, and every
/// other frame reuses the kept bitmaps; rasterizing changes nothing in the picture.
final class ContactsSnapshotTests: DemoSnapshotTestCase {
    private func shot(_ arguments: [String], saveAs name: String) throws -> (PNGPixels, [TraceLine]) {
        let dir = try makeScratchDirectory("e2e-contacts")
        let trace = dir.url.appendingPathComponent("contacts.jsonl")
        let image = try snapshot(demo: "contacts", arguments + ["--trace", trace.path], saveAs: name)
        return (image, TraceLine.read(trace))
    }

    private func integers(_ line: TraceLine, _ key: String) -> [Int] {
        (line.fields[key] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.intValue }
    }

    func testTheTableHasAThousandRowsDownToTheLast() throws {
        let (image, lines) = try shot(["--scroll", "0,1000000", "--at", "1"], saveAs: "contacts-end.png")
        let rows = try XCTUnwrap(lines.first { $0.type == "rows" })
        XCTAssertEqual(rows.number("count"), 1000)
        XCTAssertEqual(rows.number("contentHeight"), 44_000, "1000 rows of 44 points")
        let configured = lines.filter { $0.type == "configure" }.compactMap { $0.number("row").map(Int.init) }
        XCTAssertEqual(Array(configured.prefix(11)), Array(0...10), "the rows in view at the top, in order")
        XCTAssertEqual(configured.max(), 999, "scrolled to the end, the last row is row 999")
        XCTAssertEqual(lines.last { $0.type == "scroll" }?.number("y"), 44_000 - 480, "clamped to the end")
        // Row 999 is the bottom row: an avatar at its left and a name in dark text.
        var avatar = 0, text = 0
        for y in 436..<480 {
            for x in 16..<48 where !image[x, y].isWhitish { avatar += 1 }
            for x in 64..<200 where image[x, y].isDark { text += 1 }
        }
        XCTAssertGreaterThan(avatar, 100, "an avatar in the last row")
        XCTAssertGreaterThan(text, 30, "a name in the last row")
    }

    /// Listing 12.2 while scrolling back and forth by less than a row and a half: each frame draws
    /// into their bitmaps exactly the cells configured since the frame before (the first frame the
    /// eleven in view), the rest reuse their bitmaps; cells that stay in view are drawn once in all.
    func testRasterizedCellsAreDrawnOnlyWhenConfiguredWhileScrollingBackAndForth() throws {
        let offsets = [0, 10, 20, 30, 40, 30, 20, 10, 0, 10, 20, 30, 40, 30, 20, 10, 0]
        let (_, lines) = try shot(["--variant", "rasterized", "--scroll", offsets.map(String.init).joined(separator: ","),
                                   "--at", "9"], saveAs: "contacts-rasterized.png")
        var configuredSince: [Int] = []
        var frames: [(cells: [Int], reused: Int)] = []
        var drawnPerCell: [Int: Int] = [:], configuredPerCell: [Int: Int] = [:]
        for line in lines {
            switch line.type {
            case "configure":
                let cell = Int(line.number("cell") ?? -1)
                configuredSince.append(cell)
                configuredPerCell[cell, default: 0] += 1
            case "rasterize":
                let cells = integers(line, "cells")
                XCTAssertEqual(Set(cells), Set(configuredSince), "frame \(frames.count + 1) drew exactly the cells configured since the last")
                XCTAssertEqual(cells.count, Set(cells).count, "a cell drawn twice in one frame")
                for cell in cells { drawnPerCell[cell, default: 0] += 1 }
                frames.append((cells, Int(line.number("reused") ?? -1)))
                configuredSince = []
            default: break
            }
        }
        XCTAssertEqual(frames.count, offsets.count, "one frame per scripted step")
        guard let first = frames.first else { return }
        XCTAssertEqual(first.cells.count, 11, "the first frame draws the 11 cells in view")
        XCTAssertEqual(first.reused, 0)
        XCTAssertEqual(drawnPerCell, configuredPerCell, "each cell drawn once per configuration, never for a move")
        for cell in 1...11 { XCTAssertEqual(drawnPerCell[cell], 1, "cell \(cell) stays in view and is drawn once") }
        let reusing = frames.dropFirst().filter { $0.cells.isEmpty }
        XCTAssertGreaterThanOrEqual(reusing.count, 8, "most frames only move cells")
        XCTAssertTrue(reusing.allSatisfy { $0.reused >= 11 }, "their kept bitmaps are drawn: \(reusing.map(\.reused))")
    }

    /// Listing 12.1 rasterizes nothing, and 12.2's picture is the same.
    func testRasterizingChangesNothingInThePicture() throws {
        let (slow, slowLines) = try shot(["--scroll", "0,100", "--at", "1"], saveAs: "contacts-slow.png")
        let (rasterized, _) = try shot(["--variant", "rasterized", "--scroll", "0,100", "--at", "1"],
                                       saveAs: "contacts-rasterized-100.png")
        XCTAssertFalse(slowLines.contains { $0.type == "rasterize" }, "no cell is rasterized in listing 12.1")
        var differing = 0
        slow.forEach { x, y, p in
            let q = rasterized[x, y]
            if abs(p.r - q.r) > 8 || abs(p.g - q.g) > 8 || abs(p.b - q.b) > 8 { differing += 1 }
        }
        XCTAssertLessThan(differing, slow.width * slow.height / 500, "the same picture")
    }
}
