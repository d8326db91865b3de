import Foundation
import XCTest

/// `demo sheet FILE.png`: every demo's snapshot in one grid of 8 columns, a 200-point cell and a label
/// under each.
final class ContactSheetTests: DemoSnapshotTestCase {
    func testTheSheetHoldsACellForEveryDemoAndTheClockIsDrawnInTheFirst() throws {
        let exe = try DemoBinary.locate().get()
        let dir = try makeScratchDirectory("sheet")
        let list = try ChildProcess(name: "list", executable: exe, arguments: ["list"], environment: environment(with: [:]),
                                    workingDirectory: dir.url, logDirectory: dir.url)
        XCTAssertTrue(list.waitForExit(timeout: 10))
        let count = list.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }.count
        let path = dir.url.appendingPathComponent("sheet.png").path
        let sheet = try ChildProcess(name: "sheet", executable: exe, arguments: ["sheet", path],
                                     environment: environment(with: ["WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere"]),
                                     workingDirectory: dir.url, logDirectory: dir.url)
        XCTAssertTrue(sheet.waitForExit(timeout: 120), "the sheet took more than 2 minutes")
        XCTAssertEqual(sheet.termination, .exit(0), sheet.stderr)
        let image = try PNGPixels(contentsOf: URL(fileURLWithPath: path))
        image.save(to: DemoBinary.artifactsDirectory.appendingPathComponent("contact-sheet.png"))
        let rows = (count + 7) / 8
        XCTAssertEqual(image.width, 8 + 8 * 208)
        XCTAssertEqual(image.height, 8 + rows * (200 + 22 + 8), "\(count) demos in \(rows) rows")
        // The first cell is the clock: its dark hands and ticks inside the white dial.
        var dark = 0
        for y in 8..<208 { for x in 8..<208 where image[x, y].isDark { dark += 1 } }
        XCTAssertGreaterThan(dark, 500, "the clock's face in the first cell")
        XCTAssertFalse(sheet.stderr.contains("no picture"), sheet.stderr)
    }
}
