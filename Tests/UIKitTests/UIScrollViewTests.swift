import QuartzCore
@testable import UIKit
import XCTest

/// Records a scroll view delegate's calls, a run of `didScroll` counted once.
@MainActor private final class ScrollLog: UIScrollViewDelegate {
    var calls: [String] = []
    var releaseVelocity: CGPoint?
    var target: CGPoint?
    var zoomView: UIView?

    private func add(_ call: String) { if call != "didScroll" || calls.last != call { calls.append(call) } }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { add("didScroll") }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { add("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        add("willEndDragging")
        releaseVelocity = velocity
        target = targetContentOffset.pointee
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        add("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { add("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { add("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { add("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { add("didZoom") }
}

/// UIScrollView driven by synthetic touches and scrolls on a frozen clock, its motion stepped by
/// display-link frames.
final class UIScrollViewTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    /// A window with a 200x200 scroll view at (50, 50) and its delegate.
    @MainActor private func makeScrollView(contentSize: CGSize = CGSize(width: 200, height: 2000))
        -> (UIWindow, UIScrollView, ScrollLog, CARenderer) {
        let (window, renderer) = makeRenderedWindow()
        let sv = UIScrollView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        sv.contentSize = contentSize
        let log = ScrollLog()
        sv.delegate = log
        window.addSubview(sv)
        CATransaction.flush()
        return (window, sv, log, renderer)
    }

    /// Runs `seconds` of 60 Hz frames through the display-link clock.
    @MainActor private func runFrames(_ seconds: Double, source: AnyObject) {
        let interval = 1.0 / 60
        for _ in 0..<Int((seconds / interval).rounded()) {
            CAMediaClock.advance(by: interval)
            let now = CACurrentMediaTime()
            DisplayLinkClock.shared.frameDidBegin(from: source, timestamp: now, targetTimestamp: now + interval, duration: interval)
            RunLoop.main.run(until: Date())
        }
    }

    /// A vertical drag of the finger from (x, 200) by `distance`, in `steps` moves 1/60 s apart, then
    /// (with `hold`) kept still for 0.2 s so that it is released without velocity.
    @MainActor private func drag(_ window: UIWindow, by distance: CGFloat, steps: Int = 6, hold: Bool = false, x: CGFloat = 150,
                                 horizontal: Bool = false) {
        var t = CACurrentMediaTime()
        let start = CGPoint(x: x, y: 200)
        window.touch(0, .began, start.x, start.y, at: t)
        var p = start
        for i in 1...steps {
            t += 1.0 / 60
            let d = distance * CGFloat(i) / CGFloat(steps)
            p = horizontal ? CGPoint(x: start.x + d, y: start.y) : CGPoint(x: start.x, y: start.y + d)
            window.touch(0, .moved, p.x, p.y, at: t)
        }
        if hold {
            t += 0.2
            window.touch(0, .moved, p.x, p.y, at: t)
        }
        window.touch(0, .ended, p.x, p.y, at: t + 0.001)
    }

    func testDefaults() { MainActor.assumeIsolated {
        let sv = UIScrollView()
        XCTAssertEqual(sv.contentSize, .zero)
        XCTAssertEqual(sv.contentOffset, .zero)
        XCTAssertEqual(sv.contentInset, .zero)
        XCTAssertEqual(sv.adjustedContentInset, .zero)
        XCTAssertTrue(sv.isScrollEnabled)
        XCTAssertTrue(sv.bounces)
        XCTAssertFalse(sv.alwaysBounceVertical)
        XCTAssertFalse(sv.alwaysBounceHorizontal)
        XCTAssertFalse(sv.isPagingEnabled)
        XCTAssertEqual(sv.decelerationRate, .normal)
        XCTAssertEqual(UIScrollView.DecelerationRate.normal.rawValue, 0.998)
        XCTAssertEqual(UIScrollView.DecelerationRate.fast.rawValue, 0.99)
        XCTAssertFalse(sv.isTracking || sv.isDragging || sv.isDecelerating)
        XCTAssertTrue(sv.showsVerticalScrollIndicator)
        XCTAssertTrue(sv.showsHorizontalScrollIndicator)
        XCTAssertEqual(sv.minimumZoomScale, 1)
        XCTAssertEqual(sv.maximumZoomScale, 1)
        XCTAssertEqual(sv.zoomScale, 1)
        XCTAssertNil(sv.pinchGestureRecognizer)
        XCTAssertNil(sv.delegate)
        XCTAssertTrue(sv.gestureRecognizers?.contains { $0 === sv.panGestureRecognizer } ?? false)
        XCTAssertEqual(sv.panGestureRecognizer.allowedScrollTypesMask, .all)
        sv.isScrollEnabled = false
        XCTAssertFalse(sv.panGestureRecognizer.isEnabled)
        sv.maximumZoomScale = 3
        XCTAssertNotNil(sv.pinchGestureRecognizer)
    } }

    func testContentOffsetIsTheBoundsOrigin() { MainActor.assumeIsolated {
        let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        sv.contentOffset = CGPoint(x: 10, y: 20)
        XCTAssertEqual(sv.bounds, CGRect(x: 10, y: 20, width: 100, height: 100))
        sv.bounds.origin = CGPoint(x: 5, y: 7)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 5, y: 7))
        XCTAssertEqual(sv.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
    } }

    func testAFlickCallsTheDelegateInOrderAndDeceleratesByTheFormula() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        drag(window, by: -120)   // the finger goes up: the content scrolls down
        let released = sv.contentOffset
        XCTAssertEqual(released.y, 120, accuracy: 0.001, "follows the finger from where it went down")
        XCTAssertTrue(sv.isDecelerating)
        XCTAssertFalse(sv.isDragging)
        guard let v = log.releaseVelocity else { return XCTFail("no release") }
        XCTAssertEqual(v.y, 1.2, accuracy: 0.01, "20 pt per 1/60 s is 1.2 pt/ms")
        XCTAssertEqual(v.x, 0)
        let projected = released.y + v.y * 1000 / 1000 * 0.998 / (1 - 0.998)
        XCTAssertEqual(log.target!.y, projected, accuracy: 0.01)
        runFrames(5, source: window)
        XCTAssertFalse(sv.isDecelerating)
        XCTAssertEqual(sv.contentOffset.y, projected, accuracy: 1)
        XCTAssertEqual(log.calls, ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                   "willBeginDecelerating", "didScroll", "didEndDecelerating"])
        _ = renderer
    } }

