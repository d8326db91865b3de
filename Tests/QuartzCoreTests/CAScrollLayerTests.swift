import QuartzCore
import XCTest

/// CAScrollLayer and CALayer's scrolling members: the bounds origin moves on the allowed axes, by the
/// least distance for a rectangle, from any layer inside; what is visible; what is drawn.
final class CAScrollLayerTests: XCTestCase {
    /// A 100×80 scroll layer holding a 400×300 content layer at its origin, with a child at (250, 200).
    private func makeScroller() -> (scroller: CAScrollLayer, content: CALayer, child: CALayer) {
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 10, y: 10, width: 100, height: 80)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let child = CALayer()
        child.frame = CGRect(x: 250, y: 200, width: 40, height: 30)
        content.addSublayer(child)
        scroller.addSublayer(content)
        return (scroller, content, child)
    }

    func testScrollingToAPointMovesTheBoundsOriginOnTheAllowedAxes() {
        let (scroller, _, _) = makeScroller()
        XCTAssertEqual(scroller.scrollMode, .both)
        scroller.scroll(to: CGPoint(x: 50, y: 30))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 50, y: 30))
        scroller.scroll(to: CGPoint(x: -500, y: 900))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: -500, y: 900), "no limits")
        scroller.scrollMode = .horizontally
        scroller.scroll(to: CGPoint(x: 5, y: 6))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 5, y: 900))
        scroller.setValue("none", forKey: "scrollMode")
        scroller.scroll(to: CGPoint(x: 7, y: 8))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 5, y: 900))
        XCTAssertEqual(scroller.bounds.size, CGSize(width: 100, height: 80))
    }

    func testScrollingToARectangleMovesTheLeastDistance() {
        let (scroller, _, _) = makeScroller()
        scroller.scroll(to: CGRect(x: 150, y: 10, width: 20, height: 20))   // right of the view
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 70, y: 0))
        scroller.scroll(to: CGRect(x: 80, y: 20, width: 10, height: 10))    // already visible
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 70, y: 0))
        scroller.scroll(to: CGRect(x: 0, y: 0, width: 300, height: 10))     // wider: its left edge
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 0, y: 0))
    }

    func testLayersInsideScrollTheirScrollLayer() {
        let (scroller, content, child) = makeScroller()
        child.scroll(CGPoint(x: 10, y: 5))   // (260, 205) in the scroller
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 260, y: 205))
        scroller.scroll(to: CGPoint.zero)
        child.scrollRectToVisible(child.bounds)
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 190, y: 150))
        XCTAssertEqual(child.visibleRect, child.bounds)
        XCTAssertEqual(content.visibleRect, CGRect(x: 190, y: 150, width: 100, height: 80))
        let loose = CALayer()
        loose.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        loose.scroll(CGPoint(x: 3, y: 3))   // no scroll layer: nothing happens
        XCTAssertEqual(loose.visibleRect, loose.bounds)
    }

    func testTheScrolledContentIsDrawn() {
        let (scroller, content, child) = makeScroller()
        scroller.masksToBounds = true
        child.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        content.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        scroller.scroll(to: CGPoint(x: 230, y: 190))   // the child at (20, 10) in the scroller
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 100)
        root.addSublayer(scroller)
        let image = renderOffscreen(root, width: 120, height: 100)
        XCTAssertEqual(rgba(image, 10 + 25, 10 + 15), [255, 0, 0, 255], "the child, scrolled into view")
        XCTAssertEqual(rgba(image, 10 + 5, 10 + 5), [0, 0, 255, 255], "the content around it")
        XCTAssertEqual(rgba(image, 115, 95)[3], 0, "clipped to the scroll layer")
    }
}
