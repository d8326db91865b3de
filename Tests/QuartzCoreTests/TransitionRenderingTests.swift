import Foundation
import QuartzCore
import XCTest

/// CATransition as the renderer draws it, under a frozen media clock: the old picture is captured
/// when the adding transaction commits, the new one is the layer's body; pixels are checked against
/// the exact geometry of each type at known progress (linear timing).
final class TransitionRenderingTests: XCTestCase {
    private let t0: CFTimeInterval = 3000
    private var root: CALayer!
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    /// The 60x40 root (transparent) holds the 20x20 test layer at x 20..<40, y 10..<30.
    private let layerFrame = CGRect(x: 20, y: 10, width: 20, height: 20)

    override func setUp() {
        CAMediaClock.freeze(at: t0)
        root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        _ = render(at: 0)   // a rendered tree: its presentation is built
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    // MARK: Helpers

    /// Renders the root's presentation at `seconds` after t0 into a fresh 60x40 bitmap.
    private func render(at seconds: CFTimeInterval, scale: Int = 1) -> CGImage {
        CAMediaClock.freeze(at: t0 + seconds)
        let ctx = makeBitmapContext(width: 60 * scale, height: 40 * scale)
        let renderer = CARenderer(context: ctx)
        renderer.layer = root
        renderer.scale = CGFloat(scale)
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        return ctx.makeImage()!
    }

    /// A committed red layer in the root, drawn once (so its old picture exists).
    private func makeLayer(_ color: CGColor? = nil) -> CALayer {
        let l = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.frame = layerFrame
        l.backgroundColor = color ?? red
        root.addSublayer(l)
        CATransaction.commit()
        _ = render(at: 0)
        return l
    }

    private func transition(_ type: CATransitionType, _ subtype: CATransitionSubtype? = nil,
                            duration: CFTimeInterval = 0.25) -> CATransition {
        let t = CATransition()
        t.type = type
        t.subtype = subtype
        t.duration = duration
        return t
    }

    /// Changes `layer` in one transaction (actions off) that also adds `transition`.
    private func change(_ layer: CALayer, with transition: CATransition, _ body: () -> Void) {
        CATransaction.flush()   // an open implicit transaction would enclose this one
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        layer.add(transition, forKey: "anything")
        CATransaction.commit()
    }

    private func assertPixel(_ image: CGImage, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 2,
                             _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let p = rgba(image, x, y).map(Int.init)
        let ok = zip(p, expected).allSatisfy { abs($0 - $1) <= tolerance }
        XCTAssertTrue(ok, "pixel (\(x), \(y)) is \(p), expected \(expected) ±\(tolerance) \(message)", file: file, line: line)
    }

    /// Every pixel of `rect` (in root points = pixels) has `expected`.
    private func assertRegion(_ image: CGImage, _ rect: CGRect, _ expected: [Int], tolerance: Int = 2,
                              _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        var bad: [String] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = rgba(image, x, y).map(Int.init)
                if !zip(p, expected).allSatisfy({ abs($0 - $1) <= tolerance }) { bad.append("(\(x),\(y))=\(p)") }
            }
        }
        XCTAssertTrue(bad.isEmpty, "\(rect) expected \(expected): \(bad.count) pixels differ, e.g. \(bad.prefix(4)) \(message)",
                      file: file, line: line)
    }

    private let redPixel = [255, 0, 0, 255], bluePixel = [0, 0, 255, 255], clearPixel = [0, 0, 0, 0]

    // MARK: Fade

    func testFadeCrossDissolvesBetweenTheOldAndNewColor() {
        let l = makeLayer()
        change(l, with: transition(.fade)) { l.backgroundColor = blue }
        XCTAssertNotNil(l.animation(forKey: kCATransition), "stored under \"transition\" whatever the key")
        assertRegion(render(at: 0), layerFrame, redPixel, "at the start: the old picture")
        assertRegion(render(at: 0.125), layerFrame, [128, 0, 128, 255], "half way: the 50/50 mix")
        assertRegion(render(at: 0.0625), layerFrame, [191, 0, 64, 255], "a quarter: 3/4 old")
        let after = render(at: 0.25)
        assertRegion(after, layerFrame, bluePixel, "at the end: the new picture")
        assertPixel(after, 10, 20, clearPixel, "nothing outside the layer")
        XCTAssertNil(l.animation(forKey: kCATransition), "removed on completion")
        assertRegion(render(at: 1), layerFrame, bluePixel)
    }

    /// The old picture is taken at the scale it is drawn at: a one-pixel checkerboard fades with
    /// each of its pixels exactly mixed, none blurred by a resampled snapshot.
    func testFadeKeepsTheOldPicturesPixels() {
        let checker = makeBitmapContext(width: 20, height: 20)
        for y in 0..<20 { for x in 0..<20 where (x + y) % 2 == 0 {
            checker.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            checker.fill(CGRect(x: x, y: y, width: 1, height: 1))
        } }
        let l = makeLayer(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.contents = checker.makeImage()
        CATransaction.commit()
        let old = render(at: 0)
        change(l, with: transition(.fade)) {
            l.contents = nil
            l.backgroundColor = blue
        }
        let half = render(at: 0.125)
        for y in 10..<30 {
            for x in 20..<40 {
                let o = rgba(old, x, y).map(Int.init)
                assertPixel(half, x, y, [(o[0] + 1) / 2, (o[1] + 1) / 2, (o[2] + 255 + 1) / 2, 255], tolerance: 1)
            }
        }
    }

    func testStartProgressStartsHalfWay() {
        let l = makeLayer()
        let t = transition(.fade)
        t.startProgress = 0.5
        change(l, with: t) { l.backgroundColor = blue }
        assertRegion(render(at: 0), layerFrame, [128, 0, 128, 255], "starts at progress 0.5")
        assertRegion(render(at: 0.125), layerFrame, [64, 0, 191, 255], "half the time: progress 0.75")
    }

    func testEndProgressStopsEarly() {
        let l = makeLayer()
        let t = transition(.fade)
        t.endProgress = 0.5
        change(l, with: t) { l.backgroundColor = blue }
        assertRegion(render(at: 0.125), layerFrame, [191, 0, 64, 255], "half the time: progress 0.25")
        assertRegion(render(at: 0.25), layerFrame, bluePixel, "then the layer draws normally")
    }

    func testTimingFunctionEasesTheProgress() {
        let l = makeLayer()
        let t = transition(.fade, duration: 1)
        t.timingFunction = CAMediaTimingFunction(name: .easeIn)
        change(l, with: t) { l.backgroundColor = blue }
        // easeIn at 0.5 is 0.3154 (see AnimationEngineTests): 31.5% blue.
        let p = 0.3154
        assertRegion(render(at: 0.5), layerFrame, [Int((255 * (1 - p)).rounded()), 0, Int((255 * p).rounded()), 255])
    }

    func testFadeBetweenSublayerSets() {
        let container = CALayer()
        let a = CALayer(), b = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.frame = layerFrame
        a.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        a.backgroundColor = red
        b.frame = CGRect(x: 10, y: 0, width: 10, height: 20)
        b.backgroundColor = blue
        container.addSublayer(a)
        root.addSublayer(container)
        CATransaction.commit()
        _ = render(at: 0)
        change(container, with: transition(.fade)) {
            a.removeFromSuperlayer()
            container.addSublayer(b)
        }
        let left = CGRect(x: 20, y: 10, width: 10, height: 20), right = CGRect(x: 30, y: 10, width: 10, height: 20)
        var img = render(at: 0)
        assertRegion(img, left, redPixel, "the removed sublayer shows at first")
        assertRegion(img, right, clearPixel, "the added one does not")
        img = render(at: 0.125)
        assertRegion(img, left, [128, 0, 0, 128], "removed sublayer half faded out")
        assertRegion(img, right, [0, 0, 128, 128], "added sublayer half faded in")
        img = render(at: 0.25)
        assertRegion(img, left, clearPixel)
        assertRegion(img, right, bluePixel)
    }

    func testLayerAddedInTheSameTransactionFadesInFromTransparent() {
        let l = CALayer()
        change(l, with: transition(.fade)) {
            l.frame = layerFrame
            l.backgroundColor = blue
            root.addSublayer(l)
        }
        assertRegion(render(at: 0), layerFrame, clearPixel, "no old picture: transparent")
        assertRegion(render(at: 0.125), layerFrame, [0, 0, 128, 128])
    }

    func testOpacityStillAppliesAroundTheTransition() {
        let l = makeLayer()
        change(l, with: transition(.fade)) {
            l.backgroundColor = blue
            l.opacity = 0.5
        }
        assertRegion(render(at: 0.125), layerFrame, [64, 0, 64, 128], "the mix, at the layer's opacity")
    }

    // MARK: Slides

    func testPushFromLeftAtHalfProgress() {
        let l = makeLayer()
        change(l, with: transition(.push, .fromLeft)) { l.backgroundColor = blue }
        let img = render(at: 0.125)
        assertRegion(img, CGRect(x: 20, y: 10, width: 10, height: 20), bluePixel, "left half: the new picture")
        assertRegion(img, CGRect(x: 30, y: 10, width: 10, height: 20), redPixel, "right half: the old one")
        // As in Core Animation the slide is not clipped to the layer (the superlayer would have to).
        assertRegion(img, CGRect(x: 10, y: 10, width: 10, height: 20), bluePixel, "the new picture's left part, outside")
        assertRegion(img, CGRect(x: 40, y: 10, width: 10, height: 20), redPixel, "the old picture's right part, outside")
        assertRegion(img, CGRect(x: 0, y: 10, width: 10, height: 20), clearPixel)
        assertRegion(img, CGRect(x: 50, y: 10, width: 10, height: 20), clearPixel)
        assertRegion(img, CGRect(x: 0, y: 0, width: 60, height: 10), clearPixel, "nothing moves vertically")
    }

    func testPushWithoutSubtypeComesFromTheLeft() {
        let l = makeLayer()
        change(l, with: transition(.push)) { l.backgroundColor = blue }
        let img = render(at: 0.0625)   // p = 0.25: the new picture's right quarter has entered
        assertRegion(img, CGRect(x: 20, y: 10, width: 5, height: 20), bluePixel)
        assertRegion(img, CGRect(x: 25, y: 10, width: 15, height: 20), redPixel)
    }

    func testMoveInFromRight() {
        let l = makeLayer()
        change(l, with: transition(.moveIn, .fromRight)) { l.backgroundColor = blue }
        var img = render(at: 0.125)
        assertRegion(img, CGRect(x: 20, y: 10, width: 10, height: 20), redPixel, "the old picture stays")
        assertRegion(img, CGRect(x: 30, y: 10, width: 20, height: 20), bluePixel, "the new one slid half in, over it")
        assertRegion(img, CGRect(x: 50, y: 10, width: 10, height: 20), clearPixel)
        assertRegion(img, CGRect(x: 0, y: 10, width: 20, height: 20), clearPixel, "the old one does not move")
        img = render(at: 0.1875)   // p = 0.75
        assertRegion(img, CGRect(x: 20, y: 10, width: 5, height: 20), redPixel)
        assertRegion(img, CGRect(x: 25, y: 10, width: 20, height: 20), bluePixel)
    }

    func testRevealFromBottomMovesTheOldPictureDown() {
        let l = makeLayer()
        change(l, with: transition(.reveal, .fromBottom)) { l.backgroundColor = blue }
        let img = render(at: 0.125)
        assertRegion(img, CGRect(x: 20, y: 10, width: 20, height: 10), bluePixel, "the new picture revealed at the top")
        assertRegion(img, CGRect(x: 20, y: 20, width: 20, height: 20), redPixel, "the old one slid down by half")
        assertRegion(img, CGRect(x: 20, y: 0, width: 20, height: 10), clearPixel)
    }

    func testRevealFromTopMovesTheOldPictureUp() {
        let l = makeLayer()
        change(l, with: transition(.reveal, .fromTop)) { l.backgroundColor = blue }
        let img = render(at: 0.125)
        assertRegion(img, CGRect(x: 20, y: 0, width: 20, height: 20), redPixel, "the old picture slid up by half")
        assertRegion(img, CGRect(x: 20, y: 20, width: 20, height: 10), bluePixel, "the new one revealed at the bottom")
        assertRegion(img, CGRect(x: 20, y: 30, width: 20, height: 10), clearPixel)
    }

    func testPushFromBottomBringsTheNewPictureFromAbove() {
        let l = makeLayer()
        change(l, with: transition(.push, .fromBottom)) { l.backgroundColor = blue }
        let img = render(at: 0.125)
        assertRegion(img, CGRect(x: 20, y: 0, width: 20, height: 20), bluePixel, "new picture entering from above")
        assertRegion(img, CGRect(x: 20, y: 20, width: 20, height: 20), redPixel, "old picture leaving downward")
    }

    func testSuperlayerWithMasksToBoundsConfinesTheSlide() {
        let clip = CALayer(), l = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        clip.frame = layerFrame
        clip.masksToBounds = true
        l.frame = clip.bounds
        l.backgroundColor = red
        clip.addSublayer(l)
        root.addSublayer(clip)
        CATransaction.commit()
        _ = render(at: 0)
        change(l, with: transition(.push, .fromRight)) { l.backgroundColor = blue }
        let img = render(at: 0.125)
        assertRegion(img, CGRect(x: 20, y: 10, width: 10, height: 20), redPixel, "old picture leaving to the left")
        assertRegion(img, CGRect(x: 30, y: 10, width: 10, height: 20), bluePixel, "new picture entering from the right")
        assertRegion(img, CGRect(x: 0, y: 10, width: 20, height: 20), clearPixel, "clipped by the superlayer")
        assertRegion(img, CGRect(x: 40, y: 10, width: 20, height: 20), clearPixel, "clipped by the superlayer")
    }

    /// The guide's Listing 5-1: one push (from the right) shared by two layers whose hidden flags toggle.
    func testPushBetweenLayersWhoseHiddenFlagsToggle() {
        let shown = makeLayer(red)
        let hidden = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hidden.frame = layerFrame
        hidden.backgroundColor = blue
        hidden.isHidden = true
        root.addSublayer(hidden)
        CATransaction.commit()
        _ = render(at: 0)
        let t = transition(.push, .fromRight)
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        shown.isHidden = true
        hidden.isHidden = false
        shown.add(t, forKey: nil)
        hidden.add(t, forKey: nil)
        CATransaction.commit()
        var img = render(at: 0)
        assertRegion(img, layerFrame, redPixel, "at first the visible layer, as it was")
        img = render(at: 0.125)
        assertRegion(img, CGRect(x: 10, y: 10, width: 20, height: 20), redPixel, "the one being hidden leaves to the left")
        assertRegion(img, CGRect(x: 30, y: 10, width: 20, height: 20), bluePixel, "the one being shown enters from the right")
        img = render(at: 0.25)
        assertRegion(img, layerFrame, bluePixel)
        assertRegion(img, CGRect(x: 0, y: 10, width: 20, height: 20), clearPixel)
        assertRegion(img, CGRect(x: 40, y: 10, width: 20, height: 20), clearPixel)
    }

    func testContentsChangeUnderMoveInKeepsTheImagesUpright() {
        // A two-colour contents image (top red, bottom blue) replaced by its vertical mirror.
        func image(top: CGColor, bottom: CGColor) -> CGImage {
            let ctx = makeBitmapContext(width: 20, height: 20)
            ctx.setFillColor(bottom)
            ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))   // y-up: the bottom rows
            ctx.setFillColor(top)
            ctx.fill(CGRect(x: 0, y: 10, width: 20, height: 10))
            return ctx.makeImage()!
        }
        let l = makeLayer(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.contents = image(top: red, bottom: blue)
        CATransaction.commit()
        var img = render(at: 0)
        assertPixel(img, 30, 12, redPixel, "the model contents are upright")
        change(l, with: transition(.moveIn, .fromLeft)) { l.contents = image(top: blue, bottom: red) }
        img = render(at: 0.125)
        assertPixel(img, 35, 12, redPixel, "old picture upright: red top")
        assertPixel(img, 35, 27, bluePixel, "old picture upright: blue bottom")
        assertPixel(img, 25, 12, bluePixel, "new picture: blue top")
        assertPixel(img, 25, 27, redPixel, "new picture: red bottom")
    }

    // MARK: Frames to look at

    /// Writes a few frames of each type to $TRANSITION_FRAMES_DIR (skipped when it is not set).
    func testWriteFramesForInspection() throws {
        guard let dir = ProcessInfo.processInfo.environment["TRANSITION_FRAMES_DIR"] else {
            throw XCTSkip("set TRANSITION_FRAMES_DIR to write frames")
        }
        let cases: [(String, CATransitionType, CATransitionSubtype?)] = [
            ("fade", .fade, nil), ("moveIn-fromRight", .moveIn, .fromRight), ("push-fromLeft", .push, .fromLeft),
            ("push-fromBottom", .push, .fromBottom), ("reveal-fromTop", .reveal, .fromTop),
        ]
        for (name, type, subtype) in cases {
            root.sublayers = nil
            CATransaction.flush()
            let l = makeLayer()
            let dot = CALayer()
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            dot.frame = CGRect(x: 2, y: 2, width: 6, height: 6)
            dot.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
            dot.cornerRadius = 3
            l.addSublayer(dot)
            l.borderWidth = 1
            l.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            CATransaction.commit()
            _ = render(at: 0)
            change(l, with: transition(type, subtype)) {
                l.backgroundColor = blue
                dot.position = CGPoint(x: 15, y: 15)
            }
            // Five frames side by side at 4x on grey, one strip per type.
            let times = [0.0, 0.0625, 0.125, 0.1875, 0.25]
            let strip = makeBitmapContext(width: 250 * times.count, height: 170)
            strip.setFillColor(CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
            strip.fill(CGRect(x: 0, y: 0, width: 250 * times.count, height: 170))
            for (i, t) in times.enumerated() {
                strip.draw(render(at: t, scale: 4), in: CGRect(x: 250 * i + 5, y: 5, width: 240, height: 160))
            }
            let data = try XCTUnwrap(strip.makeImage()?.pngData())
            try data.write(to: URL(fileURLWithPath: "\(dir)/transition-\(name).png"))
            CAMediaClock.freeze(at: t0)
        }
    }
}
