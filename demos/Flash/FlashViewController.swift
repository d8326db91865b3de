import CoreGraphics
import Foundation
import QuartzCore
import UIKit

/// Neuburg's flash transition driven by a display link (001 E58, Figure 17.8): the transition's
/// inputs are prepared once (a solid red image, the photo, the centre); a `CADisplayLink` on the main
/// run loop then calls `nextFrame(_:)` every frame, which measures the time since its first call,
/// renders the transition at that time into the image view, and invalidates the link once that
/// time passes 1 s. Space restarts it.
final class FlashViewController: UIViewController, DemoActionScreen, CADisplayLinkTarget {
    nonisolated static let size = CGSize(width: 320, height: 320)

    let iv = UIImageView()
    private let caption = UILabel()
    private let tran = FlashTransition()
    private var timestamp: CFTimeInterval = 0
    private var frame: CFTimeInterval = 0
    private var callbacks = 0
    /// Each callback's frame time, to `--trace`.
    var didRenderFrame: ((Int, CFTimeInterval) -> Void)?
    /// The link while it runs.
    private(set) var link: CADisplayLink?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(white: 0.15, alpha: 1)
        let side = CGFloat(FlashArt.side)
        iv.frame = CGRect(x: (320 - side) / 2, y: 20, width: side, height: side)
        view.addSubview(iv)
        caption.frame = CGRect(x: 10, y: 288, width: 300, height: 22)
        caption.font = .systemFont(ofSize: 12)
        caption.textColor = .lightGray
        caption.text = "001 E58: a display link drives a flash (Space)"
        view.addSubview(caption)

        let moi = FlashArt.photo()
        let extent = CGRect(x: 0, y: 0, width: moi.width, height: moi.height)
        let red = FlashArt.context()
        red.setFillColor(UIColor.red.cgColor)
        red.fill(extent)
        tran.inputImage = red.makeImage()
        tran.inputTargetImage = moi
        tran.inputCenter = CGPoint(x: extent.width / 2.0, y: extent.height / 2.0)
        tran.extent = extent
    }

    func performAction() {
        link?.invalidate()
        timestamp = 0
        frame = 0
        callbacks = 0
        let link = CADisplayLink(target: self, selector: Selector("nextFrame:"))
        link.add(to: .main, forMode: .default)
        self.link = link
    }

    func displayLinkDidFire(_ link: CADisplayLink, selector: Selector) {
        nextFrame(link)
    }

    func nextFrame(_ sender: CADisplayLink) {
        callbacks += 1
        if timestamp < 0.01 {   // the first call: its time is the transition's start
            timestamp = sender.timestamp
            frame = 0.0
        } else {
            frame = sender.timestamp - timestamp
        }
        sender.isPaused = true   // no frames pile up while this one renders

        tran.inputTime = CGFloat(frame)
        if let moi3 = tran.outputImage { iv.image = UIImage(cgImage: moi3) }
        didRenderFrame?(callbacks, frame)

        if frame > 1.0 {
            sender.invalidate()
            link = nil
            writeStandardError(String(format: "flash: display link invalidated after %d callbacks, at frame %.3f s\n",
                                                       callbacks, frame))
            frame = 0.0
            timestamp = 0.0
        }
        sender.isPaused = false
    }
}
