import Foundation
import XCTest

/// `demo ball --snapshot FILE.png --at SECONDS` without a compositor: the guide's bouncing ball
/// (Lockwood, chapter 10) found as the centroid of its warm (red/orange) pixels, at the heights
/// seed-examples §7.3 computes from the book's numbers, mapped from the 300-point container to
/// snapshot pixels (the container is scaled to 80% of the shorter side and centred).
final class BallSnapshotTests: DemoSnapshotTestCase {

    /// Runs `demo ball` with `arguments` and no Wayland display; returns the decoded snapshot.
    private func snapshot(_ arguments: [String], saveAs name: String) throws -> PNGPixels {
        let image = try snapshot(demo: "ball", arguments, saveAs: name)
        return image
    }

    /// Maps container points to snapshot pixels: 300 points scaled to 80% of the shorter side, centred.
    private struct Frame {
        let originX: Double, originY: Double, k: Double
        init(_ image: PNGPixels) {
            k = 0.8 * Double(min(image.width, image.height)) / 300
            originX = Double(image.width) / 2 - 150 * k
            originY = Double(image.height) / 2 - 150 * k
        }
        func pixel(x: Double, y: Double) -> (x: Double, y: Double) { (originX + k * x, originY + k * y) }
    }

    /// The centroid (pixel centres) and count of the ball's pixels: warm ones, red well above blue
    /// (the white container and the gray surround have none).
    private func ball(in image: PNGPixels) -> (x: Double, y: Double, count: Int)? {
        var sx = 0.0, sy = 0.0, n = 0
        image.forEach { x, y, p in
            if p.r > 150, p.r - p.b > 60 { sx += Double(x) + 0.5; sy += Double(y) + 0.5; n += 1 }
        }
        guard n > 0 else { return nil }
        return (sx / Double(n), sy / Double(n), n)
    }

    /// Checks that the ball's centre is at container point (150, `y`) within 1.5 pixels and that it is whole.
    private func assertBall(_ arguments: [String], at seconds: Double, y: Double, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let name = "ball-\(label)-\(seconds).png"
        let image = try snapshot(arguments + ["--at", "\(seconds)"], saveAs: name)
        let f = Frame(image)
        let expected = f.pixel(x: 150, y: y)
        let context = "\(label) at \(seconds) s (\(image.width)x\(image.height); .build/debug/end-to-end/\(name))"
        guard let found = ball(in: image) else { return XCTFail("no ball; \(context)", file: file, line: line) }
        XCTAssertEqual(found.x, expected.x, accuracy: 1.5, "ball centre x; \(context)", file: file, line: line)
        XCTAssertEqual(found.y, expected.y, accuracy: 1.5,
                       "ball centre y: expected container y \(y); found \((found.y - f.originY) / f.k); \(context)",
                       file: file, line: line)
        // A whole 64-point disc: pi * (32k)^2 pixels, give or take its antialiased rim.
        let area = Double.pi * pow(32 * f.k, 2)
        XCTAssertEqual(Double(found.count), area, accuracy: 0.05 * area, "ball area; \(context)", file: file, line: line)
    }

    /// Listing 10.6 (§7.3.1): keyframes y = 32, 268, 140, 268, 220, 268, 250, 268 at key times 0, 0.3,
    /// 0.5, 0.7, 0.8, 0.9, 0.95, 1.0, ease-in falls and ease-out rises. At 0.75 s the rise from 268 to
    /// 220 is half done in time, ease-out (0, 0, 0.58, 1) gives 0.6865 of it: 235.1. From 1.0 s the
    /// animation is over and the model (150, 268) shows.
    func testKeyframeBounceLandsOnTheGuidesHeights() throws {
        for (t, y) in [(0.0, 32.0), (0.1, 68.9), (0.3, 268), (0.5, 140), (0.75, 235.1), (1.0, 268), (1.5, 268)] {
            try assertBall([], at: t, y: y, "keyframes")
        }
    }

    /// The same at another window shape (scaled to 80% of 400 = 320 points, centred in 640x400), and
    /// no replay by itself (the book replays on a tap): at 2.5 s the ball still rests on the floor.
    func testKeyframeBounceScalesWithTheSnapshotAndRestsAfterwards() throws {
        try assertBall(["--size", "640x400"], at: 0.5, y: 140, "keyframes-640x400")
        try assertBall(["--variant", "1"], at: 2.5, y: 268, "keyframes-rest")
    }

    /// Listings 11.1 and 11.2 (§7.3.4, §7.3.5): the model stepped along the exact bounceEaseOut by a
    /// 1/60 s timer (a fixed step) or a display link (the measured step), both fired every 1/60 s on
    /// the snapshot's frozen clock: y = 32 + 236 * bounceEaseOut(t): 201.6 at 0.5 s ("variant 5 with the
    /// media clock stepped 1/60 s"), 103.4 at 0.2 s, and exactly the floor from 1.0 s on.
    func testTimerAndDisplayLinkStepTheExactCurve() throws {
        for (t, y) in [(0.2, 103.4), (0.5, 201.6), (1.5, 268.0)] {
            try assertBall(["--variant", "5"], at: t, y: y, "display-link")
        }
        try assertBall(["--variant", "timer"], at: 0.5, y: 201.6, "timer")
    }

    /// Listing 10.8 (§7.3.3): 60 keyframes y_i = 32 + 236 * bounceEaseOut(i / 60), spread evenly (keyframe
    /// i at i/59 s). At 0.25 s: between keyframes 14 and 15, 140.0; at 0.5 s: 203.5; the model stays at
    /// the top, so after the second the ball is back at 32 ("variant 3 at 1.1 s = 32").
    func testBounceEaseOutKeyframesLandOnTheGuidesHeights() throws {
        for (t, y) in [(0.25, 140.0), (0.5, 203.5), (1.1, 32)] {
            try assertBall(["--easing"], at: t, y: y, "easing")
        }
        try assertBall(["--variant", "easing"], at: 0.5, y: 203.5, "easing-variant")
    }

    /// Listing 10.7 (§7.3.2): linear keyframes, y = 32 + 236 * 59t/60: 148.0 at 0.5 s.
    func testLinearKeyframesFallAtConstantSpeed() throws {
        try assertBall(["--variant", "linear"], at: 0.5, y: 148.0, "linear")
    }
}
