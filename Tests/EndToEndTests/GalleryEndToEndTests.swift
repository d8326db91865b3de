import Foundation
import XCTest

/// `demo` with no arguments opens the gallery: three demos picked by clicking the sidebar each run
/// live in the stage, the shown demo takes clicks in its pane, and a layer-class demo's property
/// panel changes its live layer.
final class GalleryEndToEndTests: SwayTestCase {
    // GalleryViewController's layout, in points (scale 1 here).
    private let sidebarWidth = 250.0, searchHeight = 44.0, headerHeight = 28.0, rowHeight = 28.0, stageTop = 104.0
    /// The rows of the sidebar's sections before the ones the test clicks (GalleryCatalog.sections).
    private let sectionRows = [6, 5, 4, 11]

    /// The centre of row `row` of section `section` of the unfiltered sidebar, in window points.
    private func rowCentre(section: Int, row: Int) -> Double {
        let above = sectionRows.prefix(section).reduce(0.0) { $0 + headerHeight + Double($1) * rowHeight }
        return searchHeight + above + headerHeight + Double(row) * rowHeight + rowHeight / 2
    }

    /// The stage's pixels in a screenshot (window at `o`, of `size`), every 4th pixel each way.
    private func stagePixels(_ image: PNGPixels, o: (x: Int, y: Int), size: (width: Int, height: Int)) -> [RGB] {
        var pixels: [RGB] = []
        for y in stride(from: o.y + Int(stageTop), to: o.y + size.height, by: 4) {
            for x in stride(from: o.x + Int(sidebarWidth), to: o.x + size.width - 240, by: 4) { pixels.append(image[x, y]) }
        }
        return pixels
    }

    private func differingShare(_ a: [RGB], _ b: [RGB]) -> Double {
        let count = min(a.count, b.count)
        guard count > 0 else { return 0 }
        func distance(_ p: RGB, _ q: RGB) -> Int {
            let r = abs(Int(p.r) - Int(q.r)), g = abs(Int(p.g) - Int(q.g))
            return r + g + abs(Int(p.b) - Int(q.b))
        }
        let differing = (0..<count).filter { distance(a[$0], b[$0]) > 30 }.count
        return Double(differing) / Double(count)
    }

    /// The gallery in a 1280x800 sway, showing its first demo, and its window's rectangle (nil when none
    /// showed).
    private func openGallery() throws -> (sway: HeadlessSway, demo: ChildProcess, rect: (x: Int, y: Int, width: Int, height: Int)?) {
        let sway = try startSway(width: 1280, height: 800)
        let demo = try runDemo([], in: sway)
        XCTAssertTrue(poll(timeout: 15) { demo.stdout.contains("gallery: showing layers") || !demo.isRunning }, describe(demo))
        var rect: (x: Int, y: Int, width: Int, height: Int)?
        _ = try poll(timeout: 10) {
            rect = try sway.windowRect(pid: demo.pid)
            return rect != nil || !demo.isRunning
        }
        return (sway, demo, rect)
    }

    func testClickingTheSidebarRunsThreeDemosInTheStage() throws {
        let (sway, demo, rect) = try openGallery()
        guard let rect else { return XCTFail("no gallery window; \(describe(demo))") }
        let o = (x: rect.x, y: rect.y), size = (width: rect.width, height: rect.height)

        // The first demo, `layers`, takes a click on its blue layer in the middle of the stage.
        let stageCentre = (x: o.x + Int(sidebarWidth) + (size.width - Int(sidebarWidth)) / 2,
                           y: o.y + Int(stageTop) + (size.height - Int(stageTop)) / 2)
        _ = try poll(timeout: 5, interval: 0.2) { try sway.screenshot().at(Double(stageCentre.x), Double(stageCentre.y)).b > 240 }
        try sway.pointer(["move", "\(stageCentre.x)", "\(stageCentre.y)", "click", "left"])
        XCTAssertTrue(poll(timeout: 5) { demo.stderr.contains("Inside Blue Layer") }, "a click in the pane reaches the demo; \(describe(demo))")
        var seen = [stagePixels(try sway.screenshot(), o: o, size: size)]

        // Three demos picked in the sidebar: each is announced and draws a stage unlike the others'.
        for (name, section, row) in [("snowman", 0, 1), ("cube", 2, 0), ("gradient", 3, 3)] {
            let y = o.y + Int(rowCentre(section: section, row: row))
            // Each click comes from a new virtual pointer, which the gallery binds once the seat announces
            // it (hence the settle time); a click is sent again only while the demo is not announced (a
            // row click is idempotent).
            var announced = false
            for _ in 0..<3 where !announced {
                try sway.pointer(["--settle", "800", "move", "\(o.x + 60)", "\(y)", "click", "left"])
                announced = poll(timeout: 5) { demo.stdout.contains("gallery: showing \(name)") }
            }
            XCTAssertTrue(announced, "\(name) not shown; " + demo.stdout + describe(demo))
            var stage: [RGB] = []
            var last: PNGPixels?
            let drawn = try poll(timeout: 10, interval: 0.3) {
                let shot = try sway.screenshot()
                last = shot
                stage = stagePixels(shot, o: o, size: size)
                return seen.allSatisfy { differingShare($0, stage) > 0.01 }
            }
            if !drawn, let last { save(last, as: "gallery-\(name).png") }
            XCTAssertTrue(drawn, "\(name)'s stage looks like an earlier demo's: \(seen.map { differingShare($0, stage) })")
            seen.append(stage)
        }


        // The gradient's property panel: dragging startPoint.x's thumb from 0 to the right end moves
        // the live layer's start point, and the stage changes with it.
        let panelX = o.x + size.width - 230, thumbY = o.y + Int(stageTop) + 38 + 22 + 13
        let before = seen.last ?? []
        var moved = false
        for _ in 0..<3 where !moved {
            try sway.pointer(["--settle", "800", "drag", "\(panelX + 26)", "\(thumbY)", "\(panelX + 216)", "\(thumbY)", "--steps", "8"])
            moved = try poll(timeout: 5, interval: 0.3) { differingShare(before, stagePixels(try sway.screenshot(), o: o, size: size)) > 0.05 }
        }
        XCTAssertTrue(moved, "the gradient did not follow its startPoint.x slider")
        XCTAssertTrue(demo.isRunning, describe(demo))
    }

    /// Typing into the search field (focused by a click) filters the sidebar as each letter arrives.
    func testTypingInTheSearchFieldFiltersTheSidebar() throws {
        let (sway, demo, rect) = try openGallery()
        guard let rect else { return XCTFail("no gallery window; \(describe(demo))") }
        // A click in the search field gives it the keyboard; a new virtual pointer needs its settle time.
        var filtered = false
        for _ in 0..<3 where !filtered {
            try sway.pointer(["--settle", "800", "move", "\(rect.x + 120)", "\(rect.y + Int(searchHeight) / 2)", "click", "left"])
            // wtype's virtual keyboard brings its own keymap: the settle time lets the window take it first.
            try sway.type(["cube"], settle: 300)
            filtered = poll(timeout: 5) { demo.stdout.contains("gallery: search \"cube\" (2 demos)") }
        }
        XCTAssertTrue(filtered, "typing \"cube\" did not filter the sidebar to cube and cubes; " + demo.stdout + describe(demo))
        XCTAssertTrue(demo.stdout.contains("gallery: search \"c\""), "each letter filters as it arrives: " + demo.stdout)
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}
