import Foundation
import XCTest

/// `demo thickness` (seed-examples 001 E32): a `CALayer` subclass defined by the app, with a custom
/// animatable property drawn by `draw(in:)`, animates on the render side, offscreen and in a window.
final class ThicknessSnapshotTests: DemoSnapshotTestCase {
    func testTheBorderIsTenPointsAtTheTurnAndGoneAtTheEnd() throws {
        let peak = try snapshot(demo: "thickness", ["--at", "0.25"], saveAs: "thickness-0.25.png")
        XCTAssertEqual(borderWidth(in: peak) ?? -1, 10, accuracy: 0.5)
        let end = try snapshot(demo: "thickness", ["--at", "0.5"], saveAs: "thickness-0.5.png")
        XCTAssertEqual(borderWidth(in: end) ?? -1, 0, accuracy: 0.1)
        let quarter = try snapshot(demo: "thickness", ["--at", "0.125"], saveAs: "thickness-0.125.png")
        XCTAssertEqual(borderWidth(in: quarter) ?? -1, 5, accuracy: 0.5, "linear: half way up at 1/8 s")
    }
}

final class SwayThicknessTests: SwayTestCase {
    /// In a window: slow motion (S, speed 0.1), then Space; the border grows for 2.5 s and shrinks for
    /// 2.5 s. A screenshot 1.5 s in shows it between 2 and 10 points wide, one after the end none.
    func testTheCustomPropertyAnimatesInAWindow() throws {
        let sway = try startSway()
        let demo = try runDemo(["thickness"], in: sway)
        var first: PNGPixels?
        let deadline = Date() + 10
        while Date() < deadline {
            if let shot = try? sway.screenshot(), let width = borderWidth(in: shot), width < 0.1 { first = shot; break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        guard first != nil else { return XCTFail("no red square without a border within 10 s; \(describe(demo))") }
        try sway.type(["s"])
        let start = Date()
        try sway.type(["-k", "space"])
        Thread.sleep(until: start + 1.5)
        let middle = try sway.screenshot()
        save(middle, as: "sway-thickness-middle.png")
        let width = borderWidth(in: middle) ?? 0
        XCTAssertGreaterThanOrEqual(width, 2, "the border did not grow; \(describe(demo))")
        XCTAssertLessThanOrEqual(width, 10)
        Thread.sleep(until: start + 6)
        let after = try sway.screenshot()
        save(after, as: "sway-thickness-after.png")
        XCTAssertEqual(borderWidth(in: after) ?? -1, 0, accuracy: 0.1, "the border is gone when the animation ends")
        XCTAssertTrue(demo.isRunning, describe(demo))
    }
}

/// The width in pixels of the black border on the left edge of the red square, along the middle row
/// of the square, or nil when there is no red square. White and red both have full red, black none,
/// so the border's coverage of the left half of the row is the sum of each pixel's missing red
/// (antialiased edges count by their coverage).
func borderWidth(in image: PNGPixels) -> Double? {
    var redRows: [Int] = []
    for y in stride(from: 0, to: image.height, by: 4)
    where (0..<image.width).contains(where: { image.at(Double($0), Double(y)).isRed }) {
        redRows.append(y)
    }
    guard let top = redRows.first, let bottom = redRows.last else { return nil }
    let y = Double((top + bottom) / 2)
    guard let firstRed = (0..<image.width).first(where: { image.at(Double($0), y).isRed }) else { return nil }
    let reach = min(firstRed + 8, image.width)
    return (0..<reach).reduce(0) { $0 + (1 - Double(image.at(Double($1), y).r) / 255) }
}
