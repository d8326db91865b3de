import QuartzCore
import UIKit
import XCTest

/// The Apple-style paging controller of this target, in a rendered window on a frozen clock.
final class PagesViewControllerSourceTests: XCTestCase {
    override func setUp() { CAMediaClock.freeze(at: 700) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testPagesLayOutScrollAndZoom() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        let renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8,
                                                     bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                         | CGBitmapInfo.byteOrder32Little.rawValue)!)
        renderer.layer = window.layer
        let controller = PagesViewController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        CATransaction.flush()

        XCTAssertEqual(controller.scrollView.contentSize, CGSize(width: 600, height: 120))
        XCTAssertEqual(controller.scrollView.decelerationRate, .fast)
        XCTAssertNotNil(controller.scrollView.pinchGestureRecognizer)

        controller.show(page: 2, animated: true)
        CATransaction.flush()
        CAMediaClock.freeze(at: 700.5)
        XCTAssertEqual(controller.scrollView.contentOffset, CGPoint(x: 400, y: 0))
        XCTAssertEqual(controller.currentPage, 2)
        XCTAssertEqual(controller.endedAnimations, 1)

        controller.show(page: 0, animated: false)
        controller.scrollView.setZoomScale(2, animated: false)
        XCTAssertEqual(controller.scrollView.zoomScale, 2)
        XCTAssertEqual(controller.pages[0].frame.size, CGSize(width: 400, height: 240))
        XCTAssertEqual(controller.scrollView.contentSize, CGSize(width: 400, height: 240))
        _ = renderer
    }
}
