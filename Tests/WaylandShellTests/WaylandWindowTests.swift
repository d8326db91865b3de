#if os(Linux)
import CALinuxWaylandClient
import Foundation
import WaylandTestSupport
import XCTest
@testable import WaylandShell

/// The window under a real compositor: a private headless weston per test.
final class WaylandWindowTests: XCTestCase {
    private func openWindow(on weston: WestonProcess, width: Int = 200, height: Int = 150) throws -> WaylandWindow {
        try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) {
            try WaylandWindow(title: "WaylandShell test", appID: "org.example.waylandshell-tests",
                              width: width, height: height)
        }
    }

    func testAPreferredSizeLargerThanTheOutputIsLimitedToIt() throws {
        let weston = try WestonProcess(width: 320, height: 240)
        defer { weston.stop() }
        let connection = try withEnvironment("WAYLAND_DISPLAY", weston.socketPath) { try WaylandConnection() }
        let size = try XCTUnwrap(connection.largestOutputSize, "weston's output told no mode")
        XCTAssertEqual([size.width, size.height], [320, 240])
        let window = try openWindow(on: weston, width: 16384, height: 16384)
        XCTAssertEqual([window.width, window.height], [320, 240])
    }

    func testAWindowDrawsAtThePreferredSizeAndReportsTheCompositorsDeath() throws {
        let weston = try WestonProcess(width: 320, height: 240)
        defer { weston.stop() }
        let window = try openWindow(on: weston)

        var failure: WaylandError?
        let drawnSizes = RenderThreadShared<[[Int]]>([])
        var resizes: [[Int]] = []
        let cornerPixel = RenderThreadShared<UInt32>(0)
        window.didFail = { failure = $0 }
        window.didResize = { width, height, scale in resizes.append([width, height, scale]) }
        window.draw = { buffer in
            drawnSizes.update { $0.append([buffer.width, buffer.height, buffer.bytesPerRow, buffer.scale]) }
            buffer.fill(argb: 0xFFFF_0000)
            let pixel = buffer.data.load(as: UInt32.self)
            cornerPixel.update { $0 = pixel }
            return .wholeBuffer
        }

        XCTAssertTrue(runMainLoop(timeout: 5) { window.framesCommitted >= 1 }, "no frame within 5 s\n\(weston.log)")
        XCTAssertEqual(window.width, 200)
        XCTAssertEqual(window.height, 150)
        XCTAssertEqual(window.scale, 1)
        XCTAssertEqual(resizes.first, [200, 150, 1])
        XCTAssertEqual(drawnSizes.value.first, [200, 150, 800, 1])
        XCTAssertEqual(UInt32(littleEndian: cornerPixel.value), 0xFFFF_0000)
        XCTAssertNil(failure)

        weston.terminate()
        XCTAssertTrue(runMainLoop(timeout: 3) { failure != nil }, "the death of the compositor went unnoticed")
        XCTAssertTrue(failure?.message.hasPrefix("lost the connection to the Wayland compositor: ") ?? false,
                      String(describing: failure))
        // Once failed the window stays quiet.
        window.setNeedsDisplay()
        runMainLoop(timeout: 0.1) { false }
    }

    func testAnIdleWindowDrawsOnlyWhenAskedAndCoalescesRequests() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let window = try openWindow(on: weston)
        let draws = RenderThreadShared(0)
        window.didFail = { XCTFail("unexpected failure: \($0)\n\(weston.log)") }
        window.draw = { buffer in
            draws.update { $0 += 1 }
            buffer.fill(argb: 0xFF00_00FF)
            return .wholeBuffer
        }
        XCTAssertTrue(runMainLoop(timeout: 5) { window.framesCommitted >= 1 })
        runMainLoop(timeout: 0.3) { false }
        XCTAssertEqual(window.framesCommitted, 1, "an idle window draws nothing")

        window.setNeedsDisplay()
        window.setNeedsDisplay()
        window.setNeedsDisplay()
        XCTAssertTrue(runMainLoop(timeout: 5) { window.framesCommitted >= 2 }, "no frame callback\n\(weston.log)")
        runMainLoop(timeout: 0.3) { false }
        XCTAssertEqual(window.framesCommitted, 2, "three requests, one frame")
        XCTAssertEqual(draws.value, 2)

        // An animation: asking again from inside draw keeps frames coming, paced by the compositor.
        let remaining = RenderThreadShared(5)
        window.draw = { [unowned window] buffer in
            buffer.fill(argb: 0xFF00_FF00)
            if remaining.update({ $0 -= 1; return $0 }) > 0 { window.setNeedsDisplay() }
            return .wholeBuffer
        }
        window.setNeedsDisplay()
        XCTAssertTrue(runMainLoop(timeout: 5) { remaining.value == 0 }, "the animation stalled")
        runMainLoop(timeout: 0.3) { false }
        XCTAssertEqual(window.framesCommitted, 7)

        // The same, told by the frame's result: the picture changes again at the frame's target time.
        remaining.update { $0 = 4 }
        window.draw = { buffer in
            buffer.fill(argb: 0xFF00_FF00)
            let left = remaining.update { $0 -= 1; return $0 }
            return WaylandFrameResult(nextChangeTime: left > 0 ? buffer.targetTime : .infinity)
        }
        window.setNeedsDisplay()
        XCTAssertTrue(runMainLoop(timeout: 5) { remaining.value == 0 }, "the animation stalled")
        runMainLoop(timeout: 0.3) { false }
        XCTAssertEqual(window.framesCommitted, 11)
    }

    func testOnlyDamagedRectanglesAreSentAndAnUnchangedFrameCommitsNoBuffer() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let window = try openWindow(on: weston)
        window.didFail = { XCTFail("unexpected failure: \($0)\n\(weston.log)") }
        // What the draw closure (render thread) records: frames drawn, buffer ages, damaged pixels.
        let record = RenderThreadShared((frames: 0, ages: [Int](), expectedDamage: 0))
        window.draw = { buffer in
            let frames = record.update { $0.frames += 1; $0.ages.append(buffer.age); return $0.frames }
            if frames == 6 { return WaylandFrameResult(damage: []) }
            let next = frames < 6 ? buffer.targetTime : .infinity
            buffer.fill(argb: 0xFF00_00FF)
            if buffer.age == 0 || frames == 1 {
                record.update { $0.expectedDamage += buffer.width * buffer.height }
                return WaylandFrameResult(nextChangeTime: next)
            }
            // A 10x10 square changed (the buffer was repainted there and wherever it is older).
            record.update { $0.expectedDamage += 100 }
            return WaylandFrameResult(damage: [WaylandRect(x: 5, y: 5, width: 10, height: 10)], nextChangeTime: next)
        }
        XCTAssertTrue(runMainLoop(timeout: 5) { window.framesCommitted >= 1 })
        window.setNeedsDisplay()
        XCTAssertTrue(runMainLoop(timeout: 5) { record.value.frames >= 6 }, "frames stopped\n\(weston.log)")
        runMainLoop(timeout: 0.3) { false }
        let statistics = window.frameStatistics
        let (frames, ages, expectedDamage) = record.value
        XCTAssertEqual(frames, 6, "the picture stopped changing")
        XCTAssertEqual(statistics.unchangedFrames, 1, "the last frame changed nothing")
        XCTAssertEqual(window.framesCommitted, 5)
        XCTAssertTrue(ages.contains { $0 > 0 }, "no buffer was drawn twice: \(ages)")
        XCTAssertEqual(statistics.damagedPixels, expectedDamage, "ages \(ages)")
    }

    func testAProtocolErrorNamesTheInterfaceAndCode() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        let window = try openWindow(on: weston)
        var failure: WaylandError?
        window.didFail = { failure = $0 }
        XCTAssertTrue(runMainLoop(timeout: 5) { window.framesCommitted >= 1 })

        // wl_surface.set_buffer_scale(0) is the protocol error wl_surface.invalid_scale (code 0).
        let surface = try XCTUnwrap(window.surface)
        wl_surface_set_buffer_scale(surface, 0)
        wl_surface_commit(surface)
        XCTAssertTrue(runMainLoop(timeout: 3) { failure != nil }, "no protocol error reported")
        let id = wl_proxy_get_id(surface)
        XCTAssertEqual(failure?.message, "Wayland protocol error on wl_surface@\(id): code 0")
    }

    func testWindowsCanBeClosedAndReopenedWithoutLeakingDescriptors() throws {
        let weston = try WestonProcess()
        defer { weston.stop() }
        func openDrawAndClose() throws {
            let window = try openWindow(on: weston)
            window.didFail = { XCTFail("unexpected failure: \($0)") }
            window.draw = { $0.fill(argb: 0xFF80_8080); return .wholeBuffer }
            XCTAssertTrue(runMainLoop(timeout: 5) { window.framesCommitted >= 1 })
            window.setNeedsDisplay()
            XCTAssertTrue(runMainLoop(timeout: 5) { window.framesCommitted >= 2 })
        }
        try openDrawAndClose()
        runMainLoop(timeout: 0.1) { false }  // let the cancelled sources close their descriptors
        let descriptorsBefore = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        for _ in 0..<3 { try openDrawAndClose() }
        runMainLoop(timeout: 0.1) { false }
        let descriptorsAfter = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        XCTAssertEqual(descriptorsAfter, descriptorsBefore)
    }
}
#endif
