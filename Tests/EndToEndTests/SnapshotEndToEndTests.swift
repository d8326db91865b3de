import Foundation
import XCTest

/// `demo clock --snapshot FILE.png`: an offscreen frame without any compositor, deterministic, and its
/// failure paths (bad options: status 2; unwritable file: status 1), each with one line on stderr.
final class SnapshotEndToEndTests: XCTestCase {
    private var scratches: [ScratchDirectory] = []

    override func tearDown() {
        for scratch in scratches { scratch.remove() }
        scratches = []
        super.tearDown()
    }

    /// Runs `demo` with `arguments` and no Wayland display, and waits (10 s at most) for it to end.
    private func runDemo(_ arguments: [String], in dir: ScratchDirectory) throws -> ChildProcess {
        let exe: URL
        switch DemoBinary.locate() {
        case .success(let url): exe = url
        case .failure(let failure): XCTFail(failure.description); throw failure
        }
        let demo = try ChildProcess(name: "demo", executable: exe, arguments: arguments, environment: environment(with: [
            "WAYLAND_DISPLAY": "/nonexistent/wayland-nowhere", "XDG_RUNTIME_DIR": dir.url.path,
            "WAYLAND_SOCKET": nil, "DISPLAY": nil,
        ]), workingDirectory: dir.url, logDirectory: dir.url)
        if !demo.waitForExit(timeout: 10) {
            demo.stop()
            XCTFail("demo \(arguments.joined(separator: " ")) did not end within 10 s")
        }
        return demo
    }

    private func scratch() throws -> ScratchDirectory {
        let dir = try ScratchDirectory("e2e-snapshot")
        scratches.append(dir)
        return dir
    }

    func testSnapshotAtTwoSecondsShowsTheSecondHandTwoTicksOnWithoutACompositor() throws {
        let dir = try scratch()
        let path = dir.url.appendingPathComponent("clock.png").path
        let demo = try runDemo(["clock", "--snapshot", path, "--time", "10:08:30", "--at", "2"], in: dir)
        XCTAssertEqual(demo.termination, .exit(0), "stderr: \(demo.stderr)")
        XCTAssertEqual(demo.stdout.trimmingCharacters(in: .whitespacesAndNewlines), path)

        let image = try PNGPixels(contentsOf: URL(fileURLWithPath: path))
        try? FileManager.default.createDirectory(at: DemoBinary.artifactsDirectory, withIntermediateDirectories: true)
        image.save(to: DemoBinary.artifactsDirectory.appendingPathComponent("clock-snapshot.png"))
        XCTAssertEqual(image.width, 480, "default size is the demo's preferred 480x480")
        XCTAssertEqual(image.height, 480)
        guard let clock = ClockPicture(image) else { return XCTFail("no clock in the snapshot") }
        let context = clock.summary
        assertFace(clock, context)
        assertHourAndMinuteHands(clock, hourDegrees: 300, minuteDegrees: 48...48, context)
        guard let s = clock.secondHandAngle() else { return XCTFail("no red second hand; \(context)") }
        // 10:08:32: 32 × 6° = 192°.
        XCTAssertEqual(s.degrees, 192, accuracy: 1.5, "second hand; \(context)")
        XCTAssertEqual(clock.redPixels().outside.count, 0, "red pixels outside the face; \(context)")

        // Deterministic: the same options give the same bytes; a fractional --at within the second too.
        let again = dir.url.appendingPathComponent("again.png").path
        let second = try runDemo(["clock", "--snapshot", again, "--time", "10:08:30", "--at", "2.75"], in: dir)
        XCTAssertEqual(second.termination, .exit(0), "stderr: \(second.stderr)")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: again)), try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testSnapshotSizeOption() throws {
        let dir = try scratch()
        let path = dir.url.appendingPathComponent("small.png").path
        let demo = try runDemo(["clock", "--snapshot", path, "--size", "320x200"], in: dir)
        XCTAssertEqual(demo.termination, .exit(0), "stderr: \(demo.stderr)")
        let image = try PNGPixels(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(image.width, 320)
        XCTAssertEqual(image.height, 200)
    }

    func testUnwritableSnapshotPathFailsWithStatus1AndOneLine() throws {
        let dir = try scratch()
        let path = dir.url.appendingPathComponent("missing/dir/clock.png").path
        let demo = try runDemo(["clock", "--snapshot", path], in: dir)
        XCTAssertEqual(demo.termination, .exit(1), "stderr: \(demo.stderr)")
        XCTAssertEqual(demo.stderrLines.count, 1, "stderr should be one line, was:\n\(demo.stderr)")
        XCTAssertTrue(demo.stderr.contains(path), "stderr should name the path, was:\n\(demo.stderr)")
    }

    func testBadSnapshotOptionsFailWithStatus2AndOneLine() throws {
        let dir = try scratch()
        for arguments in [["--at", "2"], ["--snapshot"], ["--snapshot", "x.png", "--at", "-1"],
                          ["--snapshot", "x.png", "--at", "soon"], ["--snapshot", "x.png", "--size", "0x10"]] {
            let demo = try runDemo(["clock"] + arguments, in: dir)
            let what = "demo clock \(arguments.joined(separator: " "))"
            XCTAssertEqual(demo.termination, .exit(2), "\(what); stderr: \(demo.stderr)")
            XCTAssertEqual(demo.stderrLines.count, 1, "\(what): stderr should be one line, was:\n\(demo.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("x.png").path))
    }
}
