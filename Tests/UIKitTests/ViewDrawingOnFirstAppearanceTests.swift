import QuartzCore
import UIKit
import XCTest

/// UIKit: a view whose class overrides `draw(_:)` is drawn when it first appears, without a call
/// to `setNeedsDisplay()`; views that do not draw (`UIView` itself, `UIImageView`) get no backing
/// store, and a `UIImageView` keeps its image as its contents.
final class ViewDrawingOnFirstAppearanceTests: RenderedWindowTestCase {
    private final class RedView: UIView {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            UIColor.red.setFill()
            UIRectFill(rect)
        }
    }

    private final class SuperCallingView: UIView {
        override func draw(_ rect: CGRect) {
            super.draw(rect)
            UIColor.blue.setFill()
            UIRectFill(rect)
        }
    }

    func testAViewThatOverridesDrawIsDrawnWhenItFirstAppears() {
        MainActor.assumeIsolated {
            let v = RedView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(v)
            CATransaction.flush()
            XCTAssertEqual(v.draws, 1)
            XCTAssertNotNil(v.layer.contents)
            let s = SuperCallingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(s)
            CATransaction.flush()
            XCTAssertNotNil(s.layer.contents, "drawing after super.draw(_:) is kept")
        }
    }

    private final class ConditionalView: UIView {
        var filled = false
        override func draw(_ rect: CGRect) {
            super.draw(rect)
            guard filled else { return }
            UIColor.red.setFill()
            UIRectFill(rect)
        }
    }

    /// Whether a view drew is decided per view: a class whose first view drew nothing still
    /// draws its next one.
    func testEachViewOfAClassThatCallsSuperIsDrawn() {
        MainActor.assumeIsolated {
            let empty = ConditionalView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(empty)
            CATransaction.flush()
            XCTAssertNil(empty.layer.contents)
            let full = ConditionalView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            full.filled = true
            window.addSubview(full)
            CATransaction.flush()
            XCTAssertNotNil(full.layer.contents)
        }
    }

    func testViewsThatDoNotDrawKeepTheirContents() {
        MainActor.assumeIsolated {
            let plain = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            window.addSubview(plain)
            CATransaction.flush()
            XCTAssertNil(plain.layer.contents)
            plain.setNeedsDisplay()
            CATransaction.flush()
            XCTAssertNil(plain.layer.contents)

            let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in
                UIColor.green.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
            let imageView = UIImageView(image: image)
            window.addSubview(imageView)
            CATransaction.flush()
            let contents = imageView.layer.contents
            XCTAssertNotNil(contents)
            imageView.setNeedsDisplay()
            CATransaction.flush()
            XCTAssertTrue((imageView.layer.contents as AnyObject?) === (contents as AnyObject?),
                          "a UIImageView keeps its image through a redraw")
        }
    }
}
