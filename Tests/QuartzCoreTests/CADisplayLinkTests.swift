import QuartzCore
import XCTest

final class CADisplayLinkTests: XCTestCase {
    final class Target: CADisplayLinkTarget {
        var calls: [(Selector, CFTimeInterval)] = []
        func displayLinkDidFire(_ link: CADisplayLink, selector: Selector) {
            calls.append((selector, link.timestamp))
        }
    }

    func testALinkWithoutAWindowFiresAboutSixtyTimesASecondOnItsRunLoop() {
        var stamps: [CFTimeInterval] = []
        var durations: [CFTimeInterval] = []
        let link = CADisplayLink { link in
            stamps.append(link.timestamp)
            durations.append(link.duration)
            XCTAssertGreaterThan(link.targetTimestamp, link.timestamp)
        }
        link.add(to: .main, forMode: .common)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.3))
        link.invalidate()
        let count = stamps.count
        XCTAssertGreaterThanOrEqual(count, 8, "about 18 frames in 0.3 s")
        XCTAssertLessThanOrEqual(count, 25)
        XCTAssertEqual(stamps, stamps.sorted(), "timestamps increase")
        XCTAssertEqual(durations.last ?? 0, 1.0 / 60, accuracy: 1e-9)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
        XCTAssertEqual(stamps.count, count, "an invalidated link never fires again")
    }

    func testPausedLinksDoNotFireAndTargetsGetTheirSelector() {
        let target = Target()
        let link = CADisplayLink(target: target, selector: "step:")
        link.isPaused = true
        link.add(to: .main, forMode: .default)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
        XCTAssertTrue(target.calls.isEmpty)
        link.isPaused = false
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.1))
        link.invalidate()
        XCTAssertFalse(target.calls.isEmpty)
        XCTAssertEqual(target.calls.first?.0, Selector("step:"))
    }

    func testPreferredFramesPerSecondSkipsFrames() {
        var count = 0
        let link = CADisplayLink { _ in count += 1 }
        link.preferredFramesPerSecond = 20
        link.add(to: .main, forMode: .common)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.5))
        link.invalidate()
        XCTAssertGreaterThanOrEqual(count, 5, "about 10 callbacks at 20 fps in 0.5 s")
        XCTAssertLessThanOrEqual(count, 13)
    }
}
