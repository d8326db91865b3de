import CoreGraphics
import Foundation
import UIKit

/// The picture of Lockwood's chapter 5 views: the snowman (§0.5 of the seed catalogue), 180×240
/// points at 2× on clear, drawn at run time from the tiles demo's snowman.
@MainActor
enum TransformsArt {
    static let snowmanSize = CGSize(width: 180, height: 240)

    static let snowman: UIImage = {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: snowmanSize, format: format).image { context in
            // The tiles snowman spans x 464...1584, y 250...1940 of its picture: fit it with a margin.
            let s: CGFloat = 220 / 1690
            let cg = context.cgContext
            cg.translateBy(x: snowmanSize.width / 2 - 1024 * s, y: 10 - 250 * s)
            cg.scaleBy(x: s, y: s)
            TilesArt.drawSnowman(cg)
        }
    }()

    /// A white view of `side` points showing the snowman fitted inside (contents gravity resizeAspect),
    /// as the chapter's `layerView`.
    static func snowmanView(side: CGFloat = 200) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: side, height: side))
        view.backgroundColor = .white
        view.layer.contents = snowman.cgImage
        view.layer.contentsGravity = .resizeAspect
        view.layer.contentsScale = snowman.scale
        return view
    }
}
