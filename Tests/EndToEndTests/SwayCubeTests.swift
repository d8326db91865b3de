import Foundation
import XCTest

/// `demo cube` (face views, seed-examples §7.2.4) under a headless sway with real pointer input from
/// `wl-pointer-tool`: a click at the projected centre of face 3's button goes to face 5 with the
/// guide's bug (`--fix none`) and fires the button with either fix; a drag turns the camera; key X
/// cycles the fix. Everything is read from the demo's `--trace` after it ends.
final class SwayCubeTests: SwayTestCase {
    /// §7.2.4: the button's centre (face-local (100,160), the 3D point (0,-100,60)) projects to
    /// (-53.1, -51.0) relative to the container centre, corner-on.
    static let buttonCenter = (x: -53.1, y: -51.0)
    /// A point of face 3 away from its label and button, relative to the container centre (lit white).
    static let face3Probe = (x: 0.0, y: -140.0)

    /// Where the window shows a container point: the 500-point container is scaled to the window's
    /// shorter side and centred in it.
    private struct Geometry {
        let cx: Double, cy: Double, k: Double
        init(_ rect: (x: Int, y: Int, width: Int, height: Int)) {
            cx = Double(rect.x) + Double(rect.width) / 2
            cy = Double(rect.y) + Double(rect.height) / 2
            k = Double(min(rect.width, rect.height)) / 500
        }
        func point(_ p: (x: Double, y: Double)) -> (x: Int, y: Int) {
            (Int((cx + k * p.x).rounded()), Int((cy + k * p.y).rounded()))
        }
    }

    /// Starts `demo cube` with `arguments` and waits (bounded) until a screenshot shows face 3 lit
    /// white where the geometry puts it; returns the demo, its trace and the geometry.
    private func startCube(_ arguments: [String], in sway: HeadlessSway,
                           file: StaticString = #filePath, line: UInt = #line) throws -> (ChildProcess, URL, Geometry) {
        let (demo, trace) = try startTraced(["cube", "--no-decorations"] + arguments, in: sway, feature: "`demo cube`",
                                            file: file, line: line)
        var geometry: Geometry?
        var last: PNGPixels?
        _ = try poll(timeout: 10, interval: 0.2) {
            guard demo.isRunning, let rect = try sway.windowRect(pid: demo.pid), rect.width > 0, rect.height > 0 else {
                return !demo.isRunning
            }
            let g = Geometry(rect)
            let image = try sway.screenshot()
            last = image
            let probe = g.point(Self.face3Probe)
            guard image.contains(probe.x, probe.y) else { return false }
            let p = image[probe.x, probe.y]
            if p.r >= 245, p.g >= 245, p.b >= 245 { geometry = g }
            return geometry != nil
        }
        guard let geometry else {
            if let last { save(last, as: "sway-cube-never-shown.png") }
            let failure = Failure("demo cube \(arguments.joined(separator: " ")) never showed face 3 lit white "
                                  + "(last screenshot: \(artifact("sway-cube-never-shown.png"))); \(describe(demo))")
            XCTFail(failure.description, file: file, line: line)
            throw failure
        }
        return (demo, trace, geometry)
    }

    private func actions(_ lines: [TraceLine]) -> [TraceLine] { lines.filter { $0.type == "action" } }

    private func fired(_ lines: [TraceLine]) -> Bool {
        actions(lines).contains { $0.fields["target"] as? String == "button" && $0.fields["event"] as? String == "touchUpInside" }
    }

    private func faceHits(_ lines: [TraceLine]) -> [String] {
        actions(lines).filter { $0.fields["event"] as? String == "hit" }.compactMap { $0.fields["target"] as? String }
    }

    /// Clicks the button's projected centre with each touch fix: none -> face 5 takes the click and the
    /// button does not fire; a and b -> the button fires (touchUpInside) and no face reports a hit.
    func testClickOnFace3ButtonGoesToFace5WithoutFixAndFiresWithFixAOrB() throws {
        let sway = try startSway()
        for fix in ["none", "a", "b"] {
            let (demo, trace, g) = try startCube(["--fix", fix], in: sway)
            let click = g.point(Self.buttonCenter)
            try sway.pointer(["move", "\(click.x)", "\(click.y)", "click", "left"])
            Thread.sleep(forTimeInterval: 0.5)
            if fix != "none", let image = try? sway.screenshot() { save(image, as: "sway-cube-fix-\(fix)-after-click.png") }
            XCTAssertTrue(demo.isRunning, describe(demo))
            let lines = finishTrace(demo, trace)
            let context = "fix \(fix), click at \(click); action lines:\n" + actions(lines).map(\.text).joined(separator: "\n")
            if fix == "none" {
                XCTAssertEqual(faceHits(lines), ["face 5"], "the click is face 5's (hit face 5); \(context)")
                XCTAssertFalse(fired(lines), "the button must not fire; \(context)")
            } else {
                XCTAssertTrue(fired(lines), "the button fires (touchUpInside); \(context)")
                XCTAssertEqual(faceHits(lines), [], "no face takes the click; \(context)")
            }
        }
    }

