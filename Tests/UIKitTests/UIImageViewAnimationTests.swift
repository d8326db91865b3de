import QuartzCore
import UIKit
import XCTest

/// Image animation: `animationImages` played by `startAnimating()`, and animated images
/// (`UIImage.animatedImage(with:duration:)`), as frames of the layer's contents on the frozen clock.
final class UIImageViewAnimationTests: RenderedWindowTestCase {
    /// A 2x2 image of one colour.
    @MainActor private func frame(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(size: CGSize(width: 2, height: 2), format: format).image { context in
            UIColor(red: r, green: g, blue: b, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        }
    }

    @MainActor private func shown(_ view: UIImageView) -> CGImage? {
        view.layer.presentation()?.contents as! CGImage?
    }

    @MainActor private func makeImageView(_ image: UIImage?) -> UIImageView {
        let view = UIImageView(image: image)
        view.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        window.addSubview(view)
        CATransaction.flush()
        return view
    }

    func testAnimationImagesPlayInTurnForTheRepeatCountThenTheImageShowsAgain() {
        MainActor.assumeIsolated {
            let still = frame(1, 1, 1)
            let frames = [frame(1, 0, 0), frame(0, 1, 0), frame(0, 0, 1)]
            let view = makeImageView(still)
            XCTAssertEqual(view.animationDuration, 0)
            XCTAssertEqual(view.animationRepeatCount, 0)
            XCTAssertFalse(view.isAnimating)
            view.startAnimating()
            XCTAssertFalse(view.isAnimating, "no animation images: nothing to play")

            view.animationImages = frames
            view.animationDuration = 0.3
            view.animationRepeatCount = 2
            view.startAnimating()
            CATransaction.flush()
            XCTAssertTrue(view.isAnimating)
            let expected = [0.05: 0, 0.15: 1, 0.25: 2, 0.35: 0, 0.55: 2]
            var elapsed = 0.0
            for (time, index) in expected.sorted(by: { $0.key < $1.key }) {
                CAMediaClock.advance(by: time - elapsed)
                elapsed = time
                XCTAssertTrue(shown(view) === frames[index].cgImage, "frame \(index) at \(time) s")
            }
            CAMediaClock.advance(by: 0.1)   // two passes are over at 0.6 s
            XCTAssertFalse(view.isAnimating, "the repeat count is done")
            XCTAssertTrue(shown(view) === still.cgImage, "the image shows again")
        }
    }

    func testTheDefaultDurationIsAThirtiethOfASecondAFrameAndStopShowsTheImage() {
        MainActor.assumeIsolated {
            let frames = [frame(1, 0, 0), frame(0, 1, 0), frame(0, 0, 1)]
            let view = makeImageView(nil)
            view.animationImages = frames
            view.startAnimating()
            CATransaction.flush()
            CAMediaClock.advance(by: 1.5 / 30)   // the middle of the second frame
            XCTAssertTrue(shown(view) === frames[1].cgImage)
            CAMediaClock.advance(by: 1.0)         // forever by default
            XCTAssertTrue(view.isAnimating)
            view.stopAnimating()
            CATransaction.flush()
            XCTAssertFalse(view.isAnimating)
            XCTAssertNil(shown(view), "no image: nothing shows")
        }
    }

    func testAnAnimatedImagePlaysAsSoonAsAViewShowsIt() throws {
        try MainActor.assumeIsolated {
            let frames = [frame(1, 0, 0), frame(0, 1, 0)]
            XCTAssertNil(UIImage.animatedImage(with: [], duration: 1))
            let animated = try XCTUnwrap(UIImage.animatedImage(with: frames, duration: 1))
            XCTAssertEqual(animated.images?.count, 2)
            XCTAssertEqual(animated.duration, 1)
            XCTAssertEqual(animated.size, CGSize(width: 2, height: 2))
            XCTAssertEqual(frames[0].duration, 0, "a still image has no duration")
            XCTAssertNil(frames[0].images)

            let view = makeImageView(animated)
            XCTAssertTrue(view.isAnimating)
            CAMediaClock.advance(by: 0.75)
            XCTAssertTrue(shown(view) === frames[1].cgImage)
            CAMediaClock.advance(by: 0.5)   // 1.25 s: the second pass
            XCTAssertTrue(shown(view) === frames[0].cgImage)
            view.image = frames[0]
            CATransaction.flush()
            XCTAssertFalse(view.isAnimating, "a still image stops the frames")
        }
    }
}
