import QuartzCore
import XCTest

/// NaN timing values (and infinite speeds, offsets and begin times) are ignored by the setters of
/// layers and animations, so nothing frozen by a NaN keeps a render loop asking for frames.
final class NonFiniteTimingTests: XCTestCase {
    private let t0: CFTimeInterval = 500

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testNaNIsIgnoredByEveryTimingSetterOfALayer() {
        let layer = CALayer()
        layer.speed = 2; layer.speed = .nan
        XCTAssertEqual(layer.speed, 2)
        layer.timeOffset = 3; layer.timeOffset = .nan
        XCTAssertEqual(layer.timeOffset, 3)
        layer.beginTime = 4; layer.beginTime = .nan
        XCTAssertEqual(layer.beginTime, 4)
        layer.duration = 5; layer.duration = .nan
        XCTAssertEqual(layer.duration, 5)
        layer.repeatCount = 6; layer.repeatCount = .nan
        XCTAssertEqual(layer.repeatCount, 6)
        layer.repeatDuration = 7; layer.repeatDuration = .nan
        XCTAssertEqual(layer.repeatDuration, 7)
    }

    func testNaNIsIgnoredByEveryTimingSetterOfAnAnimation() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.speed = 2; animation.speed = .nan
        XCTAssertEqual(animation.speed, 2)
        animation.timeOffset = 3; animation.timeOffset = .nan
        XCTAssertEqual(animation.timeOffset, 3)
        animation.beginTime = 4; animation.beginTime = .nan
        XCTAssertEqual(animation.beginTime, 4)
        animation.duration = 5; animation.duration = .nan
        XCTAssertEqual(animation.duration, 5)
        animation.repeatCount = 6; animation.repeatCount = .nan
        XCTAssertEqual(animation.repeatCount, 6)
        animation.repeatDuration = 7; animation.repeatDuration = .nan
        XCTAssertEqual(animation.repeatDuration, 7)
        XCTAssertEqual((animation.copy() as? CAAnimation)?.speed, 2, "copies keep the values")
    }

    func testInfinityMeansForeverForRepeatsButIsIgnoredForSpeedOffsetAndBegin() {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.repeatCount = .infinity
        XCTAssertEqual(animation.repeatCount, .infinity)
        animation.repeatDuration = .infinity
        XCTAssertEqual(animation.repeatDuration, .infinity)
        let layer = CALayer()
        layer.speed = .infinity
        layer.timeOffset = -.infinity
        layer.beginTime = .infinity
        XCTAssertEqual(layer.speed, 1)
        XCTAssertEqual(layer.timeOffset, 0)
        XCTAssertEqual(layer.beginTime, 0)
    }

    /// An animation given a NaN speed plays at its own speed, ends, and the render server stops
    /// asking for frames (a NaN speed used to freeze it: frames at full rate forever).
    func testAnAnimationGivenANaNSpeedEndsAndTheRenderServerStopsAskingForFrames() throws {
        let (root, child) = makeTree()
        let animation = fade()
        animation.speed = .nan
        child.add(animation, forKey: "fade")
        XCTAssertEqual(try nextChangeTimes(root, at: [0.5, 5, 10]), [t0 + 0.5, .infinity, .infinity])
    }

    /// A layer given a NaN speed keeps its time: its animation runs and ends like any other.
    func testALayerGivenANaNSpeedKeepsAnimatingAndThenStopsAskingForFrames() throws {
        let (root, child) = makeTree()
        child.speed = .nan
        child.add(fade(), forKey: "fade")
        XCTAssertEqual(try nextChangeTimes(root, at: [0.5, 5, 10]), [t0 + 0.5, .infinity, .infinity])
    }

    // MARK: Helpers

    private func makeTree() -> (CALayer, CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(child)
        CATransaction.flush()
        return (root, child)
    }

    private func fade() -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        return animation
    }

    /// Commits, then draws frames at `t0 + offsets` as a window's render server does; returns when
    /// each frame says the picture next changes (the frame's time: draw the next frame at once).
    private func nextChangeTimes(_ root: CALayer, at offsets: [CFTimeInterval]) throws -> [CFTimeInterval] {
        CATransaction.flush()
        let server = RenderServer(tree: try XCTUnwrap(root.renderTree))
        let context = makeBitmapContext(width: 40, height: 40)
        return offsets.map { server.draw(in: context, scale: 1, atMediaTime: t0 + $0) }
    }
}