    /// Key X cycles the fix from none to a: the same click then fires the button.
    func testKeyXSwitchesToFixAAndTheButtonFires() throws {
        let sway = try startSway()
        let (demo, trace, g) = try startCube([], in: sway)
        try sway.type(["x"])
        let click = g.point(Self.buttonCenter)
        try sway.pointer(["move", "\(click.x)", "\(click.y)", "click", "left"])
        Thread.sleep(forTimeInterval: 0.5)
        let lines = finishTrace(demo, trace)
        let context = "trace lines of interest:\n" + lines.filter { $0.type != "frame" }.map(\.text).joined(separator: "\n")
        XCTAssertTrue(lines.contains { $0.type == "fix" && $0.fields["fix"] as? String == "a" }, "X gave fix a; \(context)")
        XCTAssertTrue(fired(lines), "the button fires after X; \(context)")
    }

    /// A horizontal drag turns the camera: yaw grows by the drag's length times 0.01 rad/pt from
    /// corner-on's -pi/4, pitch stays -pi/4.
    func testDragTurnsTheCamera() throws {
        let sway = try startSway()
        let (demo, trace, g) = try startCube([], in: sway)
        let from = g.point((-150, 150)), to = (x: from.x + 100, y: from.y)
        try sway.pointer(["drag", "\(from.x)", "\(from.y)", "\(to.x)", "\(to.y)", "--steps", "5"])
        Thread.sleep(forTimeInterval: 0.5)
        if let image = try? sway.screenshot() { save(image, as: "sway-cube-after-drag.png") }
        let lines = finishTrace(demo, trace)
        let cameras = lines.filter { $0.type == "camera" }
        guard let camera = cameras.last, let yaw = camera.number("yaw"), let pitch = camera.number("pitch") else {
            return XCTFail("no camera line after the drag; lines: " + lines.filter { $0.type != "frame" }.map(\.text).joined(separator: "\n"))
        }
        XCTAssertEqual(yaw, -Double.pi / 4 + 1.0, accuracy: 0.05, camera.text)
        XCTAssertEqual(pitch, -Double.pi / 4, accuracy: 0.05, camera.text)
        XCTAssertEqual(faceHits(lines), [], "a drag is not a click")
    }

    /// `demo cubes` (§7.2.5, layers): the Right arrow spins cube 2 and leaves cube 1's pixels unchanged.
    func testCubesArrowSpinsCube2AndLeavesCube1Unchanged() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["cubes", "--no-decorations"], in: sway, feature: "`demo cubes`")
        // The 500x400 container scaled to the window and centred; cube 1's box (front face and sliver)
        // and cube 2's box relative to its centre (§7.2.5).
        var before: PNGPixels?
        var box1: (x0: Int, y0: Int, x1: Int, y1: Int) = (0, 0, 0, 0), box2 = box1
        _ = try poll(timeout: 10, interval: 0.2) {
            guard demo.isRunning, let rect = try sway.windowRect(pid: demo.pid), rect.width > 0 else { return !demo.isRunning }
            let k = min(Double(rect.width) / 500, Double(rect.height) / 400)
            let cx = Double(rect.x) + Double(rect.width) / 2, cy = Double(rect.y) + Double(rect.height) / 2
            func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
                (Int(cx + k * x0), Int(cy + k * y0), Int(cx + k * x1), Int(cy + k * y1))
            }
            box1 = box(-175, -65, -35, 65)
            box2 = box(20, -90, 190, 95)
            let image = try sway.screenshot()
            let center = image[Int(cx - k * 111), Int(cy)]
            if !center.isGray(230, tolerance: 3) { before = image }
            return before != nil
        }
        guard before != nil else { return XCTFail("demo cubes never showed cube 1; \(describe(demo))") }
        Thread.sleep(forTimeInterval: 0.3)
        let first = try sway.screenshot()
        try sway.type(["-k", "Right", "-k", "Right"])
        Thread.sleep(forTimeInterval: 1)
        let after = try sway.screenshot()
        save(after, as: "sway-cubes-after-spin.png")
        func differing(_ b: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Int {
            var n = 0
            for y in b.y0..<b.y1 { for x in b.x0..<b.x1 where first[x, y] != after[x, y] { n += 1 } }
            return n
        }
        XCTAssertEqual(differing(box1), 0, "cube 1's pixels must not change (\(artifact("sway-cubes-after-spin.png")))")
        XCTAssertGreaterThan(differing(box2), 500, "cube 2 turned (\(artifact("sway-cubes-after-spin.png")))")
        let lines = finishTrace(demo, trace)
        let spins = lines.filter { $0.type == "cubes" }
        XCTAssertEqual(spins.count, 2, spins.map(\.text).joined(separator: "\n"))
        XCTAssertEqual(spins.last?.number("spinY") ?? 0, Double.pi / 6, accuracy: 0.001)
    }
}
