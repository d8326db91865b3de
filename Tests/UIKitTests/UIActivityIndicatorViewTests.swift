import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIActivityIndicatorView`: styles, starting and stopping, hiding, colour, and the bars turning.
final class UIActivityIndicatorViewTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testStylesAndDefaults() { MainActor.assumeIsolated {
        let medium = UIActivityIndicatorView(style: .medium)
        XCTAssertEqual(medium.frame.size, CGSize(width: 20, height: 20))
        XCTAssertEqual(medium.intrinsicContentSize, CGSize(width: 20, height: 20))
        XCTAssertTrue(medium.hidesWhenStopped)
        XCTAssertFalse(medium.isAnimating)
        XCTAssertTrue(medium.isHidden, "hidden while stopped")
        XCTAssertNotNil(medium.color)
        let large = UIActivityIndicatorView(style: .large)
        XCTAssertEqual(large.intrinsicContentSize, CGSize(width: 37, height: 37))
        XCTAssertEqual(UIActivityIndicatorView.Style.large.rawValue, 101)
        XCTAssertEqual(UIActivityIndicatorView().style, .medium)
        large.style = .medium
        XCTAssertEqual(large.intrinsicContentSize, CGSize(width: 20, height: 20))
    } }

    func testStartingAndStopping() { MainActor.assumeIsolated {
        let spinner = UIActivityIndicatorView(style: .medium)
        spinner.startAnimating()
        XCTAssertTrue(spinner.isAnimating)
        XCTAssertFalse(spinner.isHidden)
        let spin = spinner.replicator.animation(forKey: UIActivityIndicatorView.spinKey) as? CAKeyframeAnimation
        XCTAssertEqual(spin?.keyPath, "transform.rotation.z")
        XCTAssertEqual(spin?.calculationMode, .discrete)
        XCTAssertEqual(spin?.values?.count, 8)
        XCTAssertEqual(spin?.repeatCount, .infinity)
        spinner.stopAnimating()
        XCTAssertFalse(spinner.isAnimating)
        XCTAssertTrue(spinner.isHidden)
        XCTAssertNil(spinner.replicator.animation(forKey: UIActivityIndicatorView.spinKey))
        spinner.hidesWhenStopped = false
        XCTAssertFalse(spinner.isHidden, "shown while stopped now")
        spinner.startAnimating()
        spinner.stopAnimating()
        XCTAssertFalse(spinner.isHidden)
        spinner.color = nil
        XCTAssertNotNil(spinner.color, "nil resets the colour")
    } }

    func testTheBarsAreDrawnAndTurn() { MainActor.assumeIsolated {
        CAMediaClock.freeze(at: 50)
        let spinner = UIActivityIndicatorView(style: .large)
        spinner.color = .black
        spinner.backgroundColor = .white
        spinner.startAnimating()
        CATransaction.flush()
        let head: ([Int]) -> Bool = { $0[0] < 15 }, ink: ([Int]) -> Bool = { $0[0] < 235 }
        let first = renderedPixels(of: spinner, at: 50.01)
        let heads = first.count(where: head)
        XCTAssertGreaterThan(heads, 10, "the head bar")
        XCTAssertGreaterThan(first.count(where: ink), heads * 5, "lighter bars around the circle")
        // The head is at the top at first; a quarter of a second later it has gone a quarter turn
        // clockwise, to the right.
        let top = CGRect(x: 14, y: 0, width: 9, height: 12), right = CGRect(x: 25, y: 14, width: 12, height: 9)
        XCTAssertGreaterThan(first.count(in: top, where: head), 5)
        XCTAssertEqual(first.count(in: right, where: head), 0)
        let later = renderedPixels(of: spinner, at: 50.01 + 0.25)
        XCTAssertEqual(later.count(in: top, where: head), 0, "the head has moved on")
        XCTAssertGreaterThan(later.count(in: top, where: ink), 5, "a lighter bar in its place")
        XCTAssertGreaterThan(later.count(in: right, where: head), 5)
    } }
}
