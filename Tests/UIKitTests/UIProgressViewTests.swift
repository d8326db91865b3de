import Foundation
import QuartzCore
@testable import UIKit
import XCTest

/// `UIProgressView`: the value, its clamping and animation, colours, and the fill drawn.
final class UIProgressViewTests: XCTestCase {
    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testProgressIsClampedAndSized() { MainActor.assumeIsolated {
        let bar = UIProgressView(progressViewStyle: .default)
        XCTAssertEqual(bar.progressViewStyle, .default)
        XCTAssertEqual(bar.progress, 0)
        XCTAssertNil(bar.progressTintColor)
        XCTAssertNil(bar.trackTintColor)
        XCTAssertEqual(bar.intrinsicContentSize.height, 4)
        bar.progress = 1.5
        XCTAssertEqual(bar.progress, 1)
        bar.setProgress(-1, animated: false)
        XCTAssertEqual(bar.progress, 0)
        bar.progress = .nan
        XCTAssertEqual(bar.progress, 0)
        XCTAssertEqual(UIProgressView(progressViewStyle: .bar).progressViewStyle, .bar)
    } }

    func testTheFillIsDrawnInItsColours() { MainActor.assumeIsolated {
        let bar = UIProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 4))
        bar.trackTintColor = .blue
        bar.progress = 0.25
        var pixels = renderedPixels(of: bar)
        XCTAssertEqual(pixels.rgba(10, 2), [0, 122, 255, 255], "the tint colour by default")
        XCTAssertEqual(pixels.rgba(60, 2), [0, 0, 255, 255], "the track")
        bar.progressTintColor = .red
        bar.progress = 0.75
        pixels = renderedPixels(of: bar)
        XCTAssertEqual(pixels.rgba(60, 2), [255, 0, 0, 255])
        XCTAssertEqual(pixels.rgba(90, 2), [0, 0, 255, 255])
    } }

    func testTheFillFollowsTheInheritedTint() { MainActor.assumeIsolated {
        let root = UIView()
        let bar = UIProgressView(progressViewStyle: .default)
        root.addSubview(bar)
        XCTAssertEqual(bar.fill.backgroundColor, UIColor.systemBlue.cgColor)
        root.tintColor = .red
        XCTAssertEqual(bar.fill.backgroundColor, UIColor.red.cgColor)
        bar.progressTintColor = .green
        XCTAssertEqual(bar.fill.backgroundColor, UIColor.green.cgColor)
    } }

    func testSetProgressAnimatedSlides() { MainActor.assumeIsolated {
        CAMediaClock.freeze(at: 10)
        let bar = UIProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 4))
        _ = renderedPixels(of: bar, at: 10)   // on screen: changes from now on can animate
        bar.setProgress(1, animated: true)
        XCTAssertEqual(bar.progress, 1, "the value at once")
        CATransaction.flush()
        XCTAssertNotNil(bar.fill.animationKeys(), "the fill slides")
        let midway = renderedPixels(of: bar, at: 10 + UIProgressView.animationDuration / 2)
        XCTAssertNotEqual(midway.rgba(90, 2), [0, 122, 255, 255], "not yet at the end halfway")
        let end = renderedPixels(of: bar, at: 11)
        XCTAssertEqual(end.rgba(90, 2), [0, 122, 255, 255])
    } }
}
