import Foundation
import XCTest

/// `demo carousel` in a window under headless sway (seed-examples §8 `carousel`): the tiled layers of
/// strategy 4 get their tiles from the render thread's requests, drawn on the tile workers; keys 2, 3
/// and 5 switch to the queue-based strategies; none of them decodes an image on the main thread,
/// while strategy 1 (key 1) decodes every one there.
final class SwayCarouselTests: SwayTestCase {
    private func decodes(_ lines: [TraceLine], strategy: Int) -> [TraceLine] {
        lines.filter { $0.type == "decode" && $0.number("strategy") == Double(strategy) }
    }

    func testOnlyTheMainThreadStrategyDecodesOnTheMainThreadInAWindow() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["carousel", "--variant", "4", "--scroll", "0,1500,0"], in: sway,
                                            feature: "`demo carousel`")
        // In the 800x600 window items are 747 points wide: items 0 and 1, then 1 and 2 (at 1500; item
        // 0's cell takes item 2), then 0 and 1 again: item 0's tile is drawn again after the return.
        let tiled = poll(timeout: 15) {
            let lines = TraceLine.read(trace)
            guard let far = lines.firstIndex(where: { $0.type == "scroll" && $0.number("x") == 1500 }),
                  let back = lines[far...].firstIndex(where: { $0.type == "scroll" && $0.number("x") == 0 }) else { return false }
            let before = Set(decodes(Array(lines[..<back]), strategy: 4).compactMap { $0.number("index") })
            let after = decodes(Array(lines[back...]), strategy: 4).compactMap { $0.number("index") }
            return before.isSuperset(of: [0, 1, 2]) && after.contains(0)
        }
        XCTAssertTrue(tiled, "strategy 4 did not load the items it showed: "
                      + TraceLine.read(trace).filter { $0.type != "show" }.map(\.text).joined(separator: "\n")
                      + "\n\(describe(demo))")
        var screen: PNGPixels?
        var previous: RGB?
        // Item 0's photo (not the dark background) in the middle of the window, its tile faded in
        // (0.25 s): the same in two screenshots 0.3 s apart.
        let shown = try poll(timeout: 5, interval: 0.3) {
            screen = try sway.screenshot()
            let p = screen!.at(400, 300)
            defer { previous = p }
            return p.brightness > 200 && p == previous
        }
        if let screen { save(screen, as: "carousel-tiled.png") }
        XCTAssertTrue(shown, "item 0's photo never showed")
        // Item 1's edge at the right, low down: its tile fills the item at the window's size (the
        // first tiles were made for the window's first size, before sway resized it).
        if let screen { XCTAssertFalse(screen.at(794, 540).isGray(31, tolerance: 6), "item 1's tile fills it: \(screen.at(794, 540))") }

        for strategy in [2, 3, 5, 1] {
            try sway.type([String(strategy)])
            let loaded = poll(timeout: 10) { decodes(TraceLine.read(trace), strategy: strategy).count >= 2 }
            XCTAssertTrue(loaded, "key \(strategy) did not load with strategy \(strategy)")
        }

        let lines = finishTrace(demo, trace)
        for strategy in [2, 3, 4, 5] {
            let found = decodes(lines, strategy: strategy)
            XCTAssertFalse(found.isEmpty, "strategy \(strategy) decoded nothing")
            XCTAssertTrue(found.allSatisfy { $0.fields["main"] as? Bool == false },
                          "strategy \(strategy) decodes off the main thread")
        }
        let first = decodes(lines, strategy: 1)
        XCTAssertFalse(first.isEmpty)
        XCTAssertTrue(first.allSatisfy { $0.fields["main"] as? Bool == true }, "strategy 1 decodes on the main thread")
    }
}
