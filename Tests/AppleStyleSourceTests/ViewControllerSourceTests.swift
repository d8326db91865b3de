import QuartzCore
import UIKit
import XCTest

/// The Apple-style view controller of this target, in a window as an app delegate would set it up.
final class ViewControllerSourceTests: XCTestCase {
    private let t0: CFTimeInterval = 900

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testTheControllerLoadsLaysOutAppearsAndAnimates() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        // Drawn, as a shown window is (actions and so view animations run only in rendered trees).
        let renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8,
                                                     bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                         | CGBitmapInfo.byteOrder32Little.rawValue)!)
        renderer.layer = window.layer
        let controller = PulseViewController()
        XCTAssertFalse(controller.isViewLoaded)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        CATransaction.flush()

        XCTAssertTrue(controller.isViewLoaded)
        XCTAssertTrue(controller.didAppear)
        XCTAssertEqual(controller.view.frame, window.bounds)
        XCTAssertEqual(controller.replicator.frame, CGRect(x: 0, y: 0, width: 200, height: 20))
        XCTAssertEqual(controller.badge.frame, CGRect(x: 130, y: 40, width: 60, height: 30))
        XCTAssertEqual(controller.badge.path?.boundingBox, CGRect(x: 0, y: 0, width: 60, height: 30))
        XCTAssertEqual(controller.dot.animation(forKey: "pulse")?.repeatCount, .greatestFiniteMagnitude)
        XCTAssertEqual(controller.animator?.state, .active)

        CAMediaClock.freeze(at: t0 + 0.5)
        XCTAssertEqual(Double(controller.view.layer.presentation()?.opacity ?? 0), 0.75, accuracy: 1e-3,
                       "half way through the animator")
        CAMediaClock.freeze(at: t0 + 0.25)
        let scale = controller.dot.presentation()?.value(forKeyPath: "transform.scale") as? CGFloat
        XCTAssertEqual(Double(scale ?? 0), 0.75, accuracy: 1e-3, "the dot half way down its pulse")
    }
}
