@testable import QuartzCore
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

    /// Two windows' render threads report their frames at once while the owner changes the links:
    /// every link's schedule is read and written under its lock, and each callback reads the times of
    /// its own frame (written on its run loop just before it). Run under ThreadSanitizer
    /// (`swift test --sanitize=thread --filter CADisplayLinkTests`) it reports no race.
    func testTwoWindowsFramesOnTwoThreadsWhileTheOwnerChangesTheLinks() {
        final class Source {}
        let sources = [Source(), Source()]
        var seen: [CFTimeInterval] = []
        var wrong = 0
        let links = (0..<4).map { _ in
            CADisplayLink { link in
                seen.append(link.timestamp)
                if abs(link.targetTimestamp - link.timestamp - 1.0 / 60) > 1e-9 { wrong += 1 }
            }
        }
        for link in links { link.add(to: .main, forMode: .common) }
        let group = DispatchGroup()
        for (n, source) in sources.enumerated() {
            DispatchQueue.global().async(group: group) {
                for k in 0..<2000 {
                    // Each window its own refreshes (targets apart), so both threads fire the links.
                    let t = 1000 + Double(k) * 0.02 + Double(n) * 0.01
                    DisplayLinkClock.shared.frameDidBegin(from: source, timestamp: t, targetTimestamp: t + 1.0 / 60,
                                                          duration: 1.0 / 60)
                }
            }
        }
        for k in 0..<2000 {
            let link = links[k % links.count]
            link.preferredFramesPerSecond = k % 3 == 0 ? 30 : 0
            link.isPaused = k % 7 == 0
            if k % 50 == 0 { link.remove(from: .main, forMode: .common); link.add(to: .main, forMode: .common) }
            link.isPaused = false
        }
        XCTAssertEqual(group.wait(timeout: .now() + 30), .success)
        RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.2))
        for link in links { link.invalidate() }
        XCTAssertGreaterThan(seen.count, 0)
        XCTAssertEqual(wrong, 0, "a callback read another frame's times")
    }
}