    func testAFlickWithTheFastRateStopsSooner() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        sv.decelerationRate = .fast
        drag(window, by: -120)
        let released = sv.contentOffset.y
        runFrames(2, source: window)
        XCTAssertEqual(sv.contentOffset.y, released + 1200 / 1000 * 0.99 / 0.01, accuracy: 1)
        XCTAssertEqual(log.calls.last, "didEndDecelerating")
        _ = renderer
    } }

    func testADragPastTheEdgeRubberBandsAndSpringsBackExactly() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        // The finger goes down 100 points, all of them past the top edge.
        drag(window, by: 100, steps: 10, hold: true)
        let expected = -(1 - 1 / (100 * 0.55 / 200 + 1)) * 200
        XCTAssertEqual(sv.contentOffset.y, expected, accuracy: 0.001)
        XCTAssertEqual(log.calls.suffix(3), ["willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        XCTAssertEqual(log.target, .zero, "the target is the edge")
        runFrames(0.2, source: window)
        XCTAssertLessThan(sv.contentOffset.y, 0, "still on its way back")
        XCTAssertGreaterThan(sv.contentOffset.y, expected)
        runFrames(0.6, source: window)
        XCTAssertEqual(sv.contentOffset, .zero, "ends exactly at the edge")
        XCTAssertEqual(log.calls.last, "didEndDecelerating")
        XCTAssertFalse(sv.isDecelerating)
        _ = renderer
    } }

    func testWithoutBouncesADragStopsAtTheEdge() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        sv.bounces = false
        drag(window, by: 110, steps: 11, hold: true)
        XCTAssertEqual(sv.contentOffset, .zero)
        XCTAssertEqual(log.calls.last, "didEndDragging(false)")
        _ = renderer
    } }

    func testAFlickPastTheEndBouncesBackToTheEdge() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView(contentSize: CGSize(width: 200, height: 400))
        drag(window, by: -120)
        XCTAssertEqual(log.target, CGPoint(x: 0, y: 200), "the projection clamped to the range")
        runFrames(0.3, source: window)
        var overshoot: CGFloat = 0
        for _ in 0..<60 {
            runFrames(1.0 / 60, source: window)
            overshoot = max(overshoot, sv.contentOffset.y - 200)
        }
        XCTAssertGreaterThan(overshoot, 1, "it went past the end")
        runFrames(1, source: window)
        XCTAssertEqual(sv.contentOffset.y, 200)
        XCTAssertEqual(log.calls.last, "didEndDecelerating")
        _ = renderer
    } }

    func testPagingSettlesOnAMultipleOfTheBounds() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView(contentSize: CGSize(width: 1000, height: 200))
        sv.isPagingEnabled = true
        // A slow drag 120 points to the left: past half a page.
        drag(window, by: -120, steps: 12, hold: true, horizontal: true)
        XCTAssertEqual(sv.contentOffset.x, 120, accuracy: 0.001)
        XCTAssertEqual(log.target, CGPoint(x: 200, y: 0))
        runFrames(1, source: window)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 200, y: 0))
        // A quick flick of 50 points goes on to the next page; a slow one goes back.
        drag(window, by: -50, steps: 2, horizontal: true)
        XCTAssertEqual(log.target, CGPoint(x: 400, y: 0))
        runFrames(1, source: window)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 400, y: 0))
        drag(window, by: -50, steps: 5, hold: true, horizontal: true)
        XCTAssertEqual(log.target, CGPoint(x: 400, y: 0))
        runFrames(1, source: window)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 400, y: 0))
        XCTAssertEqual(log.calls.last, "didEndDecelerating")
        _ = renderer
    } }

    func testTheWheelScrollsTenPointsAStepWithinTheRange() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        let at = CGPoint(x: 150, y: 150), t = CACurrentMediaTime()
        for i in 0..<3 { window.dispatchScroll(dx: 0, dy: 1, source: .wheel, at: at, timestamp: t + Double(i) * 0.05) }
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 0, y: 30))
        XCTAssertTrue(sv.isDragging)
        window.gestureArbiter.fireDueTimeouts(now: t + 0.5)
        XCTAssertFalse(sv.isDragging)
        XCTAssertFalse(sv.isDecelerating, "a wheel does not fling")
        XCTAssertEqual(log.calls, ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        // Up past the top: clamped, no rubber band.
        for i in 0..<5 { window.dispatchScroll(dx: 0, dy: -1, source: .wheel, at: at, timestamp: t + 1 + Double(i) * 0.05) }
        XCTAssertEqual(sv.contentOffset, .zero)
        _ = renderer
    } }

    func testATouchpadScrollRubberBandsAndCoastsAfterTheFingersLift() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        let at = CGPoint(x: 150, y: 150), t = CACurrentMediaTime()
        // Fingers moving up 8 points a frame at first (content up past the top: rubber band).
        window.dispatchScroll(dx: 0, dy: -20, source: .touchpad, at: at, timestamp: t)
        XCTAssertEqual(sv.contentOffset.y, -ScrollPhysics.rubberBand(20, dimension: 200), accuracy: 0.001)
        for i in 1...10 { window.dispatchScroll(dx: 0, dy: 8, source: .touchpad, at: at, timestamp: t + Double(i) / 60) }
        XCTAssertEqual(sv.contentOffset.y, 60, accuracy: 0.001)
        window.dispatchScrollEnd(timestamp: t + 11.0 / 60)
        XCTAssertEqual(log.calls.suffix(3), ["willEndDragging", "didEndDragging(true)", "willBeginDecelerating"])
        guard let v = log.releaseVelocity, let target = log.target else { return XCTFail("no release") }
        XCTAssertEqual(v.y, 0.48, accuracy: 0.01, "8 points a frame")
        runFrames(4, source: window)
        XCTAssertEqual(sv.contentOffset.y, target.y, accuracy: 1)
        XCTAssertGreaterThan(sv.contentOffset.y, 250)
        _ = renderer
    } }

    func testSetContentOffsetAnimatedEndsAtTheTargetAndTellsTheDelegate() { MainActor.assumeIsolated {
        let (_, sv, log, renderer) = makeScrollView()
        sv.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.15)
        let shown = sv.layer.presentation()!.bounds.origin.y
        XCTAssertGreaterThan(shown, 150, "ease-out: more than half-way at half the time")
        XCTAssertLessThan(shown, 300)
        XCTAssertFalse(log.calls.contains("didEndScrollingAnimation"))
        CAMediaClock.advance(by: 0.2)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 0, y: 300))
        XCTAssertEqual(log.calls.last, "didEndScrollingAnimation")
        sv.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 0, y: 10))
        XCTAssertEqual(log.calls.filter { $0 == "didEndScrollingAnimation" }.count, 1)
        _ = renderer
    } }

    func testScrollRectToVisibleMovesAsLittleAsPossible() { MainActor.assumeIsolated {
        let sv = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        sv.contentSize = CGSize(width: 1000, height: 1000)
        sv.scrollRectToVisible(CGRect(x: 250, y: 50, width: 50, height: 50), animated: false)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 100, y: 0))
        sv.scrollRectToVisible(CGRect(x: 120, y: 100, width: 10, height: 10), animated: false)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 100, y: 0), "already visible")
        sv.scrollRectToVisible(CGRect(x: 20, y: 400, width: 10, height: 10), animated: false)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 20, y: 210))
        sv.scrollRectToVisible(CGRect(x: 990, y: 990, width: 100, height: 100), animated: false)
        XCTAssertEqual(sv.contentOffset, CGPoint(x: 800, y: 800), "within the content")
    } }

    func testAPinchZoomsTheDelegatesViewAboutTheFingers() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView(contentSize: CGSize(width: 200, height: 200))
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        sv.addSubview(content)
        log.zoomView = content
        sv.minimumZoomScale = 0.5
        sv.maximumZoomScale = 4
        // Fingers 100 points apart around (150, 150) in the window, (100, 100) in the content.
        window.dispatchTouches([.init(id: 1, phase: .began, location: CGPoint(x: 100, y: 150)),
                                .init(id: 2, phase: .began, location: CGPoint(x: 200, y: 150))], timestamp: 1)
        window.dispatchTouches([.init(id: 1, phase: .moved, location: CGPoint(x: 75, y: 150)),
                                .init(id: 2, phase: .moved, location: CGPoint(x: 225, y: 150))], timestamp: 1.05)
        window.dispatchTouches([.init(id: 1, phase: .moved, location: CGPoint(x: 50, y: 150)),
                                .init(id: 2, phase: .moved, location: CGPoint(x: 250, y: 150))], timestamp: 1.1)
        window.dispatchTouches([.init(id: 1, phase: .ended, location: CGPoint(x: 50, y: 150)),
                                .init(id: 2, phase: .ended, location: CGPoint(x: 250, y: 150))], timestamp: 1.15)
        XCTAssertEqual(sv.zoomScale, 2, accuracy: 0.001)
        XCTAssertEqual(content.frame.origin.x, 0, accuracy: 0.001)
        XCTAssertEqual(content.frame.size.width, 400, accuracy: 0.001)
        XCTAssertEqual(sv.contentSize.width, 400, accuracy: 0.001)
        XCTAssertEqual(sv.contentSize.height, 400, accuracy: 0.001)
        XCTAssertEqual(sv.contentOffset.x, 100, accuracy: 0.001, "the content point under the fingers stays there")
        XCTAssertEqual(sv.contentOffset.y, 100, accuracy: 0.001)
        XCTAssertTrue(log.calls.contains("didZoom"))
        XCTAssertFalse(sv.isZooming)
        sv.setZoomScale(10, animated: false)
        XCTAssertEqual(sv.zoomScale, 4, "clamped to the maximum")
        XCTAssertEqual(sv.contentSize, CGSize(width: 800, height: 800))
        sv.zoomScale = 0.1
        XCTAssertEqual(sv.zoomScale, 0.5)
        XCTAssertEqual(sv.contentOffset, .zero, "the offset stays in range")
        _ = renderer
    } }

    func testCtrlWheelZoomsAboutThePointer() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView(contentSize: CGSize(width: 200, height: 200))
        let content = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        sv.addSubview(content)
        log.zoomView = content
        sv.maximumZoomScale = 4
        let t = CACurrentMediaTime()
        // Two steps up with Ctrl at (150, 150) in the window, (100, 100) in the content: × 1.21.
        window.dispatchScroll(dx: 0, dy: -1, source: .wheel, at: CGPoint(x: 150, y: 150), modifierFlags: .control, timestamp: t)
        window.dispatchScroll(dx: 0, dy: -1, source: .wheel, at: CGPoint(x: 150, y: 150), modifierFlags: .control, timestamp: t + 0.05)
        window.gestureArbiter.fireDueTimeouts(now: t + 0.5)
        XCTAssertEqual(sv.zoomScale, 1.21, accuracy: 0.0001)
        XCTAssertEqual(sv.contentOffset.x, 100 * 1.21 - 100, accuracy: 0.001)
        XCTAssertFalse(sv.isZooming)
        _ = renderer
    } }

    func testADelegatesTargetIsWhereTheDecelerationEnds() { MainActor.assumeIsolated {
        final class Snapper: UIScrollViewDelegate {
            func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                           targetContentOffset: UnsafeMutablePointer<CGPoint>) {
                targetContentOffset.pointee.y = (targetContentOffset.pointee.y / 100).rounded() * 100
            }
        }
        let (window, sv, _, renderer) = makeScrollView()
        let snapper = Snapper()
        sv.delegate = snapper
        drag(window, by: -120)
        runFrames(5, source: window)
        XCTAssertEqual(sv.contentOffset.y, 700, accuracy: 0.5, "120 + 599 rounded to the hundred")
        XCTAssertFalse(sv.isDecelerating)
        _ = renderer
    } }

    func testATouchStopsTheDecelerationAndADragInterruptsAnAnimatedScroll() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        drag(window, by: -120)
        runFrames(0.2, source: window)
        let moving = sv.contentOffset.y
        window.touch(0, .began, 150, 150, at: CACurrentMediaTime())
        XCTAssertFalse(sv.isDecelerating)
        XCTAssertEqual(log.calls.last, "didEndDecelerating")
        runFrames(0.2, source: window)
        XCTAssertEqual(sv.contentOffset.y, moving)
        window.touch(0, .ended, 150, 150, at: CACurrentMediaTime())
        // An animated scroll, caught half-way by a drag: it stays where it was shown.
        sv.setContentOffset(CGPoint(x: 0, y: 1000), animated: true)
        CATransaction.flush()
        CAMediaClock.advance(by: 0.1)
        let shown = sv.layer.presentation()!.bounds.origin.y
        drag(window, by: -20, steps: 2, hold: true)
        XCTAssertEqual(sv.contentOffset.y, shown + 20, accuracy: 0.001)
        CAMediaClock.advance(by: 0.5)
        XCTAssertFalse(log.calls.contains("didEndScrollingAnimation"))
        _ = renderer
    } }

    func testScrollingCanBeDisabled() { MainActor.assumeIsolated {
        let (window, sv, log, renderer) = makeScrollView()
        sv.isScrollEnabled = false
        drag(window, by: -120)
        window.dispatchScroll(dx: 0, dy: 3, source: .wheel, at: CGPoint(x: 150, y: 150), timestamp: CACurrentMediaTime())
        XCTAssertEqual(sv.contentOffset, .zero)
        XCTAssertEqual(log.calls, [])
        _ = renderer
    } }

    func testIndicatorsShowWhileScrollingAndFadeAfter() { MainActor.assumeIsolated {
        let (window, sv, _, renderer) = makeScrollView()
        XCTAssertEqual(sv.verticalIndicator.opacity, 0)
        let t = CACurrentMediaTime()
        window.dispatchScroll(dx: 0, dy: 1, source: .wheel, at: CGPoint(x: 150, y: 150), timestamp: t)
        XCTAssertEqual(sv.verticalIndicator.opacity, 1)
        XCTAssertEqual(sv.horizontalIndicator.opacity, 0, "the content does not scroll sideways")
        XCTAssertEqual(sv.verticalIndicator.frame.height, 36, accuracy: 0.001, "the shortest indicator for 10% shown")
        XCTAssertGreaterThan(sv.verticalIndicator.frame.minY, 10 + 3, "moved with the content, then down its track")
        window.gestureArbiter.fireDueTimeouts(now: t + 0.5)
        XCTAssertEqual(sv.verticalIndicator.opacity, 0)
        XCTAssertNotNil(sv.verticalIndicator.animation(forKey: "fade"))
        XCTAssertEqual(sv.subviews.count, 0, "the indicators are layers, not subviews")
        sv.addSubview(UIView())
        sv.addSubview(UIView())
        sv.exchangeSubview(at: 0, withSubviewAt: 1)
        sv.flashScrollIndicators()
        XCTAssertTrue(sv.verticalIndicator.superlayer === sv.layer)
        _ = renderer
    } }
}

