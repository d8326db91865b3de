import QuartzCore
import XCTest

final class CALayerTimeTests: XCTestCase {
    func testTimingDefaults() {
        let l = CALayer()
        XCTAssertEqual(l.beginTime, 0)
        XCTAssertEqual(l.timeOffset, 0)
        XCTAssertEqual(l.speed, 1)
        XCTAssertEqual(l.duration, 0)
        XCTAssertEqual(l.repeatCount, 0)
        XCTAssertEqual(l.repeatDuration, 0)
        XCTAssertFalse(l.autoreverses)
        XCTAssertEqual(l.fillMode, .removed)
        XCTAssertEqual(CALayer.defaultValue(forKey: "speed") as? Float, 1)
        XCTAssertEqual(l.value(forKey: "timeOffset") as? CFTimeInterval, 0)
    }

    func testConvertTimeAppliesBeginTimeSpeedAndOffsetFromTheRootDown() {
        let root = CALayer(), child = CALayer()
        root.addSublayer(child)
        root.speed = 2
        root.beginTime = 10
        child.timeOffset = 3
        child.speed = 0.5
        // Media time 20: root local = (20 - 10) * 2 = 20; child local = 20 * 0.5 + 3 = 13.
        XCTAssertEqual(child.convertTime(20, from: nil), 13, accuracy: 1e-12)
        XCTAssertEqual(root.convertTime(20, from: nil), 20, accuracy: 1e-12)
        // And back: child 13 -> root 20 -> media 20.
        XCTAssertEqual(child.convertTime(13, to: nil), 20, accuracy: 1e-12)
        XCTAssertEqual(child.convertTime(13, to: root), 20, accuracy: 1e-12)
        XCTAssertEqual(root.convertTime(20, to: child), 13, accuracy: 1e-12)
    }

    func testThePauseRecipeFreezesLocalTime() {
        // The guide's pauseLayer: timeOffset = convertTime(now, from: nil), then speed = 0.
        let layer = CALayer()
        let pausedAt = layer.convertTime(100, from: nil)
        layer.speed = 0
        layer.timeOffset = pausedAt
        XCTAssertEqual(layer.convertTime(100, from: nil), 100)
        XCTAssertEqual(layer.convertTime(250, from: nil), 100)
        // resumeLayer: speed = 1, timeOffset = 0, beginTime = (now converted) - paused.
        layer.speed = 1
        layer.timeOffset = 0
        layer.beginTime = 0
        let sincePause = layer.convertTime(250, from: nil) - pausedAt
        layer.beginTime = sincePause
        XCTAssertEqual(layer.convertTime(250, from: nil), 100, accuracy: 1e-12)
        XCTAssertEqual(layer.convertTime(251, from: nil), 101, accuracy: 1e-12)
    }
}

final class CALayerPresentationTests: XCTestCase {
    func testAnUncommittedLayerHasNoPresentation() {
        CATransaction.flush()
        let l = CALayer()
        XCTAssertNil(l.presentation())
        XCTAssertTrue(l.model() === l)
    }

    func testPresentationIsACopyInATreeOfCopies() {
        let root = CALayer(), child = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        child.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        child.opacity = 0.5
        root.addSublayer(child)
        CATransaction.flush()
        guard let p = child.presentation() else { return XCTFail("no presentation after commit") }
        XCTAssertFalse(p === child)
        XCTAssertTrue(p.model() === child)
        XCTAssertEqual(p.frame, CGRect(x: 10, y: 20, width: 30, height: 40))
        XCTAssertEqual(p.opacity, 0.5)
        XCTAssertFalse(p.superlayer === root)
        XCTAssertTrue(p.superlayer?.model() === root)
        XCTAssertTrue(p.presentation() === p)
        // Hit testing on the presentation tree finds presentation layers.
        let hit = p.superlayer?.hitTest(CGPoint(x: 15, y: 25))
        XCTAssertTrue(hit === p)
    }

    func testPresentationShowsTheValuesOfTheLastCommit() {
        let l = CALayer()
        l.position = CGPoint(x: 1, y: 2)
        l.opacity = 0.5
        CATransaction.flush()
        l.position = CGPoint(x: 30, y: 40)   // not committed yet
        XCTAssertEqual(l.presentation()?.position, CGPoint(x: 1, y: 2))
        XCTAssertEqual(l.position, CGPoint(x: 30, y: 40), "the model changes at once")
        CATransaction.flush()
        XCTAssertEqual(l.presentation()?.position, CGPoint(x: 30, y: 40))
        XCTAssertEqual(l.presentation()?.opacity, 0.5)
    }

    func testChangingAPresentationCopyDoesNotOpenATransaction() {
        let l = CALayer()
        l.position = CGPoint(x: 1, y: 1)
        CATransaction.flush()
        var committed = false
        CATransaction.setCompletionBlock { committed = true }   // opens a fresh implicit transaction
        CATransaction.flush()
        XCTAssertTrue(committed)
        let p = l.presentation()!
        p.position = CGPoint(x: 50, y: 50)
        XCTAssertEqual(l.position, CGPoint(x: 1, y: 1))
    }

    func testQuartzCoreSubclassesKeepTheirClassInPresentation() {
        let text = CATextLayer()
        text.string = "hi"
        text.fontSize = 20
        text.frame = CGRect(x: 0, y: 0, width: 50, height: 30)
        CATransaction.flush()
        let p = text.presentation()
        XCTAssertNotNil(p)
        XCTAssertFalse(p === text)
        XCTAssertEqual(p?.string as? String, "hi")
        XCTAssertEqual(p?.fontSize, 20)
    }

    /// The shape of a subclass written for Apple platforms: it must compile here unchanged.
    final class ProgressLayer: CALayer {
        var progress: CGFloat = 0
        override init() { super.init() }
        override init(layer: Any) {
            super.init(layer: layer)
            progress = (layer as? ProgressLayer)?.progress ?? 0
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    func testASubclassWithAppleStyleInitializersHasAPresentation() {
        let l = ProgressLayer()
        l.progress = 0.5
        l.position = CGPoint(x: 3, y: 4)
        CATransaction.flush()
        XCTAssertEqual(l.presentation()?.position, CGPoint(x: 3, y: 4))
    }

    func testAPresentationTreeDoesNotKeepItsModelAlive() {
        weak var weakRoot: CALayer?
        do {
            let root = CALayer()
            root.addSublayer(CALayer())
            CATransaction.flush()
            _ = root.sublayers?.first?.presentation()
            weakRoot = root
        }
        XCTAssertNil(weakRoot)
    }
}

final class BackgroundThreadTransactionTests: XCTestCase {
    func testAThreadsImplicitTransactionIsCommittedByItsRunLoop() {
        let done = expectation(description: "committed on the worker's run loop")
        let thread = Thread {
            let layer = CALayer()
            layer.position = CGPoint(x: 2, y: 2)   // opens this thread's implicit transaction
            CATransaction.setCompletionBlock { done.fulfill() }
            // Run the thread's run loop (a timer gives it something to wait for); the observer
            // commits the transaction before the loop first waits.
            let timer = Timer(timeInterval: 0.1, repeats: false) { _ in }
            RunLoop.current.add(timer, forMode: .default)
            _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.5))
        }
        thread.start()
        wait(for: [done], timeout: 5)
    }
}
