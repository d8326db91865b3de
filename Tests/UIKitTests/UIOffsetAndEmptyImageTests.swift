import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIOffset`, the empty `UIImage()`, `prepareForInterfaceBuilder()` and the stored touch flags.
final class UIOffsetAndEmptyImageTests: XCTestCase {
    private final class Designable: UIView {
        var prepared = false
        override func prepareForInterfaceBuilder() {
            super.prepareForInterfaceBuilder()
            prepared = true
        }
    }

    func testOffsets() {
        XCTAssertEqual(UIOffset.zero, UIOffset(horizontal: 0, vertical: 0))
        XCTAssertEqual(UIOffset(), .zero)
        var offset = UIOffset(horizontal: 3, vertical: -2)
        XCTAssertEqual(offset.horizontal, 3)
        XCTAssertEqual(offset.vertical, -2)
        XCTAssertNotEqual(offset, .zero)
        offset.vertical = 5
        XCTAssertEqual(offset, UIOffset(horizontal: 3, vertical: 5))
        XCTAssertEqual(Set([offset, offset, .zero]).count, 2)
    }

    func testAnEmptyImageHasNoSizeAndDrawsNothing() { MainActor.assumeIsolated {
        let image = UIImage()
        XCTAssertEqual(image.size, .zero)
        XCTAssertNil(image.cgImage)
        XCTAssertEqual(image.scale, 1)
        XCTAssertEqual(image.renderingMode, .automatic)
        let view = UIImageView(image: image)
        XCTAssertEqual(view.frame.size, .zero)
        XCTAssertNil(view.layer.contents)
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image { _ in image.draw(at: .zero) }
        XCTAssertEqual(drawn.size, CGSize(width: 4, height: 4))
        XCTAssertEqual(image.withRenderingMode(.alwaysTemplate).size, .zero)
    } }

    func testPrepareForInterfaceBuilderCanBeOverridden() { MainActor.assumeIsolated {
        let view = Designable()
        XCTAssertFalse(view.prepared, "never called here")
        view.prepareForInterfaceBuilder()
        XCTAssertTrue(view.prepared)
        UIView().prepareForInterfaceBuilder()
    } }

    func testTouchExclusivityFlagsHaveApplesDefaults() { MainActor.assumeIsolated {
        let view = UIView()
        XCTAssertFalse(view.isExclusiveTouch)
        view.isExclusiveTouch = true
        XCTAssertTrue(view.isExclusiveTouch)
        let tap = UITapGestureRecognizer()
        XCTAssertTrue(tap.requiresExclusiveTouchType)
        tap.requiresExclusiveTouchType = false
        XCTAssertFalse(tap.requiresExclusiveTouchType)
    } }
}
