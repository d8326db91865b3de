import Foundation
import QuartzCore
import XCTest

/// The flip ("oglFlip") and curl ("pageCurl"/"pageUnCurl") transitions as the renderer draws them,
/// under a frozen media clock with linear timing, checked against their geometry at known progress.
/// With `TRANSITION_PNG_DIR` set, each checked frame is also written there as a PNG.
final class FlipCurlTransitionTests: XCTestCase {
    private let t0: CFTimeInterval = 4000
    private var root: CALayer!
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    /// The 80x80 root (transparent) holds the 40x60 test layer at x 20..<60, y 10..<70.
    private let layerFrame = CGRect(x: 20, y: 10, width: 40, height: 60)
    private let redPixel = [255, 0, 0, 255], bluePixel = [0, 0, 255, 255], greenPixel = [0, 255, 0, 255]
    private let clearPixel = [0, 0, 0, 0]

    override func setUp() {
        CAMediaClock.freeze(at: t0)
        root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        _ = render(at: 0)
        CATransaction.flush()
    }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    private func render(at seconds: CFTimeInterval, _ name: String? = nil) -> CGImage {
        CAMediaClock.freeze(at: t0 + seconds)
        let ctx = makeBitmapContext(width: 80, height: 80)
        let renderer = CARenderer(context: ctx)
        renderer.layer = root
        renderer.beginFrame(atTime: CACurrentMediaTime())
        renderer.render()
        renderer.endFrame()
        let image = ctx.makeImage()!
        if let name, let dir = ProcessInfo.processInfo.environment["TRANSITION_PNG_DIR"] {
            try? image.pngData()?.write(to: URL(fileURLWithPath: dir).appendingPathComponent("\(name).png"))
        }
        return image
    }

    /// A committed red layer with a green left quarter (x 0..<10 of its bounds), drawn once.
    private func makeLayer() -> CALayer {
        let l = CALayer(), marker = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.frame = layerFrame
        l.backgroundColor = red
        marker.frame = CGRect(x: 0, y: 0, width: 10, height: 60)
        marker.backgroundColor = green
        l.addSublayer(marker)
        root.addSublayer(l)
        CATransaction.commit()
        _ = render(at: 0)
        return l
    }

    /// Turns `layer` blue (the marker stays) in a transaction that adds a 1 s linear transition.
    private func turnBlue(_ layer: CALayer, _ type: String, _ subtype: CATransitionSubtype? = nil) {
        CATransaction.flush()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = blue
        let t = CATransition()
        t.type = CATransitionType(rawValue: type)
        t.subtype = subtype
        t.duration = 1
        t.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(t, forKey: nil)
        CATransaction.commit()
    }

    private func assertPixel(_ image: CGImage, _ x: Int, _ y: Int, _ expected: [Int], tolerance: Int = 3,
                             _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let p = rgba(image, x, y).map(Int.init)
        let ok = zip(p, expected).allSatisfy { abs($0 - $1) <= tolerance }
        XCTAssertTrue(ok, "pixel (\(x), \(y)) is \(p), expected \(expected) \(message)", file: file, line: line)
    }

    // Flip from the left, 40 wide, viewer 80 away: at 45° the left edge (near) is at x ≈ 22.8 and
    // spans y ≈ 3.6…76.4, the right edge (far) at x ≈ 52.0 spanning y ≈ 14.5…65.5; the green quarter
    // ends at x ≈ 32.2.
    func testFlipFromLeftAtAQuarterShowsTheOldPictureTurned() {
        let l = makeLayer()
        turnBlue(l, "oglFlip", .fromLeft)
        let image = render(at: 0.25, "flip-left-25")
        assertPixel(image, 21, 40, clearPixel, "narrowed: left of the near edge")
        assertPixel(image, 54, 40, clearPixel, "narrowed: right of the far edge")
        assertPixel(image, 27, 40, greenPixel, "the old picture's left quarter, on the left (not mirrored)")
        assertPixel(image, 45, 40, redPixel, "the old picture")
        assertPixel(image, 24, 6, greenPixel, "the near edge is taller than the layer (above y 10)")
        assertPixel(image, 24, 74, greenPixel, "and below y 70")
        assertPixel(image, 50, 12, clearPixel, "the far edge is shorter")
        assertPixel(image, 50, 67, clearPixel)
        assertPixel(image, 50, 20, redPixel)
    }

