import Foundation
import XCTest

/// `demo image-bench` (Lockwood listings 14.6 and 14.7): the loading benchmark's seven rows and the
/// hybrid JPEG-plus-PNG-mask snowman.
final class ImageBenchSnapshotTests: DemoSnapshotTestCase {
    static let sizes = ["2048x1536", "1024x768", "512x384", "256x192", "128x96", "64x48", "32x24"]

    /// Each of the seven rows gets "PNG: NNNms   JPG: NNNms" (the times are the machine's: only the
    /// format is checked), drawn as the row's detail text at the trailing edge.
    func testSevenRowsShowTheirPNGAndJPEGTimes() throws {
        let image = try snapshot(demo: "image-bench", ["--seconds", "0.05"], saveAs: "image-bench.png")
        let pattern = try NSRegularExpression(pattern: #"^(\d+x\d+): PNG: \d{3,}ms +JPG: \d{3,}ms$"#)
        let rows = lastStderr.split(separator: "\n").map(String.init).compactMap { line -> String? in
            let range = NSRange(line.startIndex..., in: line)
            guard let match = pattern.firstMatch(in: line, range: range), let name = Range(match.range(at: 1), in: line) else { return nil }
            return String(line[name])
        }
        XCTAssertEqual(Set(rows), Set(Self.sizes), lastStderr)
        XCTAssertEqual(rows.count, 7, lastStderr)
        // The detail text "PNG: ...   JPG: ..." is grey ink reaching from about x 245 to 464 in each
        // 44-point row ("Loading..." would begin past x 380).
        for (k, size) in Self.sizes.enumerated() {
            let rowTop = 44 * k
            let inked = (200..<480).filter { x in (rowTop + 12..<rowTop + 32).contains { image[x, $0].brightness < 600 } }
            guard let first = inked.first, let last = inked.last else { XCTFail("row \(size) has no detail text"); continue }
            XCTAssertLessThan(first, 300, "row \(size): the detail begins at \(first)")
            XCTAssertGreaterThan(last, 440, "row \(size): the detail ends at \(last)")
        }
    }

    /// The hybrid image: the JPEG is opaque white around the snowman, the mask makes those parts
    /// transparent, so the image view's corners show the sky-blue background behind it.
    func testTheHybridSnowmanHasTransparentCorners() throws {
        let image = try snapshot(demo: "image-bench", ["--variant", "hybrid"], saveAs: "image-bench-hybrid.png")
        // The 180×240 image view is centred in 480×360: x 150-330, y 60-300.
        for (x, y) in [(154.0, 64.0), (326.0, 64.0), (154.0, 296.0), (326.0, 296.0)] {
            let p = image.at(x, y)
            XCTAssertTrue(abs(p.r - 140) <= 3 && abs(p.g - 191) <= 3 && abs(p.b - 242) <= 3, "corner (\(x), \(y)) is \(p), not the background")
        }
        XCTAssertTrue(image.at(240, 246).isWhitish, "the bottom ball: \(image.at(240, 246))")
        XCTAssertTrue(image.at(240, 75).isDark, "the hat: \(image.at(240, 75))")
    }
}

/// `demo image-bench` in a window runs itself: the seven rows' results arrive while it keeps running.
final class SwayImageBenchTests: SwayTestCase {
    func testTheBenchFillsItsRowsInAWindow() throws {
        let sway = try startSway()
        let demo = try runDemo(["image-bench", "--seconds", "0.05", "--no-decorations"], in: sway)
        let filled = poll(timeout: 30) {
            ImageBenchSnapshotTests.sizes.allSatisfy { demo.stderr.contains("\($0): PNG: ") } || !demo.isRunning
        }
        XCTAssertTrue(filled, describe(demo))
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}
