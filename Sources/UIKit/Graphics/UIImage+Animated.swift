import CoreGraphics
import Foundation

// Animated images: a list of frames and the time one pass through them takes. An image view showing
// one plays it (UIImageView+Animation.swift).
extension UIImage {
    /// An image whose frames are `images`, played once every `duration` seconds; its bitmap, size and
    /// scale are the first frame's. Nil for no frames (or frames without bitmaps); a negative or
    /// non-finite duration counts as 0 (an image view then plays 1/30 s a frame).
    public class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        let frames = images.filter { $0.cgImage != nil && $0.images == nil }
        guard let first = frames.first, let bitmap = first.cgImage else { return nil }
        let animated = UIImage(cgImage: bitmap, scale: first.scale, orientation: first.imageOrientation)
        animated.images = frames
        animated.duration = duration.isFinite && duration > 0 ? duration : 0
        return animated
    }

    /// The frames `name0`, `name1`, … (up to `name1024`) found as `UIImage(named:)` finds images, as an
    /// animated image; nil when there is no `name0` or `name1`.
    public class func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        for k in 0...1024 {
            guard let frame = UIImage(named: "\(name)\(k)") else {
                if k == 0 { continue }   // UIKit starts at 0 or 1
                break
            }
            frames.append(frame)
        }
        return animatedImage(with: frames, duration: duration)
    }
}