    // At 75% the new picture is at −45°: its right edge near (x ≈ 57.2, y ≈ 3.6…76.4), its left far
    // (x ≈ 28.0, y ≈ 14.5…65.5), the green quarter up to x ≈ 33.5.
    func testFlipFromLeftAtThreeQuartersShowsTheNewPicture() {
        let l = makeLayer()
        turnBlue(l, "oglFlip", .fromLeft)
        let image = render(at: 0.75, "flip-left-75")
        assertPixel(image, 25, 40, clearPixel)
        assertPixel(image, 30, 40, greenPixel, "the marker on the left: seen from the front")
        assertPixel(image, 45, 40, bluePixel, "the new picture")
        assertPixel(image, 59, 40, clearPixel)
        assertPixel(image, 56, 6, bluePixel, "the near (right) edge is taller")
        assertPixel(image, 29, 12, clearPixel, "the far (left) edge is shorter")
        assertPixel(render(at: 0.5, "flip-left-50"), 40, 40, clearPixel, "edge-on half way: nothing")
        let end = render(at: 1.01)
        assertPixel(end, 45, 40, bluePixel)
        assertPixel(end, 21, 40, greenPixel, "back to the layer's frame")
    }

    func testFlipFromRightAndFromTopTurnTheOtherWays() {
        let l = makeLayer()
        turnBlue(l, "oglFlip", .fromRight)
        let right = render(at: 0.25, "flip-right-25")
        assertPixel(right, 56, 6, redPixel, "the right edge comes forward")
        assertPixel(right, 30, 12, clearPixel, "the left edge goes back")
        CATransaction.flush()
        l.removeAllAnimations()
        CATransaction.flush()
        _ = render(at: 0)

        // Flip from the top about the horizontal axis, 60 tall, viewer 120 away: at 45° the top edge
        // (near) is at y ≈ 15.3 (layer −24.7) and spans x ≈ 15.7…64.3; the bottom (far) at y ≈ 58.4.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.backgroundColor = red
        CATransaction.commit()
        _ = render(at: 0)
        turnBlue(l, "oglFlip", .fromTop)
        let top = render(at: 0.25, "flip-top-25")
        assertPixel(top, 40, 13, clearPixel, "narrowed vertically")
        assertPixel(top, 40, 61, clearPixel)
        assertPixel(top, 40, 40, redPixel)
        assertPixel(top, 18, 17, greenPixel, "the near (top) edge is wider than the layer")
        assertPixel(top, 18, 56, clearPixel, "the far (bottom) edge is narrower")
    }

    // Curl up at 50%: radius 6, fold at y 37 (root): the page stays flat above y ≈ 22.9; from there to
    // the fold its rolled part lies back side up (washed with grey); the cylinder fills 37…43; below,
    // the new picture.
    func testCurlUpHalfWay() {
        let l = makeLayer()
        turnBlue(l, "pageCurl")
        let image = render(at: 0.5, "curl-up-50")
        assertPixel(image, 40, 15, redPixel, "the old page, flat, above the fold")
        assertPixel(image, 40, 30, [243, 141, 141, 255], "the back of the rolled page: lighter")
        assertPixel(image, 40, 55, bluePixel, "the new picture uncovered below the fold")
        assertPixel(image, 25, 55, greenPixel, "(with its marker)")
        assertPixel(image, 10, 40, clearPixel, "nothing outside the layer")
        assertPixel(image, 40, 5, clearPixel)
        assertPixel(render(at: 0.02), 40, 60, redPixel, "starts as the old picture")
        assertPixel(render(at: 0.98), 40, 12, bluePixel, "ends as the new one")
    }

    func testCurlDownUnrollsTheNewPageOverTheOld() {
        let l = makeLayer()
        turnBlue(l, "pageUnCurl")
        let image = render(at: 0.5, "curl-down-50")
        assertPixel(image, 40, 15, bluePixel, "the new page, flat, above the fold")
        assertPixel(image, 40, 30, [141, 141, 243, 255], "its back, lighter")
        assertPixel(image, 40, 55, redPixel, "the old picture still showing below")
        assertPixel(render(at: 0.02), 40, 15, redPixel, "starts as the old picture")
        assertPixel(render(at: 0.98), 40, 60, bluePixel, "ends as the new one")
    }
}
