import Foundation
import QuartzCore

/// Lockwood's figures 4.14 and 4.15, scaling filters: an 8-pixel creature magnified 16 times, and a
/// 512-pixel picture of fine rings shrunk to a quarter, each shown with the linear (the default),
/// nearest and trilinear filters side by side. Linear keeps shapes and blurs pixels; nearest keeps
/// the pixels (only the source's colours) and aliases when shrinking; trilinear averages mipmaps.
final class ScalingScene: LayerScene {
    static let sceneSize = CGSize(width: 480, height: 420)
    static let panel: CGFloat = 128
    static let filters: [CALayerContentsFilter] = [.linear, .nearest, .trilinear]

    let rootLayer: CALayer
    let container = CALayer()

    init(root: CALayer) {
        rootLayer = root
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        container.bounds = CGRect(origin: .zero, size: Self.sceneSize)
        root.addSublayer(container)
        addRow(title: "magnified 16×", image: ScalingArt.pixelArt, top: 40)
        addRow(title: "minified 4×", image: ScalingArt.rings, top: 240)
    }

    private func addRow(title: String, image: CGImage, top: CGFloat) {
        container.addSublayer(label(title, frame: CGRect(x: 24, y: top - 26, width: 432, height: 20), size: 14))
        for (column, filter) in Self.filters.enumerated() {
            let x = 24 + CGFloat(column) * (Self.panel + 24)
            let layer = CALayer()
            // Shrinking by an even factor puts every target pixel's centre exactly between two source
            // pixels, a tie for nearest that renderers break differently; an eighth of a point off the
            // grid picks one pixel for all.
            let offGrid: CGFloat = filter == .nearest && CGFloat(image.width) > Self.panel ? 0.125 : 0
            layer.frame = CGRect(x: x + offGrid, y: top + offGrid, width: Self.panel, height: Self.panel)
            layer.contents = image
            layer.magnificationFilter = filter
            layer.minificationFilter = filter
            container.addSublayer(layer)
            container.addSublayer(label("kCAFilter" + filter.rawValue.prefix(1).uppercased() + filter.rawValue.dropFirst(),
                                        frame: CGRect(x: x, y: top + Self.panel + 4, width: Self.panel, height: 18), size: 12))
        }
    }

    private func label(_ text: String, frame: CGRect, size: CGFloat) -> CATextLayer {
        let label = CATextLayer()
        label.frame = frame
        label.string = text
        label.fontSize = size
        label.alignmentMode = .center
        label.foregroundColor = CGColor(gray: 0.2, alpha: 1)
        label.contentsScale = 2
        return label
    }

    func layout(for size: CGSize) {
        centre(container, in: size)
    }
}
