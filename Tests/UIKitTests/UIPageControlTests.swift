import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIPageControl`: pages, clamping, taps either side of the current dot, colours and hiding.
final class UIPageControlTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testDefaultsAndClamping() { MainActor.assumeIsolated {
        let control = UIPageControl()
        XCTAssertEqual(control.numberOfPages, 0)
        XCTAssertEqual(control.currentPage, 0)
        XCTAssertFalse(control.hidesForSinglePage)
        XCTAssertNil(control.pageIndicatorTintColor)
        XCTAssertNil(control.currentPageIndicatorTintColor)
        control.numberOfPages = 3
        control.currentPage = 7
        XCTAssertEqual(control.currentPage, 2)
        control.currentPage = -1
        XCTAssertEqual(control.currentPage, 0)
        control.currentPage = 2
        control.numberOfPages = 2
        XCTAssertEqual(control.currentPage, 1)
        XCTAssertGreaterThan(control.size(forNumberOfPages: 5).width, control.size(forNumberOfPages: 2).width)
    } }

    func testTapsMoveOnePageAndSendValueChanged() { MainActor.assumeIsolated {
        let (window, renderer) = makeRenderedWindow()
        let control = UIPageControl(frame: CGRect(x: 50, y: 50, width: 200, height: 26))
        control.numberOfPages = 4
        control.currentPage = 1
        window.addSubview(control)
        CATransaction.flush()
        var pages: [Int] = []
        control.addAction(UIAction { _ in pages.append(control.currentPage) }, for: .valueChanged)
        @MainActor func tap(_ x: CGFloat, at t: TimeInterval) {
            window.touch(1, .began, x, 63, at: t)
            window.touch(1, .ended, x, 63, at: t + 0.05)
        }
        tap(230, at: 1)
        tap(230, at: 2)
        tap(230, at: 3)     // already the last page
        tap(60, at: 4)
        XCTAssertEqual(pages, [2, 3, 2])
        _ = renderer
    } }

    func testDotsAreDrawnInTheirColours() { MainActor.assumeIsolated {
        let control = UIPageControl(frame: CGRect(x: 0, y: 0, width: 100, height: 26))
        control.numberOfPages = 3
        control.currentPage = 2
        control.pageIndicatorTintColor = .blue
        control.currentPageIndicatorTintColor = .red
        control.backgroundColor = .white
        var pixels = renderedPixels(of: control)
        let centre0 = control.dotCenter(0), centre2 = control.dotCenter(2)
        XCTAssertEqual(pixels.rgba(Int(centre0.x), Int(centre0.y)), [0, 0, 255, 255])
        XCTAssertEqual(pixels.rgba(Int(centre2.x), Int(centre2.y)), [255, 0, 0, 255])
        control.numberOfPages = 1
        control.hidesForSinglePage = true
        pixels = renderedPixels(of: control)
        XCTAssertEqual(pixels.count(where: { $0[0] < 250 || $0[2] < 250 }), 0, "nothing drawn for a single page")
    } }
}
