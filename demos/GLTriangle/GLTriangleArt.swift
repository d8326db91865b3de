import CoreGraphics
import Foundation
import UIKit

/// Listing 14.8's texture file, made at start: the tiles demo's snowman on transparent, 256 pixels
/// square (a PVRTC texture's shape), written once per process as a PNG in the temporary folder (removed at exit).
@MainActor
enum GLTriangleArt {
    static let textureSide = 256

    private static var written: String?

    static func snowmanTextureFile() -> String {
        if let written { return written }
        let side = CGFloat(textureSide)
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: side, height: side), format: format).image { context in
            // The tiles snowman spans x 464...1584, y 250...1940 of its picture: fit it with a margin.
            let s: CGFloat = (side - 16) / 1690
            let cg = context.cgContext
            cg.translateBy(x: side / 2 - 1024 * s, y: 8 - 250 * s)
            cg.scaleBy(x: s, y: s)
            TilesArt.drawSnowman(cg)
        }
        let url = RunTimeAsset.url(named: "Snowman.png")
        if let png = image.cgImage?.pngData() { try? png.write(to: url) }
        written = url.path
        return url.path
    }
}
