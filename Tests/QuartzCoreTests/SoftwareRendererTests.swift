import QuartzCore
import XCTest

/// Small scenes rendered with `CARenderer` and checked pixel by pixel. Layer point (x, y) lands on
/// pixel (x, y) counted from the top row.
final class SoftwareRendererTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    private let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)

    private func render(_ layer: CALayer, width: Int = 20, height: Int = 20, scale: CGFloat = 1) -> CGImage {
        renderOffscreen(layer, width: width, height: height, scale: scale)
    }

    func testBackgroundFillsTheFrameWithYGrowingDown() {
        let l = CALayer()
        l.frame = CGRect(x: 2, y: 0, width: 10, height: 5)
        l.backgroundColor = red
        let img = render(l)
        XCTAssertEqual(rgba(img, 2, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 11, 4), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 0), [0, 0, 0, 0])
        XCTAssertEqual(rgba(img, 2, 5), [0, 0, 0, 0])
        XCTAssertEqual(rgba(img, 12, 4), [0, 0, 0, 0])
    }

    func testSublayersDrawAboveTheBackgroundInOrderAndByZPosition() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.backgroundColor = white
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        a.backgroundColor = red
        b.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        b.backgroundColor = blue
        root.sublayers = [a, b]
        var img = render(root)
        XCTAssertEqual(rgba(img, 7, 7), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 2, 2), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 18, 2), [255, 255, 255, 255])
        a.zPosition = 1
        img = render(root)
        XCTAssertEqual(rgba(img, 7, 7), [255, 0, 0, 255])
    }

    func testRotationPivotsAboutTheAnchorPoint() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let hand = CALayer()
        hand.bounds = CGRect(x: 0, y: 0, width: 2, height: 10)
        hand.anchorPoint = CGPoint(x: 0.5, y: 1)
        hand.position = CGPoint(x: 10, y: 10)
        hand.backgroundColor = red
        root.addSublayer(hand)
        var img = render(root)
        XCTAssertEqual(rgba(img, 10, 2)[0], 255)    // pointing up
        XCTAssertEqual(rgba(img, 10, 15)[3], 0)
        hand.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))   // clockwise: pointing right
        img = render(root)
        XCTAssertEqual(rgba(img, 17, 10)[0], 255)
        XCTAssertEqual(rgba(img, 10, 2)[3], 0)
        XCTAssertEqual(rgba(img, 3, 10)[3], 0)
    }

    func testOpacityAppliesToTheLayerAndItsSublayersAsOneGroup() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        parent.backgroundColor = red
        parent.opacity = 0.5
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        child.backgroundColor = blue
        parent.addSublayer(child)
        let img = render(parent)
        // The opaque child covers the parent inside the group, then the group is composited at 50%.
        let c = rgba(img, 2, 2)
        XCTAssertEqual(Int(c[0]), 0)
        XCTAssertEqual(Int(c[2]), 128, accuracy: 1)
        XCTAssertEqual(Int(c[3]), 128, accuracy: 1)
        let p = rgba(img, 7, 7)
        XCTAssertEqual(Int(p[0]), 128, accuracy: 1)
        XCTAssertEqual(Int(p[3]), 128, accuracy: 1)
    }

    func testMasksToBoundsClipsSublayers() {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        let child = CALayer()
        child.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
        child.backgroundColor = red
        parent.addSublayer(child)
        XCTAssertEqual(rgba(render(parent), 12, 12)[0], 255)
        parent.masksToBounds = true
        let img = render(parent)
        XCTAssertEqual(rgba(img, 12, 12)[3], 0)
        XCTAssertEqual(rgba(img, 7, 7)[0], 255)
    }

    func testBorderIsDrawnInsideTheBoundsAboveSublayers() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.borderWidth = 2
        l.borderColor = blue
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = red
        l.addSublayer(child)
        let img = render(l)
        XCTAssertEqual(rgba(img, 0, 5), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 1, 5), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 2, 5), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 10, 5)[3], 0)
    }

    func testHiddenAndTransparentLayersAreNotDrawn() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.backgroundColor = red
        l.isHidden = true
        XCTAssertEqual(rgba(render(l), 5, 5)[3], 0)
        l.isHidden = false
        l.opacity = 0
        XCTAssertEqual(rgba(render(l), 5, 5)[3], 0)
    }

    func testDelegateDrawingUsesAYDownSpaceAtContentsScale() {
        final class TopBar: CALayerDelegate {
            func draw(_ layer: CALayer, in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 3))   // the top 3 points
            }
        }
        let drawer = TopBar()
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.contentsScale = 2
        l.delegate = drawer
        l.setNeedsDisplay()
        l.displayIfNeeded()
        let backing = l.contents as! CGImage
        XCTAssertEqual(backing.width, 20)
        XCTAssertEqual(backing.height, 20)
        let img = render(l)
        XCTAssertEqual(rgba(img, 5, 1), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 5, 5)[3], 0)
    }

    func testContentsImageIsShownRightSideUpWithGravity() {
        // A 2x2 image: top row red, bottom row blue.
        let src = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        src.setFillColor(blue)
        src.fill(CGRect(x: 0, y: 0, width: 2, height: 1))   // y-up: the bottom row
        src.setFillColor(red)
        src.fill(CGRect(x: 0, y: 1, width: 2, height: 1))
        let image = src.makeImage()!
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        l.contents = image
        l.magnificationFilter = .nearest
        var img = render(l)
        XCTAssertEqual(rgba(img, 5, 1), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 5, 8), [0, 0, 255, 255])
        l.contentsGravity = .topLeft
        img = render(l)
        XCTAssertEqual(rgba(img, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 1), [0, 0, 255, 255])
        XCTAssertEqual(rgba(img, 5, 5)[3], 0)
    }

    func testScaleMapsPointsToDevicePixels() {
        let l = CALayer()
        l.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
        l.backgroundColor = red
        let img = render(l, scale: 2)
        XCTAssertEqual(rgba(img, 9, 9), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 10, 10)[3], 0)
    }

    func testRenderInContextDrawsInTheLayersOwnSpace() {
        let l = CALayer()
        l.frame = CGRect(x: 50, y: 50, width: 4, height: 4)
        l.backgroundColor = red
        let ctx = CGContext(data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        l.render(in: ctx)
        // Default y-up space: the 4x4 square covers the bottom-left corner of the bitmap.
        let img = ctx.makeImage()!
        XCTAssertEqual(rgba(img, 1, 6), [255, 0, 0, 255])
        XCTAssertEqual(rgba(img, 1, 1)[3], 0)
    }
}
