import Foundation
import QuartzCore
import UIKit

/// Lockwood's hybrid image (listing 14.7): the snowman's colours from an opaque JPEG, its
/// transparency from a PNG mask converted to device gray, combined with `masking(_:)`
/// (`CGImageCreateWithMask`) and shown in an image view over a sky-blue background: the JPEG's
/// white surroundings are gone.
final class HybridImageViewController: UIViewController {
    let imageView = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.55, green: 0.75, blue: 0.95, alpha: 1)
        imageView.frame = CGRect(x: 0, y: 0, width: 180, height: 240)
        imageView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        imageView.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        view.addSubview(imageView)

        // The colour image and the mask, from the files written at start.
        let image = UIImage(contentsOfFile: ImageBenchFiles.directory.appendingPathComponent("Snowman.jpg").path)
        let mask = UIImage(contentsOfFile: ImageBenchFiles.directory.appendingPathComponent("SnowmanMask.png").path)

        // The mask must be in a gray colour space.
        let graySpace = CGColorSpaceCreateDeviceGray()
        guard let maskRef = mask?.cgImage?.copy(colorSpace: graySpace),
              let resultRef = image?.cgImage?.masking(maskRef) else {
            demoLog("hybrid: the snowman files could not be loaded and combined")
            return
        }
        let result = UIImage(cgImage: resultRef)

        imageView.image = result
    }
}
