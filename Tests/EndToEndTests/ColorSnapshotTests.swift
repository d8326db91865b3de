import Foundation
import XCTest

/// `demo color` (seed-examples §8 `color`, Lockwood listings 7.1-7.6, 8.1-8.3, 8.5, 10.3): the blue
/// 100-point colour layer centred at (160, 160) of the 320×360 window; the snapshot presses
/// "Change Color" at 0 s (a seeded random colour).
final class ColorSnapshotTests: DemoSnapshotTestCase {
    private let blue = RGB(r: 0, g: 0, b: 255)

    private func color(_ variant: String, at seconds: Double, x: Double = 160, y: Double = 160) throws -> RGB {
        try snapshot(demo: "color", ["--variant", variant, "--at", String(seconds)], saveAs: "color-\(variant)-\(seconds).png").at(x, y)
    }

    /// How far `c` is from `from` towards `to`, on the channel where they differ most.
    private func progress(_ c: RGB, from: RGB, to: RGB) -> Double {
        let channels = [(c.r, from.r, to.r), (c.g, from.g, to.g), (c.b, from.b, to.b)]
        let (value, start, end) = channels.max { abs($0.2 - $0.1) < abs($1.2 - $1.1) }!
        return Double(value - start) / Double(end - start)
    }

    private func assertEqual(_ a: RGB, _ b: RGB, tolerance: Int = 3, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(abs(a.r - b.r) <= tolerance && abs(a.g - b.g) <= tolerance && abs(a.b - b.b) <= tolerance,
                      "\(a) is not \(b) \(message)", file: file, line: line)
    }

    /// Listing 7.2: a 1-s transaction; at 0.5 s the default timing function has covered 80.2%.
    func testATransactionOfOneSecondIsEightyPercentThereAtHalfASecond() throws {
        let target = try color("transaction", at: 2)
        XCTAssertGreaterThan(abs(target.b - blue.b) + abs(target.r - blue.r), 60, "a different colour")
        XCTAssertEqual(progress(try color("transaction", at: 0.5), from: blue, to: target), 0.8024, accuracy: 0.02)
        XCTAssertEqual(progress(try color("transaction", at: 0.25), from: blue, to: target), 0.4085, accuracy: 0.02)
    }

    /// Listing 7.1: the implicit animation takes the default 0.25 s.
    func testTheImplicitAnimationTakesAQuarterSecond() throws {
        let target = try color("implicit", at: 1)
        XCTAssertEqual(progress(try color("implicit", at: 0.125), from: blue, to: target), 0.8024, accuracy: 0.02)
    }

    /// Snippet 7.a and listing 7.4: no animation (disabled actions; a view's backing layer).
    func testDisabledActionsAndBackingLayersSnap() throws {
        assertEqual(try color("disable-actions", at: 0.01), try color("disable-actions", at: 2))
        assertEqual(try color("backing", at: 0.01, x: 80, y: 80), try color("backing", at: 2, x: 80, y: 80))
    }

    /// Listing 7.3: after the 1-s fade the completion block turns the layer 90° in the default 0.25 s:
    /// at 1.125 s its corners have moved off the square's (72°), at 1.5 s it is square again.
    func testTheCompletionBlockTurnsTheLayerAfterTheFade() throws {
        let target = try color("completion", at: 1)
        assertEqual(try color("completion", at: 1, x: 113, y: 113), target, "the corner before the turn")
        assertEqual(try color("completion", at: 1.125, x: 113, y: 113), RGB(r: 255, g: 255, b: 255), "the corner turning")
        assertEqual(try color("completion", at: 1.5, x: 113, y: 113), target, "a quarter turn later")
    }

    /// Listing 8.1: the explicit animation changes only the presentation: blue again after 0.25 s.
    /// Listings 8.2 and 8.3 keep the new colour.
    func testTheBasicAnimationSnapsBackAndItsFixesDoNot() throws {
        let moving = try color("basic", at: 0.125)
        XCTAssertNotEqual(moving, blue, "animating at 0.125 s")
        assertEqual(try color("basic", at: 0.3), blue, "back to blue at 0.3 s")
        for variant in ["fixed", "did-stop"] {
            let end = try color(variant, at: 0.3)
            XCTAssertGreaterThan(abs(end.b - blue.b) + abs(end.r - blue.r), 60, "\(variant): keeps the new colour \(end)")
            assertEqual(try color(variant, at: 1), end, variant)
        }
    }

    /// Listing 8.5: keyframes blue, red, green, blue evenly over 2 s: pure red at 0.667 s; listing
    /// 10.3 eases each segment in: at 0.333 s blue only 31.5% of the way to red.
    func testKeyframesReachRedAtTwoThirdsOfASecond() throws {
        assertEqual(try color("keyframes", at: 0.667), RGB(r: 255, g: 0, b: 0))
        assertEqual(try color("keyframes", at: 1.3335), RGB(r: 0, g: 255, b: 0))
        assertEqual(try color("keyframes", at: 2.1), blue)
        assertEqual(try color("eased-keyframes", at: 1.0 / 3), RGB(r: 80, g: 0, b: 175), tolerance: 4)
    }

    /// Listing 7.6: a push from the left: at 0.125 s the new colour fills the left half.
    func testThePushActionSlidesTheNewColourInFromTheLeft() throws {
        let target = try color("push", at: 1)
        let image = try snapshot(demo: "color", ["--variant", "push", "--at", "0.125"], saveAs: "color-push-0.125.png")
        assertEqual(image.at(125, 160), target, "left part: the new colour")
        assertEqual(image.at(195, 160), blue, "right part: the old colour")
    }

    /// Listing 7.5: the view answers NSNull outside an animation block, an animation inside.
    func testTheViewsActionIsNullOutsideAnimationBlocks() throws {
        _ = try snapshot(demo: "color", ["--variant", "action-for-layer"], saveAs: "color-action-for-layer.png")
        XCTAssertTrue(lastStderr.contains("Outside: <null>"), lastStderr)
        XCTAssertTrue(lastStderr.contains("Inside: <CABasicAnimation>"), lastStderr)
    }
}
