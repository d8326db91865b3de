import Foundation
import XCTest

/// `play PAGE.swift` under a headless sway: the page's live view in a window, a save shown in that
/// same window, a compile error printed in the user's file and shown as a banner over the last good
/// build; the offscreen snapshot; clear messages for what cannot be played.
final class PlayEndToEndTests: SwayTestCase {
    private var play: URL { DemoBinary.buildDirectory.appendingPathComponent("play") }

    /// A page whose live view is a 300 × 200 view of `color`, written as editors save (a new file
    /// renamed over the old one).
    private func writePage(_ color: String, to page: URL, extra: String = "") throws {
        let text = """
            import UIKit
            import PlaygroundSupport

            class Swatch: UIView {
                @objc func tapped(_ sender: Any) {}
                @IBOutlet weak var label: UILabel?
            }

            let swatch = Swatch(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            swatch.backgroundColor = .\(color)
            _ = #selector(Swatch.tapped(_:))
            \(extra)
            PlaygroundPage.current.liveView = swatch

            """
        let temporary = page.deletingLastPathComponent().appendingPathComponent(".page.swift.tmp")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, page.path), 0)
    }

    /// The pids of the clients that have windows.
    private func windowPIDs(_ sway: HeadlessSway) throws -> [Int] {
        let json = try sway.swaymsg(["-t", "get_tree", "-r"])
        guard let tree = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else { return [] }
        var pids: [Int] = []
        func search(_ node: [String: Any]) {
            if let pid = node["pid"] as? Int { pids.append(pid) }
            for key in ["nodes", "floating_nodes"] { (node[key] as? [[String: Any]] ?? []).forEach(search) }
        }
        search(tree)
        return pids
    }

    private func waitForPixel(_ sway: HeadlessSway, x: Int, y: Int, timeout: TimeInterval,
                              _ matches: (RGB) -> Bool) throws -> PNGPixels? {
        var last: PNGPixels?
        let found = try poll(timeout: timeout, interval: 0.25) {
            last = try sway.screenshot()
            return last.map { matches($0[x, y]) } ?? false
        }
        return found ? last : nil
    }

    func testASaveShowsTheNewCodeInTheSameWindowAndAnErrorShowsABanner() throws {
        let sway = try startSway()
        let folder = try scratch("play-page")
        let page = folder.url.appendingPathComponent("page.swift")
        try writePage("red", to: page)
        let child = try runDemo([page.path], in: sway, executable: play)

        // The first build compiles the page against the library's modules.
        let red = try waitForPixel(sway, x: 150, y: 100, timeout: 90) { $0.r > 200 && $0.g < 60 && $0.b < 60 }
        XCTAssertNotNil(red, "no red live view; play said: \(child.stderr)")
        let first = try windowPIDs(sway)
        XCTAssertEqual(first.count, 1, "windows: \(first)")

        try writePage("blue", to: page)
        let blue = try waitForPixel(sway, x: 150, y: 100, timeout: 60) { $0.b > 200 && $0.r < 60 && $0.g < 60 }
        XCTAssertNotNil(blue, "the save was not shown; play said: \(child.stderr)")
        XCTAssertEqual(try windowPIDs(sway), first, "the save opened another window")
        XCTAssertTrue(try poll(timeout: 5) { child.stdout.contains("play: reloaded in") }, child.stdout)
        if let blue { save(blue, as: "play-reloaded.png") }

        // A compile error: printed with the user's file, line and column; the blue build stays, under a banner.
        try writePage("blue", to: page, extra: "let broken: Int = \"not a number\"")
        let banner = try waitForPixel(sway, x: 400, y: 6, timeout: 60) { $0.r > 150 && $0.g < 60 && $0.b < 60 }
        XCTAssertNotNil(banner, "no error banner; play said: \(child.stderr)")
        if let banner {
            save(banner, as: "play-error-banner.png")
            let kept = banner[150, 100]
            XCTAssertTrue(kept.b > 200 && kept.r < 60, "the last good build is gone: \(kept)")
        }
        XCTAssertTrue(child.stderr.contains("\(page.path):12:19: error:"), child.stderr)
        XCTAssertEqual(try windowPIDs(sway), first)

        // Fixed again: the banner goes, the new build shows.
        try writePage("green", to: page)
        let green = try waitForPixel(sway, x: 150, y: 100, timeout: 60) { $0.g > 200 && $0.r < 60 && $0.b < 60 }
        XCTAssertNotNil(green, "the fix was not shown; play said: \(child.stderr)")
        if let green { XCTAssertFalse(green[400, 6].r > 150 && green[400, 6].g < 60, "the banner stayed") }
        XCTAssertEqual(try windowPIDs(sway), first)
    }

    func testASnapshotDrawsTheLiveViewOffscreenAndBadInputIsExplained() throws {
        let folder = try scratch("play-snapshot")
        let page = folder.url.appendingPathComponent("page.swift")
        try writePage("red", to: page)
        let picture = folder.url.appendingPathComponent("page.png")
        let snapshot = try ChildProcess(name: "play-snapshot", executable: play,
                                        arguments: [page.path, "--snapshot", picture.path],
                                        environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
        XCTAssertTrue(snapshot.waitForExit(timeout: 90))
        XCTAssertEqual(snapshot.termination, .exit(0), snapshot.stderr)
        XCTAssertEqual(snapshot.stdout, picture.path + "\n")
        let pixels = try PNGPixels(contentsOf: picture)
        XCTAssertEqual(pixels.width, 300)
        XCTAssertEqual(pixels.height, 200)
        XCTAssertTrue(pixels[150, 100].isRed, "\(pixels[150, 100])")

        for (arguments, message) in [([folder.url.appendingPathComponent("missing.swift").path], "does not exist"),
                                     ([folder.url.path], "is a folder")] {
            let run = try ChildProcess(name: "play-bad", executable: play, arguments: arguments,
                                       environment: environment(with: ["WAYLAND_DISPLAY": nil]), logDirectory: folder.url)
            XCTAssertTrue(run.waitForExit(timeout: 30))
            XCTAssertNotEqual(run.termination, .exit(0))
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
    }
}
