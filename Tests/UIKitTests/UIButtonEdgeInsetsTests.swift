import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIButton`'s `contentEdgeInsets`, `titleEdgeInsets` and `imageEdgeInsets`: where they put the
/// title and the image, and which of them change the button's size.
final class UIButtonEdgeInsetsTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
    }

    @MainActor private func square(_ side: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { _ in
            UIColor.blue.setFill()
            UIRectFill(CGRect(x: 0, y: 0, width: side, height: side))
        }
    }

    @MainActor private func button(_ configure: (UIButton) -> Void = { _ in }) -> UIButton {
        let button = UIButton(type: .custom)
        button.setTitle("Title", for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
        configure(button)
        button.layoutIfNeeded()
        return button
    }

    func testInsetsAreZeroByDefault() { MainActor.assumeIsolated {
        let b = UIButton(type: .system)
        XCTAssertEqual(b.contentEdgeInsets, .zero)
        XCTAssertEqual(b.titleEdgeInsets, .zero)
        XCTAssertEqual(b.imageEdgeInsets, .zero)
    } }

    func testContentEdgeInsetsMoveTheContentAndGrowTheSize() { MainActor.assumeIsolated {
        let plain = button { $0.contentHorizontalAlignment = .left; $0.contentVerticalAlignment = .top }
        XCTAssertEqual(plain.titleLabel!.frame.origin, .zero)
        let inset = button {
            $0.contentHorizontalAlignment = .left
            $0.contentVerticalAlignment = .top
            $0.contentEdgeInsets = UIEdgeInsets(top: 6, left: 10, bottom: 2, right: 4)
        }
        XCTAssertEqual(inset.titleLabel!.frame.origin, CGPoint(x: 10, y: 6))
        XCTAssertEqual(inset.contentRect(forBounds: inset.bounds), CGRect(x: 10, y: 6, width: 186, height: 36))
        let grown = inset.sizeThatFits(.zero), natural = plain.sizeThatFits(.zero)
        XCTAssertEqual(grown.width, natural.width + 14)
        XCTAssertEqual(grown.height, natural.height + 8)
        XCTAssertEqual(inset.intrinsicContentSize, grown)
    } }

    func testTitleEdgeInsetsShiftTheCentredTitleButNotTheSize() { MainActor.assumeIsolated {
        let centred = button().titleLabel!.frame
        let left = button { $0.titleEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0) }
        XCTAssertEqual(left.titleLabel!.frame.minX - centred.minX, 5, accuracy: 0.5, "half: centred in a narrower rect")
        let moved = button { $0.titleEdgeInsets = UIEdgeInsets(top: 8, left: 10, bottom: -8, right: -10) }
        XCTAssertEqual(moved.titleLabel!.frame.minX - centred.minX, 10, accuracy: 0.5)
        XCTAssertEqual(moved.titleLabel!.frame.minY - centred.minY, 8, accuracy: 0.5)
        XCTAssertEqual(moved.titleLabel!.frame.size, centred.size)
        XCTAssertEqual(moved.sizeThatFits(.zero), button().sizeThatFits(.zero), "title insets do not size the button")
    } }

    func testImageEdgeInsetsMoveOnlyTheImage() { MainActor.assumeIsolated {
        let image = square(16)
        let plain = button { $0.setImage(image, for: .normal) }
        let moved = button {
            $0.setImage(image, for: .normal)
            $0.imageEdgeInsets = UIEdgeInsets(top: 0, left: -20, bottom: 0, right: 20)
        }
        XCTAssertEqual(moved.imageView!.frame.minX - plain.imageView!.frame.minX, -20, accuracy: 0.5)
        XCTAssertEqual(moved.imageView!.frame.size, CGSize(width: 16, height: 16))
        XCTAssertEqual(moved.titleLabel!.frame, plain.titleLabel!.frame, "the title stays")
        // Drawn where it was moved to.
        moved.backgroundColor = .white
        let pixels = renderedPixels(of: moved)
        let blue = pixels.box(where: { $0[2] > 200 && $0[0] < 60 })
        XCTAssertEqual(blue?.minX ?? -1, moved.imageView!.frame.minX, accuracy: 1)
    } }
}
