import Foundation
import XCTest

/// `demo crates` (seed-examples §7.3.7) under a headless sway with real pointer input from
/// `wl-pointer-tool`: once the crates have settled, dragging the big crate on the floor upwards
/// lifts it (the trace's drag lines, in container points, y down).
final class SwayCratesTests: SwayTestCase {
    /// Where the window shows a container point: the 300-point container is scaled to 80% of the
    /// window's shorter side and centred in it.
    private struct Geometry {
        let x0: Double, y0: Double, k: Double
        init(_ rect: (x: Int, y: Int, width: Int, height: Int)) {
            k = 0.8 * Double(min(rect.width, rect.height)) / 300
            x0 = Double(rect.x) + Double(rect.width) / 2 - 150 * k
            y0 = Double(rect.y) + Double(rect.height) / 2 - 150 * k
        }
        func point(_ x: Double, _ y: Double) -> (x: Int, y: Int) {
            (Int((x0 + k * x).rounded()), Int((y0 + k * y).rounded()))
        }
    }

    func testDragLiftsACrate() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["crates", "--no-decorations"], in: sway, feature: "`demo crates`")
        guard let rect = try sway.windowRect(pid: demo.pid) else { return XCTFail("no window rect; \(describe(demo))") }
        let g = Geometry(rect)
        // After 5 s simulated the 64-point crate 2 rests on the floor centred near (105.5, 267)
        // (`demo crates --steps 600 --dump`: physics (105.48, 32.97)).
        Thread.sleep(forTimeInterval: 3.5)
        let from = g.point(105.5, 267), to = (x: from.x, y: from.y - Int((120 * g.k).rounded()))
        try sway.pointer(["drag", "\(from.x)", "\(from.y)", "\(to.x)", "\(to.y)", "--steps", "10"])
        Thread.sleep(forTimeInterval: 0.5)
        if let image = try? sway.screenshot() { save(image, as: "sway-crates-after-drag.png") }
        let lines = finishTrace(demo, trace)
        let drags = lines.filter { $0.type == "drag" }
        guard let began = drags.first(where: { $0.fields["phase"] as? String == "began" }),
              let ended = drags.last(where: { $0.fields["phase"] as? String == "ended" }),
              let y0 = began.number("y"), let y1 = ended.number("y") else {
            return XCTFail("no drag lines; lines: " + lines.filter { $0.type != "frame" }.map(\.text).joined(separator: "\n"))
        }
        XCTAssertEqual(began.number("crate"), 2, began.text)
        XCTAssertEqual(y0, 267, accuracy: 3, began.text)
        XCTAssertLessThan(y1, y0 - 40, "the crate was lifted: \(began.text) -> \(ended.text)")
    }
}
