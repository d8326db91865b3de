import Foundation
import XCTest

/// `demo crates` without a compositor (seed-examples §7.3.6–7.3.8 and the `crates` row of §8): the
/// headless `--steps N --dump` run of the Chipmunk world is deterministic and settles, and
/// `--snapshot` pictures of the scene are deterministic and keep the crates in the container.
final class CratesTests: XCTestCase {
    private var scratches: [ScratchDirectory] = []

    override func tearDown() {
        for scratch in scratches { scratch.remove() }
        scratches = []
        super.tearDown()
    }

    /// Runs `demo crates ARGUMENTS` with no Wayland display; returns its standard output.
    private func runDemo(_ arguments: [String], in dir: ScratchDirectory? = nil) throws -> String {
        let exe: URL
        switch DemoBinary.locate() {
        case .success(let url): exe = url
        case .failure(let failure): XCTFail(failure.description); throw failure
        }
        let scratch: ScratchDirectory
        if let dir { scratch = dir } else { scratch = try ScratchDirectory("e2e-crates"); scratches.append(scratch) }
        let demo = try ChildProcess(name: "demo", executable: exe, arguments: ["crates"] + arguments,
                                    environment: environment(with: [
                                        "WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere", "XDG_RUNTIME_DIR": scratch.url.path,
                                        "WAYLAND_SOCKET": nil, "DISPLAY": nil,
                                    ]), workingDirectory: scratch.url, logDirectory: scratch.url)
        if !demo.waitForExit(timeout: 30) {
            demo.stop()
            XCTFail("demo crates \(arguments) did not end within 30 s")
        }
        XCTAssertEqual(demo.termination, .exit(0), "stderr: \(demo.stderr)")
        return demo.stdout
    }

    private struct Body {
        var width = 0.0, height = 0.0, x = 0.0, y = 0.0, angle = 0.0, vx = 0.0, vy = 0.0, w = 0.0
    }

    /// The `crate I WxH x=… y=… angle=… vx=… vy=… w=…` lines of a `--dump` (Chipmunk's debug banner
    /// and the summary line are skipped).
    private func bodies(_ dump: String) -> [Body] {
        dump.split(separator: "\n").filter { $0.hasPrefix("crate ") }.compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count == 9 else { return nil }
            var body = Body()
            let size = fields[2].split(separator: "x").compactMap { Double($0) }
            guard size.count == 2 else { return nil }
            (body.width, body.height) = (size[0], size[1])
            for field in fields.dropFirst(3) {
                let kv = field.split(separator: "=", maxSplits: 1)
                guard kv.count == 2, let v = Double(kv[1]) else { return nil }
                switch kv[0] {
                case "x": body.x = v
                case "y": body.y = v
                case "angle": body.angle = v
                case "vx": body.vx = v
                case "vy": body.vy = v
                case "w": body.w = v
                default: return nil
                }
            }
            return body
        }
    }

    /// §7.3.8: two headless runs of 600 fixed steps (5 s) give bit-identical body states (the dump
    /// prints each number as the shortest decimal that reads back to the same double).
    func testTwoHeadlessRunsAreBitIdentical() throws {
        let first = try runDemo(["--steps", "600", "--dump"])
        let second = try runDemo(["--steps", "600", "--dump"])
        XCTAssertEqual(bodies(first).count, 5, first)
        let lines = { (s: String) in s.split(separator: "\n").filter { $0.hasPrefix("crate") } }
        XCTAssertEqual(lines(first), lines(second))
    }

    /// §7.3.7: after 5 s simulated under default gravity every crate is inside the 300-point box
    /// (its four corners within 0...300) and at rest (speed < 5 pt/s, spin < 0.1 rad/s), on the floor
    /// or on another crate.
    func testCratesSettleInsideTheBoxWithinFiveSeconds() throws {
        let states = bodies(try runDemo(["--steps", "600", "--dump"]))
        XCTAssertEqual(states.count, 5)
        for (i, b) in states.enumerated() {
            let c = cos(b.angle), s = sin(b.angle)
            for (hx, hy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
                let px = b.x + c * hx * b.width / 2 - s * hy * b.height / 2
                let py = b.y + s * hx * b.width / 2 + c * hy * b.height / 2
                XCTAssert((0...300).contains(px) && (0...300).contains(py), "crate \(i) corner (\(px), \(py)) outside the box")
            }
            XCTAssertLessThan((b.vx * b.vx + b.vy * b.vy).squareRoot(), 5, "crate \(i) still moving")
            XCTAssertLessThan(abs(b.w), 0.1, "crate \(i) still spinning")
            XCTAssertLessThan(b.y, 100, "crate \(i) not down (y = \(b.y))")
        }
    }

    /// §7.3.6: listing 11.3's crate falls freely from (150, 250): y = 250 − 500 t², 125 at 0.5 s (the
    /// 1/120 s semi-implicit Euler steps land within 2.5 points), and it has left the container by 1 s.
    func testTheFallingCrateFallsFreely() throws {
        let half = bodies(try runDemo(["--variant", "1", "--steps", "60", "--dump"]))
        XCTAssertEqual(half.count, 1)
        XCTAssertEqual(half.first?.x ?? 0, 150, accuracy: 1e-9)
        XCTAssertEqual(half.first?.y ?? 0, 125, accuracy: 2.5)
        XCTAssertEqual(half.first?.vy ?? 0, -500, accuracy: 1e-6)
        let late = bodies(try runDemo(["--variant", "falling", "--steps", "120", "--dump"]))
        XCTAssertLessThan((late.first?.y ?? 0) + 50, 0, "the crate's top is below the container")
    }

    /// `--snapshot FILE --at 5` twice: the same picture byte for byte, with the crates' tan pixels
    /// in the lower part of the container (scaled to 80% of the 300x300 snapshot and centred: 30...270).
    func testSnapshotsAreDeterministicAndShowSettledCrates() throws {
        let dir = try ScratchDirectory("e2e-crates")
        scratches.append(dir)
        var pictures: [Data] = []
        for name in ["a.png", "b.png"] {
            let path = dir.url.appendingPathComponent(name).path
            let out = try runDemo(["--snapshot", path, "--at", "5", "--size", "300x300"], in: dir)
            // Only the path (Chipmunk's note about its debug build does not reach standard output).
            XCTAssertEqual(out, path + "\n")
            pictures.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        XCTAssertEqual(pictures[0], pictures[1], "two snapshots at 5 s differ")
        let image = try PNGPixels(contentsOf: dir.url.appendingPathComponent("a.png"))
        image.save(to: DemoBinary.artifactsDirectory.appendingPathComponent("crates-5s.png"))
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min, n = 0
        image.forEach { x, y, p in
            // Tan and brown: red well above blue (the white container and gray surround have none).
            if Int(p.r) - Int(p.b) > 60 { minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y); n += 1 }
        }
        XCTAssertGreaterThan(n, 2000, "crate pixels")
        XCTAssertGreaterThanOrEqual(minX, 30); XCTAssertLessThanOrEqual(maxX, 270)
        XCTAssertGreaterThanOrEqual(minY, 150, "settled crates are in the lower half"); XCTAssertLessThanOrEqual(maxY, 270)
    }
}
