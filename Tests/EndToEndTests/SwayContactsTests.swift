import Foundation
import XCTest

/// `demo contacts --variant rasterized` in a window under headless sway (seed-examples §8 `contacts`):
/// while the wheel scrolls the table back and forth, the window's render thread draws a cell into
/// its bitmap only when the table configured it since its last bitmap, and reuses the kept bitmaps
/// in the other frames; D three times shows the hits/misses tints, the cells green once kept.
final class SwayContactsTests: SwayTestCase {
    private func integers(_ line: TraceLine, _ key: String) -> [Int] {
        (line.fields[key] as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.intValue }
    }

    func testWheelScrollingReusesTheRasterizedCells() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["contacts", "--variant", "rasterized"], in: sway, feature: "`demo contacts`")
        // The window fills the 800x600 output: 14 rows in view once it has its size.
        let settled = poll(timeout: 10) {
            TraceLine.read(trace).contains { $0.type == "rasterize" && self.integers($0, "cells").count >= 14 }
        }
        XCTAssertTrue(settled, "the cells in view were never rasterized; \(describe(demo))")
        let start = TraceLine.read(trace).count

        func scrolledTo(_ accept: @escaping (Double) -> Bool) -> Bool {
            poll(timeout: 5) { TraceLine.read(trace).dropFirst(start).last { $0.type == "scroll" }?.number("y").map(accept) ?? false }
        }
        for _ in 0..<2 {
            try sway.pointer(["move", "400", "300", "scroll", "0", "30", "--wheel"])
            XCTAssertTrue(scrolledTo { $0 >= 20 }, "the wheel scrolled down")
            try sway.pointer(["move", "400", "300", "scroll", "0", "-30", "--wheel"])
            XCTAssertTrue(scrolledTo { $0 == 0 }, "the wheel scrolled back up")
        }

        // D: blended, offscreen, then hits (green) and misses (red).
        try sway.type(["ddd"])
        var screen: PNGPixels?
        // Row 0's right end, away from its text: white under a 40% green tint.
        let green = try poll(timeout: 5, interval: 0.2) {
            screen = try sway.screenshot()
            let p = screen!.at(700, 20)
            return abs(p.r - 153) <= 6 && p.g >= 248 && abs(p.b - 153) <= 6
        }
        if let screen { save(screen, as: "contacts-hits.png") }
        XCTAssertTrue(green, "the kept cells are tinted green: \(screen.map { "\($0.at(700, 20))" } ?? "no screenshot")")

        let lines = finishTrace(demo, trace)
        var configured: [Int: Int] = [:]
        var redrawn = 0, onlyMoved = 0
        for line in lines.dropFirst(start) {
            if line.type == "configure", let cell = line.number("cell") {
                configured[Int(cell), default: 0] += 1
            } else if line.type == "rasterize" {
                for cell in integers(line, "cells") {
                    XCTAssertGreaterThan(configured[cell] ?? 0, 0, "cell \(cell) was drawn again without a new row: \(line.text)")
                    configured[cell] = 0
                    redrawn += 1
                }
                if integers(line, "cells").isEmpty, (line.number("reused") ?? 0) >= 14 { onlyMoved += 1 }
            }
        }
        XCTAssertGreaterThan(onlyMoved, 2, "frames that only moved cells drew their kept bitmaps")
        XCTAssertLessThan(redrawn, 12, "only the rows scrolled in were drawn again (\(redrawn))")
    }
}
