import QuartzCore
import XCTest

/// CAReplicatorLayer: defaults, instances placed by the accumulated transform about the centre,
/// colour offsets, delayed animations, nesting, and the reflection recipe.
final class CAReplicatorLayerTests: XCTestCase {
    private let t0: CFTimeInterval = 1800
    private let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testDefaultsAreApples() {
        let replicator = CAReplicatorLayer()
        XCTAssertEqual(replicator.instanceCount, 1)
        XCTAssertFalse(replicator.preservesDepth)
        XCTAssertEqual(replicator.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(replicator.instanceTransform))
        XCTAssertEqual(replicator.instanceColor, white)
        XCTAssertEqual(replicator.instanceRedOffset, 0)
        XCTAssertEqual(replicator.instanceAlphaOffset, 0)
        replicator.setValue(5, forKey: "instanceCount")
        XCTAssertEqual(replicator.instanceCount, 5)
    }

    /// Five 20-point squares, each 30 points right of the previous: instance k's square at x = 10 + 30k.
    private func makeRow(count: Int = 5) -> (root: CALayer, replicator: CAReplicatorLayer, square: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        let replicator = CAReplicatorLayer()
        replicator.frame = root.bounds
        replicator.instanceCount = count
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        let square = CALayer()
        square.frame = CGRect(x: 10, y: 20, width: 20, height: 20)
        square.backgroundColor = white
        replicator.addSublayer(square)
        root.addSublayer(replicator)
        return (root, replicator, square)
    }

    func testInstancesAreDrawnThroughTheAccumulatedTransform() {
        let (root, _, _) = makeRow()
        let image = renderOffscreen(root, width: 200, height: 60)
        for k in 0..<5 { XCTAssertEqual(rgba(image, 20 + 30 * k, 30), [255, 255, 255, 255], "instance \(k)") }
        XCTAssertEqual(rgba(image, 20 + 30 * 5, 30)[3], 0, "no sixth instance")
        XCTAssertEqual(rgba(image, 35, 30)[3], 0, "gaps between instances")
    }

    func testTheTransformIsAppliedAboutTheCentre() {
        // A half turn about the replicator's centre (100, 30): the square at (10...30, 20...40) is mirrored
        // to (170...190, 20...40).
        let (root, replicator, _) = makeRow(count: 2)
        replicator.instanceTransform = CATransform3DMakeRotation(.pi, 0, 0, 1)
        let image = renderOffscreen(root, width: 200, height: 60)
        XCTAssertEqual(rgba(image, 20, 30), [255, 255, 255, 255])
        XCTAssertEqual(rgba(image, 180, 30), [255, 255, 255, 255])
    }

    func testColourOffsetsTintEachInstance() {
        let (root, replicator, _) = makeRow(count: 3)
        replicator.instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        replicator.instanceBlueOffset = -0.5
        replicator.instanceGreenOffset = -0.5
        let image = renderOffscreen(root, width: 200, height: 60)
        XCTAssertEqual(rgba(image, 20, 30), [255, 255, 255, 255], "instance 0: the colour itself")
        XCTAssertEqual(rgba(image, 50, 30), [255, 128, 128, 255], "instance 1: half the green and blue (127.5, rounded)")
        XCTAssertEqual(rgba(image, 80, 30), [255, 0, 0, 255], "instance 2: red")
    }

    func testInstanceDelayShiftsEachInstancesAnimations() {
        let (root, replicator, square) = makeRow(count: 3)
        replicator.instanceDelay = 0.5
        let drop = CABasicAnimation(keyPath: "position.y")
        drop.fromValue = 30
        drop.toValue = 50   // 20 points down over 1 s
        drop.duration = 1
        drop.fillMode = .both
        drop.isRemovedOnCompletion = false
        square.add(drop, forKey: "drop")
        CATransaction.flush()
        CAMediaClock.advance(by: 1)   // instance 0 done (y 50), 1 halfway (40), 2 starting (30)
        let ctx = makeBitmapContext(width: 200, height: 60)
        let renderer = CARenderer(context: ctx)
        renderer.layer = root
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        let image = ctx.makeImage()!
        XCTAssertEqual(rgba(image, 20, 55)[3], 255, "instance 0 at the bottom (centre y 50)")
        XCTAssertEqual(rgba(image, 20, 25)[3], 0)
        XCTAssertEqual(rgba(image, 50, 45)[3], 255, "instance 1 halfway (centre y 40)")
        XCTAssertEqual(rgba(image, 50, 25)[3], 0)
        XCTAssertEqual(rgba(image, 80, 25)[3], 255, "instance 2 at the top (centre y 30)")
        XCTAssertEqual(rgba(image, 80, 55)[3], 0)
        XCTAssertEqual(renderer.nextFrameTime(), CACurrentMediaTime(), "the last instance still moves")
    }

    func testNestedReplicatorsMultiply() {
        let (root, replicator, square) = makeRow(count: 3)
        square.removeFromSuperlayer()
        let inner = CAReplicatorLayer()
        inner.frame = replicator.bounds
        inner.instanceCount = 2
        inner.instanceTransform = CATransform3DMakeTranslation(0, -20, 0)   // a copy 20 points up
        square.frame = CGRect(x: 10, y: 30, width: 20, height: 20)
        inner.addSublayer(square)
        replicator.addSublayer(inner)
        let image = renderOffscreen(root, width: 200, height: 60)
        for k in 0..<3 {
            XCTAssertEqual(rgba(image, 20 + 30 * k, 40)[3], 255, "column \(k), lower")
            XCTAssertEqual(rgba(image, 20 + 30 * k, 15)[3], 255, "column \(k), upper")
        }
    }

    func testTheReflectionRecipe() {
        // A copy flipped below the original, dimmed: instance 1 = scale y by -1 about the replicator's
        // centre (which sits on the original's bottom edge), alpha offset -0.6.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 200)
        replicator.instanceCount = 2
        replicator.instanceTransform = CATransform3DMakeScale(1, -1, 1)
        replicator.instanceAlphaOffset = -0.6
        let picture = CALayer()
        picture.frame = CGRect(x: 20, y: 40, width: 60, height: 60)   // bottom edge at the centre (y 100)
        picture.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let top = CALayer()
        top.frame = CGRect(x: 0, y: 0, width: 60, height: 10)
        top.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        picture.addSublayer(top)
        replicator.addSublayer(picture)
        root.addSublayer(replicator)
        let image = renderOffscreen(root, width: 100, height: 200)
        XCTAssertEqual(rgba(image, 50, 45), [255, 0, 0, 255], "the original's red top")
        let reflectedTop = rgba(image, 50, 155), reflectedBody = rgba(image, 50, 120)
        XCTAssertEqual(Double(reflectedTop[3]), 0.4 * 255, accuracy: 2, "the mirrored red stripe, 40% opaque")
        XCTAssertGreaterThan(reflectedTop[0], 90)
        XCTAssertGreaterThan(reflectedBody[2], 90, "the mirrored blue body")
    }
}
