import Foundation
import XCTest

/// `demo tiles` without a compositor (seed-examples §8, 003 L6.11/L6.12): the tile cutter's 64 tiles,
/// and the snapshot at content offset (768, 512), whose view shows tile 03_02 at its top-left and
/// whose tiled layer asked only for the tiles meeting the view.
final class TilesSnapshotTests: DemoSnapshotTestCase {
    /// The view's frame in the window (TilesDemo.viewFrame).
    private let view = (x: 20, y: 20, width: 440, height: 440)

    /// Runs `demo arguments…` to its end (no display); returns its stdout.
    private func runDemo(_ arguments: [String], in dir: ScratchDirectory) throws -> String {
        let exe: URL
        switch DemoBinary.locate() {
        case .success(let url): exe = url
        case .failure(let failure): XCTFail(failure.description); throw failure
        }
        let demo = try ChildProcess(name: "demo-\(arguments.first ?? "")", executable: exe, arguments: arguments,
                                    environment: environment(with: [
                                        "WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere", "XDG_RUNTIME_DIR": dir.url.path,
                                        "WAYLAND_SOCKET": nil, "DISPLAY": nil,
                                    ]), workingDirectory: dir.url, logDirectory: dir.url)
        if !demo.waitForExit(timeout: 30) {
            demo.stop()
            XCTFail("demo \(arguments.joined(separator: " ")) did not end within 30 s")
        }
        XCTAssertEqual(demo.termination, .exit(0), "stderr: \(demo.stderr)")
        return demo.stdout
    }

    /// Cuts the tiles into a scratch directory and returns it.
    private func cutTiles() throws -> URL {
        let dir = try makeScratchDirectory("e2e-tiles-cut")
        let tiles = dir.url.appendingPathComponent("tiles")
        let said = try runDemo(["tiles", "--cut", tiles.path], in: dir)
        XCTAssertTrue(said.contains("64 tiles"), said)
        return tiles
    }

    func testTheCutterWritesSixtyFourTilesNamedByColumnAndRow() throws {
        let tiles = try cutTiles()
        let names = try FileManager.default.contentsOfDirectory(atPath: tiles.path).sorted()
        XCTAssertEqual(names.count, 64)
        XCTAssertEqual(names.first, "Snowman_00_00.png")
        XCTAssertEqual(names.last, "Snowman_07_07.png")
        XCTAssertTrue(names.contains("Snowman_03_02.png"))
        for name in ["Snowman_00_00.png", "Snowman_07_07.png"] {
            let tile = try PNGPixels(contentsOf: tiles.appendingPathComponent(name))
            XCTAssertEqual(tile.width, 256)
            XCTAssertEqual(tile.height, 256)
        }
        // Tiles differ: the grid labels and the picture are not the same in any two.
        let a = try PNGPixels(contentsOf: tiles.appendingPathComponent("Snowman_03_02.png"))
        let b = try PNGPixels(contentsOf: tiles.appendingPathComponent("Snowman_02_02.png"))
        XCTAssertGreaterThan(differingPixels(a, at: (0, 0), b, at: (0, 0), size: 256), 500)
    }

    /// How many pixels of the `size`-square regions at `p` in `a` and `q` in `b` differ by more than 24 in a channel.
    private func differingPixels(_ a: PNGPixels, at p: (Int, Int), _ b: PNGPixels, at q: (Int, Int), size: Int) -> Int {
        var count = 0
        for y in 0..<size {
            for x in 0..<size {
                let u = a.at(Double(p.0 + x), Double(p.1 + y)), v = b.at(Double(q.0 + x), Double(q.1 + y))
                if abs(u.r - v.r) > 24 || abs(u.g - v.g) > 24 || abs(u.b - v.b) > 24 { count += 1 }
            }
        }
        return count
    }

    func testAtOffset768By512TheTopLeftTileIs03_02AndOnlyTilesMeetingTheViewAreAskedFor() throws {
        let tiles = try cutTiles()
        let dir = try makeScratchDirectory("e2e-tiles")
        let trace = dir.url.appendingPathComponent("tiles.jsonl")
        let image = try snapshot(demo: "tiles", ["--tiles", tiles.path, "--offset", "768,512", "--trace", trace.path],
                                 saveAs: "tiles-768-512.png")
        // The view's top-left 200 points are the top-left of tile 03_02, pixel for pixel.
        let expected = try PNGPixels(contentsOf: tiles.appendingPathComponent("Snowman_03_02.png"))
        XCTAssertEqual(differingPixels(image, at: (view.x, view.y), expected, at: (0, 0), size: 200), 0)
        for wrong in ["Snowman_02_02.png", "Snowman_03_01.png", "Snowman_04_02.png", "Snowman_03_03.png"] {
            let other = try PNGPixels(contentsOf: tiles.appendingPathComponent(wrong))
            XCTAssertGreaterThan(differingPixels(image, at: (view.x, view.y), other, at: (0, 0), size: 200), 200, wrong)
        }
        // The tiles asked for: exactly those meeting the visible content rectangle (768...1208, 512...952).
        let requests = TraceLine.read(trace).filter { $0.type == "tile" }
        let indices = Set(requests.compactMap { line in
            line.number("column").flatMap { c in line.number("row").map { [Int(c), Int($0)] } }
        })
        XCTAssertEqual(indices, [[3, 2], [4, 2], [3, 3], [4, 3]])
        XCTAssertEqual(requests.count, 4, "each tile drawn once")
        for line in requests {
            XCTAssertEqual(line.number("width"), 256)
            XCTAssertEqual(line.number("height"), 256)
        }
    }

    func testTheRetinaVariantCutsHalfSizedTilesInPoints() throws {
        let dir = try makeScratchDirectory("e2e-tiles-retina")
        let trace = dir.url.appendingPathComponent("tiles.jsonl")
        _ = try snapshot(demo: "tiles", ["--variant", "retina", "--offset", "384,256", "--trace", trace.path],
                         saveAs: "tiles-retina.png")
        // contentsScale 2: a tile covers 128 points; index = floor(origin / 256 × 2). The view shows
        // content 384...824 × 256...696: columns 3-6, rows 2-5.
        let requests = TraceLine.read(trace).filter { $0.type == "tile" }
        XCTAssertTrue(requests.allSatisfy { $0.number("width") == 128 && $0.number("scale") == 2 })
        let indices = Set(requests.compactMap { line in
            line.number("column").flatMap { c in line.number("row").map { [Int(c), Int($0)] } }
        })
        XCTAssertEqual(indices, Set((3...6).flatMap { c in (2...5).map { [c, $0] } }))
    }
}
