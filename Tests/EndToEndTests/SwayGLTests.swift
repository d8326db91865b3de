import Foundation
import XCTest

/// Windows drawn with OpenGL ES through EGL under a headless sway (wlroots' pixman renderer: no
/// `wl_drm`, no dmabuf; Mesa's EGL falls back to its software rasterizer, llvmpipe, which hands
/// its frames over in `wl_shm` buffers). GL is the default where an EGL context can be had.
final class SwayGLTests: SwayTestCase {
    /// `demo clock --renderer gl` presents frames through its EGL surface, stays on GL, says nothing
    /// on stderr, and its picture is the software renderer's within the GL tolerance (docs/GOLDEN.md:
    /// every channel within 2 for at least 97% of the pixels, within 32 for at least 99%). Both
    /// clocks start at 10:08:30 and tick once a second, so the software picture compared is the one
    /// whose second hand stands where the GL one's did.
    func testAGLClockPresentsFramesAndLooksLikeTheSoftwareOne() throws {
        let sway = try startSway()
        let arguments = ["clock", "--time", "10:08:30", "--no-decorations"]
        let (gl, glTrace) = try startTraced(arguments + ["--renderer", "gl"], in: sway, feature: "`--trace`")
        let glClock = try waitForClock(gl, in: sway, artifact: "sway-gl-clock-never-shown.png")
        save(glClock.image, as: "sway-gl-clock.png")
        let angle = try XCTUnwrap(glClock.secondHandAngle()?.degrees, "no second hand; \(glClock.summary)")
        Thread.sleep(forTimeInterval: 1.2)   // a tick or two more (the trace is written out at the end)
        let lines = finishTrace(gl, glTrace)
        let frames = lines.filter { $0.type == "frame" }
        XCTAssertGreaterThanOrEqual(frames.count, 3, "the GL clock presents its first frame and a frame per tick; \(describe(gl))")
        let renderer = lines.last { $0.type == "renderer" }
        XCTAssertEqual(renderer?.fields["requested"] as? String, "gl", renderer?.text ?? "no renderer line")
        XCTAssertEqual(renderer?.fields["active"] as? String, "gl", "the clock fell back to software: \(describe(gl))")
        XCTAssertEqual(gl.stderr, "", "a GL window says nothing on stderr")

        let software = try runDemo(arguments + ["--renderer", "software"], in: sway)
        let softwareClock = try waitForClock(software, in: sway, artifact: "sway-software-clock-never-matched.png") { clock in
            guard let degrees = clock.secondHandAngle()?.degrees else { return false }
            let difference = abs(degrees - angle).truncatingRemainder(dividingBy: 360)
            return min(difference, 360 - difference) < 1.5
        }
        save(softwareClock.image, as: "sway-software-clock.png")
        software.stop()

        let a = glClock.image, b = softwareClock.image
        XCTAssertTrue(a.width == b.width && a.height == b.height, "screenshot sizes differ")
        var near = 0, far = 0, worst = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a[x, y], q = b[x, y]
                let d = max(abs(p.r - q.r), abs(p.g - q.g), abs(p.b - q.b))
                if d <= 2 { near += 1 }
                if d <= 32 { far += 1 }
                worst = max(worst, d)
            }
        }
        let total = Double(a.width * a.height)
        let report = String(format: "%.2f%% within 2, %.2f%% within 32, worst %d (sway-gl-clock.png, sway-software-clock.png)",
                            Double(near) / total * 100, Double(far) / total * 100, worst)
        print("GL versus software clock: " + report)
        XCTAssertGreaterThanOrEqual(Double(near) / total, 0.97, report)
        XCTAssertGreaterThanOrEqual(Double(far) / total, 0.99, report)
    }

    /// With EGL disabled (`CA_GLES_DISABLE=1`, as on a machine without it) `--renderer gl` shows the
    /// clock in software after exactly one line on stderr naming what failed.
    func testWithoutEGLAGLClockDrawsInSoftwareAfterOneLine() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["clock", "--renderer", "gl", "--time", "10:08:30"], in: sway,
                                            extraEnvironment: ["CA_GLES_DISABLE": "1"], feature: "`--trace`")
        let clock = try waitForClock(demo, in: sway, artifact: "sway-gl-disabled-clock-never-shown.png")
        save(clock.image, as: "sway-gl-disabled-clock.png")
        let lines = finishTrace(demo, trace)
        let renderer = lines.last { $0.type == "renderer" }
        XCTAssertEqual(renderer?.fields["active"] as? String, "software", renderer?.text ?? "no renderer line")
        XCTAssertEqual(demo.stderrLines, ["OpenGL ES renderer unavailable: EGL disabled by CA_GLES_DISABLE=1; drawing in software"],
                       describe(demo))
    }

    /// A still GL window (the gradient demo: nothing animates, no timers) is idle: no frames and no
    /// CPU time (user + system, all threads, from /proc) over three seconds.
    func testAnIdleGLWindowUsesNoCPU() throws {
        let sway = try startSway()
        let (demo, trace) = try startTraced(["gradient", "--renderer", "gl"], in: sway, extraEnvironment: ["CA_RENDERER": ""],
                                            feature: "`--trace`")
        _ = poll(timeout: 5, interval: 0.1) { (try? sway.screenshot().nonBlackBounds()) != nil }
        Thread.sleep(forTimeInterval: 1)   // past the first frames
        let before = try cpuTicks(of: demo.pid)
        let start = monotonicSeconds()
        Thread.sleep(forTimeInterval: 3)
        let after = try cpuTicks(of: demo.pid)
        let end = monotonicSeconds()
        XCTAssertTrue(demo.isRunning, describe(demo))
        let lines = finishTrace(demo, trace)
        let idleFrames = TraceLine.frameTimes(lines).filter { $0 >= start && $0 < end }
        XCTAssertEqual(idleFrames.count, 0, "an idle window commits nothing")
        XCTAssertEqual(lines.last { $0.type == "renderer" }?.fields["active"] as? String, "gl",
                       "asked for GL, the window draws with GL; \(describe(demo))")
        // Clock ticks of 10 ms: at most one may land in the window by rounding.
        XCTAssertLessThanOrEqual(after - before, 1, "an idle GL window used \((after - before) * 10) ms of CPU in 3 s")
    }

    /// utime + stime of process `pid` (all threads), in clock ticks (/proc/PID/stat fields 14 and 15).
    private func cpuTicks(of pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // The command name (field 2) is in parentheses and may hold spaces: count from after it.
        guard let close = stat.lastIndex(of: ")") else { throw Failure("unreadable /proc/\(pid)/stat: \(stat)") }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state): utime is field 14, stime field 15.
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw Failure("unreadable /proc/\(pid)/stat: \(stat)")
        }
        return user + system
    }
}
