import QuartzCore
import XCTest

/// Damage tracking: which device rectangles a change damages, and that repainting only those
/// (with culling) gives the same pixels as drawing the whole frame.
final class DamageTrackingTests: XCTestCase {
    private let t0: CFTimeInterval = 700
    private let size = CGSize(width: 200, height: 160)

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func square(_ frame: CGRect, _ red: CGFloat = 1) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: red, green: 0.2, blue: 0.4, alpha: 1)
        return layer
    }

    /// A committed scene: a root with two squares.
    private func makeScene() -> (root: CALayer, a: CALayer, b: CALayer) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: size)
        let a = square(CGRect(x: 10, y: 10, width: 20, height: 20))
        let b = square(CGRect(x: 100, y: 60, width: 40, height: 30), 0.5)
        root.addSublayer(a)
        root.addSublayer(b)
        CATransaction.flush()
        return (root, a, b)
    }

    /// Commits the open changes and starts a frame of `server` at `time`.
    private func nextFrame(_ server: RenderServer, _ root: CALayer, at time: CFTimeInterval? = nil,
                           scale: CGFloat = 1) -> DamageRegion {
        CATransaction.flush()
        server.commit(root.latestRenderTree)
        return server.beginFrame(atMediaTime: time ?? t0, scale: scale,
                                 size: CGSize(width: size.width * scale, height: size.height * scale))
    }

    /// `rect` widened by the tracker's antialiasing margin (2 px), in whole pixels.
    private func padded(_ rect: CGRect) -> CGRect { rect.insetBy(dx: -2, dy: -2).integral }

    func testTheFirstFrameIsDamagedEverywhereAndAnUnchangedOneNowhere() {
        let (root, _, _) = makeScene()
        let server = RenderServer(tree: root.latestRenderTree)
        XCTAssertTrue(nextFrame(server, root).isEverything)
        XCTAssertTrue(nextFrame(server, root).isEmpty)
        XCTAssertTrue(nextFrame(server, root, at: t0 + 5).isEmpty, "nothing animates: time alone changes nothing")
    }

    func testAMovedLayerDamagesWhereItWasAndWhereItIs() {
        let (root, a, _) = makeScene()
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        a.position = CGPoint(x: 60, y: 20)   // frame (50, 10, 20, 20)
        let damage = nextFrame(server, root)
        let expected = DamageRegion([padded(CGRect(x: 10, y: 10, width: 20, height: 20)),
                                     padded(CGRect(x: 50, y: 10, width: 20, height: 20))])
        XCTAssertEqual(damage, expected)
        XCTAssertFalse(damage.intersects(CGRect(x: 100, y: 60, width: 40, height: 30)), "b did not change")
    }

    func testAColourChangeDamagesOnlyThatLayerInDevicePixels() {
        let (root, _, b) = makeScene()
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root, scale: 2)
        b.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let damage = nextFrame(server, root, scale: 2)
        XCTAssertEqual(damage, DamageRegion([padded(CGRect(x: 200, y: 120, width: 80, height: 60))]))
    }

    func testChangesOfSeveralCommitsBetweenTwoFramesAreAllDamaged() {
        let (root, a, b) = makeScene()
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        a.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.flush()
        server.commit(root.latestRenderTree)   // a commit the render side never draws
        b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let damage = nextFrame(server, root)
        XCTAssertEqual(damage, DamageRegion([padded(a.frame), padded(b.frame)]))
    }

    func testRemovingOrHidingALayerDamagesItsOldPlace() {
        let (root, a, b) = makeScene()
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        b.isHidden = true
        XCTAssertEqual(nextFrame(server, root), DamageRegion([padded(b.frame)]))
        a.removeFromSuperlayer()
        let damage = nextFrame(server, root)
        // The root's sublayers changed: the root is damaged (and with it what it covers).
        XCTAssertTrue(damage.intersects(CGRect(x: 10, y: 10, width: 20, height: 20)))
    }

    func testAMovingParentDamagesItsSublayers() {
        let (root, a, _) = makeScene()
        let child = square(CGRect(x: 5, y: 5, width: 10, height: 10))
        a.addSublayer(child)
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        a.position.y += 50   // a: (10, 60, 20, 20); its child (15, 65, 10, 10)
        let damage = nextFrame(server, root)
        XCTAssertEqual(damage, DamageRegion([padded(CGRect(x: 10, y: 10, width: 20, height: 20)),
                                             padded(CGRect(x: 10, y: 60, width: 20, height: 20))]))
    }

    func testAShadowWidensTheDamageByItsReach() {
        let (root, a, _) = makeScene()
        a.shadowOpacity = 1
        a.shadowRadius = 4
        a.shadowOffset = CGSize(width: 0, height: 3)
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        a.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let damage = nextFrame(server, root)
        // The shadow reaches offset + 3 radii + 1 = 16 points beyond the bounds (within the target).
        let reach = padded(CGRect(x: 10, y: 10, width: 20, height: 20).insetBy(dx: -16, dy: -16))
        XCTAssertEqual(damage, DamageRegion([reach.intersection(CGRect(origin: .zero, size: size))]))
    }

    func testARunningAnimationDamagesItsLayerEachFrameAndNothingElse() {
        let (root, a, b) = makeScene()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 20
        move.toValue = 120
        move.duration = 10
        a.add(move, forKey: "move")
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root, at: t0)
        let damage = nextFrame(server, root, at: t0 + 1)   // x: 20 -> 30
        XCTAssertEqual(damage, DamageRegion([padded(CGRect(x: 10, y: 10, width: 30, height: 20))]))
        XCTAssertFalse(damage.intersects(b.frame))
        XCTAssertEqual(server.nextChangeTime, t0 + 1)
    }

    func testAChangeInsideAMaskDamagesTheMaskedSubtree() {
        let (root, a, _) = makeScene()
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        a.mask = mask
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        mask.frame.size.width = 20
        XCTAssertEqual(nextFrame(server, root), DamageRegion([padded(CGRect(x: 10, y: 10, width: 20, height: 20))]))
    }

    func testOlderBuffersRepaintTheDamageOfEveryFrameSince() {
        let (root, a, b) = makeScene()
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        a.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        _ = nextFrame(server, root)
        b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        _ = nextFrame(server, root)
        XCTAssertEqual(server.repaintRegion(bufferAge: 1), DamageRegion([padded(b.frame)]))
        XCTAssertEqual(server.repaintRegion(bufferAge: 2), DamageRegion([padded(a.frame), padded(b.frame)]))
        XCTAssertTrue(server.repaintRegion(bufferAge: 0).isEverything, "a new buffer")
        XCTAssertTrue(server.repaintRegion(bufferAge: 9).isEverything, "older than the history")
    }

    /// A partial repaint of a buffer holding the previous frame gives the pixels of a whole frame.
    func testRepaintingTheDamageMatchesDrawingEverything() throws {
        let (root, a, b) = makeScene()
        let inner = square(CGRect(x: 8, y: 4, width: 16, height: 10), 0.2)
        b.addSublayer(inner)
        b.cornerRadius = 8
        b.masksToBounds = true
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi
        spin.duration = 4
        b.add(spin, forKey: "spin")
        let shadowed = square(CGRect(x: 40, y: 100, width: 30, height: 30), 0.9)
        shadowed.shadowOpacity = 0.8
        shadowed.shadowRadius = 3
        root.addSublayer(shadowed)
        CATransaction.flush()

        let width = Int(size.width), height = Int(size.height)
        let buffer = makeBitmapContext(width: width, height: height)
        let server = RenderServer(tree: root.latestRenderTree)
        _ = server.draw(in: buffer, scale: 1, atMediaTime: t0)

        a.position = CGPoint(x: 70, y: 30)
        shadowed.backgroundColor = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1)
        let damage = nextFrame(server, root, at: t0 + 1)
        XCTAssertFalse(damage.isEverything)
        let repaint = server.repaintRegion(bufferAge: 1)
        for rect in repaint.rectangles(within: CGRect(x: 0, y: 0, width: width, height: height)) {
            buffer.clear(CGRect(x: rect.minX, y: CGFloat(height) - rect.maxY, width: rect.width, height: rect.height))
        }
        server.draw(in: buffer, region: repaint)

        let whole = makeBitmapContext(width: width, height: height)
        _ = RenderServer(tree: root.latestRenderTree).draw(in: whole, scale: 1, atMediaTime: t0 + 1)
        let partial = try XCTUnwrap(buffer.makeImage()), full = try XCTUnwrap(whole.makeImage())
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where rgba(partial, x, y) != rgba(full, x, y) { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        XCTAssertLessThan(repaint.area(within: CGRect(x: 0, y: 0, width: width, height: height)),
                          CGFloat(width * height) / 2, "most of the picture was kept")
    }

    func testOnlyAnOpaqueRootCoveringTheTargetSparesTheClear() {
        let (root, _, _) = makeScene()
        let server = RenderServer(tree: root.latestRenderTree)
        _ = nextFrame(server, root)
        XCTAssertFalse(server.coversTarget(of: size), "no background")
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        _ = nextFrame(server, root)
        XCTAssertTrue(server.coversTarget(of: size))
        XCTAssertFalse(server.coversTarget(of: CGSize(width: size.width + 1, height: size.height)), "a larger target")
        root.opacity = 0.5
        _ = nextFrame(server, root)
        XCTAssertFalse(server.coversTarget(of: size), "translucent")
        root.opacity = 1
        root.transform = CATransform3DMakeRotation(0.1, 0, 0, 1)
        _ = nextFrame(server, root)
        XCTAssertFalse(server.coversTarget(of: size), "turned")
        root.transform = CATransform3DIdentity
        root.cornerRadius = 4
        _ = nextFrame(server, root)
        XCTAssertFalse(server.coversTarget(of: size), "rounded corners")
    }

    /// A window's tree: a root that draws nothing, holding the content (opaque, first) and an overlay.
    func testAnOpaqueFirstSublayerUnderARootThatDrawsNothingSparesTheClear() {
        let window = CALayer(), content = CALayer(), overlay = CALayer()
        window.frame = CGRect(origin: .zero, size: size)
        content.frame = window.frame
        content.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        overlay.frame = CGRect(x: 0, y: 0, width: size.width, height: 20)
        window.addSublayer(content)
        window.addSublayer(overlay)
        CATransaction.flush()
        let server = RenderServer(tree: window.latestRenderTree)
        _ = nextFrame(server, window)
        XCTAssertTrue(server.coversTarget(of: size))
        content.frame = CGRect(x: 0, y: 20, width: size.width, height: size.height - 20)
        _ = nextFrame(server, window)
        XCTAssertFalse(server.coversTarget(of: size), "the content leaves a band uncovered")
        content.frame = window.frame
        window.opacity = 0.5
        _ = nextFrame(server, window)
        XCTAssertFalse(server.coversTarget(of: size), "a translucent root")
        window.opacity = 1
        window.masksToBounds = true
        window.bounds.size.height = size.height - 1
        _ = nextFrame(server, window)
        XCTAssertFalse(server.coversTarget(of: size), "the root clips the content short of the target")
        window.masksToBounds = false
        window.bounds.size = size
        content.isHidden = true
        _ = nextFrame(server, window)
        XCTAssertFalse(server.coversTarget(of: size), "the content is hidden")
    }
}
