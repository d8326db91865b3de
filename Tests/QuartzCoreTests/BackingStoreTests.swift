import QuartzCore
import XCTest

/// The default display's backing store. Apple: `setNeedsDisplay(_:)` marks a rectangle of the
/// layer as needing to be redrawn; the default display then draws with the context clipped to it,
/// and what was drawn outside it before stays.
final class BackingStoreTests: XCTestCase {
    private final class FillLayer: CALayer {
        var color = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var clips: [CGRect] = []
        override func draw(in ctx: CGContext) {
            clips.append(ctx.boundingBoxOfClipPath)
            ctx.setFillColor(color)
            ctx.fill(CGRect(x: -100, y: -100, width: 1000, height: 1000))
        }
    }

    func testSetNeedsDisplayInRectRedrawsOnlyThatRectangle() {
        let layer = FillLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        layer.color = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 5))
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        XCTAssertEqual(layer.clips.last, CGRect(x: 0, y: 0, width: 10, height: 5))
        let image = layer.contents as! CGImage
        XCTAssertEqual(rgba(image, 2, 2), [0, 0, 255, 255], "inside the rectangle: redrawn")
        XCTAssertEqual(rgba(image, 15, 2), [255, 0, 0, 255], "outside it: kept")
        XCTAssertEqual(rgba(image, 2, 15), [255, 0, 0, 255])
        // A whole-layer request wins over a partial one.
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(rgba(layer.contents as! CGImage, 15, 15), [0, 0, 255, 255])
    }

    /// The dirty rectangle starts cleared, as a whole redraw starts from a cleared store: a
    /// translucent drawing redrawn there is not laid over its old picture.
    func testTheDirtyRectangleIsClearedBeforeItIsDrawnAgain() {
        let layer = FillLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        layer.color = CGColor(red: 1, green: 1, blue: 1, alpha: 0.5)
        layer.display()
        let whole = rgba(layer.contents as! CGImage, 2, 2)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.displayIfNeeded()
        XCTAssertEqual(rgba(layer.contents as! CGImage, 2, 2), whole, "drawn once, not twice")
        XCTAssertEqual(rgba(layer.contents as! CGImage, 15, 15), whole, "kept outside")
    }

    /// Apple: `isOpaque` tells Core Animation the layer draws every pixel, so its backing store
    /// can go without an alpha channel.
    func testAnOpaqueLayerGetsABackingStoreWithoutAlpha() {
        let layer = FillLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.color = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        layer.isOpaque = true
        layer.display()
        let opaque = layer.contents as! CGImage
        XCTAssertEqual(opaque.alphaInfo, .noneSkipFirst)
        XCTAssertEqual(rgba(opaque, 1, 1)[3], 255)
        layer.isOpaque = false
        layer.display()
        XCTAssertEqual((layer.contents as! CGImage).alphaInfo, .premultipliedFirst)
    }
}