/// The scroll physics on their own.
final class ScrollPhysicsTests: XCTestCase {
    func testRubberBandAndItsInverse() {
        XCTAssertEqual(ScrollPhysics.rubberBand(100, dimension: 200), (1 - 1 / 1.275) * 200, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics.rubberBand(-100, dimension: 200), -(1 - 1 / 1.275) * 200, accuracy: 1e-9)
        XCTAssertLessThan(ScrollPhysics.rubberBand(1e6, dimension: 200), 200)
        XCTAssertEqual(ScrollPhysics.overdrag(forOvershoot: ScrollPhysics.rubberBand(73, dimension: 300), dimension: 300), 73, accuracy: 1e-6)
        XCTAssertEqual(ScrollPhysics.rubberBanded(50, in: 0...100, dimension: 200), 50)
        XCTAssertEqual(ScrollPhysics.unbanded(ScrollPhysics.rubberBanded(130, in: 0...100, dimension: 200), in: 0...100, dimension: 200),
                       130, accuracy: 1e-6)
    }

    func testDecelerationIsAGeometricSeriesWhateverTheFrames() {
        XCTAssertEqual(ScrollPhysics.decelerationDistance(velocity: 1000, rate: 0.998), 499, accuracy: 1e-9)
        XCTAssertEqual(ScrollPhysics.velocity(forDecelerationDistance: 499, rate: 0.998), 1000, accuracy: 1e-9)
        // 1 s in one step equals 1 s in 60 frames, and is 1 − 0.998^1000 of the whole way.
        let once = ScrollPhysics.decelerate(velocity: 1000, rate: 0.998, dt: 1)
        var total: CGFloat = 0, v: CGFloat = 1000
        for _ in 0..<60 { let s = ScrollPhysics.decelerate(velocity: v, rate: 0.998, dt: 1.0 / 60); total += s.distance; v = s.velocity }
        XCTAssertEqual(total, once.distance, accuracy: 1e-6)
        XCTAssertEqual(v, once.velocity, accuracy: 1e-6)
        XCTAssertEqual(once.distance, 499 * (1 - pow(0.998, 1000)), accuracy: 1e-6)
    }

    func testTheSpringSettlesAndThePageTarget() {
        let s = ScrollPhysics.spring(displacement: 100, velocity: 0, dt: 0.5)
        XCTAssertLessThan(abs(s.displacement), 0.5)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 120, velocity: 0, pageSize: 200, range: 0...800), 200)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 40, velocity: 1000, pageSize: 200, range: 0...800), 200)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 160, velocity: -1000, pageSize: 200, range: 0...800), 0)
        XCTAssertEqual(ScrollPhysics.pageTarget(offset: 790, velocity: 1000, pageSize: 200, range: 0...800), 800)
    }
}
