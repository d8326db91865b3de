import CoreGraphics
import QuartzCore
import XCTest

/// Frozen time moves nothing: an animation with speed 0, or one on a layer whose time chain has
/// speed 0, is drawn at its frozen value and then asks the render server for no further frames.
final class FrozenAnimationFrameTests: XCTestCase {
    private let t0: CFTimeInterval = 800

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testAnAnimationWithSpeedZeroIsDrawnAtItsOffsetAndAsksForNoFrames() throws {
        let (root, child) = makeTree()
        let animation = fade()
        animation.speed = 0
        animation.timeOffset = 0.5
        child.add(animation, forKey: "fade")
        let (times, context) = try nextChangeTimes(root, at: [0, 0.5, 5])
        XCTAssertEqual(times, [.infinity, .infinity, .infinity])
        // Drawn: half the opaque red child's alpha.
        XCTAssertEqual(Double(alpha(context, 5, 5)), 128, accuracy: 2)
    }

    func testAnAnimationWithSpeedOneAsksForFramesUntilItEnds() throws {
        let (root, child) = makeTree()
        child.add(fade(), forKey: "fade")
        let (times, _) = try nextChangeTimes(root, at: [0, 0.5, 5])
        XCTAssertEqual(times, [t0, t0 + 0.5, .infinity])
    }

    func testAnAnimationOnALayerWhoseAncestorHasSpeedZeroAsksForNoFrames() throws {
        let (root, child) = makeTree()
        root.speed = 0
        child.add(fade(), forKey: "fade")
        let (times, _) = try nextChangeTimes(root, at: [0, 0.5, 5])
        XCTAssertEqual(times, [.infinity, .infinity, .infinity])
    }

    func testAGroupOfFrozenAnimationsAsksOnlyForItsEnd() throws {
        let (root, child) = makeTree()
        let inner = fade()
        inner.speed = 0
        inner.timeOffset = 0.25
        let group = CAAnimationGroup()
        group.animations = [inner]
        group.duration = 2
        child.add(group, forKey: "group")
        let (times, _) = try nextChangeTimes(root, at: [0, 0.5, 3])
        XCTAssertEqual(times, [t0 + 2, t0 + 2, .infinity])
    }

    func testAFrozenGroupAsksForNoFrames() throws {
        let (root, child) = makeTree()
        let group = CAAnimationGroup()
        group.animations = [fade()]
        group.duration = 2
        group.speed = 0
        child.add(group, forKey: "group")
        let (times, _) = try nextChangeTimes(root, at: [0, 0.5, 3])
        XCTAssertEqual(times, [.infinity, .infinity, .infinity])
    }

    func testAGroupWithARunningAnimationAsksForFrames() throws {
        let (root, child) = makeTree()
        let frozen = fade()
        frozen.speed = 0
        let group = CAAnimationGroup()
        group.animations = [frozen, fade()]
        group.duration = 1
        child.add(group, forKey: "group")
        let (times, _) = try nextChangeTimes(root, at: [0, 0.5, 3])
        XCTAssertEqual(times, [t0, t0 + 0.5, .infinity])
    }

    func testAFrozenAnimationThatBeginsLaterAsksForAFrameAtItsBeginning() throws {
        let (root, child) = makeTree()
        let animation = fade()
        animation.speed = 0
        animation.beginTime = t0 + 3
        child.add(animation, forKey: "fade")
        let (times, _) = try nextChangeTimes(root, at: [0, 1, 3, 4])
        XCTAssertEqual(times, [t0 + 3, t0 + 3, .infinity, .infinity])
    }

    // MARK: Helpers

    /// A 40×40 root with an opaque red 10×10 child at its origin, committed.
    private func makeTree() -> (CALayer, CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
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
    /// each frame says the picture next changes (the frame's time: draw the next frame at once),
    /// and the context holding the last frame.
    private func nextChangeTimes(_ root: CALayer, at offsets: [CFTimeInterval]) throws -> ([CFTimeInterval], CGContext) {
        CATransaction.flush()
        let server = RenderServer(tree: try XCTUnwrap(root.renderTree))
        let context = makeBitmapContext(width: 40, height: 40)
        let times = offsets.map { offset -> CFTimeInterval in
            context.clear(CGRect(x: 0, y: 0, width: 40, height: 40))
            return server.draw(in: context, scale: 1, atMediaTime: t0 + offset)
        }
        return (times, context)
    }

    private func alpha(_ context: CGContext, _ x: Int, _ y: Int) -> UInt8 {
        context.data!.assumingMemoryBound(to: UInt8.self)[y * context.bytesPerRow + x * 4 + 3]
    }
}
