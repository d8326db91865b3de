import Foundation
import QuartzCore

/// The guide's render order (000 Appendix A, Figures, less the filters iOS ignores):
/// eight tiles, each showing the same sample layer with one more style property than the tile
/// before: 1 geometry (its bounds, outlined), 2 background colour, 3 contents (a mostly clear bitmap
/// with an icon in the lower right), 4 a sublayer overflowing the top-right corner, 5 a border,
/// drawn above the sublayer, 6 a red shadow, 7 opacity 0.5, 8 a round mask.
final class AnatomyScene: LayerScene {
    enum Step: Int, CaseIterable {
        case geometry, background, contents, sublayers, border, shadow, opacity, mask

        var title: String {
            ["1 geometry", "2 background", "3 contents", "4 sublayers", "5 border", "6 shadow", "7 opacity", "8 mask"][rawValue]
        }
    }

    static let size = CGSize(width: 480, height: 360)
    /// A tile's cell, and the sample layer's side and centre in it.
    static let cell = CGSize(width: 120, height: 170)
    static let side: CGFloat = 70
    static let layerCentre = CGPoint(x: 60, y: 80)
    /// The backdrop behind every tile.
    static let backdrop = CGColor(gray: 0.85, alpha: 1)
    /// The sublayer's frame in the sample layer: it overflows the top-right corner by 15 points.
    static let sublayerFrame = CGRect(x: 45, y: -15, width: 40, height: 40)
    static let borderWidth: CGFloat = 4

    let rootLayer: CALayer
    private(set) var samples: [CALayer] = []

    init(root: CALayer) {
        rootLayer = root
        root.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let icon = Self.contentsImage()
        for step in Step.allCases {
            let tile = CALayer()
            tile.frame = Self.frame(of: step).insetBy(dx: 4, dy: 4)
            tile.backgroundColor = Self.backdrop
            root.addSublayer(tile)
            let sample = Self.sample(upTo: step, icon: icon)
            sample.position = CGPoint(x: Self.layerCentre.x - 4, y: Self.layerCentre.y - 4)
            tile.addSublayer(sample)
            samples.append(sample)
            if step == .geometry { tile.addSublayer(Self.outline(of: sample)) }
            let label = DemoCaption.make(width: 112)
            label.fontSize = 12
            label.string = step.title
            label.position = CGPoint(x: 6, y: Self.cell.height - 34)
            tile.addSublayer(label)
        }
        let caption = DemoCaption.make(width: 470)
        caption.string = "000 Appendix A: each tile adds one style property, in render order"
        caption.position = CGPoint(x: 10, y: Self.size.height - 20)
        root.addSublayer(caption)
    }

    /// The cell of `step`: four to a row.
    static func frame(of step: Step) -> CGRect {
        CGRect(x: CGFloat(step.rawValue % 4) * cell.width, y: CGFloat(step.rawValue / 4) * cell.height,
               width: cell.width, height: cell.height)
    }

    /// The sample layer with the properties of every step up to `last`.
    private static func sample(upTo last: Step, icon: CGImage) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        layer.cornerRadius = 10
        for step in Step.allCases where step.rawValue <= last.rawValue {
            switch step {
            case .geometry:
                break
            case .background:
                layer.backgroundColor = CGColor(red: 0.55, green: 0.75, blue: 1, alpha: 1)
            case .contents:
                layer.contents = icon
            case .sublayers:
                let sublayer = CALayer()
                sublayer.frame = sublayerFrame
                sublayer.backgroundColor = CGColor(red: 1, green: 0.55, blue: 0, alpha: 1)
                layer.addSublayer(sublayer)
            case .border:
                layer.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.45, alpha: 1)
                layer.borderWidth = borderWidth
            case .shadow:
                layer.shadowColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                layer.shadowOpacity = 1
                layer.shadowOffset = CGSize(width: 0, height: 5)
                layer.shadowRadius = 3
            case .opacity:
                layer.opacity = 0.5
            case .mask:
                let mask = CAShapeLayer()
                mask.frame = layer.bounds
                mask.path = CGPath(ellipseIn: layer.bounds.insetBy(dx: 5, dy: 5), transform: nil)
                layer.mask = mask
            }
        }
        return layer
    }

    /// Tile 1's dashed outline of the sample's bounds (the layer itself draws nothing yet).
    private static func outline(of sample: CALayer) -> CALayer {
        let outline = CAShapeLayer()
        outline.frame = sample.frame
        outline.path = CGPath(roundedRect: sample.bounds.insetBy(dx: 0.5, dy: 0.5), cornerWidth: 10, cornerHeight: 10,
                              transform: nil)
        outline.fillColor = nil
        outline.strokeColor = CGColor(gray: 0.3, alpha: 1)
        outline.lineDashPattern = [4, 3]
        return outline
    }

    /// The contents bitmap: clear, with a dark green gear-like disc in the lower-right corner (as the
    /// guide's Figure A-3 has its icon there).
    static func contentsImage() -> CGImage {
        let side = Int(Self.side)
        let ctx = CGContext(data: nil, width: side, height: side, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        // y up in the bitmap: the lower right is near (side, 0).
        ctx.setFillColor(CGColor(red: 0.05, green: 0.45, blue: 0.2, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 38, y: 8, width: 24, height: 24))
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fillEllipse(in: CGRect(x: 45, y: 15, width: 10, height: 10))
        return ctx.makeImage()!
    }

    func layout(for size: CGSize) {}
}
