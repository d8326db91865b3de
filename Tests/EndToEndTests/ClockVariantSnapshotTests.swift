import Foundation
import XCTest

/// `demo clock --variant a|b|c|d --snapshot FILE.png --at SECONDS` without a compositor: the four clock
/// variants of seed-examples §7.1 (Lockwood listings 3.1, 3.2, 8.4 and 10.5), built of views, at
/// 10:08:30 at media time 0, the first tick (10:08:30 -> 31) at 1 s.
final class ClockVariantSnapshotTests: DemoSnapshotTestCase {

    private func snapshot(_ arguments: [String], saveAs name: String) throws -> ClockPicture {
        let image = try snapshot(demo: "clock", ["--time", "10:08:30"] + arguments, saveAs: name)
        guard let clock = ClockPicture(image) else {
            XCTFail("no clock in \(name)")
            throw XCTSkip("no clock")
        }
        return clock
    }

    /// Red pixels more than a fifth of the container above and below the centre.
    private func redReach(_ clock: ClockPicture) -> (above: Int, below: Int) {
        let red = clock.redPixels().inside
        let margin = 0.2 * clock.side
        return (red.filter { Double($0.y) < clock.centerY - margin }.count,
                red.filter { Double($0.y) > clock.centerY + margin }.count)
    }

    /// Variant A (listing 3.1): at 10:08:30 the second hand spins about its own middle, so it is a
    /// vertical bar symmetric about the centre, (150, 70) to (150, 230); B pivots at 90% of the hand,
    /// so it reaches 144 points down and 16 up, tip at (150, 294).
    func testVariantAIsMisalignedAndBPivotsAtTheAnchor() throws {
        let a = try snapshot(["--variant", "a"], saveAs: "clock-variant-a.png")
        let reachA = redReach(a)
        XCTAssertGreaterThan(reachA.above, 20, "A: the second hand sticks out above the centre; \(a.summary)")
        XCTAssertGreaterThan(reachA.below, 20, "A: and below it; \(a.summary)")
        let b = try snapshot(["--variant", "b"], saveAs: "clock-variant-b.png")
        let reachB = redReach(b)
        XCTAssertEqual(reachB.above, 0, "B: nothing of the second hand far above the centre; \(b.summary)")
        XCTAssertGreaterThan(reachB.below, 20, "B: the hand points down; \(b.summary)")
        XCTAssertEqual(b.secondHandAngle()?.degrees ?? -1, 180, accuracy: 1, "B: second hand; \(b.summary)")
        assertHourAndMinuteHands(b, hourDegrees: 300, minuteDegrees: 48...48, b.summary)
    }

    /// Variant C (listing 8.4): the tick at 1 s animates linearly over 0.5 s: 183 degrees at 1.25 s,
    /// 186 from 1.5 s on (the delegate has set the model by then, so the 2 s tick starts from it).
    func testVariantCAnimatesTheTickLinearly() throws {
        for (at, degrees) in [(1.25, 183.0), (1.75, 186.0), (2.25, 189.0)] {
            let c = try snapshot(["--variant", "c", "--at", "\(at)"], saveAs: "clock-variant-c-\(at).png")
            XCTAssertEqual(c.secondHandAngle()?.degrees ?? -1, degrees, accuracy: 0.5, "C at \(at) s; \(c.summary)")
        }
    }

    /// Variant D (listing 10.5): the custom easing (1, 0, 0.75, 1) from the presentation transform,
    /// 0.25 s into the 10:08:31 tick: 180 + 6 * 0.1258 = 180.75 degrees; at 1.45 s 185.44.
    func testVariantDEasesTheTick() throws {
        let d = try snapshot(["--variant", "d", "--at", "1.25"], saveAs: "clock-variant-d-1.25.png")
        XCTAssertEqual(d.secondHandAngle()?.degrees ?? -1, 180.75, accuracy: 0.3, "D at 1.25 s; \(d.summary)")
        let later = try snapshot(["--variant", "4", "--at", "1.45"], saveAs: "clock-variant-d-1.45.png")
        XCTAssertEqual(later.secondHandAngle()?.degrees ?? -1, 185.44, accuracy: 0.3, "D at 1.45 s; \(later.summary)")
    }
}
