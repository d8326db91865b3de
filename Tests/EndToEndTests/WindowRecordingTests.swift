import Foundation
import XCTest

/// V in a demo's window records what it shows: a first V starts, a second writes `NAME-N.webp` in the
/// current directory, its frames the window's content at one pixel per point, moving as the demo does.
final class WindowRecordingTests: SwayTestCase {
    func testVStartsAndStopsARecordingOfTheWindow() throws {
        let sway = try startSway()
        let folder = try scratch("window-recording")
        let demo = try runDemo(["explosion", "--no-decorations"], in: sway, workingDirectory: folder.url)
        var rect: (x: Int, y: Int, width: Int, height: Int)?
        _ = try poll(timeout: 10) {
            rect = try sway.windowRect(pid: demo.pid)
            return rect != nil || !demo.isRunning
        }
        guard let rect else { return XCTFail("no window; \(describe(demo))") }

        // A key typed before the demo bound the virtual keyboard is lost: V is typed again only
        // while the demo has not answered it.
        func press(_ key: String, until answer: String) throws -> Bool {
            for _ in 0..<3 {
                try sway.type([key], settle: 1000)
                if poll(timeout: 3, { demo.stdout.contains(answer) }) { return true }
            }
            return false
        }
        XCTAssertTrue(try press("v", until: "recording to explosion-1.webp"), demo.stdout + describe(demo))
        Thread.sleep(forTimeInterval: 1)  // the length of the recording, not a wait for something
        XCTAssertTrue(try press("v", until: "saved explosion-1.webp"), demo.stdout + describe(demo))

        let line = demo.stdout.split(separator: "\n").first { $0.contains("saved explosion-1.webp") }.map(String.init) ?? ""
        let printed = line.split(separator: "(").last?.split(separator: " ").first.flatMap { Int($0) } ?? -1
        let data = try Data(contentsOf: folder.url.appendingPathComponent("explosion-1.webp"))
        let frames = try AnimatedImageFrames.webp(data)
        // The window's content (sway tiles it to the output), one pixel per point.
        XCTAssertEqual(frames.width, rect.width)
        XCTAssertEqual(frames.height, rect.height)
        // A second or more at 30 fps: slots the main thread could not draw in time repeat a frame, and
        // the encoder merges repeats into longer frames, so the file holds fewer frames than slots.
        XCTAssertGreaterThanOrEqual(printed, 30, line)
        XCTAssertGreaterThanOrEqual(frames.frames.count, 5)
        XCTAssertLessThanOrEqual(frames.frames.count, printed)
        XCTAssertLessThanOrEqual(frames.frames.last?.startMs ?? .max, (printed - 1) * 1000 / 30 + 1)
        // The emitter's sparks move: the first and the last frames differ.
        if let first = frames.frames.first?.pixels, let last = frames.frames.last?.pixels {
            XCTAssertNotEqual(first, last)
            // Sparks are orange on black: some pixels are bright.
            XCTAssertTrue(last.contains { $0.r > 200 && $0.g > 60 }, "no spark in the last frame")
        }
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}
