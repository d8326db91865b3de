import Foundation
import XCTest

/// `demo flash` (seed-examples §8, 001 E58): in a snapshot the display link fires every 1/60 s from
/// 1/60 s on; the first call is the transition's start, so frame k is (k − 1)/60 s and the first past
/// 1 s is call 62, which invalidates the link. The image view (x 40..280, y 20..260) then shows the
/// photo, whose face is flat (0.95, 0.8, 0.6) at (160, 142).
final class FlashSnapshotTests: DemoSnapshotTestCase {
    func testTheLinkStopsAfterTheFirstFrameOverASecondAndThePhotoRemains() throws {
        let dir = try makeScratchDirectory("flash-trace")
        let trace = dir.url.appendingPathComponent("flash.jsonl")
        let done = try snapshot(demo: "flash", ["--at", "2", "--trace", trace.path], saveAs: "flash-2.png")
        let frames = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").compactMap { line -> Double? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["type"] as? String == "displayLink" else { return nil }
            return object["frame"] as? Double
        }
        XCTAssertTrue((59...63).contains(frames.count), "about 60 calls at 60 Hz, got \(frames.count)")
        XCTAssertGreaterThan(frames.last ?? 0, 1, "the last call is past a second")
        XCTAssertLessThanOrEqual(frames.dropLast().last ?? 2, 1, "and the one before is not")
        XCTAssertTrue(lastStderr.contains("flash: display link invalidated after \(frames.count) callbacks"), lastStderr)

        let face = done[160, 142]
        XCTAssertEqual(Double(face.r), 0.95 * 255, accuracy: 2, "the photo's face, got \(face)")
        XCTAssertEqual(Double(face.g), 0.8 * 255, accuracy: 2)
        XCTAssertEqual(Double(face.b), 0.6 * 255, accuracy: 2)
        let later = try snapshot(demo: "flash", ["--at", "4"], saveAs: "flash-4.png")
        for y in stride(from: 20, to: 260, by: 3) {
            for x in stride(from: 40, to: 280, by: 3) where later[x, y] != done[x, y] {
                return XCTFail("the final image changed at (\(x), \(y))")
            }
        }
        let early = try snapshot(demo: "flash", ["--at", "0.05"], saveAs: "flash-0.05.png")
        XCTAssertEqual(early[50, 30], RGB(r: 255, g: 0, b: 0), "it starts from red")
    }
}
