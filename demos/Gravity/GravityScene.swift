import Foundation
import QuartzCore

/// The guide's figures 2-1 and 2-2: the same 60×40-point picture (orange, a blue disc in the
/// middle) in twelve 120×100-point layers, one per contentsGravity constant, each named below its
/// cell. The nine position constants place the picture unscaled against the named edge or corner;
/// resize stretches it to the cell (the only one that changes its aspect ratio), resizeAspect fits
/// it, resizeAspectFill fills the cell with it (clipped by masksToBounds).
final class GravityScene: LayerScene {
    static let gravities: [CALayerContentsGravity] = [.topLeft, .top, .topRight, .left, .center, .right,
                                                      .bottomLeft, .bottom, .bottomRight,
                                                      .resize, .resizeAspect, .resizeAspectFill]
    static let cellSize = CGSize(width: 120, height: 100)
    static let pictureSize = CGSize(width: 60, height: 40)
    static let sceneSize = CGSize(width: 480, height: 600)

    let rootLayer: CALayer
    let container = CALayer()
    private(set) var cells: [CALayer] = []

    init(root: CALayer) {
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(origin: .zero, size: Self.sceneSize)
        root.addSublayer(container)
        let picture = Self.picture()
        for (index, gravity) in Self.gravities.enumerated() {
            let origin = CGPoint(x: 30 + CGFloat(index % 3) * 150, y: 20 + CGFloat(index / 3) * 145)
            let cell = CALayer()
            cell.frame = CGRect(origin: origin, size: Self.cellSize)
            cell.backgroundColor = CGColor(gray: 1, alpha: 1)
            cell.contents = picture
            cell.contentsScale = 2
            cell.contentsGravity = gravity
            cell.masksToBounds = true
            container.addSublayer(cell)
            cells.append(cell)

            let name = CATextLayer()
            name.frame = CGRect(x: origin.x - 15, y: origin.y + Self.cellSize.height + 3, width: Self.cellSize.width + 30, height: 18)
            name.string = "kCAGravity" + gravity.rawValue.prefix(1).uppercased() + gravity.rawValue.dropFirst()
            name.fontSize = 10
            name.alignmentMode = .center
            name.foregroundColor = CGColor(gray: 0.2, alpha: 1)
            name.contentsScale = 2
            container.addSublayer(name)
        }
    }

    func layout(for size: CGSize) {
        centre(container, in: size)
    }

    /// The picture at 2×: 120×80 pixels of orange with a blue disc 24 points across in the middle.
    static func picture() -> CGImage {
        let w = Int(pictureSize.width * 2), h = Int(pictureSize.height * 2)
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0.55, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
        ctx.setFillColor(CGColor(red: 0, green: 0.3, blue: 1, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: w / 2 - 24, y: h / 2 - 24, width: 48, height: 48))
        return ctx.makeImage()!
    }
}
