import CoreGraphics
import Foundation
import QuartzCore

/// A view that shows a `UIImage`: the layer's `contents` is the image's bitmap and its
/// `contentsScale` the image's scale, laid out by `contentMode` (the layer's `contentsGravity`).
/// A resizable image (cap insets) is drawn nine-slice when the mode scales to fill: stretched through the
/// layer's `contentsCenter`, tiled by drawing the image at the view's size into `contents` (again when
/// the size changes). As in UIKit, an image view does not take touches unless `isUserInteractionEnabled` is set, and
/// `init(image:)` sizes the view to the image. An `.alwaysTemplate` image is drawn as the view's
/// `tintColor` through the image's alpha (again when the tint changes).
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown (nil: none).
    open var image: UIImage? {
        didSet {
            updateContents()
            if image !== oldValue { playAnimatedImage() }
            if image?.size != oldValue?.size { invalidateIntrinsicContentSize() }
        }
    }

    open override var contentMode: UIView.ContentMode {
        didSet { updateContents() }
    }

    /// The frames `startAnimating()` plays (nil: none).
    open var animationImages: [UIImage]?
    /// The seconds one pass through `animationImages` takes; 0 (the default): 1/30 s a frame.
    open var animationDuration: TimeInterval = 0
    /// How many passes `startAnimating()` plays; 0 (the default): for ever.
    open var animationRepeatCount: Int = 0
    /// Whether the frames playing are `animationImages` (not an animated `image`'s).
    var playsAnimationImages = false

    /// Whether the frames of `animationImages` are being played (false again once
    /// `animationRepeatCount` passes are over, or after `stopAnimating()`).
    open var isAnimating: Bool { layer.animation(forKey: Self.imageAnimationKey) != nil }

    /// Plays `animationImages` (nothing without them): one pass every `animationDuration` seconds (0:
    /// 1/30 s a frame), `animationRepeatCount` times (0: for ever). Starting again restarts it.
    open func startAnimating() {
        guard let frames = animationImages, !frames.isEmpty else { return }
        let duration = animationDuration > 0 && animationDuration.isFinite ? animationDuration : Double(frames.count) / 30
        let repeats = animationRepeatCount > 0 ? Float(animationRepeatCount) : .infinity
        playsAnimationImages = true
        playFrames(frames, duration: duration, repeatCount: repeats)
    }

    /// Stops playing the frames; the view shows `image` again (an animated `image` plays on).
    open func stopAnimating() {
        playsAnimationImages = false
        layer.removeAnimation(forKey: Self.imageAnimationKey)
        playAnimatedImage()
    }

    /// The image view sized to `image` (zero without one).
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        updateContents()
        playAnimatedImage()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image's size in points (zero without an image).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// The image's size in points; no preference without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if tiledContentsSize != nil, tiledContentsSize != bounds.size { updateContents() }
    }

    /// The size the tiled resizable image was last drawn at (nil: contents are the image's bitmap).
    private var tiledContentsSize: CGSize?

    /// A template image (`.alwaysTemplate`) is drawn in the new tint.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if image != nil, image?.renderingMode != .alwaysOriginal { updateContents() }
    }

    /// Whether `.automatic` images are drawn as templates too (a `.system` button's image view).
    var drawsAutomaticImagesAsTemplates = false { didSet { updateContents() } }

    /// The image as drawn: a template image becomes the tint colour through its alpha.
    private var shownImage: UIImage? {
        guard let image, image.renderingMode == .alwaysTemplate
                || (image.renderingMode == .automatic && drawsAutomaticImagesAsTemplates) else { return image }
        guard let bitmap = image.templateBitmap(tintedWith: tintColor) else { return image }
        let tinted = UIImage(cgImage: bitmap, scale: image.scale, orientation: image.imageOrientation)
        return tinted.capInsets == image.capInsets ? tinted
            : tinted.resizableImage(withCapInsets: image.capInsets, resizingMode: image.resizingMode)
    }

    private func updateContents() {
        tiledContentsSize = nil
        layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        let shown = shownImage
        guard let image = shown, image.capInsets != .zero, contentMode == .scaleToFill else {
            layer.contents = shown?.cgImage
            layer.contentsScale = shown?.scale ?? 1
            return
        }
        if image.resizingMode == .stretch {
            layer.contents = image.cgImage
            layer.contentsScale = image.scale
            layer.contentsCenter = image.contentsCenter
            return
        }
        // Core Animation only stretches the middle: draw the tiles at the view's size.
        let size = bounds.size
        tiledContentsSize = size
        guard size.width > 0, size.height > 0 else {
            layer.contents = nil
            return
        }
        let format = UIGraphicsImageRendererFormat()
        format.scale = image.scale
        let drawn = UIGraphicsImageRenderer(size: size, format: format).image { _ in
            image.draw(in: CGRect(origin: .zero, size: size))
        }
        layer.contents = drawn.cgImage
        layer.contentsScale = drawn.scale
    }
}
