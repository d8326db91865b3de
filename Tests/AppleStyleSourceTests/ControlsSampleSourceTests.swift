import QuartzCore
import UIKit
import XCTest

/// The Apple-style controls sample of this target: it compiles in the Swift 5 mode as written for
/// iOS, and its controls behave (shrinking title, tint, spinner, stepper by selector, toolbar item).
final class ControlsSampleSourceTests: XCTestCase {
    private let t0: CFTimeInterval = 900

    override func setUp() { CAMediaClock.freeze(at: t0) }

    override func tearDown() {
        CATransaction.flush()
        CAMediaClock.unfreeze()
    }

    func testTheSampleBuildsAndBehaves() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 400))
        let renderer = CARenderer(context: CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8,
                                                     bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue
                                                         | CGBitmapInfo.byteOrder32Little.rawValue)!)
        renderer.layer = window.layer
        let sample = ControlsSampleView(frame: window.bounds)
        window.addSubview(sample)
        sample.layoutIfNeeded()
        CATransaction.flush()

        XCTAssertEqual(sample.badgeOffset, UIOffset(horizontal: 4, vertical: -2))
        XCTAssertTrue(sample.spinner.isHidden)
        sample.startLoading()
        XCTAssertTrue(sample.spinner.isAnimating)
        XCTAssertEqual(sample.progressView.progress, 0.5)
        sample.finishLoading()
        XCTAssertFalse(sample.spinner.isAnimating)
        XCTAssertTrue(sample.spinner.isHidden)

        XCTAssertEqual(sample.swatch.tintColor, .systemIndigo, "inherited from the sample")
        sample.tintColor = .systemOrange
        XCTAssertEqual(sample.swatch.backgroundColor, .systemOrange, "told of the new tint")
        XCTAssertFalse(sample.describeTint().isGrey)

        // The stepper's selector target, and wrapping past the maximum.
        let stepperFrame = sample.stepper.frame
        window.touch(1, .began, stepperFrame.maxX - 10, stepperFrame.midY, at: 1)
        window.touch(1, .ended, stepperFrame.maxX - 10, stepperFrame.midY, at: 1.05)
        XCTAssertEqual(sample.stepCount, 4)

        // The toolbar's share item calls its selector with the item.
        sample.toolbar.layoutIfNeeded()
        let shareButton = sample.toolbar.subviews.first { $0 is UIButton }
        let point = shareButton.map { $0.convert(CGPoint(x: $0.bounds.midX, y: $0.bounds.midY), to: window) } ?? .zero
        window.touch(2, .began, point.x, point.y, at: 2)
        window.touch(2, .ended, point.x, point.y, at: 2.05)
        XCTAssertEqual(sample.sharedCount, 1)

        sample.passwordField.text = "hunter2"
        XCTAssertEqual(sample.passwordField.text, "hunter2")
        XCTAssertFalse(sample.passwordField.isEditing)
        _ = renderer
    }
}

private extension UIWindow {
    func touch(_ id: Int, _ phase: UITouch.Phase, _ x: CGFloat, _ y: CGFloat, at t: TimeInterval) {
        dispatchTouches([TouchInput(id: id, phase: phase, location: CGPoint(x: x, y: y), type: .direct)], timestamp: t)
    }
}
