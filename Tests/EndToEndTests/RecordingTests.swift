import Foundation
import XCTest

/// `demo NAME --record FILE`: frames rendered offscreen on the frozen clock at k/fps s, written as an
/// animated WebP, APNG or GIF; each frame is the snapshot at its time, and the same options give the
/// same bytes.
final class RecordingTests: DemoSnapshotTestCase {
    /// Runs `demo name --record <dir>/file arguments…`; returns the file's bytes.
    private func record(_ name: String, _ file: String, _ arguments: [String]) throws -> Data {
        let (status, stderr, path) = try runRecord(name, file, arguments)
        XCTAssertEqual(status, .exit(0), stderr)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    private func runRecord(_ name: String, _ file: String, _ arguments: [String]) throws -> (ChildProcess.Termination?, String, String) {
        let exe = try DemoBinary.locate().get()
        let dir = try makeScratchDirectory("record-\(name)")
        let path = dir.url.appendingPathComponent(file).path
        let demo = try ChildProcess(name: "demo", executable: exe, arguments: [name, "--record", path] + arguments,
                                    environment: environment(with: ["WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere",
                                                                    "XDG_RUNTIME_DIR": dir.url.path, "WAYLAND_SOCKET": nil]),
                                    workingDirectory: dir.url, logDirectory: dir.url)
        if !demo.waitForExit(timeout: 60) {
            demo.stop()
            XCTFail("demo \(name) --record did not end within 60 s")
        }
        return (demo.termination, demo.stderr, path)
    }

    /// The largest channel difference between a decoded frame and a snapshot, and the share of pixels
    /// within `tolerance`.
    private func compare(_ frame: [RGB], _ snapshot: PNGPixels, tolerance: Int) -> (worst: Int, within: Double) {
        var worst = 0, near = 0
        for y in 0..<snapshot.height {
            for x in 0..<snapshot.width {
                let a = frame[y * snapshot.width + x], b = snapshot[x, y]
                let d = max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                worst = max(worst, d)
                if d <= tolerance { near += 1 }
            }
        }
        return (worst, Double(near) / Double(snapshot.width * snapshot.height))
    }

    /// Every frame of a recording against the snapshot at its time: exactly equal for the lossless
    /// formats.
    private func checkFrameByFrame(_ name: String, seconds: Int, fps: Int, extra: [String] = []) throws {
        let data = try record(name, "\(name).webp", ["--seconds", "\(seconds)", "--fps", "\(fps)"] + extra)
        let decoded = try AnimatedImageFrames.webp(data)
        for k in 0..<(seconds * fps) {
            let ms = k * 1000 / fps
            let frame = try XCTUnwrap(decoded.frame(atMs: ms), "no frame at \(ms) ms")
            let at = String(format: "%.4f", Double(k) / Double(fps))
            let snapshot = try self.snapshot(demo: name, ["--at", at] + extra, saveAs: "record-\(name)-\(k).png")
            XCTAssertEqual(decoded.width, snapshot.width)
            let (worst, _) = compare(frame, snapshot, tolerance: 0)
            XCTAssertEqual(worst, 0, "\(name) frame \(k) (\(at) s) differs from the snapshot at that time")
        }
    }

    func testABallRecordingIsTheSnapshotsFrameByFrame() throws {
        try checkFrameByFrame("ball", seconds: 1, fps: 10)
    }

    func testAnExplosionRecordingIsTheSnapshotsFrameByFrame() throws {
        try checkFrameByFrame("explosion", seconds: 1, fps: 8, extra: ["--seed", "1"])
    }

    func testTheSameOptionsGiveTheSameBytesInEveryFormat() throws {
        for file in ["ball.webp", "ball.png", "ball.gif"] {
            let first = try record("ball", file, ["--seconds", "1", "--fps", "10"])
            let second = try record("ball", file, ["--seconds", "1", "--fps", "10"])
            XCTAssertEqual(first, second, "\(file) differs between two runs")
            XCTAssertGreaterThan(first.count, 1000)
        }
    }

    /// APNG frames are lossless with exact delays; GIF frames are quantized to 256 colours and their
    /// delays add up in hundredths to the frames' times.
    func testAPNGAndGIFHoldEveryFrameAtItsTime() throws {
        let apng = try AnimatedImageFrames.apng(try record("ball", "ball.png", ["--seconds", "2", "--fps", "5"]))
        let gif = try AnimatedImageFrames.gif(try record("ball", "ball.gif", ["--seconds", "2", "--fps", "30"]))
        XCTAssertEqual(apng.frames.count, 10)
        XCTAssertEqual(apng.frames.map(\.startMs), (0..<10).map { $0 * 200 })
        XCTAssertEqual(gif.frames.count, 60)
        XCTAssertEqual(gif.frames[30].startMs, 1000, "30 frames of 1/30 s: 3, 3 and 4 hundredths in turn")
        let snapshot = try self.snapshot(demo: "ball", ["--at", "0.4"], saveAs: "record-ball-0.4.png")
        XCTAssertEqual(compare(try XCTUnwrap(apng.frame(atMs: 400)), snapshot, tolerance: 0).worst, 0)
        let quantized = compare(try XCTUnwrap(gif.frames[12].pixels), snapshot, tolerance: 8)
        XCTAssertGreaterThan(quantized.within, 0.99, "GIF frame 12 (0.4 s) is the snapshot up to quantization")
    }

    func testBadRecordingOptionsAreRefusedByName() throws {
        let (status, stderr, _) = try runRecord("ball", "ball.mp4", [])
        XCTAssertEqual(status, .exit(2))
        XCTAssertTrue(stderr.contains(".webp"), stderr)
        let (fpsStatus, fpsError, _) = try runRecord("ball", "ball.webp", ["--fps", "0"])
        XCTAssertEqual(fpsStatus, .exit(2))
        XCTAssertTrue(fpsError.contains("--fps"), fpsError)
    }
}
