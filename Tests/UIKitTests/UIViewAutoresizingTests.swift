import QuartzCore
import UIKit
import XCTest

/// XCTest on Linux cannot discover `@MainActor` test classes: the class is nonisolated and its
/// bodies run as main-thread code through `MainActor.assumeIsolated`.
final class UIViewAutoresizingTests: XCTestCase {
    /// The frame of a (10, 10, 30, 30) subview of a 100x100 view with `mask` after the superview
    /// becomes `size` (through its bounds).
    @MainActor private func resized(_ mask: UIView.AutoresizingMask, to size: CGSize) -> CGRect {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 30, height: 30))
        child.autoresizingMask = mask
        parent.addSubview(child)
        parent.bounds.size = size
        return child.frame
    }

    private func assertEqual(_ a: CGRect, _ b: CGRect, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(a.minX, b.minX), (a.minY, b.minY), (a.width, b.width), (a.height, b.height)] {
            XCTAssertEqual(x, y, accuracy: 1e-9, "\(a) != \(b) \(message)", file: file, line: line)
        }
    }

    func testMasksOptionValuesAreApples() {
        XCTAssertEqual(UIView.AutoresizingMask.flexibleLeftMargin.rawValue, 1)
        XCTAssertEqual(UIView.AutoresizingMask.flexibleWidth.rawValue, 2)
        XCTAssertEqual(UIView.AutoresizingMask.flexibleRightMargin.rawValue, 4)
        XCTAssertEqual(UIView.AutoresizingMask.flexibleTopMargin.rawValue, 8)
        XCTAssertEqual(UIView.AutoresizingMask.flexibleHeight.rawValue, 16)
        XCTAssertEqual(UIView.AutoresizingMask.flexibleBottomMargin.rawValue, 32)
    }

    func testOneFlexiblePartTakesTheWholeChange() { MainActor.assumeIsolated {
        let wider = CGSize(width: 200, height: 100)
        assertEqual(resized([], to: wider), CGRect(x: 10, y: 10, width: 30, height: 30))
        assertEqual(resized(.flexibleRightMargin, to: wider), CGRect(x: 10, y: 10, width: 30, height: 30))
        assertEqual(resized(.flexibleWidth, to: wider), CGRect(x: 10, y: 10, width: 130, height: 30))
        assertEqual(resized(.flexibleLeftMargin, to: wider), CGRect(x: 110, y: 10, width: 30, height: 30))
        let taller = CGSize(width: 100, height: 50)
        assertEqual(resized(.flexibleHeight, to: taller), CGRect(x: 10, y: 10, width: 30, height: 0))
        assertEqual(resized(.flexibleTopMargin, to: taller), CGRect(x: 10, y: -40, width: 30, height: 30))
        assertEqual(resized(.flexibleBottomMargin, to: taller), CGRect(x: 10, y: 10, width: 30, height: 30))
    } }

    func testSeveralFlexiblePartsShareInProportion() { MainActor.assumeIsolated {
        // Margins 10 and 60, width 30: +100 shared 10 : 30 : 60.
        assertEqual(resized([.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin], to: CGSize(width: 200, height: 100)),
                    CGRect(x: 20, y: 10, width: 60, height: 30))
        // Both margins (10 and 60): the view keeps its size, the left margin grows by 100 * 10 / 70.
        assertEqual(resized([.flexibleLeftMargin, .flexibleRightMargin], to: CGSize(width: 200, height: 100)),
                    CGRect(x: 10 + 100.0 * 10 / 70, y: 10, width: 30, height: 30))
        // Top margin and height (10 and 30) share -40: 10 : 30.
        assertEqual(resized([.flexibleTopMargin, .flexibleHeight], to: CGSize(width: 100, height: 60)),
                    CGRect(x: 10, y: 0, width: 30, height: 0))
    } }

    func testFrameChangesAndTheSwitchOff() { MainActor.assumeIsolated {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 80, height: 80))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        parent.addSubview(child)
        parent.frame = CGRect(x: 50, y: 50, width: 150, height: 120)
        assertEqual(child.frame, CGRect(x: 10, y: 10, width: 130, height: 100))
        parent.frame.origin = CGPoint(x: 0, y: 0)
        assertEqual(child.frame, CGRect(x: 10, y: 10, width: 130, height: 100), "a move is not a resize")
        parent.autoresizesSubviews = false
        parent.bounds.size = CGSize(width: 300, height: 300)
        assertEqual(child.frame, CGRect(x: 10, y: 10, width: 130, height: 100))
        XCTAssertTrue(UIView().autoresizesSubviews)
        XCTAssertEqual(UIView().autoresizingMask, [])
    } }

    func testResizingCascades() { MainActor.assumeIsolated {
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let grandchild = UIView(frame: CGRect(x: 0, y: 90, width: 100, height: 10))
        child.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        grandchild.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        parent.addSubview(child)
        child.addSubview(grandchild)
        parent.bounds.size = CGSize(width: 200, height: 300)
        assertEqual(grandchild.frame, CGRect(x: 0, y: 290, width: 200, height: 10), "a bar pinned to the bottom")
    } }
}
