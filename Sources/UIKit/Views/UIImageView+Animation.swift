import CoreGraphics
import Foundation
import QuartzCore

// Image animation, as UIKit does it: a discrete keyframe animation of the layer's `contents` through
// the frames, so it runs on the render side like any Core Animation animation (no timer), and the
// layer's model `contents` (the `image`) shows again when it ends or is stopped.
extension UIImageView {
    /// The key of the frame animation on the view's layer.
    static let imageAnimationKey = "UIImageViewAnimation"

    /// Plays `frames` as the layer's contents, each for an equal part of `duration`.
    func playFrames(_ frames: [UIImage], duration: TimeInterval, repeatCount: Float) {
        let bitmaps = frames.compactMap(\.cgImage)
        guard !bitmaps.isEmpty else { return }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = bitmaps
        animation.calculationMode = .discrete
        animation.duration = duration
        animation.repeatCount = repeatCount
        layer.contentsScale = frames[0].scale
        layer.add(animation, forKey: Self.imageAnimationKey)
    }

    /// For an animated `image` (`UIImage.animatedImage(with:duration:)`): its frames play for ever,
    /// as UIKit plays such an image as soon as it is shown.
    func playAnimatedImage() {
        guard !(playsAnimationImages && isAnimating) else { return }   // startAnimating's frames go first
        guard let image, let frames = image.images, !frames.isEmpty else {
            layer.removeAnimation(forKey: Self.imageAnimationKey)
            return
        }
        playFrames(frames, duration: image.duration > 0 ? image.duration : Double(frames.count) / 30,
                   repeatCount: .infinity)
    }
}
