import Foundation
import XCTest

/// `demo tiles` in a window under headless sway (seed-examples §8, 003 L6.12): the tiled layer's
/// tiles are drawn on worker threads, only those meeting the view, each once; they show on screen
/// (after their fade) where the content offset puts them, also after a drag scrolls the view.
final class SwayTilesTests: SwayTestCase {
    /// The view's frame in the window (TilesDemo.viewFrame); the tiled window fills the output at scale 1.
    private let view = CGRect(x: 20, y: 20, width: 440, height: 440)

    /// How many pixels of the `size` region at `p` of `a` and at `q` of `b` differ by more than 24 in a channel.
    private func differingPixels(_ a: PNGPixels, at p: (Int, Int), _ b: PNGPixels, at q: (Int, Int), size: (Int, Int)) -> Int {
        var count = 0
        for y in 0..<size.1 {
            for x in 0..<size.0 {
                let u = a.at(Double(p.0 + x), Double(p.1 + y)), v = b.at(Double(q.0 + x), Double(q.1 + y))
                if abs(u.r - v.r) > 24 || abs(u.g - v.g) > 24 || abs(u.b - v.b) > 24 { count += 1 }
            }
        }
        return count
    }

    private func tileRequests(_ lines: [TraceLine]) -> [(column: Int, row: Int, rect: CGRect, main: Bool)] {
        lines.filter { $0.type == "tile" }.compactMap { line in
            guard let c = line.number("column"), let r = line.number("row"), let x = line.number("x"), let y = line.number("y"),
                  let w = line.number("width"), let h = line.number("height") else { return nil }
            return (Int(c), Int(r), CGRect(x: x, y: y, width: w, height: h), (line.fields["main"] as? Bool) ?? true)
        }
    }

    func testTilesMeetingTheViewAreDrawnOnWorkersAndShownWhereTheOffsetPutsThem() throws {
        let sway = try startSway()
        let cut = try scratch("e2e-tiles-cut").url.appendingPathComponent("tiles")
        let cutter = try runDemo(["tiles", "--cut", cut.path], in: sway)
        XCTAssertTrue(cutter.waitForExit(timeout: 30), describe(cutter))
        let tile0302 = try PNGPixels(contentsOf: cut.appendingPathComponent("Snowman_03_02.png"))

        let (demo, trace) = try startTraced(["tiles", "--offset", "768,512"], in: sway, feature: "`demo tiles`")
        // The view's top-left 200 pixels become tile 03_02's top-left once its fade is over.
        var screen: PNGPixels?
        let shown = try poll(timeout: 10, interval: 0.2) {
            screen = try sway.screenshot()
            return differingPixels(screen!, at: (20, 20), tile0302, at: (0, 0), size: (200, 200)) == 0
        }
        if let screen { save(screen, as: "tiles-768-512.png") }
        XCTAssertTrue(shown, "tile 03_02 never showed at the view's top-left")
        let first = tileRequests(TraceLine.read(trace))
        XCTAssertEqual(Set(first.map { [$0.column, $0.row] }), [[3, 2], [4, 2], [3, 3], [4, 3]])

        // Drag up and left by (100, 60): the content offset becomes (868, 572).
        try sway.pointer(["drag", "300", "300", "200", "240", "--steps", "5"])
        var offset = CGPoint(x: 768, y: 512)
        let scrolled = poll(timeout: 5) {
            let scrolls = TraceLine.read(trace).filter { $0.type == "scroll" }
            if let last = scrolls.last, let x = last.number("x"), let y = last.number("y") { offset = CGPoint(x: x, y: y) }
            return offset == CGPoint(x: 868, y: 572)
        }
        XCTAssertTrue(scrolled, "the drag scrolled to \(offset)")
        // Tile 03_02 from (100, 60) now sits at the view's top-left.
        let moved = try poll(timeout: 10, interval: 0.2) {
            screen = try sway.screenshot()
            return differingPixels(screen!, at: (20, 20), tile0302, at: (100, 60), size: (150, 150)) == 0
        }
        if let screen { save(screen, as: "tiles-868-572.png") }
        XCTAssertTrue(moved, "the view did not follow the drag")

        // The wheel scrolls too: down moves the content up (the offset grows), x stays.
        try sway.pointer(["move", "300", "300", "scroll", "0", "30", "--wheel"])
        let wheeled = poll(timeout: 5) {
            let scrolls = TraceLine.read(trace).filter { $0.type == "scroll" }
            if let last = scrolls.last, let x = last.number("x"), let y = last.number("y") { offset = CGPoint(x: x, y: y) }
            return offset.y > 572
        }
        XCTAssertTrue(wheeled, "the wheel did not scroll: \(offset)")
        XCTAssertEqual(offset.x, 868)

        let lines = finishTrace(demo, trace)
        let requests = tileRequests(lines)
        XCTAssertFalse(requests.isEmpty)
        XCTAssertTrue(requests.allSatisfy { !$0.main }, "tiles are drawn off the main thread")
        XCTAssertEqual(Set(requests.map { [$0.column, $0.row] }).count, requests.count, "each tile is drawn once")
        // Every tile asked for meets what the view showed at one of its scroll positions.
        let origins = [CGPoint(x: 768, y: 512)] + lines.filter { $0.type == "scroll" }.compactMap { line in
            line.number("x").flatMap { x in line.number("y").map { CGPoint(x: x, y: $0) } }
        }
        for r in requests {
            let meets = origins.contains { o in
                r.rect.intersects(CGRect(x: o.x, y: o.y, width: view.width, height: view.height))
            }
            XCTAssertTrue(meets, "tile \(r.column)_\(r.row) met no visible rectangle")
            XCTAssertEqual(r.rect.width, 256)
        }
        // After the drag the view shows 868...1308 × 572...1012: column 5 (from x 1280) joins, rows 2-3 stay.
        XCTAssertTrue(Set(requests.map { [$0.column, $0.row] }).isSuperset(of: [[5, 2], [5, 3]]))
    }
}
