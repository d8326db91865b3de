import Foundation
import QuartzCore
import UIKit

/// Lockwood's listing 4.5: a photo in an image view, cut out by a mask layer whose contents are the
/// cone icon; only the mask's alpha counts, so the photo shows inside the cone's silhouette and the
/// background everywhere else. (The listing reads the bounds from `layerView`; it means the image view.)
final class MaskViewController: UIViewController {
    let imageView = UIImageView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))

    override func viewDidLoad() {
        super.viewDidLoad()
        // The Interface Builder part: a landscape photo filling a 200-point view in the middle.
        view.backgroundColor = UIColor(white: 0.9, alpha: 1)
        imageView.image = UIImage(cgImage: CarouselPhotos.photo(0))
        imageView.contentMode = .scaleAspectFill
        imageView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        imageView.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        view.addSubview(imageView)

        // Listing 4.5.
        let maskLayer = CALayer()
        maskLayer.frame = imageView.bounds
        let maskImage = UIImage(cgImage: SpriteSheetArt.icon(.cone))
        maskLayer.contents = maskImage.cgImage
        imageView.layer.mask = maskLayer
    }
}
