import Foundation
import XCTest

/// `demo carousel --snapshot` (seed-examples §8 `carousel`, Lockwood 14.1–14.5): each scripted step
/// is drawn as a window frame (tiles on the tile workers) and waits for the loads it started.
/// Strategy 5 shows a revisited item from its cache without loading it again; strategies 2–5 decode
/// no image on the main thread (14.1 decodes every one there); every strategy shows the same photos.
final class CarouselSnapshotTests: DemoSnapshotTestCase {
    /// Item 0 on screen, then items 4–6 (the first two cells recycled), then item 0 again.
    private let visits = "0,2500,0"

    private func shot(_ variant: Int) throws -> (PNGPixels, [TraceLine]) {
        let dir = try makeScratchDirectory("e2e-carousel")
        let trace = dir.url.appendingPathComponent("carousel.jsonl")
        let image = try snapshot(demo: "carousel", ["--variant", String(variant), "--scroll", visits, "--at", "2",
                                                    "--trace", trace.path], saveAs: "carousel-\(variant).png")
        return (image, TraceLine.read(trace))
    }

    private func index(_ line: TraceLine) -> Int { Int(line.number("index") ?? -1) }
    private func isMain(_ line: TraceLine) -> Bool? { line.fields["main"] as? Bool }

    /// The lines after the last scroll back to the start.
    private func afterReturning(_ lines: [TraceLine]) -> ArraySlice<TraceLine> {
        guard let far = lines.firstIndex(where: { $0.type == "scroll" && ($0.number("x") ?? 0) > 0 }),
              let back = lines[far...].firstIndex(where: { $0.type == "scroll" && $0.number("x") == 0 }) else { return [] }
        return lines[(back + 1)...]
    }

    func testStrategyFiveShowsARevisitedItemWithoutLoadingItAgain() throws {
        let (_, lines) = try shot(5)
        let loads = lines.filter { $0.type == "load" }.map(index)
        XCTAssertEqual(loads.count, Set(loads).count, "no item is loaded twice: \(loads)")
        XCTAssertTrue(Set(loads).isSuperset(of: [0, 1, 2, 4, 5, 6, 7]), "the items shown and their neighbours: \(loads)")
        let back = afterReturning(lines)
        XCTAssertFalse(back.isEmpty, "the carousel went away and came back")
        XCTAssertFalse(back.contains { $0.type == "load" }, "coming back loads nothing")
        let shown = back.filter { $0.type == "show" }
        XCTAssertEqual(Set(shown.map(index)), [0, 1], "items 0 and 1 are shown again")
        XCTAssertTrue(shown.allSatisfy { $0.fields["cached"] as? Bool == true }, "from the cache")

        // Without the cache (14.2) the same visits load items 0 and 1 again.
        let (_, uncached) = try shot(2)
        XCTAssertEqual(Set(afterReturning(uncached).filter { $0.type == "load" }.map(index)), [0, 1])
    }

    func testOnlyTheMainThreadStrategyDecodesOnTheMainThread() throws {
        for variant in 1...5 {
            let (_, lines) = try shot(variant)
            XCTAssertFalse(lines.contains { $0.type == "settle" }, "strategy \(variant): every load came back")
            let decodes = lines.filter { $0.type == "decode" }
            XCTAssertGreaterThanOrEqual(decodes.count, 4, "strategy \(variant) decodes the items it shows")
            XCTAssertTrue(decodes.allSatisfy { $0.number("strategy") == Double(variant) })
            XCTAssertTrue(decodes.allSatisfy { $0.number("width") == 800 && $0.number("height") == 600 })
            let onMain = decodes.filter { isMain($0) == true }.count
            if variant == 1 {
                XCTAssertEqual(onMain, decodes.count, "14.1 decodes every image on the main thread")
            } else {
                XCTAssertEqual(onMain, 0, "strategy \(variant) decodes no image on the main thread")
                XCTAssertTrue(lines.filter { $0.type == "load" }.allSatisfy { isMain($0) == false })
            }
            if variant == 3 || variant == 5 {
                let redraws = lines.filter { $0.type == "redraw" }
                XCTAssertEqual(redraws.count, decodes.count, "strategy \(variant) redraws each loaded image")
                XCTAssertTrue(redraws.allSatisfy { isMain($0) == false }, "off the main thread")
            }
        }
    }

    func testEveryStrategyShowsTheSamePhotos() throws {
        let (reference, _) = try shot(1)
        // Item 0 fills (20, 20)-(500, 380) of the 640x400 window; item 1 starts at x = 520.
        let background = reference.at(510, 200)
        XCTAssertTrue(background.isGray(31, tolerance: 2), "the dark background between the items: \(background)")
        XCTAssertNotEqual(reference.at(260, 200), background, "a photo in item 0")
        XCTAssertNotEqual(reference.at(600, 200), background, "a photo in item 1")
        for variant in 2...5 {
            let (image, _) = try shot(variant)
            var differing = 0
            for y in 24..<376 {
                for x in 24..<636 where !(496..<524).contains(x) {
                    let p = reference[x, y], q = image[x, y]
                    if abs(p.r - q.r) > 24 || abs(p.g - q.g) > 24 || abs(p.b - q.b) > 24 { differing += 1 }
                }
            }
            XCTAssertLessThan(differing, 600, "strategy \(variant) shows the photos as 14.1 does")
        }
    }
}
