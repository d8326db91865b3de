import Foundation
import XCTest

/// `demo mars --snapshot` (seed-examples §8 `mars`): Mars flashes with `animationImages` (visible at
/// 0.2 s and 1.0 s, gone at 0.6 s and after 2 s), and the "Howdy" button's animated image cycles its
/// dot through six sizes every 0.5 s.
final class MarsSnapshotTests: DemoSnapshotTestCase {
    private func shot(at seconds: Double) throws -> PNGPixels {
        try snapshot(demo: "mars", ["--at", String(seconds)], saveAs: "mars-\(seconds).png")
    }

    /// Mars's centre (the image view's frame is (56, 63, 208, 208)).
    private func showsMars(_ image: PNGPixels) -> Bool {
        let p = image.at(200, 160)
        return p.r > 150 && p.g < 120 && p.b < 80
    }

    /// Red pixels of the button's dot (left of the title, near the top).
    private func dotArea(_ image: PNGPixels) -> Int {
        var count = 0
        image.forEach { x, y, p in
            if x < 90, y < 60, p.r > 200, p.g < 60, p.b < 60 { count += 1 }
        }
        return count
    }

    func testMarsFlashesOnceAndTheDotPulses() throws {
        let shots = try [0.0, 0.2, 0.45, 0.5, 0.6, 1.0, 2.1].map { ($0, try shot(at: $0)) }
        let byTime = Dictionary(uniqueKeysWithValues: shots)
        for t in [0.0, 0.2, 1.0] { XCTAssertTrue(showsMars(byTime[t]!), "Mars at \(t) s: \(byTime[t]!.at(200, 160))") }
        for t in [0.45, 0.6, 2.1] { XCTAssertFalse(showsMars(byTime[t]!), "no Mars at \(t) s: \(byTime[t]!.at(200, 160))") }

        let big = dotArea(byTime[0]!), small = dotArea(byTime[0.45]!), again = dotArea(byTime[0.5]!)
        XCTAssertEqual(Double(big), Double.pi * 81, accuracy: 30, "frame 0: an 18-point disc")
        XCTAssertEqual(Double(small), Double.pi * 16, accuracy: 20, "frame 5: an 8-point disc")
        XCTAssertEqual(again, big, "the cycle starts again after 0.5 s")
    }
}
