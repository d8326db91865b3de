import QuartzCore
import UIKit
import XCTest

/// UIKit: a view's `contentScaleFactor` (its layer's `contentsScale`) starts at the scale of the
/// screen, so drawn content is sharp on a high-resolution display; a `CALayer` made on its own
/// keeps the default `contentsScale` of 1.
final class ViewContentsScaleTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { UIScreen.main.overrideScale(nil) }
    }

    func testAViewsLayerTakesTheScreensScale() {
        MainActor.assumeIsolated {
            UIScreen.main.overrideScale(2)
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            XCTAssertEqual(view.layer.contentsScale, 2)
            XCTAssertEqual(view.contentScaleFactor, 2)
            XCTAssertEqual(CALayer().contentsScale, 1)
        }
    }
}
