import CoreGraphics
import Foundation
import QuartzCore

/// A view that shows a `UIImage`: the layer's `contents` is the image's bitmap and its
/// `contentsScale` the image's scale, laid out by `contentMode` (the layer's `contentsGravity`).
/// As in UIKit, an image view does not take touches unless `isUserInteractionEnabled` is set, and
/// `init(image:)` sizes the view to the image.
@preconcurrency @MainActor
open class UIImageView: UIView {
    /// The image shown (nil: none).
    open var image: UIImage? {
        didSet { updateContents() }
    }

    /// The image view sized to `image` (zero without one).
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        updateContents()
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

    private func updateContents() {
        layer.contents = image?.cgImage
        layer.contentsScale = image?.scale ?? 1
    }
}
